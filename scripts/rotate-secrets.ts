/**
 * npm run secrets:rotate -- --stage <name> [--only start-key | --only origin-secret]
 *
 * Gives the secrets the stack generated a new value without refusing a
 * request: the start tokens' key, and the origin secret CloudFront sends the
 * API (scripts/lib/rotate-secrets.ts says each step). It finds them, and the
 * distribution, in the deployed stack's outputs, with the AWS credentials of
 * the environment. The origin secret's rotation waits for CloudFront: about
 * 5 to 15 minutes.
 */
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { stackName, stageOf } from '../infra/aws/naming';
import { awsSession, describeAwsError, operatorClientOptions, stopWithoutAccount } from './lib/aws-session';
import { rotateOriginSecret, rotateStartKey, type RotationContext } from './lib/rotate-secrets';

const secretsToRotate = ['start-key', 'origin-secret'] as const;
const usage = `Usage: npm run secrets:rotate -- --stage <name> [--only ${secretsToRotate.join(' | --only ')}]`;
const { values } = parseArgs({
  options: {
    stage: { type: 'string' },
    only: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help || !values.stage || (values.only && !(secretsToRotate as readonly string[]).includes(values.only))) {
  console.log(`${usage}

New values for the start tokens' key and CloudFront's origin secret, without refusing a request
(docs/operations.md, "Rotating the secrets"). The origin secret waits for CloudFront (5 to 15 minutes).`);
  process.exit(values.help ? 0 : 1);
}
const stack = stackName(stageOf(values.stage));
const answer = await awsSession();
if ('missing' in answer) stopWithoutAccount('npm run secrets:rotate', answer.missing, 'No secret was changed.');
const { region } = answer.session;

const cloudFormation = new CloudFormationClient({ ...operatorClientOptions, region });
const outputs = await cloudFormation
  .send(new DescribeStacksCommand({ StackName: stack }))
  .then(({ Stacks }) => Object.fromEntries((Stacks?.[0]?.Outputs ?? []).map(({ OutputKey, OutputValue }) => [OutputKey, OutputValue])))
  .catch((error: unknown) => {
    console.error(`${stack}: ${describeAwsError(error)}`);
    process.exit(1);
  })
  .finally(() => cloudFormation.destroy());
const { FormStartKeySecretArn, OriginSecretArn, DistributionId } = outputs;
if (!FormStartKeySecretArn || !OriginSecretArn || !DistributionId) {
  console.error(`${stack} lacks the outputs FormStartKeySecretArn, OriginSecretArn and DistributionId: deploy this version first (npm run deploy).`);
  process.exit(1);
}

const context: RotationContext = {
  secrets: new SecretsManagerClient({ ...operatorClientOptions, region }),
  // CloudFront's API lives in us-east-1, whatever the stack's region.
  cloudFront: new CloudFrontClient({ ...operatorClientOptions, region: 'us-east-1' }),
  pause: async (ms, why) => {
    console.log(`   waiting ${Math.round(ms / 1000)} s ${why}`);
    await sleep(ms);
  },
  log: (line) => console.log(line),
};
try {
  if (values.only !== 'origin-secret') await rotateStartKey(context, FormStartKeySecretArn);
  if (values.only !== 'start-key') await rotateOriginSecret(context, { secretArn: OriginSecretArn, distributionId: DistributionId });
} catch (error) {
  console.error(describeAwsError(error));
  process.exitCode = 1;
} finally {
  context.secrets.destroy();
  context.cloudFront.destroy();
}
