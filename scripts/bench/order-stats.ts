/**
 * npm run bench:stats — the dashboard's figures (GET /api/admin/orders/stats)
 * and the inbox's counts with its waiting orders (GET /api/admin/orders/counts)
 * over 10,000 orders sent in the last 30 days (BENCH_ORDERS to change it),
 * each answered three hours after it came or not at all, in a fresh local
 * stack, through the API with a signed-in admin (median of 10 each). The raw
 * DynamoDB Query the figures make (the inbox's date index over the 37 days
 * they read, their five attributes) is measured in the same run as the
 * baseline, with the read units DynamoDB would charge for it.
 * A benchmark, not a test: it prints and writes perf-results/order-stats.md,
 * and fails nothing.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { paginateQuery } from '@aws-sdk/lib-dynamodb';
import { startLocalStack } from '../../infra/local/stack';
import { repoRoot } from '../../infra/paths';
import { planInboxQuery } from '../../lambdas/submissions/inbox-query';
import { statsFrom } from '../../lambdas/submissions/order-stats';
import type { OrderStats } from '../../shared/admin-api';
import { submissionStatuses } from '../../shared/submissions';
import { freePorts } from '../../tests/support/local-stack';
import { answerHistory, putOrders, seededOrders } from '../../tests/support/orders';
import { adminFetch, signIn } from '../../tests/support/staff';
import { documentClient } from '../../tests/support/submissions';
import { formSchemasDir } from '../lib/paths';
import { timedRuns } from './lib/timing';

const orderCount = Number(process.env.BENCH_ORDERS ?? 10_000);
const runs = 10;
const forms = ['tractor-order', 'part-order', 'contact-message', 'equipment-planting', 'farm-parts-tillage'];
const hourMs = 3_600_000;

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';

const dataDir = await mkdtemp(path.join(tmpdir(), 'agri-dealer-bench-stats-'));
const stack = await startLocalStack({ dataDir, ...freePorts, log: () => undefined });
const documents = documentClient(stack);
const rows: string[][] = [];

try {
  // Spread evenly over the last 30 days, the newest a minute ago.
  const spacingMs = Math.floor((30 * 24 * hourMs) / orderCount);
  const orders = await seededOrders({ forms, formSchemasDir, count: orderCount, newest: new Date(Date.now() - 60_000), spacingMs });
  for (const { submission } of orders) submission.history = answerHistory(submission, 3 * hourMs);
  await putOrders(documents, stack.tables.submissions, orders);
  console.log(`seeded ${orderCount} orders over 30 days (${submissionStatuses.join(', ')} in turn)`);

  const token = await signIn(stack, stack.admin.email, stack.admin.password);
  const api = async (route: string) => {
    const response = await adminFetch(stack, token, route);
    if (!response.ok) throw new Error(`${route} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };

  let items = 0;
  let readUnits = 0;
  let pages = 0;
  const query = planInboxQuery({ list: 'inbox', from: new Date(statsFrom(Date.now())).toISOString() });
  const rawQuery = await timedRuns(runs, async () => {
    [items, readUnits, pages] = [0, 0, 0];
    const input = {
      TableName: stack.tables.submissions,
      IndexName: query.index.name,
      KeyConditionExpression: query.keyCondition,
      FilterExpression: query.filterExpression,
      ExpressionAttributeNames: { ...query.names, '#c': 'createdAt', '#f': 'formId', '#s': 'status', '#w': 'listWilaya', '#h': 'history' },
      ExpressionAttributeValues: query.values,
      ProjectionExpression: '#c, #f, #s, #w, #h',
      ReturnConsumedCapacity: 'TOTAL' as const,
    };
    for await (const page of paginateQuery({ client: documents }, input)) {
      items += page.Count ?? 0;
      readUnits += page.ConsumedCapacity?.CapacityUnits ?? 0;
      pages += 1;
    }
  });
  rows.push([`DynamoDB Query of the date index, 37 days, 5 attributes: ${items} orders in ${pages} pages, ${readUnits} read units (baseline)`, ...figures(rawQuery)]);

  let answered = 0;
  const stats = await timedRuns(runs, async () => {
    const figures = (await api('/api/admin/orders/stats')) as OrderStats;
    answered = figures.responseTimes.thisWeek.answered;
  });
  rows.push([`GET /api/admin/orders/stats (${answered} orders answered this week)`, ...figures(stats)]);

  const counts = await timedRuns(runs, async () => {
    await api('/api/admin/orders/counts');
  });
  rows.push(['GET /api/admin/orders/counts (with the waiting orders)', ...figures(counts)]);
} finally {
  documents.destroy();
  await stack.stop();
  await rm(dataDir, { recursive: true, force: true });
}

const table = [
  `Dashboard figures with ${orderCount} orders over 30 days in the local stack (dynalite), ${new Date().toISOString().slice(0, 10)} (median of ${runs})`,
  '',
  '| request | median | min – max |',
  '|---|---|---|',
  ...rows.map((row) => `| ${row.join(' | ')} |`),
].join('\n');
console.log(`\n${table}`);
const out = path.join(repoRoot, 'perf-results');
await mkdir(out, { recursive: true });
await writeFile(path.join(out, 'order-stats.md'), `${table}\n`);

function figures(sorted: number[]): string[] {
  return [`${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms`, `${sorted[0]!.toFixed(0)} – ${sorted.at(-1)!.toFixed(0)} ms`];
}
