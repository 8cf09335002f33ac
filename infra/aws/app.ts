import { App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { EdgeAlarmsStack } from './edge-alarms-stack';
import { EdgeStack } from './edge-stack';
import { stackName, stageOf } from './naming';
import { PipelineStack } from './pipeline-stack';
import { SiteStack } from './site-stack';

// `cdk synth` / `cdk deploy` entry (see cdk.json). `-c stage=<name>` (default dev) names the stacks
// and so every resource: stages live side by side in one account. The region comes from the
// environment (AWS_REGION); the account from the profile, when there is one.
const app = new App();
const stage = stageOf(app.node.tryGetContext('stage'));
const context = (key: string): string | undefined => {
  const value: unknown = app.node.tryGetContext(key);
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
};
const waf = context('waf') ?? 'on';
if (waf !== 'on' && waf !== 'off') throw new Error(`Context waf must be "on" or "off", got ${JSON.stringify(waf)}`);
const domainName = context('domainName');
const hostedZoneId = context('hostedZoneId');
if (Boolean(domainName) !== Boolean(hostedZoneId)) throw new Error('Contexts domainName and hostedZoneId go together');
const domain = domainName && hostedZoneId ? { name: domainName, hostedZoneId } : undefined;

const account = process.env.CDK_DEFAULT_ACCOUNT;
// Not CDK_DEFAULT_REGION: the CLI sets it to us-east-1 when nothing says which region, and that would be written in.
const region = process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
// CloudFront takes its web ACL and certificate from us-east-1 only: a second stack there, read across regions.
const edge =
  waf === 'on' || domain
    ? new EdgeStack(app, `${stackName(stage)}-edge`, {
        description: `CloudFront's web ACL and certificate for ${stackName(stage)}`,
        env: { account, region: 'us-east-1' },
        waf: waf === 'on',
        domain,
      })
    : undefined;
if (edge && !region) {
  console.error('No AWS region: set AWS_REGION (e.g. AWS_REGION=eu-west-3 npm run synth). Without WAF or domain (-c waf=off) the stack is region-agnostic.');
  process.exit(1);
}
const site = new SiteStack(app, stackName(stage), {
  description: `Agricultural machinery catalogue and order requests (${stage})`,
  env: { account, region },
  crossRegionReferences: edge !== undefined,
  stage,
  edge,
  domain,
});
// CloudFront and WAF report in us-east-1: their alarms live there, once the distribution exists.
if (edge) {
  new EdgeAlarmsStack(app, `${stackName(stage)}-edge-alarms`, {
    description: `Alarms on CloudFront's errors and WAF's blocks for ${stackName(stage)}`,
    env: { account, region: 'us-east-1' },
    distributionId: site.site.distribution.distributionId,
    webAclMetricName: edge.webAcl && edge.webAclMetricName,
    alarmEmail: context('alarmEmail'),
  });
}
// The deploy role of the GitHub Actions workflow, once per account, when asked for.
const pipelineRepository = context('pipelineRepository');
if (pipelineRepository) {
  new PipelineStack(app, 'AgriDealer-pipeline', {
    description: 'The role GitHub Actions deploys the stages with (.github/workflows/deploy.yml)',
    env: { account, region },
    repository: pipelineRepository,
    oidcProviderArn: context('githubOidcProviderArn'),
  });
}
Tags.of(app).add('project', 'agri-dealer');
Tags.of(app).add('stage', stage);
// The AWS Solutions checks run on every synth; an unacknowledged error fails it.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
