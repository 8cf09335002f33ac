import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { Certificate, CertificateValidation, type ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import { HostedZone } from 'aws-cdk-lib/aws-route53';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

/**
 * Writes (POST, PUT, PATCH, DELETE under /api/) one client address may send
 * in five minutes before WAF blocks it for a while. Reads are not counted:
 * the product list is served from CloudFront's cache, and a start token per
 * form opened is limited by its function. Sized for a mobile operator's NAT,
 * where hundreds of farmers share one address: the functions limit token-less
 * orders per address and orders with a start token per token
 * (docs/decisions/0011), so this only stops a flood from one address.
 */
export const apiWritesPerClient = 2000;

/** The methods the rate rule counts. */
export const writeMethods = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

export interface EdgeStackProps extends StackProps {
  /** A web ACL in front of CloudFront (context `waf`, on unless `off`). */
  waf: boolean;
  /** The site's own domain and the Route 53 zone holding it (contexts `domainName`, `hostedZoneId`). */
  domain?: { name: string; hostedZoneId: string };
}

/**
 * What CloudFront takes only from us-east-1, whatever the site's region: the
 * WAF web ACL and the certificate of a custom domain. The site stack reads
 * them across regions (CDK's crossRegionReferences).
 */
const byteMatch = (fieldToMatch: CfnWebACL.FieldToMatchProperty, positionalConstraint: string, searchString: string): CfnWebACL.StatementProperty => ({
  byteMatchStatement: { fieldToMatch, positionalConstraint, searchString, textTransformations: [{ priority: 0, type: 'NONE' }] },
});

export class EdgeStack extends Stack {
  readonly webAcl?: CfnWebACL;
  /** The web ACL's metric name, the WebACL dimension of WAF's metrics (infra/aws/edge-alarms-stack.ts). */
  readonly webAclMetricName = `${this.stackName}-web-acl`;
  readonly certificate?: ICertificate;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, { ...props, crossRegionReferences: true });
    if (props.waf) this.webAcl = this.createWebAcl();
    if (props.domain) {
      this.certificate = new Certificate(this, 'Certificate', {
        domainName: props.domain.name,
        validation: CertificateValidation.fromDns(
          HostedZone.fromHostedZoneAttributes(this, 'Zone', { hostedZoneId: props.domain.hostedZoneId, zoneName: props.domain.name }),
        ),
      });
    }
  }

  /** AWS's common and known-bad-inputs rules, and a rate limit per client address on the API's writes. */
  private createWebAcl(): CfnWebACL {
    const visibility = (metricName: string) => ({ cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true });
    const managed = (name: string, priority: number, ruleActionOverrides?: CfnWebACL.RuleActionOverrideProperty[]) => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: { managedRuleGroupStatement: { vendorName: 'AWS', name, ...(ruleActionOverrides && { ruleActionOverrides }) } },
      visibilityConfig: visibility(name),
    });
    const webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(this.webAclMetricName),
      rules: [
        {
          name: 'ApiWritesPerClient',
          priority: 0,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              limit: apiWritesPerClient,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                andStatement: {
                  statements: [
                    byteMatch({ uriPath: {} }, 'STARTS_WITH', '/api/'),
                    { orStatement: { statements: writeMethods.map((method) => byteMatch({ method: {} }, 'EXACTLY', method)) } },
                  ],
                },
              },
            },
          },
          visibilityConfig: visibility('ApiWritesPerClient'),
        },
        // The staff's product editor may send more than the rule set's 8 KB body: counted, not blocked.
        managed('AWSManagedRulesCommonRuleSet', 1, [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }]),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 2),
      ],
    });
    new CfnOutput(this, 'WebAclArn', { value: webAcl.attrArn });
    return webAcl;
  }
}
