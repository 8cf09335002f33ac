import { mkdtempSync, rmSync } from 'node:fs';
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
import { apiRequestsPerClient, EdgeStack } from '../../infra/aws/edge-stack';
import { stackName, stageOf } from '../../infra/aws/naming';
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

/** A production-like pair: the edge stack (WAF, certificate) in us-east-1 and the site in Paris, with a domain. */
function productionApp(context: Record<string, unknown> = {}) {
  const app = appWith({ alarmEmail: 'ops@dealer.dz', ...context });
  const edge = new EdgeStack(app, 'AgriDealer-prod-edge', { env: { region: 'us-east-1' }, waf: true, domain });
  const site = new SiteStack(app, stackName('prod'), {
    env: { region: 'eu-west-3' },
    crossRegionReferences: true,
    stage: 'prod',
    edge,
    domain,
    webBuildDir: missingBuild,
  });
  return { app, edge, site };
}

const resourcesOf = (stack: Stack) => Template.fromStack(stack).toJSON().Resources as Record<string, Resource>;
const ofType = (resources: Record<string, Resource>, type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const logicalId = (construct: IConstruct) => Stack.of(construct).getLogicalId(construct.node.defaultChild as CfnFunction);

let production: ReturnType<typeof productionApp>;
let site: Record<string, Resource>;
let edge: Record<string, Resource>;
let cheap: { stack: SiteStack; resources: Record<string, Resource> };

beforeAll(() => {
  production = productionApp();
  site = resourcesOf(production.site);
  edge = resourcesOf(production.edge);
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

  it("put the web ACL (AWS's common and known-bad-inputs rules, a rate per client on /api/*) in front of CloudFront", () => {
    const [[, acl]] = ofType(edge, 'AWS::WAFv2::WebACL') as [[string, Resource]];
    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
    const rules = acl.Properties.Rules as Resource['Properties'][];
    expect(rules.map((r) => r.Statement.ManagedRuleGroupStatement?.Name ?? r.Name)).toEqual([
      'ApiRequestsPerClient',
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
    ]);
    expect(rules[0]!.Statement.RateBasedStatement).toMatchObject({
      Limit: apiRequestsPerClient,
      AggregateKeyType: 'IP',
      ScopeDownStatement: { ByteMatchStatement: { SearchString: '/api/', PositionalConstraint: 'STARTS_WITH' } },
    });
    const distribution = ofType(site, 'AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig;
    expect(distribution.WebACLId).toBeDefined();
    expect(ofType(cheap.resources, 'AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig.WebACLId).toBeUndefined();
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
