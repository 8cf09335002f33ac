/**
 * npm run deploy:check -- --stage <name> [--context key=value]…
 *
 * Checks, with the AWS credentials of the environment, what a stage needs
 * besides the code: credentials and region, the CDK bootstrap of both
 * regions, the relay secret (and which sheet keys have no address yet), the
 * deployed stack, the alarm e-mail's subscription, SES for the staff e-mail
 * and the staff users. Each finding comes with its fix; without an account it
 * says what it could not check. Exits 0 when nothing is left to do.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { stackName, stageOf } from '../infra/aws/naming';
import { repoRoot } from '../infra/paths';
import { defaultSheetRelayUrlsSecretName } from '../infra/aws/site-stack';
import { awsSession } from './lib/aws-session';
import { formatFindings, gatherFacts, judge, type DeploymentSettings } from './lib/deploy-check';
import { formFolders } from './lib/paths';
import { readSheetKeys } from './lib/relay-keys';

const usage = 'Usage: npm run deploy:check -- --stage <name> [--context key=value]…';
const { values } = parseArgs({
  options: {
    stage: { type: 'string', default: 'dev' },
    // The contexts the stage is deployed with (waf=off, staffEmails=…), when not in cdk.json.
    context: { type: 'string', short: 'c', multiple: true, default: [] },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(`${usage}

Checks what a stage needs besides the code, each finding with its fix: AWS credentials and region,
the CDK bootstrap (the region and us-east-1), the relay secret and its sheet keys, the deployed
stack, the alarm e-mail, SES for the staff e-mail, the staff users. Without an AWS account it
says what it could not check. Exits 0 when nothing is left to do, 1 otherwise.`);
  process.exit(0);
}

const stage = stageOf(values.stage);
const contexts = {
  ...((JSON.parse(readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> }).context ?? {}),
  ...Object.fromEntries(values.context!.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)])),
};
const text = (key: string) => {
  const value = contexts[key];
  return Array.isArray(value) ? value.join(',') : typeof value === 'string' && value.trim() ? value.trim() : undefined;
};
const staffEmails = text('staffEmails')?.split(',').map((address) => address.trim()).filter(Boolean) ?? [];
const mailFrom = text('mailFrom');
const settings: DeploymentSettings = {
  stage,
  stack: stackName(stage),
  relaySecretName: text('sheetRelayUrlsSecretName') ?? defaultSheetRelayUrlsSecretName(stage),
  needsEdge: text('waf') !== 'off' || text('domainName') !== undefined,
  sheetKeys: await readSheetKeys(formFolders().schemas),
  ...(staffEmails.length > 0 && mailFrom && { staffMail: { from: mailFrom, to: staffEmails } }),
};

const findings = judge(await gatherFacts(settings, await awsSession()));
console.log(`Stage ${stage} (${settings.stack}):\n\n${formatFindings(findings)}\n`);
const toFix = findings.filter((finding) => finding.state === 'fix').length;
const unknown = findings.filter((finding) => finding.state === 'unchecked').length;
console.log(
  toFix + unknown === 0
    ? 'Nothing left to do.'
    : `${toFix} to fix${unknown > 0 ? `, ${unknown} not checked` : ''}.${unknown > 0 && toFix === 0 ? '' : ' Fix them in the order shown, then run this again.'}`,
);
process.exitCode = toFix + unknown === 0 ? 0 : 1;
