import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderFigures, type StatsOrder } from '../../lambdas/submissions/order-stats';
import type { AdminOrder, ExportResponse, OrderCounts, OrderPage, OrderResponse, OrderStats } from '../../shared/admin-api';
import { defaultDealer } from '../../shared/content/dealer';
import { openingHoursOf } from '../../shared/content/opening-hours';
import { loadBundledFormSchema } from '../../shared/forms/schema-files';
import definitions from '../../form-schemas/definitions.json';
import { stackEnvironment } from '../support/environment';
import { answerHistory, putOrders, seededOrders, type SeededOrder } from '../support/orders';
import { adminFetch, signIn, responseJson } from '../support/staff';
import { documentClient, storeCalls } from '../support/submissions';

/**
 * The dashboard's figures and the waiting mark through the real local
 * stack: `GET /api/admin/orders/stats` over orders of the last 40 days with
 * their histories (answered by a reply button or a status, won, lost, spam),
 * read without a Scan; a reply button's contact counted at once; new orders
 * unanswered too long marked in the inbox, filtered, counted and paged.
 */

const env = stackEnvironment();
let token: string;
let documents: DynamoDBDocumentClient;
let seeded: SeededOrder[];
const forms = ['tractor-order', 'part-order'];
const hourMs = 3_600_000;

beforeAll(async () => {
  token = await signIn(env.stack, env.stack.admin.email, env.stack.admin.password);
  documents = documentClient(env.stack);
  // 60 orders, one every 16 hours, the newest 5 hours ago: 40 days, every status in turn.
  seeded = await seededOrders({ forms, formSchemasDir: 'form-schemas', count: 60, newest: new Date(Date.now() - 5 * hourMs), spacingMs: 16 * hourMs });
  for (const { submission } of seeded) submission.history = answerHistory(submission, 3 * hourMs);
  await putOrders(documents, env.stack.tables.submissions, seeded);
}, 120_000);

afterAll(() => documents?.destroy());

const get = (path: string, language = 'en') => adminFetch(env.stack, token, path, { headers: { 'accept-language': language } });

/** The figures the seeded orders make at `now`, as the API should answer them in French. */
async function expectedStats(orders: StatsOrder[], now: number): Promise<OrderStats> {
  const figures = orderFigures(orders, now, openingHoursOf(defaultDealer.openingHours));
  const labels = definitions.$defs.wilaya['x-enumLabels'] as Record<string, { fr: string }>;
  return {
    days: figures.days,
    forms: await Promise.all(
      figures.perDay.map(async ({ formId, counts }) => ({ formId, title: (await loadBundledFormSchema('form-schemas', formId))!['x-title'].fr, counts })),
    ),
    wilayas: figures.wilayas.map(({ wilaya, count }) => ({ wilaya, label: labels[wilaya]!.fr, count })),
    outcomes: figures.outcomes,
    responseTimes: { thisWeek: figures.thisWeek, lastWeek: figures.lastWeek },
  };
}

const statsOrders = (orders: SeededOrder[]): StatsOrder[] =>
  orders.map(({ submission, indexes }) => ({
    createdAt: submission.createdAt,
    formId: submission.formId,
    status: submission.status,
    wilaya: indexes.listWilaya?.replace(/^inbox#/, ''),
    history: submission.history,
  }));

/** The stats answer, checked against the figures of `orders` as of just before or just after it (a day may turn meanwhile). */
async function expectStatsOf(orders: StatsOrder[]): Promise<OrderStats> {
  const before = await expectedStats(orders, Date.now());
  const answer = await responseJson<OrderStats>(await get('/api/admin/orders/stats', 'fr'));
  const after = await expectedStats(orders, Date.now());
  expect([before, after]).toContainEqual(answer);
  return answer;
}

describe('the dashboard’s figures', () => {
  test('orders per day and form over 30 days, the top wilayas, won and lost, and each week’s response times, without a Scan', async () => {
    const scansBefore = (await storeCalls(env.stack)).Scan ?? 0;
    const stats = await expectStatsOf(statsOrders(seeded));

    expect(stats.days).toHaveLength(30);
    expect(stats.forms.map((form) => form.formId).sort()).toEqual([...forms].sort());
    // Spam is nowhere: 30 days hold 45 orders (one every 16 hours), a sixth of them spam.
    const total = stats.forms.flatMap((form) => form.counts).reduce((sum, count) => sum + count, 0);
    expect(total).toBeGreaterThan(30);
    expect(total).toBeLessThan(45);
    expect(stats.wilayas.length).toBe(5);
    expect(stats.wilayas[0]!.label).toMatch(/^\d+ - /);
    expect(stats.outcomes.won).toBeGreaterThan(0);
    expect(stats.outcomes.lost).toBeGreaterThan(0);
    expect(stats.responseTimes.thisWeek.answered + stats.responseTimes.lastWeek.answered).toBeGreaterThan(0);
    expect((await storeCalls(env.stack)).Scan ?? 0).toBe(scansBefore);
  });

  test('a farmer answered with a reply button counts at once as this week’s answer', async () => {
    const [order] = await seededOrders({ forms: ['tractor-order'], formSchemasDir: 'form-schemas', count: 1, newest: new Date(Date.now() - 60_000), status: () => 'new' });
    order!.submission.orderId = randomUUID();
    await putOrders(documents, env.stack.tables.submissions, [order!]);
    const before = await responseJson<OrderStats>(await get('/api/admin/orders/stats', 'fr'));

    const contact = await adminFetch(env.stack, token, `/api/admin/orders/${order!.submission.orderId}`, {
      method: 'PATCH',
      body: JSON.stringify({ contacted: 'whatsapp', version: order!.submission.version }),
    });
    const { order: contacted } = await responseJson<OrderResponse>(contact);
    order!.submission.status = contacted.status;
    order!.submission.history = contacted.history!;

    const after = await expectStatsOf(statsOrders([...seeded, order!]));
    expect(after.responseTimes.thisWeek.answered).toBe(before.responseTimes.thisWeek.answered + 1);
    expect(after.responseTimes.thisWeek.unanswered).toBe(before.responseTimes.thisWeek.unanswered - 1);
  });
});

describe('orders waiting too long', () => {
  test('new orders unanswered past two opening hours are marked, filtered, paged and counted; a fresh one is not', async () => {
    const [fresh] = await seededOrders({ forms: ['tractor-order'], formSchemasDir: 'form-schemas', count: 1, newest: new Date(), status: () => 'new' });
    fresh!.submission.orderId = randomUUID();
    await putOrders(documents, env.stack.tables.submissions, [fresh!]);

    const inbox = await responseJson<OrderPage>(await get('/api/admin/orders?limit=100'));
    const listed = (orderId: string) => inbox.orders.find((order) => order.orderId === orderId);
    expect(listed(fresh!.submission.orderId)?.waiting).toBeUndefined();
    // Every seeded order is at least 5 hours old, two days apart at most: each new one has waited more than two opening hours.
    const oldNew = seeded.filter(({ submission }) => submission.status === 'new' && Date.now() - Date.parse(submission.createdAt) > 3 * 24 * hourMs);
    expect(oldNew.length).toBeGreaterThan(3);
    for (const { submission } of oldNew) expect(listed(submission.orderId)?.waiting, submission.createdAt).toBe(true);
    for (const order of inbox.orders.filter((listedOrder) => listedOrder.status !== 'new')) expect(order.waiting).toBeUndefined();

    // The filter, two at a time: only marked orders, newest first, the cursor good from page to page.
    const waiting: AdminOrder[] = [];
    let cursor: string | undefined;
    do {
      const page = await responseJson<OrderPage>(await get(`/api/admin/orders?waiting=true&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`));
      waiting.push(...page.orders);
      cursor = page.nextCursor;
    } while (cursor);
    expect(waiting.every((order) => order.waiting === true && order.status === 'new')).toBe(true);
    expect(waiting.map((order) => order.orderId)).not.toContain(fresh!.submission.orderId);
    for (const { submission } of oldNew) expect(waiting.map((order) => order.orderId)).toContain(submission.orderId);
    const times = waiting.map((order) => order.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    const counts = await responseJson<OrderCounts>(await get('/api/admin/orders/counts'));
    expect(counts.waitingAfterMinutes).toBe(120);
    expect(counts.waiting).toBe(waiting.length);
    // The export of that list cannot tell the hours: it holds the new orders, not every order.
    const exported = await responseJson<ExportResponse>(await get('/api/admin/orders/export?waiting=true'));
    expect(exported.rows).toBe(counts.new);
    expect(counts.new).toBeLessThan(seeded.length / 2);
  });

  test('a waiting filter with another status, or not “true”, is refused in the caller’s language', async () => {
    for (const query of ['waiting=true&status=won', 'waiting=yes']) {
      const response = await get(`/api/admin/orders?${query}`, 'fr');
      const body = await responseJson<{ error: string; code: string; parameter: string }>(response, 400);
      expect(body).toEqual({ error: 'Filtre non valide', code: 'invalidOrderFilter', parameter: 'waiting' });
    }
  });
});
