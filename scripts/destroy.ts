/**
 * npm run destroy -- --stage <name> [--yes]
 *
 * Deletes a stage's stacks (AgriDealer-<stage> and its us-east-1 edge stack)
 * with `cdk destroy`, after listing what CloudFormation keeps on purpose: the
 * orders, products and picture library tables, the photos bucket and the
 * staff's user pool (found in the synthesized template: every resource whose
 * deletion policy retains it), and the relay URLs secret, which the operator
 * made. The commands that remove them for good are printed too.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pascalCase, stackName, stageOf } from '../infra/aws/naming';
import { defaultSheetRelayUrlsSecretName } from '../infra/aws/site-stack';
import { repoRoot } from '../infra/paths';
import { awsSession, describeAwsError, operatorClientOptions, stopWithoutAccount } from './lib/aws-session';
import { CloudFormationClient, ListStackResourcesCommand } from '@aws-sdk/client-cloudformation';
import { tableDefinitions, type TableName } from '../lambdas/lib/tables';

const usage = 'Usage: npm run destroy -- --stage <name> [--context key=value]… [--yes]';
const { values } = parseArgs({
  options: {
    stage: { type: 'string' },
    // The contexts the stage was deployed with (waf=off, domainName=…), so that the same stacks are found.
    context: { type: 'string', multiple: true, default: [] },
    yes: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help || !values.stage) {
  console.log(`${usage}

Deletes the stage's stacks (${stackName('<name>')} and ${stackName('<name>')}-edge) with cdk destroy,
which asks before deleting unless --yes. Kept on purpose, and listed before anything is deleted:
the tables of orders, products and pictures, the photos bucket, the staff's user pool, and the
relay URLs secret (${defaultSheetRelayUrlsSecretName('<name>')}), with the commands that remove them.`);
  process.exit(values.help ? 0 : 1);
}
const stage = stageOf(values.stage);
const stack = stackName(stage);
const env = { ...process.env, CDK_DISABLE_VERSION_CHECK: '1' };
const contexts = [`stage=${stage}`, ...values.context!].flatMap((pair) => ['-c', pair]);

// What the template retains, as CloudFormation will see it.
const outdir = mkdtempSync(path.join(os.tmpdir(), 'agri-dealer-destroy-'));
const synth = spawnSync('npx', ['cdk', 'synth', '--quiet', ...contexts, '--output', outdir], { cwd: repoRoot, env, stdio: 'inherit' });
if (synth.status !== 0) process.exit(synth.status ?? 1);
type Resource = { Type: string; DeletionPolicy?: string };
const resources = JSON.parse(readFileSync(path.join(outdir, `${stack}.template.json`), 'utf8')).Resources as Record<string, Resource>;
const stacks = [stack, ...[`${stack}-edge-alarms`, `${stack}-edge`].filter((name) => existsSync(path.join(outdir, `${name}.template.json`)))];
rmSync(outdir, { recursive: true, force: true });
const kept = Object.entries(resources).filter(([, r]) => r.DeletionPolicy?.startsWith('Retain'));

const removal: Record<string, string> = {
  'AWS::DynamoDB::GlobalTable':
    'aws dynamodb update-table --table-name <name> --no-deletion-protection-enabled && aws dynamodb delete-table --table-name <name>',
  'AWS::S3::Bucket': 'aws s3api delete-objects … (every version), then aws s3 rb s3://<name>   (the console\'s "Empty" does both)',
  'AWS::Cognito::UserPool': 'aws cognito-idp delete-user-pool --user-pool-id <id>',
};
console.log(`\nKept after ${stack} is deleted (look them up by the stack's name in their names, or by the tag stage=${stage}):`);
for (const [id, resource] of kept) console.log(`  ${resource.Type.padEnd(28)} ${id}\n      remove: ${removal[resource.Type] ?? 'delete it in the console'}`);
console.log(`  Secrets Manager secret       ${defaultSheetRelayUrlsSecretName(stage)} (made by the operator)
      remove: aws secretsmanager delete-secret --secret-id ${defaultSheetRelayUrlsSecretName(stage)}\n`);

const answer = await awsSession();
if ('missing' in answer) stopWithoutAccount('npm run destroy', answer.missing, 'Nothing was deleted.');
const attach = await attachContext(stack, kept.map(([id]) => id));
if (attach) {
  console.log(`To deploy this stage again on what is kept (docs/operations.md, "Restoring and reattaching"):
  npm run deploy -- -c stage=${stage} -c attach='${attach}'
`);
}
const destroy = spawnSync('npx', ['cdk', 'destroy', ...stacks, ...contexts, ...(values.yes ? ['--force'] : [])], {
  cwd: repoRoot,
  env,
  stdio: 'inherit',
});
process.exit(destroy.status ?? 1);

/** The `attach` context naming the kept resources' physical names, read from the deployed stack; undefined when it is not deployed. */
async function attachContext(stackName: string, keptIds: string[]): Promise<string | undefined> {
  const cloudFormation = new CloudFormationClient(operatorClientOptions);
  try {
    const physical = new Map<string, string>();
    let NextToken: string | undefined;
    do {
      const page = await cloudFormation.send(new ListStackResourcesCommand({ StackName: stackName, NextToken }));
      for (const { LogicalResourceId, PhysicalResourceId } of page.StackResourceSummaries ?? []) physical.set(LogicalResourceId ?? '', PhysicalResourceId ?? '');
      NextToken = page.NextToken;
    } while (NextToken);
    const named = (prefix: string) => {
      const id = keptIds.find((keptId) => keptId.startsWith(prefix));
      return id ? physical.get(id) : undefined;
    };
    const tables = Object.fromEntries(
      (Object.keys(tableDefinitions) as TableName[]).flatMap((name) => {
        const tableName = named(`Database${pascalCase(name)}`);
        return tableName ? [[name, tableName]] : [];
      }),
    );
    return JSON.stringify({ tables, uploadsBucket: named('UploadsBucket'), userPoolId: named('AuthStaffPool') });
  } catch (error) {
    console.error(`The kept resources' names could not be read (${describeAwsError(error)}): the CloudFormation console lists them.`);
    return undefined;
  } finally {
    cloudFormation.destroy();
  }
}
