/**
 * npm run deploy -- -c stage=<name> [-c key=value]…
 *
 * Builds the site, then deploys the stage's stacks (`cdk deploy --all`, with
 * the contexts given). It looks for the AWS account first: without one it
 * says so and stops before building, since the build and the synth
 * (`npm run synth`) are what needs no account.
 */
import { spawnSync } from 'node:child_process';
import { repoRoot } from '../infra/paths';
import { awsSession, stopWithoutAccount } from './lib/aws-session';

const args = process.argv.slice(2);
if (args.includes('--help')) {
  console.log(`Usage: npm run deploy -- -c stage=<name> [-c key=value]…

Builds the site (npm run build), then runs cdk deploy --all with these contexts (docs/operations.md lists them).`);
  process.exit(0);
}
const answer = await awsSession();
if ('missing' in answer) {
  stopWithoutAccount('npm run deploy', answer.missing, 'Nothing was built or deployed. Without an account, npm run build and npm run synth -- -c stage=<name> still work.');
}
console.log(`Deploying to account ${answer.session.account} in ${answer.session.region} as ${answer.session.arn}.`);
const run = (command: string, commandArgs: string[]) => {
  const { status } = spawnSync(command, commandArgs, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, CDK_DISABLE_VERSION_CHECK: '1' } });
  if (status !== 0) process.exit(status ?? 1);
};
run('npm', ['run', 'build']);
run('npx', ['cdk', 'deploy', '--all', ...args]);
