/**
 * npm run staff:add -- <e-mail> [--admin] [--aws [--stage dev | --stack AgriDealer-dev]]
 *
 * Creates a staff user (group `staff`, and `admin` with --admin) with a
 * temporary password, printed here; the user chooses their own at the first
 * sign-in. Without --aws it goes to the local stack's pool (the data folder
 * `.data`, or DATA_DIR), whether the stack runs or not; with --aws, to the
 * deployed stack's pool (the stage's stack, AgriDealer-<stage>), found from
 * its outputs with the AWS credentials of the environment (AWS_PROFILE, AWS_REGION…).
 */
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { addStaffUser, createCognitoClient, generatePassword, startCognito } from '../infra/local/cognito';
import { isRunning, readSavedState } from '../infra/local/data-folder';
import type { StaffRole } from '../lambdas/routes';
import { stackName, stageOf } from '../infra/aws/naming';
import { repoRoot } from '../infra/paths';
import { awsSession, stopWithoutAccount } from './lib/aws-session';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const usage = 'Usage: npm run staff:add -- <e-mail> [--admin] [--aws [--stage dev | --stack AgriDealer-dev]]';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    admin: { type: 'boolean', default: false },
    aws: { type: 'boolean', default: false },
    stage: { type: 'string', default: 'dev' },
    stack: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(`${usage}\n\nCreates a staff user with a temporary password: locally (the data folder), or with --aws in the stage's deployed user pool.`);
  process.exit(0);
}
const email = positionals[0]?.trim().toLowerCase() ?? '';
if (positionals.length !== 1 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail(usage);

const roles: StaffRole[] = values.admin ? ['staff', 'admin'] : ['staff'];
const password = generatePassword();

try {
  const where = values.aws ? await addInAws(values.stack ?? stackName(stageOf(values.stage))) : await addLocally();
  console.log(
    [
      '',
      `  ${email} can now sign in to ${where.site}/admin (${roles.join(' + ')})`,
      `  Temporary password   ${password}`,
      '  It must be changed at the first sign-in. Hand it over in person or by phone, not by e-mail.',
      '',
    ].join('\n'),
  );
} catch (error) {
  const name = (error as Error).name;
  if (name === 'UsernameExistsException') fail(`${email} already has an account in this pool.`);
  fail((error as Error).message);
}

/** The local pool: through the running stack's cognito-local, or a cognito-local started on its folder for the moment. */
async function addLocally(): Promise<{ site: string }> {
  const dataDir = path.resolve(repoRoot, process.env.DATA_DIR?.trim() || '.data');
  const saved = await readSavedState(dataDir);
  if (!saved) fail(`${dataDir} holds no local stack yet: run \`npm start\` once first.`);
  const owner = Number((await readFile(path.join(dataDir, 'local-stack.lock'), 'utf8').catch(() => '')).trim());
  const running = isRunning(owner) && saved.cognitoEndpoint !== undefined;
  const cognito = running ? undefined : await startCognito({ dir: path.join(dataDir, 'cognito'), port: 0 });
  const client = createCognitoClient(cognito?.endpoint ?? saved.cognitoEndpoint!);
  try {
    await addStaffUser(client, saved.staff.userPoolId, { email, roles, password, temporary: true });
  } finally {
    client.destroy();
    await cognito?.close();
  }
  return { site: (running && saved.siteUrl) || `http://localhost:${process.env.PORT?.trim() || 8080}` };
}

/** The deployed pool, named by the stack's outputs (UserPoolId, SiteUrl). */
async function addInAws(stackName: string): Promise<{ site: string }> {
  const answer = await awsSession();
  if ('missing' in answer) stopWithoutAccount('npm run staff:add -- --aws', answer.missing, `Nobody was added to ${stackName}'s pool.`);
  const cloudFormation = new CloudFormationClient({});
  const { Stacks } = await cloudFormation.send(new DescribeStacksCommand({ StackName: stackName })).finally(() => cloudFormation.destroy());
  const outputs = Object.fromEntries((Stacks?.[0]?.Outputs ?? []).map(({ OutputKey, OutputValue }) => [OutputKey, OutputValue]));
  if (!outputs.UserPoolId) fail(`The stack ${stackName} has no UserPoolId output: has it been deployed (npm run deploy)?`);
  const client = new CognitoIdentityProviderClient({});
  try {
    await addStaffUser(client, outputs.UserPoolId, { email, roles, password, temporary: true });
  } finally {
    client.destroy();
  }
  return { site: outputs.SiteUrl ?? `the stack ${stackName}` };
}

function fail(text: string): never {
  console.error(text);
  process.exit(1);
}
