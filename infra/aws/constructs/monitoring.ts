import { Duration } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  TextWidget,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

export interface MonitoringProps {
  /** Names the dashboard. */
  stackName: string;
  httpApi: IHttpApi;
  /** Keyed by handler folder. */
  functions: Record<string, IFunction>;
  /** Alarms made elsewhere (the undelivered orders) that should notify the operator too. */
  alarms: Alarm[];
  /** Who is told when an alarm goes off or comes back (context `alarmEmail`); nobody without it. */
  alarmEmail?: string;
  /** Metrics shown on the dashboard besides the API's and the functions'. */
  extraMetrics: { title: string; metrics: IMetric[] }[];
}

const fiveMinutes = Duration.minutes(5);

/**
 * What tells the operator something is wrong before the dealer does: an SNS
 * topic (with the operator's e-mail), alarms on the API's 5xx answers and on
 * each function's errors and throttles, and a dashboard of them all.
 */
export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.topic = new Topic(this, 'Alarms', { displayName: `${props.stackName} alarms`, enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));

    const serverErrors = props.httpApi.metricServerError({ period: fiveMinutes, statistic: 'Sum' });
    this.alarm('ApiServerErrors', 'The API answered 5xx: see the functions’ logs', serverErrors, 5);

    const functions = Object.entries(props.functions);
    for (const [name, fn] of functions) {
      this.alarm(`${name}Errors`, `${name} failed: see its log group`, fn.metricErrors({ period: fiveMinutes, statistic: 'Sum' }), 1);
      this.alarm(
        `${name}Throttles`,
        `${name} was throttled: a flood, or its reserved concurrency is too low`,
        fn.metricThrottles({ period: fiveMinutes, statistic: 'Sum' }),
        1,
      );
    }
    const notify = new SnsAction(this.topic);
    for (const alarm of [...this.alarms, ...props.alarms]) {
      alarm.addAlarmAction(notify);
      alarm.addOkAction(notify);
    }

    const dashboard = new Dashboard(this, 'Dashboard', { dashboardName: props.stackName, defaultInterval: Duration.days(1) });
    dashboard.addWidgets(
      new TextWidget({ markdown: `# ${props.stackName}\nAPI, functions and deliveries; alarms go to the SNS topic ${this.topic.topicName}.`, width: 24, height: 2 }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'API requests and errors',
        left: [props.httpApi.metricCount({ period: fiveMinutes }), props.httpApi.metricClientError({ period: fiveMinutes }), serverErrors],
        right: [props.httpApi.metricLatency({ period: fiveMinutes, statistic: 'p95' })],
        width: 12,
      }),
      new GraphWidget({
        title: 'Function errors and throttles',
        left: [sumOf(functions.map(([, fn]) => fn.metricErrors({ period: fiveMinutes })), 'Errors')],
        right: [sumOf(functions.map(([, fn]) => fn.metricThrottles({ period: fiveMinutes })), 'Throttles')],
        width: 12,
      }),
      ...props.extraMetrics.map(({ title, metrics }) => new GraphWidget({ title, left: metrics, width: 12 })),
    );
  }

  private alarm(id: string, description: string, metric: IMetric, threshold: number): void {
    this.alarms.push(
      new Alarm(this, id, {
        alarmDescription: description,
        metric,
        threshold,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );
  }
}

function sumOf(metrics: IMetric[], label: string): MathExpression {
  const usingMetrics = Object.fromEntries(metrics.map((metric, index) => [`${label.toLowerCase()}${index}`, metric]));
  return new MathExpression({ expression: Object.keys(usingMetrics).join(' + ') || '0', usingMetrics, label, period: fiveMinutes });
}
