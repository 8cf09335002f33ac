import type {
  CloudFrontClient} from '@aws-sdk/client-cloudfront';
import {
  GetDistributionCommand,
  GetDistributionConfigCommand,
  UpdateDistributionCommand,
} from '@aws-sdk/client-cloudfront';
import {
  DescribeSecretCommand,
  GetRandomPasswordCommand,
  PutSecretValueCommand,
  UpdateSecretVersionStageCommand,
  type SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { originVerifyHeader } from '../../lambdas/lib/client-address';
import { refreshAfterMissSeconds, secretMaxAgeSeconds } from '../../lambdas/lib/rotating-secret';

/**
 * `npm run secrets:rotate`: a new value for the secrets the stack generated,
 * without a request refused (docs/decisions/0023-an-operators-first-deploy.md).
 * The functions accept a secret's current and previous values
 * (lambdas/lib/rotating-secret.ts); these steps keep whatever is in flight
 * within those two.
 */
export interface RotationContext {
  secrets: SecretsManagerClient;
  cloudFront: CloudFrontClient;
  /** Waits; the real one sleeps, a test's lets requests through meanwhile. */
  pause(ms: number, why: string): Promise<void>;
  log(line: string): void;
}

/** How long CloudFront may take to deploy a changed header everywhere before the rotation gives up waiting. */
const deployTimeoutMs = 45 * 60_000;
const deployPollMs = 20_000;

async function newValue(secrets: SecretsManagerClient): Promise<string> {
  // Letters and digits only: the origin secret travels as a header value.
  const { RandomPassword } = await secrets.send(new GetRandomPasswordCommand({ PasswordLength: 64, ExcludePunctuation: true }));
  if (!RandomPassword) throw new Error('Secrets Manager gave no random value');
  return RandomPassword;
}

/**
 * The start tokens' key: the new one signs from now on (within the functions'
 * cache time); tokens signed with the old one stay good until they expire,
 * a day later, since it stays the previous value. Rotate at most once a day.
 */
export async function rotateStartKey({ secrets, log }: RotationContext, secretArn: string): Promise<void> {
  await secrets.send(new PutSecretValueCommand({ SecretId: secretArn, SecretString: await newValue(secrets) }));
  log(`The start key is new: forms opened from now on get tokens signed with it; the ones given before stay good for their day.`);
}

/**
 * CloudFront's origin secret: (1) the new value becomes current, the old one
 * previous, and the API accepts both; (2) once every function can have read
 * it, CloudFront is told to send the new value; (3) once CloudFront sends it
 * everywhere, the old value stops being accepted (within the functions'
 * cache time), so a leaked one is worth nothing.
 */
export async function rotateOriginSecret(context: RotationContext, { secretArn, distributionId }: { secretArn: string; distributionId: string }): Promise<void> {
  const { secrets, cloudFront, pause, log } = context;
  const versions = (await secrets.send(new DescribeSecretCommand({ SecretId: secretArn }))).VersionIdsToStages ?? {};
  const oldVersion = Object.entries(versions).find(([, stages]) => stages.includes('AWSCURRENT'))?.[0];
  const value = await newValue(secrets);
  const { VersionId: newVersion } = await secrets.send(new PutSecretValueCommand({ SecretId: secretArn, SecretString: value }));
  log('1/3 The API accepts the new origin secret besides the old one.');

  // A function that read the secret just before the new value was put reads it again on its first unknown value, at most this often.
  await pause((refreshAfterMissSeconds + 15) * 1000, 'until every function can read the new value');

  const { DistributionConfig, ETag } = await cloudFront.send(new GetDistributionConfigCommand({ Id: distributionId }));
  const headers = DistributionConfig?.Origins?.Items?.flatMap((origin) => origin.CustomHeaders?.Items ?? []).filter(
    (header) => header.HeaderName === originVerifyHeader,
  );
  if (!DistributionConfig || !headers?.length) throw new Error(`The distribution ${distributionId} sends no ${originVerifyHeader} header to any origin`);
  for (const header of headers) header.HeaderValue = value;
  await cloudFront.send(new UpdateDistributionCommand({ Id: distributionId, IfMatch: ETag, DistributionConfig }));
  log('2/3 CloudFront sends the new origin secret as its edges take the change (a few minutes)…');

  for (const started = Date.now(); ; ) {
    const { Distribution } = await cloudFront.send(new GetDistributionCommand({ Id: distributionId }));
    if (Distribution?.Status === 'Deployed') break;
    if (Date.now() - started > deployTimeoutMs) {
      throw new Error(`CloudFront has not deployed the change after ${deployTimeoutMs / 60_000} minutes: both values stay accepted; run this again later`);
    }
    await pause(deployPollMs, 'for CloudFront to deploy the new header');
  }

  if (oldVersion && oldVersion !== newVersion) {
    await secrets.send(new UpdateSecretVersionStageCommand({ SecretId: secretArn, VersionStage: 'AWSPREVIOUS', RemoveFromVersionId: oldVersion }));
  }
  log(`3/3 Every edge sends the new origin secret; the old one is refused within ${secretMaxAgeSeconds / 60} minutes.`);
}
