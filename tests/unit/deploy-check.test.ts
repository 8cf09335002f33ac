import { describe, expect, it } from 'vitest';
import { judge, type DeploymentFacts, type Finding } from '../../scripts/lib/deploy-check';
import { readSheetKeys, relaySecretSkeleton, reviewRelaySecret } from '../../scripts/lib/relay-keys';
import { formSchemasDir } from '../../scripts/lib/paths';

/**
 * `npm run deploy:check`'s judgement of what it read from AWS: each fact
 * an operator must act on becomes a finding with its fix.
 */

const sheetKeys = await readSheetKeys(formSchemasDir);
const relayAddresses = Object.fromEntries(sheetKeys.map(({ sheet }) => [sheet, `https://relay.example/google_sheets/${sheet}-key`]));

/** A stage where everything is done; each test spoils one fact. */
function readyFacts(): DeploymentFacts {
  return {
    settings: {
      stage: 'prod',
      stack: 'AgriDealer-prod',
      relaySecretName: 'agri-dealer/prod/sheet-relay-urls',
      needsEdge: true,
      sheetKeys,
      staffMail: { from: 'orders@dealer.dz', to: ['sales@dealer.dz'] },
    },
    session: { session: { account: '123456789012', arn: 'arn:aws:iam::123456789012:user/ops', region: 'eu-west-3' } },
    bootstrap: { 'eu-west-3': { value: { status: 'CREATE_COMPLETE', version: 29 } }, 'us-east-1': { value: { status: 'UPDATE_COMPLETE', version: 29 } } },
    relaySecret: { value: JSON.stringify(relayAddresses) },
    stack: { value: { status: 'UPDATE_COMPLETE', outputs: { SiteUrl: 'https://www.dealer.dz', UserPoolId: 'eu-west-3_abc', AlarmTopicArn: 'arn:aws:sns:eu-west-3:123456789012:alarms' } } },
    alarmSubscriptions: { value: [{ endpoint: 'ops@dealer.dz', confirmed: true }] },
    edgeAlarmSubscriptions: { value: [{ endpoint: 'ops@dealer.dz', confirmed: true }] },
    ses: { value: { productionAccess: false, verified: { 'orders@dealer.dz': true, 'sales@dealer.dz': true } } },
    staff: {
      value: {
        admins: [{ email: 'amina@dealer.dz', status: 'CONFIRMED', enabled: true }],
        staff: [
          { email: 'amina@dealer.dz', status: 'CONFIRMED', enabled: true },
          { email: 'karim@dealer.dz', status: 'FORCE_CHANGE_PASSWORD', enabled: true },
        ],
      },
    },
  };
}

const about = (findings: Finding[], subject: string) => findings.find((finding) => finding.subject.startsWith(subject))!;

describe('deploy:check', () => {
  it('finds nothing to do on a ready stage, and names who gets the alarms and who has not signed in yet', () => {
    const findings = judge(readyFacts());
    expect(findings.filter((finding) => finding.state !== 'ok')).toEqual([]);
    expect(about(findings, 'The alarm e-mail').found).toBe('alarms go to ops@dealer.dz');
    expect(about(findings, 'Staff users').found).toContain('not signed in yet, with a temporary password: karim@dealer.dz');
  });

  it('asks for the bootstrap of us-east-1 with the command naming both regions', () => {
    const facts = readyFacts();
    facts.bootstrap!['us-east-1'] = { value: null };
    const finding = about(judge(facts), 'CDK bootstrap in us-east-1');
    expect(finding).toMatchObject({ state: 'fix', found: 'not bootstrapped' });
    expect(finding.fix).toBe('npx cdk bootstrap aws://123456789012/eu-west-3 aws://123456789012/us-east-1');
  });

  it('gives the commands that make the relay secret when there is none', () => {
    const facts = readyFacts();
    facts.relaySecret = { value: null };
    const finding = about(judge(facts), 'The relay secret');
    expect(finding.found).toContain('does not exist');
    expect(finding.fix).toContain('npm run relay:keys -- --stage prod --json > relay-urls.json');
    expect(finding.fix).toContain('aws secretsmanager create-secret --name agri-dealer/prod/sheet-relay-urls --secret-string file://relay-urls.json');
  });

  it('names each sheet key without an address and the forms whose orders would wait, and a key no form uses', () => {
    const facts = readyFacts();
    const { 'tractor-orders': _tractors, 'contact-message': _contact, ...others } = relayAddresses;
    facts.relaySecret = { value: JSON.stringify({ ...others, 'tractor-order': 'https://relay.example/google_sheets/x' }) };
    const finding = about(judge(facts), 'The relay secret');
    expect(finding.state).toBe('fix');
    expect(finding.found).toContain(`2 of ${sheetKeys.length} sheet keys have no address`);
    expect(finding.found).toContain('contact-message (Contact us)');
    expect(finding.found).toContain('tractor-orders (Order a tractor)');
    expect(finding.found).toContain('keys no form uses (misspelt?): tractor-order');
    expect(finding.fix).toContain('aws secretsmanager put-secret-value --secret-id agri-dealer/prod/sheet-relay-urls');
  });

  it('says that a skeleton stored unfilled stops every sheet, as the delivery worker would read it', () => {
    const review = reviewRelaySecret(relaySecretSkeleton(sheetKeys), sheetKeys);
    expect(review.readable).toBe(false);
    expect(review.malformed).toHaveLength(sheetKeys.length);
    const facts = readyFacts();
    facts.relaySecret = { value: relaySecretSkeleton(sheetKeys) };
    expect(about(judge(facts), 'The relay secret').found).toContain('the delivery worker cannot read it, so no order reaches any sheet');
  });

  it('before the first deploy: the stack to deploy, and the alarm e-mail and staff users not checkable yet', () => {
    const facts = readyFacts();
    facts.stack = { value: null };
    delete facts.alarmSubscriptions;
    delete facts.staff;
    const findings = judge(facts);
    expect(about(findings, 'The stack')).toMatchObject({ state: 'fix', found: 'not deployed yet' });
    expect(about(findings, 'The stack').fix).toContain('npm run deploy -- -c stage=prod -c alarmEmail=');
    expect(about(findings, 'The alarm e-mail')).toMatchObject({ state: 'unchecked', found: expect.stringContaining('not deployed yet') });
    expect(about(findings, 'Staff users')).toMatchObject({ state: 'unchecked', found: expect.stringContaining('not deployed yet') });
  });

  it('a failed first deploy says where to read why', () => {
    const facts = readyFacts();
    facts.stack = { value: { status: 'ROLLBACK_COMPLETE', outputs: {} } };
    expect(about(judge(facts), 'The stack').fix).toContain('aws cloudformation describe-stack-events --stack-name AgriDealer-prod');
  });

  it('asks to confirm an alarm subscription still pending, and to set one when nobody is told', () => {
    const facts = readyFacts();
    facts.alarmSubscriptions = { value: [{ endpoint: 'ops@dealer.dz', confirmed: false }] };
    expect(about(judge(facts), 'The alarm e-mail')).toMatchObject({ state: 'fix', found: 'ops@dealer.dz has not confirmed the subscription' });
    facts.alarmSubscriptions = { value: [] };
    expect(about(judge(facts), 'The alarm e-mail')).toMatchObject({ state: 'fix', found: 'nobody is told of the alarms' });
  });

  it('asks to confirm the second subscription too, of the us-east-1 alarms (CloudFront and WAF)', () => {
    const facts = readyFacts();
    facts.edgeAlarmSubscriptions = { value: [{ endpoint: 'ops@dealer.dz', confirmed: false }] };
    expect(about(judge(facts), 'The alarm e-mail of CloudFront and WAF')).toMatchObject({ state: 'fix', found: 'ops@dealer.dz has not confirmed the subscription' });
    facts.edgeAlarmSubscriptions = { value: null };
    expect(about(judge(facts), 'The alarm e-mail of CloudFront and WAF')).toMatchObject({ state: 'unchecked', found: expect.stringContaining('AgriDealer-prod-edge-alarms is not deployed') });
  });

  it('in the SES sandbox, names the staff addresses that would get nothing; an unverified sender stops every mail', () => {
    const facts = readyFacts();
    facts.ses = { value: { productionAccess: false, verified: { 'orders@dealer.dz': true, 'sales@dealer.dz': false } } };
    const sandbox = about(judge(facts), 'The staff e-mail');
    expect(sandbox.found).toContain('sales@dealer.dz would get nothing');
    expect(sandbox.fix).toContain('aws sesv2 create-email-identity --email-identity sales@dealer.dz');
    facts.ses = { value: { productionAccess: true, verified: { 'orders@dealer.dz': true, 'sales@dealer.dz': false } } };
    expect(about(judge(facts), 'The staff e-mail').state).toBe('ok');
    facts.ses = { value: { productionAccess: true, verified: { 'orders@dealer.dz': false } } };
    expect(about(judge(facts), 'The staff e-mail').found).toContain('the sender orders@dealer.dz is not verified');
  });

  it('asks for the first administrator with staff:add', () => {
    const facts = readyFacts();
    facts.staff = { value: { admins: [], staff: [] } };
    expect(about(judge(facts), 'Staff users')).toMatchObject({ state: 'fix', fix: 'npm run staff:add -- <e-mail> --admin --aws --stage prod' });
  });

  it('reports a fact AWS refused to give as not checked, with the reason', () => {
    const facts = readyFacts();
    facts.relaySecret = { unknown: 'AWS refused: not authorized to perform secretsmanager:GetSecretValue' };
    expect(about(judge(facts), 'The relay secret')).toMatchObject({ state: 'unchecked', found: expect.stringContaining('secretsmanager:GetSecretValue') });
  });
});
