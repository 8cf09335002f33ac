import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { ComparisonOperator, MathExpression, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import { alarmTopic, watch } from './constructs/monitoring';

export interface EdgeAlarmsStackProps extends StackProps {
  /** The site's distribution (made in the site's region, read across regions). */
  distributionId: string;
  /** The metric name of the WAF web ACL in front of it (infra/aws/edge-stack.ts), when there is one: WAF's metrics carry it. */
  webAclMetricName?: string;
  /** Who is told of these alarms (context `alarmEmail`): a second subscription to confirm, in us-east-1. */
  alarmEmail?: string;
}

/** Below this many requests in five minutes, the 5xx rate is not judged: two errors of three requests are no outage. */
export const cloudFrontRequestsToJudge = 20;
/** WAF blocks past which someone should look: an attack, or real visitors refused. */
export const wafBlocksToLookAt = 500;

const fiveMinutes = Duration.minutes(5);

/**
 * What watches the edge: CloudFront and WAF report their metrics in
 * us-east-1 only, and an alarm lives in its metric's region, with a topic of
 * that region. Deployed after the site stack, whose distribution it reads;
 * made with the edge stack (a WAF or a domain).
 */
export class EdgeAlarmsStack extends Stack {
  constructor(scope: Construct, id: string, props: EdgeAlarmsStackProps) {
    super(scope, id, { ...props, crossRegionReferences: true });
    const topic = alarmTopic(this, this.stackName, props.alarmEmail);

    const cloudFront = (metricName: string, statistic: string) =>
      new Metric({ namespace: 'AWS/CloudFront', metricName, dimensionsMap: { DistributionId: props.distributionId, Region: 'Global' }, statistic, period: fiveMinutes });
    watch(this, topic, 'CloudFront5xxRate', {
      description: `More than 5% of the site's answers were errors (5xx) for 10 of 15 minutes, with at least ${cloudFrontRequestsToJudge} requests each 5 minutes`,
      metric: new MathExpression({
        expression: `IF(requests >= ${cloudFrontRequestsToJudge}, rate, 0)`,
        usingMetrics: { requests: cloudFront('Requests', 'Sum'), rate: cloudFront('5xxErrorRate', 'Average') },
        label: '5xx error rate (%)',
        period: fiveMinutes,
      }),
      threshold: 5,
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
    });

    if (props.webAclMetricName) {
      watch(this, topic, 'WafBlockedRequests', {
        description: `WAF blocked more than ${wafBlocksToLookAt} requests in 5 minutes: an attack, or farmers refused (its sampled requests say which)`,
        metric: new Metric({ namespace: 'AWS/WAFV2', metricName: 'BlockedRequests', dimensionsMap: { WebACL: props.webAclMetricName, Rule: 'ALL' }, statistic: 'Sum', period: fiveMinutes }),
        threshold: wafBlocksToLookAt,
        comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
      });
    }
  }
}
