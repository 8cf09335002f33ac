import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { CognitoIdentityProviderClient, ListUsersInGroupCommand, type UserType } from '@aws-sdk/client-cognito-identity-provider';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { GetAccountCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { ListSubscriptionsByTopicCommand, SNSClient } from '@aws-sdk/client-sns';
import { describeAwsError, operatorClientOptions, type AwsSessionAnswer } from './aws-session';
import { reviewRelaySecret, type SheetKey } from './relay-keys';

/**
 * What `npm run deploy:check` looks at before (and after) a deploy of a
 * stage, gathered from AWS as plain facts, then judged in plain words with
 * each fix. A fact that could not be read says why (no account, access
 * refused); the judgement says what could not be checked.
 */

/** A fact read from AWS, or why it could not be. */
export type Fact<T> = { value: T } | { unknown: string };

export interface DeploymentSettings {
  stage: string;
  stack: string;
  /** The relay URLs' secret (context sheetRelayUrlsSecretName, or the stage's default). */
  relaySecretName: string;
  /** Whether the stage has its us-east-1 stack (WAF or a domain), so needs that region bootstrapped. */
  needsEdge: boolean;
  sheetKeys: SheetKey[];
  /** The staff e-mail's contexts, when set: the sender and the recipients SES must accept. */
  staffMail?: { from: string; to: string[] };
}

export interface StackFacts {
  status: string;
  outputs: Record<string, string>;
}

export interface StaffUser {
  email: string;
  /** Cognito's status: CONFIRMED, FORCE_CHANGE_PASSWORD… */
  status: string;
  enabled: boolean;
}

export interface DeploymentFacts {
  settings: DeploymentSettings;
  session: AwsSessionAnswer;
  /** Per region: the CDKToolkit stack's status and version, or null when the region is not bootstrapped. */
  bootstrap?: Record<string, Fact<{ status: string; version?: number } | null>>;
  /** The secret's value, or null when there is no such secret. */
  relaySecret?: Fact<string | null>;
  /** The stage's stack, or null when not deployed. */
  stack?: Fact<StackFacts | null>;
  /** The alarm topic's e-mail subscriptions. */
  alarmSubscriptions?: Fact<Subscription[]>;
  /** The us-east-1 alarm topic's (CloudFront and WAF), when the stage has that stack: null when it is not deployed. */
  edgeAlarmSubscriptions?: Fact<Subscription[] | null>;
  /** SES: whether the account left the sandbox, and which of the staff mail's identities may send or receive. */
  ses?: Fact<{ productionAccess: boolean; verified: Record<string, boolean> }>;
  /** The pool's members, by group. */
  staff?: Fact<{ admins: StaffUser[]; staff: StaffUser[] }>;
}

export interface Subscription {
  endpoint: string;
  confirmed: boolean;
}

export type FindingState = 'ok' | 'fix' | 'unchecked';

export interface Finding {
  state: FindingState;
  /** What was looked at. */
  subject: string;
  /** What was found, in plain words. */
  found: string;
  /** What to do, when something is to be done. */
  fix?: string;
}

/** Reads every fact it can with the session's credentials; none without a session. */
export async function gatherFacts(settings: DeploymentSettings, session: AwsSessionAnswer): Promise<DeploymentFacts> {
  const facts: DeploymentFacts = { settings, session };
  if (!('session' in session)) return facts;
  const { region } = session.session;
  const regions = settings.needsEdge && region !== 'us-east-1' ? [region, 'us-east-1'] : [region];
  const clients = {
    cloudFormation: (where: string) => new CloudFormationClient({ ...operatorClientOptions, region: where }),
    secrets: new SecretsManagerClient({ ...operatorClientOptions, region }),
    sns: new SNSClient({ ...operatorClientOptions, region }),
    ses: new SESv2Client({ ...operatorClientOptions, region }),
    cognito: new CognitoIdentityProviderClient({ ...operatorClientOptions, region }),
  };
  try {
    facts.bootstrap = Object.fromEntries(
      await Promise.all(
        regions.map(async (where) => {
          const client = clients.cloudFormation(where);
          const fact = await read(async () => {
            const stack = await describeStack(client, 'CDKToolkit');
            if (!stack) return null;
            const version = Number(stack.outputs.BootstrapVersion);
            return { status: stack.status, ...(Number.isFinite(version) && { version }) };
          }).finally(() => client.destroy());
          return [where, fact] as const;
        }),
      ),
    );
    facts.relaySecret = await read(async () => {
      try {
        const { SecretString } = await clients.secrets.send(new GetSecretValueCommand({ SecretId: settings.relaySecretName }));
        return SecretString ?? '';
      } catch (error) {
        if ((error as Error).name === 'ResourceNotFoundException') return null;
        throw error;
      }
    });
    const cloudFormation = clients.cloudFormation(region);
    facts.stack = await read(() => describeStack(cloudFormation, settings.stack)).finally(() => cloudFormation.destroy());
    const outputs = 'value' in facts.stack && facts.stack.value ? facts.stack.value.outputs : undefined;
    if (outputs?.AlarmTopicArn) facts.alarmSubscriptions = await read(() => emailSubscriptions(clients.sns, outputs.AlarmTopicArn!));
    if (settings.needsEdge && outputs) {
      const edgeCloudFormation = clients.cloudFormation('us-east-1');
      const edgeSns = new SNSClient({ ...operatorClientOptions, region: 'us-east-1' });
      facts.edgeAlarmSubscriptions = await read(async () => {
        const edgeAlarms = await describeStack(edgeCloudFormation, `${settings.stack}-edge-alarms`);
        return edgeAlarms?.outputs.AlarmTopicArn ? emailSubscriptions(edgeSns, edgeAlarms.outputs.AlarmTopicArn) : null;
      }).finally(() => {
        edgeCloudFormation.destroy();
        edgeSns.destroy();
      });
    }
    if (settings.staffMail) {
      const { from, to } = settings.staffMail;
      facts.ses = await read(async () => {
        const account = await clients.ses.send(new GetAccountCommand({}));
        const verified: Record<string, boolean> = {};
        for (const address of [from, ...to]) verified[address] = await identityVerified(clients.ses, address);
        return { productionAccess: account.ProductionAccessEnabled === true, verified };
      });
    }
    if (outputs?.UserPoolId) {
      const pool = outputs.UserPoolId;
      facts.staff = await read(async () => ({
        admins: await groupMembers(clients.cognito, pool, 'admin'),
        staff: await groupMembers(clients.cognito, pool, 'staff'),
      }));
    }
  } finally {
    clients.secrets.destroy();
    clients.sns.destroy();
    clients.ses.destroy();
    clients.cognito.destroy();
  }
  return facts;
}

async function read<T>(get: () => Promise<T>): Promise<Fact<T>> {
  try {
    return { value: await get() };
  } catch (error) {
    return { unknown: describeAwsError(error) };
  }
}

async function emailSubscriptions(sns: SNSClient, topicArn: string): Promise<Subscription[]> {
  const { Subscriptions = [] } = await sns.send(new ListSubscriptionsByTopicCommand({ TopicArn: topicArn }));
  // A subscription not confirmed yet has no ARN, only "PendingConfirmation".
  return Subscriptions.filter((s) => s.Protocol === 'email').map((s) => ({ endpoint: s.Endpoint ?? '', confirmed: Boolean(s.SubscriptionArn?.startsWith('arn:')) }));
}

async function describeStack(client: CloudFormationClient, name: string): Promise<StackFacts | null> {
  try {
    const { Stacks = [] } = await client.send(new DescribeStacksCommand({ StackName: name }));
    const [stack] = Stacks;
    if (!stack) return null;
    return {
      status: stack.StackStatus ?? 'UNKNOWN',
      outputs: Object.fromEntries((stack.Outputs ?? []).map(({ OutputKey, OutputValue }) => [OutputKey ?? '', OutputValue ?? ''])),
    };
  } catch (error) {
    if ((error as Error).name === 'ValidationError' && /does not exist/.test((error as Error).message)) return null;
    throw error;
  }
}

/** Whether SES lets the address send or receive: the address itself, or its whole domain, verified. */
async function identityVerified(ses: SESv2Client, address: string): Promise<boolean> {
  for (const identity of [address, address.split('@')[1]!]) {
    try {
      const answer = await ses.send(new GetEmailIdentityCommand({ EmailIdentity: identity }));
      if (answer.VerifiedForSendingStatus) return true;
    } catch (error) {
      if ((error as Error).name !== 'NotFoundException') throw error;
    }
  }
  return false;
}

async function groupMembers(cognito: CognitoIdentityProviderClient, userPoolId: string, group: string): Promise<StaffUser[]> {
  const users: UserType[] = [];
  let NextToken: string | undefined;
  do {
    const page = await cognito.send(new ListUsersInGroupCommand({ UserPoolId: userPoolId, GroupName: group, NextToken }));
    users.push(...(page.Users ?? []));
    NextToken = page.NextToken;
  } while (NextToken);
  return users.map((user) => ({
    email: user.Attributes?.find((attribute) => attribute.Name === 'email')?.Value ?? user.Username ?? '',
    status: user.UserStatus ?? 'UNKNOWN',
    enabled: user.Enabled !== false,
  }));
}

/** The findings, in the order an operator deals with them. */
export function judge(facts: DeploymentFacts): Finding[] {
  const { settings } = facts;
  const stageFlag = `--stage ${settings.stage}`;
  const findings: Finding[] = [];
  const unchecked = (subject: string, why: string) => findings.push({ state: 'unchecked', subject, found: `not checked: ${why}` });

  if (!('session' in facts.session)) {
    const why = 'it needs the AWS account';
    findings.push({ state: 'fix', subject: 'AWS credentials and region', found: facts.session.missing, fix: 'export AWS_PROFILE=<profile> AWS_REGION=eu-west-3, then run this again' });
    unchecked('CDK bootstrap', why);
    unchecked(`The relay secret ${settings.relaySecretName} (${settings.sheetKeys.length} sheet keys: npm run relay:keys)`, why);
    unchecked(`The stack ${settings.stack}`, why);
    unchecked('The alarm e-mail', why);
    if (settings.staffMail) unchecked('The staff e-mail (SES)', why);
    unchecked('Staff users', why);
    return findings;
  }
  const { account, arn, region } = facts.session.session;
  findings.push({ state: 'ok', subject: 'AWS credentials and region', found: `account ${account} as ${arn}, region ${region}` });

  const bootstrapCommand = `npx cdk bootstrap ${Object.keys(facts.bootstrap ?? {}).map((where) => `aws://${account}/${where}`).join(' ')}`;
  for (const [where, fact] of Object.entries(facts.bootstrap ?? {})) {
    const subject = `CDK bootstrap in ${where}${where === 'us-east-1' && where !== region ? " (CloudFront's WAF and certificate)" : ''}`;
    if ('unknown' in fact) unchecked(subject, fact.unknown);
    else if (!fact.value) findings.push({ state: 'fix', subject, found: 'not bootstrapped', fix: bootstrapCommand });
    else if (!/_COMPLETE$/.test(fact.value.status) || /ROLLBACK|DELETE/.test(fact.value.status)) {
      findings.push({ state: 'fix', subject, found: `the CDKToolkit stack is ${fact.value.status}`, fix: `see its events in the CloudFormation console, then ${bootstrapCommand}` });
    } else findings.push({ state: 'ok', subject, found: `bootstrapped${fact.value.version ? ` (version ${fact.value.version})` : ''}` });
  }

  findings.push(judgeRelaySecret(settings, facts.relaySecret));

  const stackSubject = `The stack ${settings.stack}`;
  const stack = facts.stack && 'value' in facts.stack ? facts.stack.value : undefined;
  if (!facts.stack || 'unknown' in facts.stack) unchecked(stackSubject, facts.stack && 'unknown' in facts.stack ? facts.stack.unknown : 'not read');
  else if (!stack) {
    findings.push({ state: 'fix', subject: stackSubject, found: 'not deployed yet', fix: `npm run deploy -- -c stage=${settings.stage} -c alarmEmail=<you@dealer.dz>` });
  } else if (/ROLLBACK_COMPLETE$|FAILED$/.test(stack.status) && !/^UPDATE_ROLLBACK_COMPLETE$/.test(stack.status)) {
    findings.push({
      state: 'fix',
      subject: stackSubject,
      found: `${stack.status}: the last deploy failed`,
      fix: `aws cloudformation describe-stack-events --stack-name ${settings.stack} says why; fix it and deploy again`,
    });
  } else findings.push({ state: 'ok', subject: stackSubject, found: `${stack.status}, at ${stack.outputs.SiteUrl ?? 'its CloudFront address'}` });

  const alarmSubject = 'The alarm e-mail';
  if (!stack) unchecked(alarmSubject, 'the stack is not deployed yet (the topic comes with it)');
  else if (!facts.alarmSubscriptions) unchecked(alarmSubject, 'the stack has no AlarmTopicArn output (deployed before this check existed): deploy again');
  else if ('unknown' in facts.alarmSubscriptions) unchecked(alarmSubject, facts.alarmSubscriptions.unknown);
  else findings.push(judgeSubscriptions(alarmSubject, facts.alarmSubscriptions.value, settings.stage));
  if (stack && facts.edgeAlarmSubscriptions) {
    const edgeSubject = "The alarm e-mail of CloudFront and WAF (us-east-1)";
    const edge = facts.edgeAlarmSubscriptions;
    if ('unknown' in edge) unchecked(edgeSubject, edge.unknown);
    else if (edge.value === null) unchecked(edgeSubject, `${settings.stack}-edge-alarms is not deployed (npm run deploy deploys it with the others)`);
    else findings.push(judgeSubscriptions(edgeSubject, edge.value, settings.stage));
  }

  if (settings.staffMail) findings.push(judgeStaffMail(settings.staffMail, facts.ses));
  else findings.push({ state: 'ok', subject: 'The staff e-mail (SES)', found: 'off: no staffEmails context, so no mail to check' });

  const staffSubject = 'Staff users';
  if (!stack) unchecked(staffSubject, 'the stack is not deployed yet (the user pool comes with it)');
  else if (!facts.staff) unchecked(staffSubject, 'the stack has no UserPoolId output');
  else if ('unknown' in facts.staff) unchecked(staffSubject, facts.staff.unknown);
  else {
    const { admins, staff } = facts.staff.value;
    const active = admins.filter((user) => user.enabled);
    const waiting = [...admins, ...staff].filter((user) => user.status === 'FORCE_CHANGE_PASSWORD');
    if (active.length === 0) {
      findings.push({ state: 'fix', subject: staffSubject, found: 'no administrator yet', fix: `npm run staff:add -- <e-mail> --admin --aws ${stageFlag}` });
    } else {
      const names = (users: StaffUser[]) => users.map((user) => user.email).join(', ');
      findings.push({
        state: 'ok',
        subject: staffSubject,
        found:
          `${active.length} administrator(s) (${names(active)}), ${staff.length - active.length} other staff` +
          (waiting.length > 0 ? `; not signed in yet, with a temporary password: ${names(waiting)}` : ''),
      });
    }
  }
  return findings;
}

function judgeSubscriptions(subject: string, subscriptions: Subscription[], stage: string): Finding {
  const pending = subscriptions.filter((s) => !s.confirmed);
  if (subscriptions.length === 0) {
    return { state: 'fix', subject, found: 'nobody is told of the alarms', fix: `npm run deploy -- -c stage=${stage} -c alarmEmail=<you@dealer.dz>` };
  }
  if (pending.length > 0) {
    return {
      state: 'fix',
      subject,
      found: `${pending.map((s) => s.endpoint).join(', ')} has not confirmed the subscription`,
      fix: 'click "Confirm subscription" in the mail from AWS Notifications (a new one comes with: aws sns subscribe --topic-arn <AlarmTopicArn> --protocol email --notification-endpoint <address>)',
    };
  }
  return { state: 'ok', subject, found: `alarms go to ${subscriptions.map((s) => s.endpoint).join(', ')}` };
}

function judgeRelaySecret(settings: DeploymentSettings, fact: Fact<string | null> | undefined): Finding {
  const subject = `The relay secret ${settings.relaySecretName}`;
  const fill = `npm run relay:keys -- --stage ${settings.stage} --json > relay-urls.json, write each address, then`;
  if (!fact || 'unknown' in fact) return { state: 'unchecked', subject, found: `not checked: ${fact && 'unknown' in fact ? fact.unknown : 'not read'}` };
  if (fact.value === null) {
    return {
      state: 'fix',
      subject,
      found: 'does not exist: no order reaches a sheet',
      fix: `${fill} aws secretsmanager create-secret --name ${settings.relaySecretName} --secret-string file://relay-urls.json`,
    };
  }
  const review = reviewRelaySecret(fact.value, settings.sheetKeys);
  const update = `aws secretsmanager put-secret-value --secret-id ${settings.relaySecretName} --secret-string file://relay-urls.json`;
  if (!review.readable) {
    return {
      state: 'fix',
      subject,
      found: `the delivery worker cannot read it, so no order reaches any sheet: ${review.malformed.join('; ')}`,
      fix: `write an address in each entry or leave the entry out, then ${update}`,
    };
  }
  const unused = review.unused.length > 0 ? `; keys no form uses (misspelt?): ${review.unused.join(', ')}` : '';
  if (review.missing.length > 0) {
    const lines = review.missing.map(({ sheet, forms }) => `${sheet} (${forms.map((form) => form.title).join(', ')})`);
    return {
      state: 'fix',
      subject,
      found: `${review.missing.length} of ${settings.sheetKeys.length} sheet keys have no address, so their orders wait: ${lines.join('; ')}${unused}`,
      fix: `add them to relay-urls.json (npm run relay:keys -- --stage ${settings.stage} --json lists every key), then ${update}`,
    };
  }
  return { state: 'ok', subject, found: `an address for each of the ${settings.sheetKeys.length} sheet keys${unused}` };
}

function judgeStaffMail({ from, to }: { from: string; to: string[] }, fact: DeploymentFacts['ses']): Finding {
  const subject = 'The staff e-mail (SES)';
  if (!fact || 'unknown' in fact) return { state: 'unchecked', subject, found: `not checked: ${fact && 'unknown' in fact ? fact.unknown : 'not read'}` };
  const { productionAccess, verified } = fact.value;
  const verify = (address: string) => `aws sesv2 create-email-identity --email-identity ${address}`;
  if (!verified[from]) {
    return {
      state: 'fix',
      subject,
      found: `the sender ${from} is not verified: no staff e-mail can leave`,
      fix: `${verify(from.split('@')[1]!)} (add the DKIM records it prints) or ${verify(from)} (click the link SES sends)`,
    };
  }
  const unverified = to.filter((address) => !verified[address]);
  if (!productionAccess && unverified.length > 0) {
    return {
      state: 'fix',
      subject,
      found: `SES is in the sandbox, and sends only to verified addresses: ${unverified.join(', ')} would get nothing`,
      fix: `${unverified.map(verify).join('; ')}; or ask for production access (aws sesv2 put-account-details …)`,
    };
  }
  return { state: 'ok', subject, found: `${from} may send to ${to.join(', ')}${productionAccess ? '' : ' (sandbox: each verified)'}` };
}

/** The report as printed: one block per finding, its fix indented under it. */
export function formatFindings(findings: Finding[]): string {
  const marks: Record<FindingState, string> = { ok: 'ok     ', fix: 'TO FIX ', unchecked: 'unknown' };
  return findings.map(({ state, subject, found, fix }) => `${marks[state]}  ${subject}: ${found}${fix ? `\n           fix: ${fix}` : ''}`).join('\n');
}
