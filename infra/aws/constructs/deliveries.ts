import { Duration, Stack } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { deliveryMetrics } from '../../../lambdas/deliveries/delivery-metrics';
import type { StaffMailConfig } from '../../../lambdas/lib/config';
import { indexOf } from '../../../lambdas/lib/tables';
import { createHandlerFunction } from './handler-function';
import { grantOnTable } from './grants';

export interface DeliveriesProps {
  /** The submissions table, with its stream. */
  submissions: ITableV2;
  /** The inbox's search index: the worker writes each new order's entries. */
  orderSearch: ITableV2;
  environment: Record<string, string>;
  /** The staff e-mail, when configured: the worker may send as `from`, to `to`, through SES. */
  staffMail?: Pick<StaffMailConfig, 'from' | 'to'>;
  /** The metrics' dimensions: the handlers' Powertools serviceName and the stage (STAGE). */
  metricDimensions: { service: string; stage: string };
  /** How long an order may wait for a delivery before the alarm goes off. */
  undeliveredAlarmAfter: Duration;
}

/**
 * The delivery worker (lambdas/functions/deliver-submissions): sends the sheet rows of
 * stored submissions and, when configured, the staff e-mail, retrying what
 * failed (docs/decisions/0002). It starts
 * when a submission is inserted (the table's stream, a second at most after
 * the first insert of a burst) and every minute (the retries).
 */
export class Deliveries extends Construct {
  readonly worker: NodejsFunction;
  /** In alarm while an order has waited for its row or its mail longer than allowed. */
  readonly undeliveredAlarm: Alarm;
  /** In alarm while the sheet has refused an order's row on its own, until staff send it again. */
  readonly needingStaffAlarm: Alarm;

  constructor(scope: Construct, id: string, { submissions, orderSearch, environment, staffMail, metricDimensions, undeliveredAlarmAfter }: DeliveriesProps) {
    super(scope, id);
    this.worker = createHandlerFunction(this, {
      handler: 'deliver-submissions',
      description: 'Delivers stored submissions to the sheet, the staff e-mail and the inbox search, with retries',
      environment,
      timeout: Duration.seconds(60),
      formSchemas: true,
    });

    // It finds due submissions on their index, claims and settles each one by a conditional update.
    grantOnTable(this.worker, { submissions }, 'submissions', 'dynamodb:UpdateItem');
    // Writes each order's search entries.
    grantOnTable(this.worker, { orderSearch }, 'orderSearch', 'dynamodb:BatchWriteItem');
    this.worker.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:Query'],
        resources: [`${submissions.tableArn}/index/${indexOf('submissions', 'byDelivery').name}`],
      }),
    );

    if (staffMail) this.worker.addToRolePolicy(sendMailStatement(Stack.of(this), staffMail));

    this.worker.addEventSource(
      new DynamoEventSource(submissions, {
        startingPosition: StartingPosition.LATEST,
        batchSize: 100,
        maxBatchingWindow: Duration.seconds(1),
        retryAttempts: 2,
        filters: [FilterCriteria.filter({ eventName: FilterRule.isEqual('INSERT') })],
      }),
    );
    new Rule(this, 'EveryMinute', {
      description: 'Retries the deliveries that failed',
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [new LambdaFunction(this.worker)],
    });

    // Each run reports the oldest undelivered order's age (lambdas/deliveries/delivery-metrics.ts), at least every minute.
    this.undeliveredAlarm = new Alarm(this, 'UndeliveredOrders', {
      alarmName: `${Stack.of(this).stackName}-UndeliveredOrders`,
      alarmDescription: `An order has waited more than ${undeliveredAlarmAfter.toMinutes()} minutes for its sheet row or staff e-mail: see the inbox's undelivered orders and the relay`,
      metric: new Metric({
        namespace: deliveryMetrics.namespace,
        metricName: deliveryMetrics.oldestUndeliveredAge,
        dimensionsMap: metricDimensions,
        statistic: 'Maximum',
        period: Duration.minutes(1),
      }),
      threshold: undeliveredAlarmAfter.toSeconds(),
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      // No data means the worker did not run: that is no age, and not what this alarm watches.
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    this.needingStaffAlarm = new Alarm(this, 'OrdersNeedingStaff', {
      alarmName: `${Stack.of(this).stackName}-OrdersNeedingStaff`,
      alarmDescription:
        "The sheet's relay refused an order's row on its own (the others were delivered): open the order in the inbox, read the relay's answer, and send it again",
      metric: new Metric({
        namespace: deliveryMetrics.namespace,
        metricName: deliveryMetrics.needingStaff,
        dimensionsMap: metricDimensions,
        statistic: 'Maximum',
        period: Duration.minutes(5),
      }),
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }
}

/**
 * SendEmail as the configured sender only. SES authorizes it on the sender's
 * identity (its address or its domain, whichever was verified) and, while the
 * account is in the SES sandbox, on each recipient's identity too.
 */
function sendMailStatement(stack: Stack, { from, to }: Pick<StaffMailConfig, 'from' | 'to'>): PolicyStatement {
  const identities = new Set([from, ...to].flatMap((address) => [address, address.split('@')[1]!]));
  return new PolicyStatement({
    actions: ['ses:SendEmail'],
    resources: [...identities].map((identity) => stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity })),
    conditions: { StringEquals: { 'ses:FromAddress': from } },
  });
}
