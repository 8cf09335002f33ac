/**
 * npm run bench:inbox — 10,000 orders of several forms (BENCH_ORDERS to
 * change it) in a fresh local stack, with their search entries, then,
 * through the API with a signed-in admin: the first page of the inbox, a
 * phone filter, and searches of the search box (names in two spellings, a
 * phone, a common word, with a filter, a word nobody wrote) (median of 20
 * each; target ≤ 300 ms up to 10,000 orders, ≤ 1 s beyond), and an export of
 * every order, downloaded and counted; the inbox sorted (each sort's first
 * page, and every page of the sort by wilaya). The raw DynamoDB Queries behind the
 * first page and behind a search are measured in the same run as baselines.
 * Then the JavaScript the inbox's page loads, signed in through the real
 * sign-in page in Chromium (gzip; budget 200 KB).
 * A benchmark, not a test: it prints and writes perf-results/inbox.md
 * (inbox-<count>.md for another count than 10,000), and
 * fails nothing.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { startLocalStack } from '../../infra/local/stack';
import { indexOf } from '../../lambdas/lib/tables';
import type { ExportResponse, OrderPage } from '../../shared/admin-api';
import { parseCsv } from '../../shared/csv';
import { freePorts } from '../../tests/support/local-stack';
import { putOrders, putSearchEntries, seededName, seededOrders, seededPhone } from '../../tests/support/orders';
import { createFormRegistry } from '../../lambdas/forms/form-registry';
import { createOrderSearchIndex } from '../../lambdas/submissions/search-index';
import { openAdmin, signInWithForm } from '../../tests/support/admin';
import { launchBrowser } from '../../tests/support/browser';
import { adminFetch, signIn } from '../../tests/support/staff';
import { documentClient } from '../../tests/support/submissions';
import { repoRoot } from '../../infra/paths';
import { formSchemasDir } from '../lib/paths';
import { gzippedSize, kb } from './lib/sizes';
import { timedRuns } from './lib/timing';

const orderCount = Number(process.env.BENCH_ORDERS ?? 10_000);
const runs = 20;
const targetMs = orderCount <= 10_000 ? 300 : 1_000;
/** The most JavaScript the inbox's page may load, gzip (the admin's other pages, charts or exports load apart). */
const inboxBudgetBytes = 200 * 1024;
const forms = ['tractor-order', 'part-order', 'contact-message', 'equipment-planting', 'farm-parts-tillage'];
const statuses = ['new', 'contacted', 'quoted', 'won', 'lost'] as const;

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';

const dataDir = await mkdtemp(path.join(tmpdir(), 'agri-dealer-bench-inbox-'));
const stack = await startLocalStack({ dataDir, ...freePorts, log: () => undefined });
const documents = documentClient(stack);
const rows: string[][] = [];

try {
  const orders = await seededOrders({ forms, formSchemasDir, count: orderCount, status: (n) => statuses[n % statuses.length]! });
  const seedStart = performance.now();
  await putOrders(documents, stack.tables.submissions, orders);
  const seedMs = performance.now() - seedStart;
  console.log(`seeded ${orderCount} orders in ${(seedMs / 1000).toFixed(1)} s`);
  const registry = createFormRegistry(formSchemasDir);
  const searchIndex = createOrderSearchIndex(documents, { orderSearchTable: stack.tables.orderSearch, submissionsTable: stack.tables.submissions }, async (formId) => (await registry.get(formId))?.schema);
  const entriesStart = performance.now();
  await putSearchEntries(searchIndex, orders);
  const entries = orders.reduce((sum, order) => sum + order.searchTerms.length, 0);
  console.log(`wrote their ${entries} search entries in ${((performance.now() - entriesStart) / 1000).toFixed(1)} s`);

  const token = await signIn(stack, stack.admin.email, stack.admin.password);
  const api = async (query: string) => {
    const response = await adminFetch(stack, token, query);
    if (!response.ok) throw new Error(`${query} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };

  const byList = indexOf('submissions', 'byList');
  const rawQuery = await timed(async () => {
    await documents.send(
      new QueryCommand({
        TableName: stack.tables.submissions,
        IndexName: byList.name,
        KeyConditionExpression: '#pk = :pk',
        FilterExpression: '#status <> :spam',
        ExpressionAttributeNames: { '#pk': byList.partitionKey.name, '#status': 'status' },
        ExpressionAttributeValues: { ':pk': 'inbox', ':spam': 'spam' },
        ScanIndexForward: false,
        Limit: 51,
      }),
    );
  });
  rows.push(['DynamoDB Query, 51 items of byList (baseline)', ...figures(rawQuery)]);

  let pageSize = 0;
  const firstPage = await timed(async () => {
    pageSize = ((await api('/api/admin/orders')) as OrderPage).orders.length;
  });
  rows.push([`GET /api/admin/orders (first page, ${pageSize} orders)`, ...figures(firstPage)]);

  let found = 0;
  let run = 0;
  const phoneSearch = await timed(async () => {
    // Another caller each time, typed the international way.
    const phone = `+213${seededPhone(run++ * 97 % orderCount).replace(/\s/g, '').slice(1)}`;
    found += ((await api(`/api/admin/orders?phone=${encodeURIComponent(phone)}`)) as OrderPage).orders.length;
  });
  rows.push([`GET /api/admin/orders?phone=+213… (${found / run} order each)`, ...figures(phoneSearch)]);

  const rawSearch = await timed(async () => {
    await documents.send(
      new QueryCommand({
        TableName: stack.tables.orderSearch,
        KeyConditionExpression: '#term = :term',
        ExpressionAttributeNames: { '#term': 'term' },
        ExpressionAttributeValues: { ':term': 'sonalika' },
        ScanIndexForward: false,
        Limit: 101,
      }),
    );
  });
  rows.push(['DynamoDB Query, 101 entries of one search term (baseline)', ...figures(rawSearch)]);

  const searches: [label: string, query: (n: number) => string][] = [
    ['a name, first and last (one order in 400)', (n) => `q=${encodeURIComponent(seededName(n * 37))}`],
    ['an Arabic name typed without its hamza (أمين as امين)', (n) => `q=${encodeURIComponent(`امين ${seededName(n * 20 + 10).split(' ').slice(1).join(' ')}`)}`],
    ['a phone typed the international way', (n) => `q=${encodeURIComponent(`+213${seededPhone((n * 97) % orderCount).replace(/\s/g, '').slice(1)}`)}`],
    ['a word of one order in five (sonalika)', () => 'q=sonalika'],
    ['the same in one wilaya (one in 290)', () => 'q=sonalika&wilaya=Oran'],
    ['a last name with a status (one in 100)', () => `q=${encodeURIComponent('haddad')}&status=won`],
    ['a first name and a word nobody wrote (an empty page)', () => 'q=karim%20zzzz'],
  ];
  for (const [label, query] of searches) {
    let matches = 0;
    let n = 0;
    const durations = await timed(async () => {
      matches += ((await api(`/api/admin/orders?${query(n++)}`)) as OrderPage).orders.length;
    });
    rows.push([`search: ${label} (${Math.round(matches / n)} on the first page)`, ...figures(durations)]);
  }

  // Sorts (docs/decisions/0022, "Sort and columns"): the first page, then every page of a sort by wilaya, whose last part reads the whole list.
  const sorts: [label: string, query: string][] = [
    ['oldest first', 'sort=oldest'],
    ['by status', 'sort=status'],
    ['by wilaya', 'sort=wilaya'],
    ['by form', 'sort=form'],
    ['by wilaya, one form', 'sort=wilaya&form=part-order'],
    ['a search by wilaya (haddad, won: one in 100)', 'q=haddad&status=won&sort=wilaya'],
  ];
  for (const [label, query] of sorts) {
    let shown = 0;
    const durations = await timed(async () => {
      shown = ((await api(`/api/admin/orders?${query}`)) as OrderPage).orders.length;
    });
    rows.push([`sort: ${label}, first page (${shown} orders)`, ...figures(durations)]);
    console.log(rows.at(-1)!.join(' | '));
  }
  const everyPageStart = performance.now();
  let requests = 0;
  let listed = 0;
  let cursor: string | undefined;
  do {
    const page = (await api(`/api/admin/orders?sort=wilaya&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)) as OrderPage;
    listed += page.orders.length;
    cursor = page.nextCursor;
    requests++;
  } while (cursor);
  rows.push([`sort: by wilaya, every page of 100 (${requests} requests, ${listed} orders)`, `${Math.round(performance.now() - everyPageStart)} ms`, '1 run', '']);
  console.log(rows.at(-1)!.join(' | '));

  const exportStart = performance.now();
  // One export holds at most 50,000 orders: beyond, one form's.
  const answer = (await api(orderCount <= 50_000 ? '/api/admin/orders/export' : '/api/admin/orders/export?form=tractor-order')) as ExportResponse;
  const exportMs = performance.now() - exportStart;
  const csv = await (await fetch(answer.downloadUrl)).text();
  const exportedRows = parseCsv(csv).length - 1;
  rows.push([
    `GET /api/admin/orders/export (${answer.rows} rows, ${(Buffer.byteLength(csv) / 1024 / 1024).toFixed(1)} MB, ${exportedRows} lines in the file, a section per form)`,
    `${Math.round(exportMs)} ms`,
    '1 run',
    '',
  ]);
  rows.push(await inboxJavaScript());
} finally {
  documents.destroy();
  await stack.stop();
  await rm(dataDir, { recursive: true, force: true });
}

const table = [
  `Inbox with ${orderCount} orders of ${forms.length} forms in the local stack (dynalite), ${new Date().toISOString().slice(0, 10)}; target ≤ ${targetMs} ms (median of ${runs})`,
  '',
  '| request | median | min – max | ≤ target |',
  '|---|---|---|---|',
  ...rows.map((row) => `| ${row.join(' | ')} |`),
].join('\n');
console.log(`\n${table}`);
const out = path.join(repoRoot, 'perf-results');
await mkdir(out, { recursive: true });
await writeFile(path.join(out, orderCount === 10_000 ? 'inbox.md' : `inbox-${orderCount}.md`), `${table}\n`);

/** The JavaScript files a signed-in staff member's phone loads to show the inbox, opened afresh. */
async function inboxJavaScript(): Promise<string[]> {
  const browser = await launchBrowser();
  try {
    const { page: signInPage } = await openAdmin(browser, stack, '/admin/login', { language: 'ar', screen: 'phone' });
    await signInWithForm(signInPage, stack, 'ar');
    await signInPage.waitForURL(`${stack.siteUrl}/admin`);
    await signInPage.close();
    // The session stays in the browser's storage: a new tab opens the inbox as a bookmark would.
    const { page } = await browser.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => response.url().endsWith('.js') && scripts.add(response.url()));
    await page.goto(`${stack.siteUrl}/admin/orders`, { waitUntil: 'networkidle' });
    await page.locator('main ul li a[href^="/admin/orders/"], main tbody a[href^="/admin/orders/"]').first().waitFor();
    const bytes = await gzippedSize(scripts);
    return [`JavaScript of the inbox's page, signed in (${scripts.size} files, gzip)`, kb(bytes), `budget ${kb(inboxBudgetBytes)}`, bytes <= inboxBudgetBytes ? 'yes' : 'no'];
  } finally {
    await browser.close();
  }
}

/** Durations of `runs` calls, after one warm-up call (the handlers' first load). */
function timed(call: () => Promise<void>): Promise<number[]> {
  return timedRuns(runs, call);
}

function figures(sorted: number[]): string[] {
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return [
    `${median.toFixed(0)} ms`,
    `${sorted[0]!.toFixed(0)} – ${sorted.at(-1)!.toFixed(0)} ms`,
    median <= targetMs ? 'yes' : 'no',
  ];
}
