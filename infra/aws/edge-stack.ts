import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { Certificate, CertificateValidation, type ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import { HostedZone } from 'aws-cdk-lib/aws-route53';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

/** Requests one client address may make to /api/* in five minutes before WAF blocks it for a while. */
export const apiRequestsPerClient = 500;

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
export class EdgeStack extends Stack {
  readonly webAcl?: CfnWebACL;
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

  /** AWS's common and known-bad-inputs rules, and a rate limit per client address on the API. */
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
      visibilityConfig: visibility(`${this.stackName}-web-acl`),
      rules: [
        {
          name: 'ApiRequestsPerClient',
          priority: 0,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              limit: apiRequestsPerClient,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'STARTS_WITH',
                  searchString: '/api/',
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
            },
          },
          visibilityConfig: visibility('ApiRequestsPerClient'),
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
