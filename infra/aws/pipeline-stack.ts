import { CfnOutput, Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { OidcProviderNative, PolicyStatement, Role, WebIdentityPrincipal, type IOidcProvider } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { arnParts } from './nag';

/** GitHub Actions' token issuer, and the audience AWS's credentials action asks for. */
export const githubIssuer = 'token.actions.githubusercontent.com';
export const githubAudience = 'sts.amazonaws.com';

/** The GitHub environments the workflow deploys from (.github/workflows/deploy.yml): one per stage. */
export const pipelineEnvironments = ['dev', 'prod'] as const;

/** The prefix CDK's bootstrap gives its roles (the default qualifier): deploy, file publishing, lookup. */
export const cdkBootstrapRoles = 'cdk-hnb659fds-';

export interface PipelineStackProps extends StackProps {
  /** The GitHub repository, `owner/name` (context `pipelineRepository`). */
  repository: string;
  /** An account has one GitHub provider: the one already there, if any (context `githubOidcProviderArn`). */
  oidcProviderArn?: string;
}

/**
 * What lets the workflow deploy without stored AWS keys: GitHub's OIDC
 * provider and a role that only a job of this repository running in one of
 * its deploy environments can assume, for an hour, and that may only assume
 * CDK's bootstrap roles, which hold the deploy rights (CloudFormation does
 * the rest with its own execution role). One per account, whatever the stage:
 * `npx cdk deploy AgriDealer-pipeline -c pipelineRepository=<owner>/<name>`.
 */
export class PipelineStack extends Stack {
  readonly role: Role;

  constructor(scope: Construct, id: string, props: PipelineStackProps) {
    super(scope, id, props);
    if (!/^[\w.-]+\/[\w.-]+$/.test(props.repository)) {
      throw new Error(`Context pipelineRepository must be <owner>/<name>, got ${JSON.stringify(props.repository)}`);
    }
    const provider: IOidcProvider = props.oidcProviderArn
      ? OidcProviderNative.fromOidcProviderArn(this, 'GitHub', props.oidcProviderArn)
      : new OidcProviderNative(this, 'GitHub', { url: `https://${githubIssuer}`, clientIds: [githubAudience] });

    this.role = new Role(this, 'DeployRole', {
      description: `Deploys the stages from GitHub Actions (${props.repository}, environments ${pipelineEnvironments.join(', ')})`,
      maxSessionDuration: Duration.hours(1),
      assumedBy: new WebIdentityPrincipal(provider.openIdConnectProviderArn, {
        StringEquals: {
          [`${githubIssuer}:aud`]: githubAudience,
          [`${githubIssuer}:sub`]: pipelineEnvironments.map((environment) => `repo:${props.repository}:environment:${environment}`),
        },
      }),
    });
    const { partition, account } = arnParts(this);
    this.role.addToPolicy(
      new PolicyStatement({
        actions: ['sts:AssumeRole'],
        resources: [`arn:${this.partition}:iam::${this.account}:role/${cdkBootstrapRoles}*`],
      }),
    );
    Validations.of(this.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:${partition}:iam::${account}:role/${cdkBootstrapRoles}*]`,
      reason: "CDK's bootstrap roles of each region, named by this prefix with their purpose and region: the deploy rights are theirs (docs/decisions/0023)",
    });
    new CfnOutput(this, 'DeployRoleArn', { key: 'DeployRoleArn', value: this.role.roleArn });
  }
}
