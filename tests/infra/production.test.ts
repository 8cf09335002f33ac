import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeThrottles, stageThrottle } from '../../infra/aws/constructs/api';
import { apiWritesPerClient, EdgeStack, writeMethods } from '../../infra/aws/edge-stack';
import { cloudFrontRequestsToJudge, EdgeAlarmsStack, wafBlocksToLookAt } from '../../infra/aws/edge-alarms-stack';
import { stackName, stageOf } from '../../infra/aws/naming';
import { repoRoot } from '../../infra/paths';
import { attachedFromContext } from '../../infra/aws/attach';
import { defaultSheetRelayUrlsSecretName, SiteStack } from '../../infra/aws/site-stack';
import { rateLimits } from '../../lambdas/lib/rate-limit';
import { apiRoutes } from '../../lambdas/routes';

/**
 * What makes the stack fit for production, on synthesized templates (bundling
 * skipped): the AWS Solutions checks, stages side by side, alarms that reach
 * the operator, access logs, limits at the edge and per route, the WAF and the
 * optional domain from the us-east-1 stack.
 */

// CloudFormation properties are free-form JSON; the assertions below check their shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string };

const workDir = mkdtempSync(path.join(os.tmpdir(), 'agri-dealer-production-'));
const missingBuild = path.join(workDir, 'no-build');
const domain = { name: 'www.dealer.dz', hostedZoneId: 'Z0123456789ABCDEFGHIJ' };

function appWith(context: Record<string, unknown> = {}) {
  return new App({ outdir: path.join(workDir, `out-${Math.random().toString(36).slice(2)}`), context: { 'aws:cdk:bundling-stacks': [], ...context } });
}

/**
 * A production-like stage: the edge stack (WAF, certificate) in us-east-1, the site in Paris with a
 * domain, the staff e-mail and a budget, and the edge's alarms back in us-east-1.
 */
function productionApp(context: Record<string, unknown> = {}, webBuildDir = missingBuild) {
  const app = appWith({ alarmEmail: 'ops@dealer.dz', staffEmails: 'sales@dealer.dz', mailFrom: 'orders@dealer.dz', monthlyBudgetUsd: '40', ...context });
  const edge = new EdgeStack(app, 'AgriDealer-prod-edge', { env: { region: 'us-east-1' }, waf: true, domain });
  const site = new SiteStack(app, stackName('prod'), {
    env: { region: 'eu-west-3' },
    crossRegionReferences: true,
    stage: 'prod',
    edge,
    domain,
    webBuildDir,
  });
  const edgeAlarms = new EdgeAlarmsStack(app, 'AgriDealer-prod-edge-alarms', {
    env: { region: 'us-east-1' },
    distributionId: site.site.distribution.distributionId,
    webAclMetricName: edge.webAclMetricName,
    alarmEmail: 'ops@dealer.dz',
  });
  return { app, edge, site, edgeAlarms };
}

const resourcesOf = (stack: Stack) => Template.fromStack(stack).toJSON().Resources as Record<string, Resource>;
const ofType = (resources: Record<string, Resource>, type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const logicalId = (construct: IConstruct) => Stack.of(construct).getLogicalId(construct.node.defaultChild as CfnFunction);

let production: ReturnType<typeof productionApp>;
let site: Record<string, Resource>;
let edge: Record<string, Resource>;
let edgeAlarms: Record<string, Resource>;
let cheap: { stack: SiteStack; resources: Record<string, Resource> };

beforeAll(() => {
  production = productionApp();
  site = resourcesOf(production.site);
  edge = resourcesOf(production.edge);
  edgeAlarms = resourcesOf(production.edgeAlarms);
  const app = appWith({ reservedConcurrency: 'off' });
  const stack = new SiteStack(app, stackName('dev'), { stage: 'dev', webBuildDir: missingBuild });
  cheap = { stack, resources: resourcesOf(stack) };
});

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('cdk-nag (AwsSolutions)', () => {
  it('finds nothing unacknowledged, with or without WAF and domain, in a known region or none', () => {
    for (const app of [production.app, cheap.stack.node.root as App]) {
      const report = new AwsSolutionsChecks().validateScope(app);
      expect(report.violations.map((v) => `${v.ruleName} ${v.violatingResources.map((r) => r.constructPath).join(', ')}`)).toEqual([]);
    }
  });

  it('sees what it should: a wildcard grant added to a function is reported', () => {
    const { app, site: stack } = productionApp();
    stack.api.functions['list-products']!.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:*'], resources: ['*'] }));
    const rules = new AwsSolutionsChecks().validateScope(app).violations.map((v) => v.ruleName);
    expect(rules).toContain('AwsSolutions-IAM5[Action::dynamodb:*]');
  });

  it('has a one-line reason next to every acknowledgement', () => {
    const acknowledgements: { path: string; id: string; reason: string }[] = [];
    for (const construct of production.app.node.findAll()) {
      for (const entry of construct.node.metadata) {
        if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
        for (const [id, reason] of Object.entries(entry.data as Record<string, string>)) acknowledgements.push({ path: construct.node.path, id, reason });
      }
    }
    expect(acknowledgements.length).toBeGreaterThan(10);
    for (const { path: at, id, reason } of acknowledgements) {
      expect(reason, `${at} ${id}`).toMatch(/^\S.{15,}$/);
      expect(reason, `${at} ${id}`).not.toContain('\n');
    }
  });

  it('gives every acknowledgement a reason that can be checked: a decision record that exists and names the finding', async () => {
    // With a build to deploy, so that CDK's own deployment and render trigger are met too.
    const tinyBuild = path.join(workDir, 'tiny-build');
    mkdirSync(tinyBuild, { recursive: true });
    writeFileSync(path.join(tinyBuild, 'index.html'), '<!doctype html>');
    const { app: attachedApp } = productionApp(
      { attach: JSON.stringify({ uploadsBucket: 'kept-bucket', userPoolId: 'eu-west-3_Kept1' }), backup: 'on', threatProtection: 'off' },
      tinyBuild,
    );
    const decisions = await readdir(path.join(repoRoot, 'docs', 'decisions'));
    const acknowledged = new Set<string>();
    for (const app of [production.app, cheap.stack.node.root as App, attachedApp]) {
      for (const construct of app.node.findAll()) {
        for (const entry of construct.node.metadata) {
          if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
          for (const [id, reason] of Object.entries(entry.data as Record<string, string>)) {
            // cdk-nag's findings; CDK acknowledges some CloudFormation checks of its own.
            if (!id.includes('AwsSolutions-')) continue;
            const cited = /docs\/decisions\/(\d{4})/.exec(reason)?.[1];
            expect(cited, `${construct.node.path} ${id}: ${reason}`).toBeDefined();
            const file = decisions.find((name) => name.startsWith(`${cited}-`));
            expect(file, `${id} cites decision ${cited}`).toBeDefined();
            const rule = id.replace(/^Annotation::/, '').replace(/\[.*$/, '');
            const record = await readFile(path.join(repoRoot, 'docs', 'decisions', file!), 'utf8');
            expect(record, `${file} says why ${rule} is acknowledged`).toContain(`\`${rule}\``);
            acknowledged.add(rule);
          }
        }
      }
    }
    // Each of these is met somewhere: a stage without WAF or domain, CDK's own functions, threat protection off.
    expect([...acknowledged].sort()).toEqual(
      ['AwsSolutions-CFR1', 'AwsSolutions-CFR2', 'AwsSolutions-CFR4', 'AwsSolutions-COG2', 'AwsSolutions-COG8', 'AwsSolutions-IAM4', 'AwsSolutions-IAM5', 'AwsSolutions-L1', 'AwsSolutions-S1', 'AwsSolutions-SMG4'],
    );
  });
});

describe('stages', () => {
  it('names the stack after the stage, and refuses a name resources cannot carry', () => {
    expect(stackName(stageOf('prod'))).toBe('AgriDealer-prod');
    expect(stackName(stageOf(undefined))).toBe('AgriDealer-dev');
    for (const bad of ['Prod', 'prod_1', '', 'a'.repeat(21), 3]) expect(() => stageOf(bad)).toThrow(/Context stage/);
  });

  it('gives each stage its own relay secret and dashboard', () => {
    const secretOf = (resources: Record<string, Resource>, worker: IConstruct) =>
      resources[logicalId(worker)]!.Properties.Environment.Variables.SHEET_RELAY_URLS_SECRET;
    expect(secretOf(site, production.site.deliveries.worker)).toBe(defaultSheetRelayUrlsSecretName('prod'));
    expect(secretOf(cheap.resources, cheap.stack.deliveries.worker)).toBe(defaultSheetRelayUrlsSecretName('dev'));
    const dashboards = [site, cheap.resources].map((r) => ofType(r, 'AWS::CloudWatch::Dashboard')[0]![1].Properties.DashboardName);
    expect(dashboards).toEqual(['AgriDealer-prod', 'AgriDealer-dev']);
  });

  it('writes no region into the template: an agnostic stack refers to the one it is deployed in', () => {
    expect(JSON.stringify(cheap.resources)).not.toMatch(/us-east-1|eu-west-\d/);
  });
});

describe('alarms', () => {
  const topicArn = () => ({ Ref: ofType(site, 'AWS::SNS::Topic')[0]![0] });

  it("tell the operator's e-mail, from the context, of every alarm and its end", () => {
    expect(ofType(site, 'AWS::SNS::Subscription').map(([, s]) => s.Properties)).toEqual([
      expect.objectContaining({ Protocol: 'email', Endpoint: 'ops@dealer.dz', TopicArn: topicArn() }),
    ]);
    const alarms = ofType(site, 'AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    for (const alarm of alarms) {
      expect(alarm.AlarmActions, alarm.AlarmDescription).toEqual([topicArn()]);
      expect(alarm.OKActions, alarm.AlarmDescription).toEqual([topicArn()]);
    }
    expect(ofType(cheap.resources, 'AWS::SNS::Subscription')).toEqual([]);
    // npm run deploy:check finds the topic by this output, to see whether the subscription is confirmed.
    expect(Template.fromStack(production.site).toJSON().Outputs.AlarmTopicArn.Value).toEqual(topicArn());
  });

  it("watch the API's 5xx, each function's errors and throttles, and undelivered orders", () => {
    const alarms = ofType(site, 'AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    const watched = (metric: string) => alarms.filter((a) => a.MetricName === metric);
    expect(watched('5xx')).toHaveLength(1);
    // The route handlers, the delivery worker, the origin check and the site's publisher.
    const functions = new Set(apiRoutes.map((r) => r.handler)).size + 3;
    expect(watched('Errors')).toHaveLength(functions);
    expect(watched('Throttles')).toHaveLength(functions);
    expect(watched('OldestUndeliveredAgeSeconds')).toHaveLength(1);
  });

  /** An alarm by the id its name ends with (`AgriDealer-prod-<id>`). */
  const alarmOf = (resources: Record<string, Resource>, id: string) =>
    ofType(resources, 'AWS::CloudWatch::Alarm').find(([, a]) => a.Properties.AlarmName === `${stackNameOf(resources)}-${id}`)?.[1].Properties;
  const stackNameOf = (resources: Record<string, Resource>) =>
    resources === site ? 'AgriDealer-prod' : resources === edgeAlarms ? 'AgriDealer-prod-edge-alarms' : 'AgriDealer-dev';
  /** The metrics an alarm's math expression reads, by name and their dimensions. */
  const metricsOf = (alarm: Resource['Properties']) =>
    (alarm.Metrics as { MetricStat?: { Metric: { MetricName: string; Dimensions: { Name: string; Value: unknown }[] } } }[])
      .filter((m) => m.MetricStat)
      .map((m) => ({ name: m.MetricStat!.Metric.MetricName, dimensions: Object.fromEntries(m.MetricStat!.Metric.Dimensions.map((d) => [d.Name, d.Value])) }));

  it("watch each table's throttles and DynamoDB's own errors on it", () => {
    for (const [name, table] of Object.entries(production.site.database.tables)) {
      const id = name[0]!.toUpperCase() + name.slice(1);
      const throttles = metricsOf(alarmOf(site, `${id}TableThrottles`)!);
      expect(throttles.map((m) => m.name).sort(), name).toEqual(['ReadThrottleEvents', 'WriteThrottleEvents']);
      for (const metric of throttles) expect(metric.dimensions).toEqual({ TableName: { Ref: logicalId(table) } });
      const errors = metricsOf(alarmOf(site, `${id}TableSystemErrors`)!);
      expect(new Set(errors.map((m) => m.name)), name).toEqual(new Set(['SystemErrors']));
      expect(errors.map((m) => m.dimensions.Operation).sort()).toEqual(['GetItem', 'PutItem', 'Query', 'UpdateItem']);
    }
  });

  it("watch the submissions stream's age at the delivery worker, and the publisher before its 5 minutes run out", () => {
    const worker = { Ref: logicalId(production.site.deliveries.worker) };
    expect(alarmOf(site, 'DeliveryStreamIteratorAge')).toMatchObject({ MetricName: 'IteratorAge', Statistic: 'Maximum', Threshold: 300_000 });
    expect(alarmOf(site, 'DeliveryStreamIteratorAge')!.Dimensions).toEqual([{ Name: 'FunctionName', Value: worker }]);
    const publisher = site[logicalId(production.site.publisher.fn)]!.Properties;
    const duration = alarmOf(site, 'PublisherDuration')!;
    expect(duration).toMatchObject({ MetricName: 'Duration', Statistic: 'Maximum', ComparisonOperator: 'GreaterThanThreshold' });
    expect(duration.Threshold).toBeLessThan(publisher.Timeout * 1000);
    expect(duration.Threshold).toBeGreaterThanOrEqual(publisher.Timeout * 1000 * 0.75);
  });

  it("count the publishes that failed from the publisher's error logs (a failed publish does not fail the function)", () => {
    const [[, filter]] = ofType(site, 'AWS::Logs::MetricFilter') as [[string, Resource]];
    expect(filter.Properties.LogGroupName).toEqual({ Ref: site[logicalId(production.site.publisher.fn)]!.Properties.LoggingConfig.LogGroup.Ref });
    expect(filter.Properties.FilterPattern).toBe('{ $.level = "ERROR" }');
    const transformation = filter.Properties.MetricTransformations[0];
    expect(alarmOf(site, 'PublishFailures')).toMatchObject({ MetricName: transformation.MetricName, Namespace: transformation.MetricNamespace, Threshold: 1 });
  });

  it("watch SES's bounce and complaint rates when the staff e-mail is on, below the rates at which SES stops an account", () => {
    expect(alarmOf(site, 'SesBounceRate')).toMatchObject({ Namespace: 'AWS/SES', MetricName: 'Reputation.BounceRate', Threshold: 0.05 });
    expect(alarmOf(site, 'SesComplaintRate')).toMatchObject({ Namespace: 'AWS/SES', MetricName: 'Reputation.ComplaintRate', Threshold: 0.001 });
    expect(alarmOf(cheap.resources, 'SesBounceRate')).toBeUndefined();
  });

  it('tell the topic when the month’s spend passes 80% of the budget, or its forecast the budget, from -c monthlyBudgetUsd', () => {
    const [[, budget]] = ofType(site, 'AWS::Budgets::Budget') as [[string, Resource]];
    expect(budget.Properties.Budget).toMatchObject({ BudgetType: 'COST', TimeUnit: 'MONTHLY', BudgetLimit: { Amount: 40, Unit: 'USD' } });
    const notifications = budget.Properties.NotificationsWithSubscribers as { Notification: Record<string, unknown>; Subscribers: unknown[] }[];
    expect(notifications.map((n) => [n.Notification.NotificationType, n.Notification.Threshold])).toEqual([['ACTUAL', 80], ['FORECASTED', 100]]);
    for (const n of notifications) expect(n.Subscribers).toEqual([{ SubscriptionType: 'SNS', Address: topicArn() }]);
    const policy = ofType(site, 'AWS::SNS::TopicPolicy').map(([, p]) => JSON.stringify(p.Properties.PolicyDocument)).join();
    expect(policy).toContain('budgets.amazonaws.com');
    expect(ofType(cheap.resources, 'AWS::Budgets::Budget')).toEqual([]);
    expect(() => productionApp({ monthlyBudgetUsd: 'forty' })).toThrow('Context monthlyBudgetUsd must be a positive amount in USD');
  });

  it("watch CloudFront's 5xx rate and WAF's blocks in us-east-1, where they report, with a topic of their own", () => {
    expect(production.edgeAlarms.region).toBe('us-east-1');
    const topics = ofType(edgeAlarms, 'AWS::SNS::Topic');
    expect(topics).toHaveLength(1);
    expect(ofType(edgeAlarms, 'AWS::SNS::Subscription').map(([, sub]) => sub.Properties)).toEqual([
      expect.objectContaining({ Protocol: 'email', Endpoint: 'ops@dealer.dz', TopicArn: { Ref: topics[0]![0] } }),
    ]);
    const rate = alarmOf(edgeAlarms, 'CloudFront5xxRate')!;
    expect(rate.AlarmActions).toEqual([{ Ref: topics[0]![0] }]);
    const expression = (rate.Metrics as { Expression?: string }[]).find((m) => m.Expression)!.Expression;
    expect(expression).toBe(`IF(requests >= ${cloudFrontRequestsToJudge}, rate, 0)`);
    const cloudFront = metricsOf(rate);
    expect(cloudFront.map((m) => m.name).sort()).toEqual(['5xxErrorRate', 'Requests']);
    // The distribution is the site stack's, read across regions.
    for (const metric of cloudFront) expect(metric.dimensions).toMatchObject({ Region: 'Global', DistributionId: expect.anything() });
    expect(JSON.stringify(cloudFront[0]!.dimensions.DistributionId)).not.toMatch(/^"E/);
    expect(alarmOf(edgeAlarms, 'WafBlockedRequests')).toMatchObject({
      Namespace: 'AWS/WAFV2',
      MetricName: 'BlockedRequests',
      Threshold: wafBlocksToLookAt,
      Dimensions: expect.arrayContaining([{ Name: 'WebACL', Value: production.edge.webAclMetricName }, { Name: 'Rule', Value: 'ALL' }]),
    });
    const [[, acl]] = ofType(edge, 'AWS::WAFv2::WebACL') as [[string, Resource]];
    expect(acl.Properties.VisibilityConfig.MetricName).toBe(production.edge.webAclMetricName);
  });

  it('are counted as the cost page says, the alarms being billed per metric they read', async () => {
    const alarms = [site, edgeAlarms].flatMap((resources) => ofType(resources, 'AWS::CloudWatch::Alarm').map(([, a]) => a.Properties));
    const metrics = alarms.reduce((sum, alarm) => sum + (alarm.Metrics ? metricsOf(alarm).length : 1), 0);
    const cost = await readFile(path.join(repoRoot, 'docs', 'cost.md'), 'utf8');
    expect(cost).toContain(`${alarms.length} alarms reading ${metrics} metrics`);
    expect(cost).toContain(`${((metrics - 10) * 0.1).toFixed(2)} (${alarms.length} alarms`);
  });

  it('each have an entry in the runbook: what it means, what to check, what to do', async () => {
    const runbook = (await readFile(path.join(repoRoot, 'docs', 'operations.md'), 'utf8')).split('\n## Alarms\n')[1]!.split('\n## ')[0]!;
    const functionNames = [...Object.keys(production.site.api.functions), 'deliver-submissions', 'origin-check', 'publish-site'];
    const tableNames = Object.keys(production.site.database.tables).map((name) => name[0]!.toUpperCase() + name.slice(1));
    const ids = [site, edgeAlarms].flatMap((resources) =>
      ofType(resources, 'AWS::CloudWatch::Alarm').map(([, a]) => (a.Properties.AlarmName as string).slice(stackNameOf(resources).length + 1)),
    );
    const entries = new Set(
      ids.map((id) => {
        const fn = functionNames.find((name) => id === `${name}Errors` || id === `${name}Throttles`);
        if (fn) return id.replace(fn, '<function>');
        const table = tableNames.find((name) => id.startsWith(`${name}Table`));
        return table ? id.replace(table, '<table>') : id;
      }),
    );
    expect(entries.size).toBeGreaterThan(12);
    for (const entry of [...entries, 'MonthlyBudget']) {
      const row = runbook.split('\n').find((line) => line.startsWith(`| \`${entry}\``));
      expect(row, entry).toBeDefined();
      // Its columns: the alarm, what it means for farmers and staff, what to check, what to do.
      const [, ...cells] = row!.split(' | ');
      expect(cells.filter((cell) => cell.replace(/\|$/, '').trim().length > 10), entry).toHaveLength(3);
    }
  });
});

describe('secrets', () => {
  const functions = () => [...ofType(site, 'AWS::Lambda::Function'), ...ofType(edge, 'AWS::Lambda::Function')];
  /** The roles allowed to read a secret, by the function they belong to. */
  const readersOf = (secret: IConstruct) => {
    const roles = ofType(site, 'AWS::IAM::Policy')
      .filter(([, policy]) => JSON.stringify(policy.Properties.PolicyDocument).includes(JSON.stringify({ Ref: logicalId(secret) })))
      .flatMap(([, policy]) => policy.Properties.Roles.map((role: { Ref: string }) => role.Ref));
    const byRole = new Map<string, string>([
      ...Object.entries(production.site.api.functions).map(([name, fn]) => [logicalId(fn.role!), name] as [string, string]),
      [logicalId(production.site.api.originCheck.role!), 'origin-check'],
      [logicalId(production.site.deliveries.worker.role!), 'deliver-submissions'],
      [logicalId(production.site.publisher.fn.role!), 'publish-site'],
    ]);
    return roles.map((role) => byRole.get(role) ?? role).sort();
  };

  it('are in no function’s environment, neither as values nor as references CloudFormation would resolve into it', () => {
    expect(functions().length).toBeGreaterThan(15);
    for (const [id, fn] of functions()) {
      const variables = (fn.Properties.Environment?.Variables ?? {}) as Record<string, unknown>;
      expect(JSON.stringify(variables), id).not.toContain('resolve:secretsmanager');
      for (const name of ['FORM_START_KEY', 'ORIGIN_SECRET', 'SHEET_RELAY_URLS', 'PUSH_KEY']) expect(variables, id).not.toHaveProperty(name);
    }
  });

  it('are each read at run time by the functions that use it, and by no other', () => {
    const staff = apiRoutes.filter((route) => 'auth' in route && route.auth).map((route) => route.handler);
    expect(readersOf(production.site.secrets.formStartKey)).toEqual(['start-form', 'submit-form']);
    expect(readersOf(production.site.secrets.originSecret)).toEqual([...new Set(['create-upload', 'origin-check', 'start-form', 'submit-form', ...staff])].sort());
    // The notifications on staff phones: signed by the worker, the public half given to browsers by the staff's devices route.
    expect(readersOf(production.site.secrets.pushKey)).toEqual(['admin-push-subscriptions', 'deliver-submissions']);
    // Each reader names the secret it reads, by its ARN.
    const variable = (name: string) => {
      const fn = name === 'origin-check' ? production.site.api.originCheck : production.site.api.functions[name]!;
      return site[logicalId(fn)]!.Properties.Environment.Variables as Record<string, unknown>;
    };
    expect(variable('start-form')).toMatchObject({
      FORM_START_KEY_SECRET: { Ref: logicalId(production.site.secrets.formStartKey) },
      ORIGIN_VERIFY_SECRET: { Ref: logicalId(production.site.secrets.originSecret) },
    });
    expect(variable('list-products')).not.toHaveProperty('ORIGIN_VERIFY_SECRET');
  });

  it('name their ARNs and the distribution in the outputs, for npm run secrets:rotate, and say how they rotate', () => {
    const outputs = Template.fromStack(production.site).toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(outputs.FormStartKeySecretArn?.Value).toEqual({ Ref: logicalId(production.site.secrets.formStartKey) });
    expect(outputs.OriginSecretArn?.Value).toEqual({ Ref: logicalId(production.site.secrets.originSecret) });
    expect(outputs.DistributionId?.Value).toEqual({ Ref: logicalId(production.site.site.distribution) });
  });
});

describe('the dashboard', () => {
  it('shows the API, the functions, the orders (accepted, spam, rate-limited) and the deliveries', () => {
    const body = JSON.stringify(ofType(site, 'AWS::CloudWatch::Dashboard')[0]![1].Properties.DashboardBody);
    for (const metric of ['5xx', 'Errors', 'Throttles', 'OrdersAccepted', 'SpamKept', 'SubmissionsRateLimited', 'OldestUndeliveredAgeSeconds']) {
      expect(body, metric).toContain(`\\"${metric}\\"`);
    }
    expect(body).toContain('AgriDealer/Orders');
  });
});

describe('logs', () => {
  const logsBucket = () => ({ Ref: ofType(site, 'AWS::S3::Bucket').find(([id]) => id.startsWith('AccessLogs'))![0] });

  it("keep CloudFront's standard logs and both buckets' access logs in one bucket, for 90 days", () => {
    const distribution = ofType(site, 'AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig;
    expect(distribution.Logging).toMatchObject({ Bucket: { 'Fn::GetAtt': [logsBucket().Ref, 'RegionalDomainName'] }, Prefix: 'cloudfront/' });
    const logged = ofType(site, 'AWS::S3::Bucket').filter(([, b]) => b.Properties.LoggingConfiguration);
    expect(logged.map(([id]) => id.replace(/[0-9A-F]{8}$/, '')).sort()).toEqual(['SiteBucket', 'UploadsBucket']);
    for (const [, bucket] of logged) expect(bucket.Properties.LoggingConfiguration.DestinationBucketName).toEqual(logsBucket());
    const logs = site[logsBucket().Ref]!.Properties;
    expect(logs.LifecycleConfiguration.Rules).toEqual([expect.objectContaining({ ExpirationInDays: 90, Status: 'Enabled' })]);
    expect(logs.PublicAccessBlockConfiguration).toMatchObject({ BlockPublicAcls: true, RestrictPublicBuckets: true });
  });

  it("log every API request, for 90 days", () => {
    const [[, stage]] = ofType(site, 'AWS::ApiGatewayV2::Stage') as [[string, Resource]];
    const logGroup = site[stage.Properties.AccessLogSettings.DestinationArn['Fn::GetAtt'][0]]!;
    expect(logGroup.Properties.RetentionInDays).toBe(90);
  });
});

describe('limits', () => {
  it('throttle each public route on its own, within the stage-wide limit', () => {
    const [[, stage]] = ofType(site, 'AWS::ApiGatewayV2::Stage') as [[string, Resource]];
    const routeKeys = apiRoutes.filter((r) => !('auth' in r && r.auth)).map((r) => `${r.method} ${r.path}`);
    expect(Object.keys(stage.Properties.RouteSettings).sort()).toEqual(routeKeys.sort());
    for (const [key, { rateLimit, burstLimit }] of Object.entries(routeThrottles)) {
      expect(stage.Properties.RouteSettings[key]).toEqual({ ThrottlingRateLimit: rateLimit, ThrottlingBurstLimit: burstLimit });
      expect(rateLimit).toBeLessThanOrEqual(stageThrottle.rateLimit);
    }
    // Fifty clients at their per-minute limit at once still fit under the orders' route throttle.
    expect(routeThrottles['POST /api/forms/{formId}/submissions']!.rateLimit).toBeGreaterThanOrEqual((50 * rateLimits.tokenlessSubmissions) / 60);
  });

  it('keep instances for the public functions alone, unless the context turns that off', () => {
    const reserved = (resources: Record<string, Resource>, stack: SiteStack, handler: string) =>
      resources[logicalId(stack.api.functions[handler]!)]!.Properties.ReservedConcurrentExecutions;
    for (const handler of ['submit-form', 'create-upload', 'start-form', 'list-products']) {
      expect(reserved(site, production.site, handler), handler).toBeGreaterThan(0);
      expect(reserved(cheap.resources, cheap.stack, handler), handler).toBeUndefined();
    }
    expect(reserved(site, production.site, 'admin-orders')).toBeUndefined();
  });

  it("put the web ACL (AWS's common and known-bad-inputs rules, a rate per client on the API's writes) in front of CloudFront", () => {
    const [[, acl]] = ofType(edge, 'AWS::WAFv2::WebACL') as [[string, Resource]];
    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
    const rules = acl.Properties.Rules as Resource['Properties'][];
    expect(rules.map((r) => r.Statement.ManagedRuleGroupStatement?.Name ?? r.Name)).toEqual([
      'ApiWritesPerClient',
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
    ]);
    const rate = rules[0]!.Statement.RateBasedStatement;
    expect(rate).toMatchObject({ Limit: apiWritesPerClient, AggregateKeyType: 'IP' });
    const [path, methods] = rate.ScopeDownStatement.AndStatement.Statements;
    expect(path.ByteMatchStatement).toMatchObject({ SearchString: '/api/', PositionalConstraint: 'STARTS_WITH', FieldToMatch: { UriPath: {} } });
    const counted = methods.OrStatement.Statements.map((m: Resource['Properties']) => m.ByteMatchStatement);
    for (const m of counted) expect(m).toMatchObject({ PositionalConstraint: 'EXACTLY', FieldToMatch: { Method: {} } });
    // Every write route of the API is counted; no read is (the product list is cached, a start token is limited by its function).
    expect(counted.map((m: { SearchString: string }) => m.SearchString).sort()).toEqual([...writeMethods].sort());
    for (const route of apiRoutes) expect(writeMethods.includes(route.method as never), `${route.method} ${route.path}`).toBe(route.method !== 'GET');
    const distribution = ofType(site, 'AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig;
    expect(distribution.WebACLId).toBeDefined();
    expect(ofType(cheap.resources, 'AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig.WebACLId).toBeUndefined();
  });

  it('leave room for a mobile operator’s NAT: WAF blocks an address only well past what the functions let a shared address do', () => {
    // Per address in five minutes, what the functions allow without a start token: orders and upload requests.
    const functionsAllow = 5 * (rateLimits.tokenlessSubmissions + rateLimits.uploads);
    expect(apiWritesPerClient).toBeGreaterThanOrEqual(10 * functionsAllow);
  });
});

describe('the optional domain', () => {
  it("serves the site on it with the us-east-1 certificate, TLS 1.2 at least, and points it at CloudFront", () => {
    const distribution = ofType(site, 'AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig;
    expect(distribution.Aliases).toEqual([domain.name]);
    expect(distribution.ViewerCertificate).toMatchObject({ MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' });
    expect(ofType(edge, 'AWS::CertificateManager::Certificate')[0]![1].Properties).toMatchObject({
      DomainName: domain.name,
      ValidationMethod: 'DNS',
    });
    expect(ofType(site, 'AWS::Route53::RecordSet')[0]![1].Properties).toMatchObject({ Name: `${domain.name}.`, Type: 'A', HostedZoneId: domain.hostedZoneId });
  });

  it('lets only the site’s pages PUT photos to the bucket (CORS), and names it in the mails’ links', () => {
    const cors = ofType(site, 'Custom::AWS').find(([id]) => id.startsWith('UploadsSiteOriginCors'))![1].Properties;
    expect(JSON.stringify(cors.Create)).toContain(String.raw`\"AllowedOrigins\":[\"https://${domain.name}\"]`);
    const worker = site[logicalId(production.site.deliveries.worker)]!.Properties.Environment.Variables;
    expect(worker.SITE_URL).toBe(`https://${domain.name}`);
  });
});

describe('restoring and reattaching', () => {
  const kept = {
    tables: { submissions: 'AgriDealer-prod-DatabaseSubmissions1A2B3C4D-XYZ', products: 'AgriDealer-prod-DatabaseProducts1A2B3C4D-XYZ', media: 'media-restored', content: 'content-restored' },
    uploadsBucket: 'agridealer-prod-uploadsbucket1a2b3c4d-xyz',
    userPoolId: 'eu-west-3_AbCdEf123',
  };
  let attached: { app: App; site: SiteStack; resources: Record<string, Resource> };
  beforeAll(() => {
    const app = productionApp({ attach: JSON.stringify(kept), backup: 'on' });
    attached = { app: app.app, site: app.site, resources: resourcesOf(app.site) };
  });

  it('takes kept tables, photos bucket and user pool by name: none is made again, and nothing is seeded over the staff’s catalogue', () => {
    const tables = ofType(attached.resources, 'AWS::DynamoDB::GlobalTable');
    expect(tables).toHaveLength(Object.keys(production.site.database.tables).length - Object.keys(kept.tables).length);
    const fn = attached.resources[logicalId(attached.site.api.functions['admin-orders']!)]!.Properties.Environment.Variables;
    expect(fn).toMatchObject({ SUBMISSIONS_TABLE: kept.tables.submissions, PRODUCTS_TABLE: kept.tables.products, USER_POOL_ID: kept.userPoolId, UPLOADS_BUCKET: kept.uploadsBucket });
    expect(ofType(attached.resources, 'AWS::Cognito::UserPool')).toEqual([]);
    // The pool keeps its groups and its users' roles; a new client for the admin pages.
    expect(ofType(attached.resources, 'AWS::Cognito::UserPoolGroup')).toEqual([]);
    expect(ofType(attached.resources, 'AWS::Cognito::UserPoolClient')[0]![1].Properties.UserPoolId).toBe(kept.userPoolId);
    expect(ofType(attached.resources, 'AWS::S3::Bucket').map(([id]) => id).filter((id) => id.startsWith('Uploads'))).toEqual([]);
    expect(attached.site.productsSeed).toBeUndefined();
    expect(ofType(attached.resources, 'Custom::AWS').filter(([, r]) => JSON.stringify(r.Properties.Create).includes('BatchWriteItem'))).toHaveLength(0);
  });

  it('finds the kept orders table’s stream at deploy time, and starts the delivery worker from it', () => {
    const [lookupId, lookup] = ofType(attached.resources, 'Custom::AWS').find(([, r]) => JSON.stringify(r.Properties.Create).includes('DescribeTable'))!;
    expect(JSON.stringify(lookup.Properties.Create)).toContain(kept.tables.submissions);
    const [[, mapping]] = ofType(attached.resources, 'AWS::Lambda::EventSourceMapping') as [[string, Resource]];
    expect(mapping.Properties.EventSourceArn).toEqual({ 'Fn::GetAtt': [lookupId, 'Table.LatestStreamArn'] });
    expect(mapping.Properties.FunctionName).toEqual({ Ref: logicalId(attached.site.deliveries.worker) });
  });

  it('lets the new distribution read the kept bucket’s photos and pictures, over TLS only', () => {
    const [[, policy]] = ofType(attached.resources, 'AWS::S3::BucketPolicy').filter(([, p]) => p.Properties.Bucket === kept.uploadsBucket) as [[string, Resource]];
    const statements = policy.Properties.PolicyDocument.Statement as Resource['Properties'][];
    const read = statements.find((statement) => statement.Effect === 'Allow')!;
    expect(read).toMatchObject({ Principal: { Service: 'cloudfront.amazonaws.com' }, Action: 's3:GetObject' });
    expect(JSON.stringify(read.Resource)).toContain('/photos/*');
    expect(JSON.stringify(read.Resource)).toContain('/media/*');
    expect(JSON.stringify(read.Condition)).toContain(logicalId(attached.site.site.distribution));
    expect(statements.find((statement) => statement.Effect === 'Deny')!.Condition).toEqual({ Bool: { 'aws:SecureTransport': 'false' } });
  });

  it('passes the AWS Solutions checks attached and with backups', () => {
    const report = new AwsSolutionsChecks().validateScope(attached.app);
    expect(report.violations.map((v) => `${v.ruleName} ${v.violatingResources.map((r) => r.constructPath).join(', ')}`)).toEqual([]);
  });

  it('copies the business’s tables every day into a vault kept 35 days, with -c backup=on', () => {
    const [[, plan]] = ofType(attached.resources, 'AWS::Backup::BackupPlan') as [[string, Resource]];
    const [rule] = plan.Properties.BackupPlan.BackupPlanRule;
    expect(rule).toMatchObject({ Lifecycle: { DeleteAfterDays: 35 }, ScheduleExpression: expect.stringMatching(/^cron\(/) });
    const [[, selection]] = ofType(attached.resources, 'AWS::Backup::BackupSelection') as [[string, Resource]];
    const resources = JSON.stringify(selection.Properties.BackupSelection.Resources);
    for (const name of Object.values(kept.tables)) expect(resources).toContain(name);
    expect(ofType(attached.resources, 'AWS::Backup::BackupVault')[0]![1].DeletionPolicy).toBe('Retain');
    expect(ofType(site, 'AWS::Backup::BackupPlan')).toEqual([]);
  });

  it('keeps the staff groups with the pool, so that a pool kept by a destroy keeps its users’ roles', () => {
    for (const [, group] of ofType(site, 'AWS::Cognito::UserPoolGroup')) expect(group.DeletionPolicy).toBe('RetainExceptOnCreate');
    expect(ofType(site, 'AWS::Cognito::UserPoolGroup')).toHaveLength(2);
  });

  it('refuses an attach context it cannot read, naming what is wrong', () => {
    expect(attachedFromContext(undefined)).toEqual({ tables: {} });
    expect(attachedFromContext({ tables: { submissions: 'orders' } }).tables.submissions).toBe('orders');
    expect(() => attachedFromContext('{tables')).toThrow('Context attach must be JSON');
    expect(() => attachedFromContext({ tables: { orders: 'x-y-z' } })).toThrow('no table "orders"');
    expect(() => attachedFromContext({ bucket: 'b' })).toThrow('unknown key "bucket"');
    expect(() => attachedFromContext({ userPoolId: 'pool' })).toThrow('userPoolId must be a name');
  });
});

describe('buckets', () => {
  it('keep old versions of the photos for a month, and the photos after a failed first deploy are not orphaned', () => {
    const [, uploads] = ofType(site, 'AWS::S3::Bucket').find(([id]) => id.startsWith('UploadsBucket'))!;
    expect(uploads.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(uploads.Properties.LifecycleConfiguration.Rules).toContainEqual(
      expect.objectContaining({ NoncurrentVersionExpiration: { NoncurrentDays: 30 }, Status: 'Enabled' }),
    );
    expect(uploads.DeletionPolicy).toBe('RetainExceptOnCreate');
    const pool = ofType(site, 'AWS::Cognito::UserPool')[0]![1];
    expect(pool.DeletionPolicy).toBe('RetainExceptOnCreate');
  });

  it('block, encrypt and require TLS on every bucket', () => {
    const buckets = ofType(site, 'AWS::S3::Bucket');
    expect(buckets).toHaveLength(3);
    const policies = ofType(site, 'AWS::S3::BucketPolicy').map(([, p]) => p.Properties);
    for (const [id, bucket] of buckets) {
      expect(bucket.Properties.PublicAccessBlockConfiguration, id).toMatchObject({ BlockPublicAcls: true, BlockPublicPolicy: true });
      expect(bucket.Properties.BucketEncryption, id).toBeDefined();
      const policy = policies.find((p) => JSON.stringify(p.Bucket) === JSON.stringify({ Ref: id }))!;
      expect(JSON.stringify(policy.PolicyDocument), id).toContain('"aws:SecureTransport":"false"');
    }
  });
});
