/**
 * npm run bench:orders — sends N order requests (default 5,000) at
 * concurrency C (default 50) over the forms that need no photo, to a local
 * stack of its own (temporary data folder, free ports, the relay's quota of
 * 60 appends a minute), with the relay off from the first order until every
 * order is answered (and at least S seconds): the whole run waits as a
 * backlog. It measures how long the backlog takes to reach the sheets after
 * the relay's return, then checks the sheets and the table order by order. In the
 * same run, before the orders and again after them, it measures raw DynamoDB
 * PutItem at the same concurrency, with items of the same size and shape into
 * a table with the submissions table's keys and indexes, and gives the ratio
 * between the two.
 *
 * Options (or environment): --orders N (BENCH_ORDERS), --concurrency C
 * (BENCH_CONCURRENCY), --outage-seconds S (BENCH_OUTAGE_SECONDS, default 60,
 * 0 for no outage), RELAY_WRITES_PER_MINUTE (default 60).
 *
 * Targets: every order accepted, none missing or duplicated, every row in
 * the sheet within 60 s of the relay's return, submit throughput at
 * least half of raw PutItem. A benchmark, not a test: it prints the table,
 * writes perf-results/orders.md and .json, and fails nothing.
 */
import { CreateTableCommand, DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, PutCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDocumentClient } from '../../lambdas/lib/aws-clients';
import { createSubmissionsStore } from '../../lambdas/submissions/submissions-store';
import { tableDefinitions } from '../../lambdas/lib/tables';
import { fingerprint, indexAttributes, newSubmission } from '../../lambdas/submissions/record';
import { createDynamoDbClient, createTableInput } from '../../infra/local/dynamodb';
import { readMails } from '../../infra/local/mailbox';
import { relayStats, setRelayFailure } from '../../tests/support/faults';
import { startTestStack } from '../../tests/support/local-stack';
import { sheetRows } from '../../tests/support/sheets';
import { removeTempDir } from '../../tests/support/temp-dir';
import { contactFields } from '../../shared/forms/fields';
import type { FormData, FormSchema } from '../../shared/forms/form-schema';
import { listFormIds, loadBundledFormSchema } from '../../shared/forms/schema-files';
import { imageFields } from '../../shared/forms/uploads';
import { repoRoot } from '../../infra/paths';
import { measureDeliveryFaults } from './lib/delivery-faults';

const { values: flags } = parseArgs({
  options: {
    orders: { type: 'string' },
    concurrency: { type: 'string' },
    'outage-seconds': { type: 'string' },
  },
});
const count = (flag: string | undefined, env: string, fallback: number) => {
  const value = Number(flag ?? process.env[env] ?? fallback);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${env} must be a whole number, got "${flag ?? process.env[env]}"`);
  return value;
};
const orders = count(flags.orders, 'BENCH_ORDERS', 5_000);
const concurrency = Math.max(1, count(flags.concurrency, 'BENCH_CONCURRENCY', 50));
const outageMs = count(flags['outage-seconds'], 'BENCH_OUTAGE_SECONDS', 60) * 1000;
const relayWritesPerMinute = count(undefined, 'RELAY_WRITES_PER_MINUTE', 60);

/**
 * The orders' client: node:http with keep-alive connections, one per order
 * in flight, as the SDK's client sends the raw PutItems (fetch would cost
 * the load generator, which shares a core with the stack, twice as much).
 */
const ordersAgent = new Agent({ keepAlive: true, maxSockets: concurrency });
/** How long the bench waits for the last delivery before it counts what is missing. */
const deliveryTimeoutMs = 10 * 60_000;
const deliveryTargetMs = 60_000;
const warmUpCount = Math.min(500, orders);

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';
// Measured is the order path itself: the bench's own requests are not a bot's.
process.env.ANTI_SPAM = 'off';

const formSchemasDir = path.join(repoRoot, 'form-schemas');
const forms = await benchForms();
const runId = randomUUID().slice(0, 8);
/** A name no one else uses, found again in the row of any form's sheet. */
const benchName = (index: number) => `Bench ${runId} ${index}`;
const namePattern = new RegExp(`^Bench ${runId} (\\d+)$`);

/** Per run of the delivery worker that sent rows: how long they stayed unconfirmed (the window for a second row). */
const unconfirmedRowsMs: number[] = [];
const { stack, dataDir, logs } = await startTestStack({
  relayWritesPerMinute,
  onDeliveryRun: (run) => {
    if (run.unconfirmedMs.sheet !== undefined) unconfirmedRowsMs.push(run.unconfirmedMs.sheet);
  },
});
const documents = createDocumentClient(createDynamoDbClient(stack.endpoints.dynamoDb));
process.once('SIGINT', () => {
  console.log('Stopping…');
  void stack.stop().then(() => removeTempDir(dataDir)).finally(() => process.exit(130));
});
const report: Record<string, string> = {};
let submitsDone = false;
const results: Record<string, unknown> = {};

try {
  console.log(`bench:orders: ${orders} orders at concurrency ${concurrency} over ${forms.length} forms (${availableParallelism()} cores)`);

  // 0. A warm-up of both paths (JIT, connections), not counted; its deliveries are over before the rest.
  await pool(warmUpCount, concurrency, async (index) => void (await sendOrder(index, `Warm-up ${runId} ${index}`)));
  await rawPutItem('warm-up', warmUpCount);
  await waitForDeliveries(0);

  // 1. Raw PutItem: the same items (size, shape, index attributes) into a table like `submissions`,
  // before the orders and again after them (this machine is shared: the mean evens out its load).
  const before = await rawPutItem('before');
  console.log(`raw PutItem: ${before.toFixed(0)} puts/s`);

  // 2. The orders, through the API, with the relay off until they are all answered: a backlog.
  const relayStatsBefore = await relayStats(stack.endpoints.relay);
  const outage: { startedAt?: number; endedAt?: number } = {};
  const outageOver = outageMs > 0 ? relayOutage(outage) : Promise.resolve();
  const latencies: number[] = [];
  const accepted = new Map<string, number>();
  const refused: Record<string, number> = {};
  const startedAt = performance.now();
  await pool(orders, concurrency, async (index) => {
    const sent = performance.now();
    const { submissionId, status } = await sendOrder(index, benchName(index));
    latencies.push(performance.now() - sent);
    if (status === '201') accepted.set(submissionId, index);
    else refused[status] = (refused[status] ?? 0) + 1;
  });
  const submitMs = performance.now() - startedAt;
  const perSecond = accepted.size / (submitMs / 1000);
  console.log(`orders: ${accepted.size} accepted in ${(submitMs / 1000).toFixed(1)} s, ${perSecond.toFixed(0)}/s`);

  // 3. Every delivery, then the sheets and the table, order by order.
  submitsDone = true;
  await outageOver;
  const delivered = await waitForDeliveries(accepted.size);
  const after = await rawPutItem('after');
  console.log(`raw PutItem again: ${after.toFixed(0)} puts/s`);
  const baseline = { perSecond: (before + after) / 2 };
  const rows = await benchRows();
  const stored = await storedIds([...accepted.keys()]);
  const mails = (await readMails(stack.mailDir)).filter((mail) => mail.subject.includes(`Bench ${runId} `)).length;
  const relay = await relayStats(stack.endpoints.relay);
  const relayCalls = relay.appends + relay.refused - (relayStatsBefore.appends + relayStatsBefore.refused);
  const acceptedIndexes = new Set(accepted.values());
  const missing = [...acceptedIndexes].filter((index) => (rows.get(index) ?? 0) === 0).length;
  const duplicated = [...rows.values()].reduce((sum, copies) => sum + Math.max(0, copies - 1), 0);
  const relayBack = outage.endedAt ?? startedAt;
  const lastRowAfterReturnMs = delivered.rowsAt === undefined ? undefined : delivered.rowsAt - relayBack;
  const percentile = percentiles(latencies);
  const window = percentiles(unconfirmedRowsMs);
  const ratio = perSecond / baseline.perSecond;

  Object.assign(results, {
    date: new Date().toISOString(),
    orders,
    concurrency,
    forms: forms.map((form) => form.id),
    cores: availableParallelism(),
    relayWritesPerMinute,
    outageMs,
    accepted: accepted.size,
    refused,
    rowsInSheets: [...rows.values()].reduce((sum, copies) => sum + copies, 0),
    stored: stored.size,
    missing,
    duplicated,
    mails,
    submitSeconds: submitMs / 1000,
    ordersPerSecond: perSecond,
    latencyMs: { p50: percentile(50), p95: percentile(95), p99: percentile(99) },
    rawPutItemPerSecond: { before, after, mean: baseline.perSecond },
    ratio,
    lastRowAfterRelayReturnMs: lastRowAfterReturnMs,
    allDeliveredAfterRelayReturnMs: delivered.allAt === undefined ? undefined : delivered.allAt - relayBack,
    relayCallsPer1000Orders: (relayCalls / accepted.size) * 1000,
    relayCalls: { appended: relay.appends - relayStatsBefore.appends, refused: relay.refused - relayStatsBefore.refused },
    duplicateWindowMs: { runs: unconfirmedRowsMs.length, p50: window(50), max: window(100) },
  });
  const ms = (value: number) => `${Math.round(value)} ms`;
  const seconds = (value: number | undefined) => (value === undefined ? 'not within 10 min' : `${(value / 1000).toFixed(1)} s`);
  const refusedText = Object.entries(refused).map(([status, n]) => `${n} × ${status}`).join(', ') || '0';
  Object.assign(report, {
    'orders sent': `${orders} at concurrency ${concurrency}, ${forms.length} forms`,
    accepted: `${accepted.size}${accepted.size === orders ? '' : ' (target: all)'}`,
    refused: refusedText,
    'rows in the sheets': String(results.rowsInSheets),
    'stored orders': String(stored.size),
    missing: `${missing} (target 0)`,
    duplicated: `${duplicated} (target 0)`,
    'staff mails': String(mails),
    'submit throughput': `${perSecond.toFixed(0)} orders/s`,
    'latency p50 / p95 / p99': `${ms(percentile(50))} / ${ms(percentile(95))} / ${ms(percentile(99))}`,
    'raw PutItem (same run, same concurrency)': `${baseline.perSecond.toFixed(0)} puts/s (${before.toFixed(0)} before the orders, ${after.toFixed(0)} after)`,
    'submit ÷ raw PutItem': `${ratio.toFixed(2)} (target ≥ 0.5)`,
    'relay outage': outage.endedAt && outage.startedAt ? `${((outage.endedAt - outage.startedAt) / 1000).toFixed(0)} s, from the first order to the last answer (at least ${outageMs / 1000} s)` : 'none',
    'backlog in the sheets after the relay returned': `${seconds(lastRowAfterReturnMs)} (target ≤ ${deliveryTargetMs / 1000} s)`,
    'every delivery (rows and mails) done after': seconds(delivered.allAt === undefined ? undefined : delivered.allAt - relayBack),
    'relay calls per 1,000 orders': `${((relayCalls / accepted.size) * 1000).toFixed(1)} (${relay.appends - relayStatsBefore.appends} appended, ${relay.refused - relayStatsBefore.refused} refused; quota ${relayWritesPerMinute || 'none'}/min)`,
    'rows unconfirmed after the relay took them (second-row window)': `median ${ms(window(50))}, max ${ms(window(100))} over ${unconfirmedRowsMs.length} worker runs`,
  });
} finally {
  documents.destroy();
  ordersAgent.destroy();
  await stack.stop();
  await removeTempDir(dataDir);
}

// 4. The faults that could send a row twice, each on a stack of its own.
console.log('faults during a relay call:');
const faultResults = await measureDeliveryFaults((line) => console.log(`  ${line}`));
results.faults = faultResults;
for (const fault of faultResults.filter((result) => result.readBack)) {
  const baseline = faultResults.find((result) => !result.readBack && result.fault === fault.fault);
  report[`duplicates: ${fault.fault}`] =
    `${fault.duplicated} of ${fault.orders} orders (target 0; ${baseline?.duplicated ?? '?'} without read-back)${fault.missing > 0 ? `, ${fault.missing} missing` : ''}; every row confirmed ${((fault.deliveredAfterMs ?? 0) / 1000).toFixed(1)} s after the fault`;
}

const table = [
  `bench:orders, ${new Date().toISOString().slice(0, 10)}, local stack, Node ${process.versions.node}, ${availableParallelism()} cores`,
  '',
  '| measure | value |',
  '|---|---|',
  ...Object.entries(report).map(([measure, value]) => `| ${measure} | ${value} |`),
].join('\n');
console.log(`\n${table}`);
const out = path.join(repoRoot, 'perf-results');
await mkdir(out, { recursive: true });
await writeFile(path.join(out, 'orders.md'), `${table}\n`);
await writeFile(path.join(out, 'orders.json'), `${JSON.stringify(results, null, 2)}\n`);
if (logs.some((line) => line.includes('run failed'))) console.log(logs.filter((line) => line.includes('run failed')).join('\n'));

interface BenchForm {
  id: string;
  schema: FormSchema;
  /** The form's example without photos. */
  data: FormData;
  nameField: string;
}

/** Every inbox form that can be sent without a photo, with its example's photos left out. */
async function benchForms(): Promise<BenchForm[]> {
  const found: BenchForm[] = [];
  for (const id of await listFormIds(formSchemasDir)) {
    const schema = (await loadBundledFormSchema(formSchemasDir, id))!;
    const photos = imageFields(schema);
    const nameField = contactFields(schema).name;
    if (schema['x-store'].list !== 'inbox' || !nameField || photos.some((field) => field.minItems > 0)) continue;
    const data: FormData = { ...schema.examples[0] };
    for (const field of photos) delete data[field.name];
    found.push({ id, schema, data, nameField });
  }
  return found;
}

/** Sends the order of that index under that name, as a browser does; answers its id and the HTTP status (or the error). */
async function sendOrder(index: number, name: string): Promise<{ submissionId: string; status: string }> {
  const form = forms[index % forms.length]!;
  const submissionId = randomUUID();
  const body = JSON.stringify({ submissionId, data: { ...form.data, [form.nameField]: name } });
  try {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${stack.siteUrl}/api/forms/${form.id}/submissions`,
        {
          method: 'POST',
          agent: ordersAgent,
          headers: { 'content-type': 'application/json', 'accept-language': 'fr', 'content-length': Buffer.byteLength(body) },
        },
        (res) => res.resume().once('end', () => resolve(res.statusCode ?? 0)),
      );
      req.once('error', reject);
      req.end(body);
    });
    return { submissionId, status: String(status) };
  } catch (error) {
    return { submissionId, status: (error as Error).message };
  }
}

/** Runs `task(0 … total-1)`, `concurrency` at a time. */
async function pool(total: number, width: number, task: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < total) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(width, total) }, worker));
}

/** Puts per second. */
async function rawPutItem(label: string, count = orders): Promise<number> {
  const table = `bench-submissions-${runId}-${label}`;
  const client = createDynamoDbClient(stack.endpoints.dynamoDb);
  await client.send(new CreateTableCommand(createTableInput(table, tableDefinitions.submissions)));
  try {
    // The items the API would store for the same orders.
    const items = Array.from({ length: count }, (_, index) => {
      const form = forms[index % forms.length]!;
      const data = { ...form.data, [form.nameField]: benchName(index) };
      const submission = newSubmission({
        formId: form.id,
        schema: form.schema,
        orderId: randomUUID(),
        language: 'fr',
        data,
        fingerprint: fingerprint(data),
        createdAt: new Date().toISOString(),
        deliveries: stack.staffEmails.length > 0 ? ['sheet', 'email'] : ['sheet'],
      });
      return { ...submission, ...indexAttributes(submission, form.schema) };
    });
    const started = performance.now();
    await pool(count, concurrency, async (index) => {
      await documents.send(new PutCommand({ TableName: table, Item: items[index], ConditionExpression: 'attribute_not_exists(orderId)' }));
    });
    return count / ((performance.now() - started) / 1000);
  } finally {
    await client.send(new DeleteTableCommand({ TableName: table }));
    client.destroy();
  }
}

/** The relay off from now until every order is answered, and at least `outageMs`. */
async function relayOutage(outage: { startedAt?: number; endedAt?: number }): Promise<void> {
  outage.startedAt = performance.now();
  await setRelayFailure(stack.endpoints.relay, { status: 503 });
  await sleep(outageMs);
  while (!submitsDone) await sleep(100);
  await setRelayFailure(stack.endpoints.relay, undefined);
  outage.endedAt = performance.now();
  console.log(`relay off for ${((outage.endedAt - outage.startedAt) / 1000).toFixed(0)} s`);
}


/** When the sheets held a row of every accepted order, and when nothing was left to deliver. */
async function waitForDeliveries(expected: number): Promise<{ rowsAt?: number; allAt?: number }> {
  const store = createSubmissionsStore(documents, stack.tables.submissions);
  const deadline = performance.now() + deliveryTimeoutMs;
  const seen: { rowsAt?: number; allAt?: number } = {};
  while (performance.now() < deadline && seen.allAt === undefined) {
    const now = performance.now();
    if (seen.rowsAt === undefined && (await benchRows()).size >= expected) seen.rowsAt = now;
    if ((await store.undelivered()).undelivered === 0 && seen.rowsAt !== undefined) seen.allAt = now;
    else await sleep(1_000);
  }
  return seen;
}

/** How many rows each order has in the sheets, by order index. */
async function benchRows(): Promise<Map<number, number>> {
  const copies = new Map<number, number>();
  for (const sheet of new Set(forms.map((form) => form.schema['x-relay'].sheet))) {
    for (const row of await sheetRows(stack.sheetsDir, sheet)) {
      const index = row.map((cell) => namePattern.exec(cell)?.[1]).find((match) => match !== undefined);
      if (index !== undefined) copies.set(Number(index), (copies.get(Number(index)) ?? 0) + 1);
    }
  }
  return copies;
}

async function storedIds(ids: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < ids.length; start += 100) {
    let keys: Record<string, unknown>[] | undefined = ids.slice(start, start + 100).map((orderId) => ({ orderId }));
    while (keys && keys.length > 0) {
      const page: BatchGetCommandOutput = await documents.send(
        new BatchGetCommand({ RequestItems: { [stack.tables.submissions]: { Keys: keys, ProjectionExpression: 'orderId' } } }),
      );
      for (const item of page.Responses?.[stack.tables.submissions] ?? []) found.add(item.orderId as string);
      keys = page.UnprocessedKeys?.[stack.tables.submissions]?.Keys;
    }
  }
  return found;
}

/** The p-th percentile (nearest rank) of the values; p = 100 is the largest. */
function percentiles(values: number[]): (p: number) => number {
  const sorted = [...values].sort((a, b) => a - b);
  return (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
