// Runs the delivery worker (lambdas/functions/deliver-submissions) for the local stack
// in its own node process, as AWS runs it in its own function: its claims,
// mails and relay calls do not share the API's thread. Settings come as JSON
// in DELIVERY_SETTINGS; the handler reads the environment the stack set.
// Messages from the stack: { type: 'runNow', id }; to it: ready, ran (with
// the id), report (each run's), log. SIGTERM (the stack stopping) ends it
// once the run in progress has finished; the worker, told by the same
// signal, starts no new relay call in that run.
import { createLambdaContext } from './api-gateway-adapter';
import { startDeliverySchedule } from './delivery-schedule';
import { createDynamoDbClient } from './dynamodb';
import type { DeliveryChildMessage, DeliveryParentMessage, DeliverySettings } from './delivery-process';

const settings = JSON.parse(process.env.DELIVERY_SETTINGS ?? '{}') as DeliverySettings;
const send = (message: DeliveryChildMessage) => process.send?.(message);
const { handler } = (await import('../../lambdas/functions/deliver-submissions/handler')) as {
  handler: Parameters<typeof startDeliverySchedule>[0]['handler'];
};

const schedule = startDeliverySchedule({
  handler,
  context: () => createLambdaContext({ functionName: settings.functionName, region: settings.region, timeoutMs: settings.timeoutMs }),
  dynamoDb: createDynamoDbClient(settings.dynamoDbEndpoint),
  submissionsTable: settings.submissionsTable,
  region: settings.region,
  pollMs: settings.pollMs,
  log: (line) => send({ type: 'log', line }),
  onRun: (report) => send({ type: 'report', report }),
});

let stopping = false;
process.on('message', (message: DeliveryParentMessage) => {
  if (message.type !== 'runNow') return;
  if (stopping) send({ type: 'ran', id: message.id });
  else void schedule.runNow().then(() => send({ type: 'ran', id: message.id }));
});
process.once('SIGTERM', () => {
  stopping = true;
  void schedule.stop().finally(() => process.exit(0));
});
send({ type: 'ready' });
