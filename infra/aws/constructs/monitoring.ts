import { CfnOutput, Duration, Stack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { CfnBudget } from 'aws-cdk-lib/aws-budgets';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Operation, type ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction, IFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { pascalCase } from '../naming';

export interface MonitoringProps {
  /** Names the dashboard, the alarms and the budget. */
  stackName: string;
  httpApi: IHttpApi;
  /** Keyed by handler folder. */
  functions: Record<string, IFunction>;
  /** The tables: their throttles and DynamoDB's own errors. */
  tables: Record<string, ITableV2>;
  /** The delivery worker, which reads the submissions' stream. */
  deliveryWorker: IFunction;
  /** The site's publisher: how long it runs against its 5 minutes, and the publishes that failed (its error logs). */
  publisher: LambdaFunction;
  /** Whether the staff e-mail is on: SES's bounce and complaint rates are watched then. */
  staffMail: boolean;
  /** Alarms made elsewhere (the undelivered orders), named as `watch` names them, that should notify the operator too. */
  alarms: Alarm[];
  /** Who is told when an alarm goes off or comes back (context `alarmEmail`); nobody without it. */
  alarmEmail?: string;
  /** A monthly budget for the account, in USD (context `monthlyBudgetUsd`): told at 80% spent and at 100% forecast. */
  monthlyBudgetUsd?: number;
  /** Metrics shown on the dashboard besides the API's and the functions'. */
  extraMetrics: { title: string; metrics: IMetric[] }[];
}

const fiveMinutes = Duration.minutes(5);

/** What an alarm watches, past which value, for how long. */
export interface AlarmSpec {
  description: string;
  metric: IMetric;
  threshold: number;
  /** Greater than or equal to the threshold unless said. */
  comparison?: ComparisonOperator;
  /** Out of how many periods, how many must breach (1 of 1 unless said). */
  evaluationPeriods?: number;
  datapointsToAlarm?: number;
}

/**
 * An alarm named `<stack>-<id>` (the name the e-mail shows, and the runbook's
 * entry: docs/operations.md, "Alarms"), telling `topic` when it goes off and
 * when it comes back. No data is no alarm: a metric that is not reported
 * (no traffic, no mail sent) is not a failure.
 */
export function watch(scope: Construct, topic: Topic, id: string, spec: AlarmSpec): Alarm {
  const alarm = new Alarm(scope, id, {
    alarmName: `${Stack.of(scope).stackName}-${id}`,
    alarmDescription: spec.description,
    metric: spec.metric,
    threshold: spec.threshold,
    comparisonOperator: spec.comparison ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    evaluationPeriods: spec.evaluationPeriods ?? 1,
    datapointsToAlarm: spec.datapointsToAlarm,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  notify(alarm, topic);
  return alarm;
}

function notify(alarm: Alarm, topic: Topic): void {
  const action = new SnsAction(topic);
  alarm.addAlarmAction(action);
  alarm.addOkAction(action);
}

/** The operator's SNS topic for alarms, with the e-mail subscription when there is an address. */
export function alarmTopic(scope: Construct, stackName: string, alarmEmail: string | undefined): Topic {
  const topic = new Topic(scope, 'Alarms', { displayName: `${stackName} alarms`, enforceSSL: true });
  if (alarmEmail) topic.addSubscription(new EmailSubscription(alarmEmail));
  // npm run deploy:check finds the topic here, to see whether its e-mail subscription is confirmed.
  new CfnOutput(scope, 'AlarmTopicArn', { key: 'AlarmTopicArn', value: topic.topicArn });
  return topic;
}

/**
 * What tells the operator something is wrong before the dealer does: an SNS
 * topic (with the operator's e-mail); alarms on the API's 5xx answers, each
 * function's errors and throttles, each table's throttles and system errors,
 * the delivery stream's age, the publisher's failures and duration, SES's
 * bounce and complaint rates; a budget; and a dashboard of them all. CloudFront
 * and its WAF report in us-east-1, watched there (infra/aws/edge-alarms-stack.ts).
 */
export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  readonly budget?: CfnBudget;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.topic = alarmTopic(this, props.stackName, props.alarmEmail);
    const alarm = (alarmId: string, spec: AlarmSpec) => this.alarms.push(watch(this, this.topic, alarmId, spec));

    const serverErrors = props.httpApi.metricServerError({ period: fiveMinutes, statistic: 'Sum' });
    alarm('ApiServerErrors', { description: 'The API answered 5xx: see the functions’ logs', metric: serverErrors, threshold: 5 });

    const functions = Object.entries(props.functions);
    for (const [name, fn] of functions) {
      alarm(`${name}Errors`, { description: `${name} failed: see its log group`, metric: fn.metricErrors({ period: fiveMinutes, statistic: 'Sum' }), threshold: 1 });
      alarm(`${name}Throttles`, {
        description: `${name} was throttled: a flood, or its reserved concurrency is too low`,
        metric: fn.metricThrottles({ period: fiveMinutes, statistic: 'Sum' }),
        threshold: 1,
      });
    }

    for (const [name, table] of Object.entries(props.tables)) {
      const table5Minutes = { period: fiveMinutes, statistic: 'Sum' };
      alarm(`${pascalCase(name)}TableThrottles`, {
        description: `DynamoDB throttled reads or writes of the ${name} table`,
        metric: new MathExpression({
          expression: 'reads + writes',
          usingMetrics: { reads: table.metric('ReadThrottleEvents', table5Minutes), writes: table.metric('WriteThrottleEvents', table5Minutes) },
          label: `${name} throttled requests`,
          period: fiveMinutes,
        }),
        threshold: 1,
      });
      alarm(`${pascalCase(name)}TableSystemErrors`, {
        description: `DynamoDB failed requests to the ${name} table on its side (HTTP 500)`,
        metric: table.metricSystemErrorsForOperations({
          operations: [Operation.GET_ITEM, Operation.PUT_ITEM, Operation.UPDATE_ITEM, Operation.QUERY],
          period: fiveMinutes,
        }),
        threshold: 1,
      });
    }

    // The stream starts the worker within a second of a new order; its age grows while the worker cannot take the records.
    alarm('DeliveryStreamIteratorAge', {
      description: 'New orders have waited more than 5 minutes in the submissions stream for the delivery worker',
      metric: props.deliveryWorker.metric('IteratorAge', { period: fiveMinutes, statistic: 'Maximum' }),
      threshold: Duration.minutes(5).toMilliseconds(),
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
    });

    alarm('PublisherDuration', {
      description: 'A publish or render took more than 4 of its 5 minutes: the next larger one may be cut off',
      metric: props.publisher.metricDuration({ period: fiveMinutes, statistic: 'Maximum' }),
      threshold: Duration.minutes(4).toMilliseconds(),
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
    });
    // A publish that fails is recorded for staff and logged, not thrown (the function itself succeeds).
    const publishFailures = new MetricFilter(this, 'PublisherErrorLogs', {
      logGroup: props.publisher.logGroup,
      filterPattern: FilterPattern.stringValue('$.level', '=', 'ERROR'),
      metricNamespace: 'AgriDealer/Publishing',
      metricName: `${props.stackName}-PublisherErrors`,
      metricValue: '1',
    });
    alarm('PublishFailures', {
      description: 'A publish failed (the live site is as it was): see the publisher’s log group',
      metric: publishFailures.metric({ period: fiveMinutes, statistic: 'Sum' }),
      threshold: 1,
    });

    if (props.staffMail) {
      // SES reviews an account past 5% bounces or 0.1% complaints, and may stop its sending past 10% or 0.5%.
      const reputation = (metricName: string) => new Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.hours(1) });
      alarm('SesBounceRate', {
        description: 'More than 5% of the staff e-mails bounced: SES may stop the account sending',
        metric: reputation('Reputation.BounceRate'),
        threshold: 0.05,
        comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
      });
      alarm('SesComplaintRate', {
        description: 'More than 0.1% of the staff e-mails were reported as spam: SES may stop the account sending',
        metric: reputation('Reputation.ComplaintRate'),
        threshold: 0.001,
        comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
      });
    }

    for (const made of props.alarms) notify(made, this.topic);

    if (props.monthlyBudgetUsd !== undefined) this.budget = this.createBudget(props.stackName, props.monthlyBudgetUsd);

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
      new GraphWidget({
        title: 'Deliveries: stream age (ms); the publisher: longest run (ms)',
        left: [props.deliveryWorker.metric('IteratorAge', { period: fiveMinutes, statistic: 'Maximum' })],
        right: [props.publisher.metricDuration({ period: fiveMinutes, statistic: 'Maximum' })],
        width: 12,
      }),
      ...props.extraMetrics.map(({ title, metrics }) => new GraphWidget({ title, left: metrics, width: 12 })),
    );
  }

  /** The account's spend against a monthly amount: told when 80% is spent, and when the month's forecast passes it. */
  private createBudget(stackName: string, amount: number): CfnBudget {
    if (!Number.isFinite(amount) || amount <= 0) throw new Error(`Context monthlyBudgetUsd must be a positive amount in USD, got ${amount}`);
    const account = Stack.of(this).account;
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('budgets.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': account } },
      }),
    );
    const toTopic = [{ subscriptionType: 'SNS', address: this.topic.topicArn }];
    return new CfnBudget(this, 'MonthlyBudget', {
      budget: {
        budgetName: `${stackName}-MonthlyBudget`,
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount, unit: 'USD' },
      },
      notificationsWithSubscribers: [
        { notification: { notificationType: 'ACTUAL', comparisonOperator: 'GREATER_THAN', threshold: 80, thresholdType: 'PERCENTAGE' }, subscribers: toTopic },
        { notification: { notificationType: 'FORECASTED', comparisonOperator: 'GREATER_THAN', threshold: 100, thresholdType: 'PERCENTAGE' }, subscribers: toTopic },
      ],
    });
  }
}

function sumOf(metrics: IMetric[], label: string): MathExpression {
  const usingMetrics = Object.fromEntries(metrics.map((metric, index) => [`${label.toLowerCase()}${index}`, metric]));
  return new MathExpression({ expression: Object.keys(usingMetrics).join(' + ') || '0', usingMetrics, label, period: fiveMinutes });
}
