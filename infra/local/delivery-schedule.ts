import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Context, ScheduledEvent } from 'aws-lambda';
import { createDocumentClient } from '../../lambdas/lib/aws-clients';
import { indexOf } from '../../lambdas/lib/tables';

/**
 * Runs the delivery worker (lambdas/functions/deliver-submissions) as AWS does: in AWS
 * the submissions table's stream starts it when a submission is inserted,
 * and a schedule every minute retries what failed. dynalite has no streams,
 * so here the stack looks at the index of undelivered submissions every
 * `pollMs` and starts the worker as soon as one is due: at once for a new
 * submission, at its retry time for a failed one. One run at a time, as the
 * stream runs one batch at a time.
 */

type WorkerHandler = (event: ScheduledEvent, context: Context) => Promise<unknown>;

export interface DeliveryScheduleOptions {
  handler: WorkerHandler;
  /** A Lambda context for one invocation. */
  context(): Context;
  /** Owned by the schedule from now on: destroyed when it stops. */
  dynamoDb: DynamoDBClient;
  submissionsTable: string;
  region: string;
  pollMs: number;
  log(line: string): void;
  /** Called with what each run answered (its DeliveryReport). */
  onRun?(report: unknown): void;
}

export interface DeliverySchedule {
  /** Runs the worker once now (after any run in progress), whatever is due. */
  runNow(): Promise<unknown>;
  /** Stops polling and waits for a run in progress. */
  stop(): Promise<void>;
}

const byDelivery = indexOf('submissions', 'byDelivery');

export function startDeliverySchedule(options: DeliveryScheduleOptions): DeliverySchedule {
  const documents = createDocumentClient(options.dynamoDb);
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const invoke = () => {
    running = running.then(
      () =>
        options.handler(scheduledEvent(options.region), options.context()).then(
          (report) => options.onRun?.(report),
          (error: unknown) => {
            options.log(`[deliveries] run failed: ${(error as Error)?.stack ?? String(error)}`);
          },
        ),
    );
    return running;
  };

  const isDue = async () => {
    const { Items } = await documents.send(
      new QueryCommand({
        TableName: options.submissionsTable,
        IndexName: byDelivery.name,
        KeyConditionExpression: '#due = :due AND #next <= :now',
        ExpressionAttributeNames: { '#due': byDelivery.partitionKey.name, '#next': byDelivery.sortKey!.name },
        ExpressionAttributeValues: { ':due': 'due', ':now': new Date().toISOString() },
        Limit: 1,
      }),
    );
    return (Items?.length ?? 0) > 0;
  };

  let ticking: Promise<void> = Promise.resolve();
  const tick = async () => {
    try {
      if ((await isDue()) && !stopped) await invoke();
    } catch (error) {
      options.log(`[deliveries] could not look for due deliveries: ${(error as Error).message}`);
    }
    schedule(options.pollMs);
  };
  const schedule = (delayMs: number) => {
    if (!stopped) timer = setTimeout(() => (ticking = tick()), delayMs);
  };
  schedule(0);

  return {
    runNow: invoke,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await ticking;
      await running;
      documents.destroy();
    },
  };
}

/** The event an EventBridge schedule sends; the worker does not read it. */
function scheduledEvent(region: string): ScheduledEvent {
  return {
    version: '0',
    id: crypto.randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '000000000000',
    time: new Date().toISOString(),
    region,
    resources: [],
    detail: {},
  };
}
