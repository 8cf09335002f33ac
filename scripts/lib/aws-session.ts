import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';

/**
 * The AWS account the operator's commands act on: the credentials and region
 * of the environment (AWS_PROFILE or AWS_ACCESS_KEY_ID…, AWS_REGION), as the
 * AWS CLI and the CDK find them. Every runbook command that needs an account
 * asks here first, so that without one it says so in plain words and where
 * it stops, instead of an SDK stack trace.
 */
export interface AwsSession {
  account: string;
  /** Who is signed in: a user's or a role's ARN. */
  arn: string;
  region: string;
}

export type AwsSessionAnswer = { session: AwsSession } | { missing: string };

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** Options for an operator's SDK client: two attempts, each given a few seconds to connect and ten to answer. */
export const operatorClientOptions = {
  maxAttempts: 2,
  requestHandler: { connectionTimeout: 3_000, requestTimeout: 10_000, throwOnRequestTimeout: true },
};

export async function awsSession(): Promise<AwsSessionAnswer> {
  const sts = new STSClient(operatorClientOptions);
  try {
    const region = await sts.config.region().catch(() => undefined);
    if (!region) return { missing: noRegion };
    const identity = await sts.send(new GetCallerIdentityCommand({}));
    return { session: { account: identity.Account ?? '', arn: identity.Arn ?? '', region } };
  } catch (error) {
    return { missing: describeAwsError(error) };
  } finally {
    sts.destroy();
  }
}

export const noRegion = 'No AWS region: set AWS_REGION (eu-west-3, Paris, is the closest to Algeria).';
export const noCredentials =
  'No AWS credentials: sign in with a profile allowed to deploy (aws configure sso, then export AWS_PROFILE=<name>), or set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY.';

/** An SDK failure in the operator's words: what is missing, or what AWS refused. */
export function describeAwsError(error: unknown): string {
  const { name = '', message = String(error) } = (error ?? {}) as { name?: string; message?: string };
  if (name === 'CredentialsProviderError' || /Could not load credentials|Unable to locate credentials/i.test(message)) return noCredentials;
  if (/Region is missing/i.test(message)) return noRegion;
  if (name === 'ExpiredToken' || name === 'ExpiredTokenException' || /token.*expired/i.test(message)) {
    return 'The AWS credentials have expired: sign in again (aws sso login).';
  }
  if (name === 'InvalidClientTokenId' || name === 'UnrecognizedClientException' || name === 'SignatureDoesNotMatch') {
    return `AWS refused the credentials (${name}): check AWS_PROFILE or the access key.`;
  }
  if (name === 'AccessDenied' || name === 'AccessDeniedException') return `AWS refused: ${message}`;
  return `${name || 'Error'}: ${message}`;
}

/** Prints where a command stops for want of an account, and exits with 2 (1 is a failure of the command itself). */
export function stopWithoutAccount(command: string, missing: string, done?: string): never {
  console.error(`\n${missing}\n${done ? `${done}\n` : ''}${command} stops here: the rest needs an AWS account.`);
  process.exit(2);
}
