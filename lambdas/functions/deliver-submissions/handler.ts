import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';
import type { Context } from 'aws-lambda';
import type { DeliveryChannel } from '../../deliveries/channel';
import { deliveryMetrics, recordDeliveryRun } from '../../deliveries/delivery-metrics';
import { createDeliveryWorker, type DeliveryReport } from '../../deliveries/delivery-worker';
import { emailChannel } from '../../deliveries/email-channel';
import { sheetChannel } from '../../deliveries/sheet-channel';
import { createFormRegistry } from '../../forms/form-registry';
import { createDocumentClient, createDynamoDbClient, createSesClient } from '../../lib/aws-clients';
import { loadConfig, type ApiConfig } from '../../lib/config';
import { createSesMailer } from '../../deliveries/mailer';
import { relayUrlsFrom } from '../../deliveries/relay-urls';
import { createSheetRelay } from '../../deliveries/sheet-relay';
import { searchChannel } from '../../deliveries/search-channel';
import { nobodyToNotify, pushChannel } from '../../deliveries/push-channel';
import { createPushDevicesStore } from '../../deliveries/push-devices-store';
import { pushKeysOf } from '../../deliveries/push-keys';
import { createOrderSearchIndex } from '../../submissions/search-index';
import { createSubmissionsStore } from '../../submissions/submissions-store';

/**
 * The delivery worker: sends what stored submissions still owe (the sheet
 * rows, the staff e-mail when STAFF_EMAILS is set, the entries of the
 * inbox's search, and the notifications on staff phones, signed with the
 * key PUSH_KEY or PUSH_KEY_SECRET gives), with retries. In
 * AWS it runs when submissions are inserted (the table's stream) and every
 * minute (retries); the local stack runs it the same way
 * (infra/local/delivery-schedule.ts). The event's content is not read: every
 * run delivers whatever is due, then reports how long the oldest undelivered
 * submission has waited (the stack alarms on it).
 */

const config = loadConfig();
const logger = new Logger({ serviceName: 'order-requests' });
const metrics = new Metrics({ namespace: deliveryMetrics.namespace, serviceName: 'order-requests', defaultDimensions: { stage: config.stage } });
/** Time kept back at the end of an invocation, for the last relay call to finish. */
function reserveMs(relayTimeoutMs: number): number {
  return relayTimeoutMs + 5_000;
}
/** How long a failed write of a delivery's state is tried again. */
const settleRetryMs = 15_000;

const warn = (message: string, details?: Record<string, unknown>) => logger.warn(message, { ...details });
const documents = createDocumentClient(createDynamoDbClient(config));
const forms = createFormRegistry(config.formSchemasDir);
const schemaOf = async (formId: string) => (await forms.get(formId))?.schema;
const deliverDue = createDeliveryWorker({
  store: createSubmissionsStore(documents, config.submissionsTable),
  channels: [
    searchChannel({ index: createOrderSearchIndex(documents, config, schemaOf), schemaOf }),
    sheetChannel(createSheetRelay(relayUrlsFrom(config), config.relayTimeoutMs), {
      maxBytesPerCall: config.relayMaxCallBytes,
      readBack: config.relayReadBack,
      warn,
    }),
    ...staffMailChannel(config),
    staffPhonesChannel(config),
  ],
  // A run starts no batch after its deadline; its claims outlive the last call and the writes that follow.
  claimGraceMs: reserveMs(config.relayTimeoutMs) + settleRetryMs,
  settleRetryMs,
  warn,
});

/**
 * Asked to stop (SIGTERM: the runtime shutting down, the local stack
 * stopping): the run in progress starts no new call, writes down the outcome
 * of the one in flight and gives back what it claimed. Later runs start and
 * end at once.
 */
const stopping = new AbortController();
process.once('SIGTERM', () => stopping.abort());

function staffMailChannel(config: ApiConfig): DeliveryChannel[] {
  if (!config.staffMail) return [];
  const { to, from, ...mail } = config.staffMail;
  return [
    emailChannel({
      mailer: createSesMailer(createSesClient(config), from),
      to,
      schemaOf,
      ...mail,
    }),
  ];
}

function staffPhonesChannel(config: ApiConfig): DeliveryChannel {
  if (!config.push) return nobodyToNotify;
  return pushChannel({
    devices: createPushDevicesStore(documents, config.contentTable),
    keys: pushKeysOf(config),
    contact: config.push.contact,
    schemaOf,
    warn,
  });
}

export async function handler(_event: unknown, context: Context): Promise<DeliveryReport> {
  logger.addContext(context);
  const deadline = Date.now() + context.getRemainingTimeInMillis() - reserveMs(config.relayTimeoutMs);
  const report = await deliverDue({ deadline, stop: stopping.signal });
  if (report.claimed > 0 || report.undelivered > 0) logger.info('Delivery run', { ...report });
  // Every run, even an idle one: the alarm on undelivered orders reads the age each minute.
  recordDeliveryRun(metrics, report, Date.now());
  metrics.publishStoredMetrics();
  return report;
}
