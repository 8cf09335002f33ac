import { PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LocalStack } from '../../infra/local/stack';
import { message } from '../../lambdas/lib/messages';
import { fingerprint, indexAttributes, newSubmission } from '../../lambdas/submissions/record';
import type { AdminOrder, BulkStatusResponse, ExportResponse, OrderCounts, OrderPage } from '../../shared/admin-api';
import { exportColumnLabels, orderStatusLabels } from '../../shared/admin-api';
import { parseCsv, utf8Bom } from '../../shared/csv';
import { loadBundledFormSchema } from '../../shared/forms/schema-files';
import { phoneSearchKey, type Submission } from '../../shared/submissions';
import { stackEnvironment } from '../support/environment';
import { putOrders, seededOrders, type SeededOrder } from '../support/orders';
import { adminFetch, everyOrderPage, signIn, responseJson } from '../support/staff';
import { deliveredRows, documentClient } from '../support/submissions';

/**
 * The orders inbox through the real local stack: paging with cursors over a
 * thousand orders of several forms, filters and phone search, the export,
 * versioned changes, bulk status, "send again" and the count of new orders.
 */

const env = stackEnvironment();
let token: string;
let documents: DynamoDBDocumentClient;
let seeded: SeededOrder[];
const forms = ['tractor-order', 'contact-message', 'part-order', 'equipment-planting', 'newsletter-subscription'];
/** Older than anything a test writes now: 1,000 orders a minute apart, the newest a day ago. */
const newest = new Date(Date.now() - 24 * 3_600_000);

beforeAll(async () => {
  token = await signIn(env.stack, env.stack.admin.email, env.stack.admin.password);
  documents = documentClient(env.stack);
  seeded = await seededOrders({ forms, formSchemasDir: 'form-schemas', count: 1_000, newest });
  await putOrders(documents, env.stack.tables.submissions, seeded);
}, 120_000);

afterAll(() => documents?.destroy());

const get = (path: string, language = 'en') => adminFetch(env.stack, token, path, { headers: { 'accept-language': language } });
const send = (method: string, path: string, body: unknown, language = 'en') =>
  adminFetch(env.stack, token, path, { method, body: JSON.stringify(body), headers: { 'accept-language': language } });

/** Every order of a filter, page after page; fails on a page out of order. */
async function allPages(query: string, limit = 100): Promise<AdminOrder[]> {
  const orders = await everyOrderPage(get, query, limit);
  const times = orders.map((order) => order.createdAt);
  expect(times).toEqual([...times].sort().reverse());
  return orders;
}

const seededIds = (keep: (submission: Submission) => boolean) =>
  seeded.map(({ submission }) => submission).filter(keep).map((submission) => submission.orderId).sort();
const ids = (orders: { orderId: string }[]) => orders.map((order) => order.orderId).sort();
const inThisRun = (order: { orderId: string }) => seeded.some(({ submission }) => submission.orderId === order.orderId);

describe('paging', () => {
  test('the inbox returns every order of every inbox form exactly once, newest first, spam left out', async () => {
    const orders = (await allPages('')).filter(inThisRun);
    const expected = seededIds((submission) => submission.list === 'inbox' && submission.status !== 'spam');
    expect(expected.length).toBeGreaterThan(500);
    expect(new Set(ids(orders)).size).toBe(orders.length);
    expect(ids(orders)).toEqual(expected);
    expect(new Set(orders.map((order) => order.formId))).toEqual(new Set(forms.filter((form) => form !== 'newsletter-subscription')));
  });

  test('filtered pages too: one form, one status with a filter dropping most, subscriptions, spam asked for', async () => {
    expect(ids((await allPages('form=part-order', 37)).filter(inThisRun))).toEqual(
      seededIds((s) => s.formId === 'part-order' && s.status !== 'spam'),
    );
    // byStatus, with read and the form as filters: pages come back short, the cursor keeps going.
    expect(ids((await allPages('status=won&read=true&form=tractor-order', 5)).filter(inThisRun))).toEqual(
      seededIds((s) => s.status === 'won' && s.read && s.formId === 'tractor-order'),
    );
    expect(ids((await allPages('list=subscriptions')).filter(inThisRun))).toEqual(
      seededIds((s) => s.list === 'subscriptions' && s.status !== 'spam'),
    );
    expect(ids((await allPages('status=spam')).filter(inThisRun))).toEqual(
      seededIds((s) => s.list === 'inbox' && s.status === 'spam'),
    );
  });

  test('a date range and a wilaya select on the index, the rest as filters', async () => {
    const from = new Date(newest.getTime() - 300 * 60_000).toISOString();
    const to = new Date(newest.getTime() - 100 * 60_000).toISOString();
    const inRange = (s: Submission) => s.createdAt >= from && s.createdAt < to && s.list === 'inbox' && s.status !== 'spam';
    expect(ids((await allPages(`from=${from}&to=${to}`)).filter(inThisRun))).toEqual(seededIds(inRange));

    const wilaya = seeded.find(({ indexes }) => indexes.listWilaya)!.indexes.listWilaya!.split('#')[1]!;
    const orders = (await allPages(`wilaya=${encodeURIComponent(wilaya)}&from=${from}&to=${to}`)).filter(inThisRun);
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.every((order) => order.contact.wilaya === wilaya)).toBe(true);
    expect(ids(orders)).toEqual(seededIds((s) => inRange(s) && Object.values(s.data).includes(wilaya)));
  });

  test('a tampered cursor, or one of another filter, is refused with 400', async () => {
    const page = await responseJson<OrderPage>(await get('/api/admin/orders?limit=10'));
    const cursor = page.nextCursor!;
    const [body, sum] = cursor.split('.');
    const edited = `${body!.slice(0, 10)}${body![10] === 'A' ? 'B' : 'A'}${body!.slice(11)}.${sum}`;
    for (const bad of [edited, `${cursor}x`, 'not-a-cursor', `${Buffer.from('{"k":{}}').toString('base64url')}.${sum}`]) {
      const response = await get(`/api/admin/orders?limit=10&cursor=${encodeURIComponent(bad)}`, 'fr');
      expect(await responseJson(response, 400)).toEqual({ error: message('invalidCursor', 'fr'), code: 'invalidCursor' });
    }
    const otherFilter = await get(`/api/admin/orders?limit=10&status=new&cursor=${encodeURIComponent(cursor)}`);
    expect(otherFilter.status).toBe(400);
  });

  test('a malformed filter is refused with 400 naming the parameter', async () => {
    for (const [query, parameter] of [
      ['status=archived', 'status'],
      ['form=../x', 'form'],
      ['from=yesterday', 'from'],
      ['phone=abc', 'phone'],
      ['limit=500', 'limit'],
      ['list=everything', 'list'],
    ]) {
      expect(await responseJson(await get(`/api/admin/orders?${query}`), 400)).toMatchObject({ code: 'invalidOrderFilter', parameter });
    }
  });
});

describe('phone search', () => {
  test('finds 0661 23 45 67 from +213661234567, 00213 661-23-45-67 or 661234567', async () => {
    const { orderId } = await storeOrder('tractor-order', { phone: '0661 23 45 67' });
    for (const typed of ['+213661234567', '00213 661-23-45-67', '661234567', '0661234567']) {
      const page = await responseJson<OrderPage>(await get(`/api/admin/orders?phone=${encodeURIComponent(typed)}`));
      expect(ids(page.orders)).toEqual([orderId]);
      expect(page.orders[0]!.contact.phone).toBe('0661 23 45 67');
    }
    expect(phoneSearchKey('+213661234567')).toBe(phoneSearchKey('0661 23 45 67'));
  });
});

describe('one order', () => {
  test('shows its fields labelled in the staff member’s language, in the form’s order, with the sheet row', async () => {
    const { orderId } = await storeOrder('tractor-order', { phone: '0770 11 22 33' });
    const { order } = await responseJson<{ order: AdminOrder }>(await get(`/api/admin/orders/${orderId}`, 'fr'));
    const schema = (await loadBundledFormSchema('form-schemas', 'tractor-order'))!;
    expect(order).toMatchObject({ orderId, formId: 'tractor-order', formTitle: schema['x-title'].fr, status: 'new', read: false, version: 1, history: [] });
    expect(order.fields.map((field) => field.name)).toEqual(Object.keys(schema.properties).filter((name) => name in schemaExample(schema)));
    expect(order.fields.find((field) => field.name === 'phone')).toMatchObject({ label: 'Téléphone', text: '0770 11 22 33', kind: 'text' });
    expect(order.row.length).toBe(schema['x-relay'].columns.length);
    expect(await responseJson(await get(`/api/admin/orders/${randomUUID()}`), 404)).toMatchObject({ code: 'orderNotFound' });
  });
});

describe('changes', () => {
  test('racing updates on one version: one is taken, the other refused with 409 and the order as it is now', async () => {
    const { orderId } = await storeOrder('contact-message');
    const [first, second] = await Promise.all([
      send('PATCH', `/api/admin/orders/${orderId}`, { status: 'contacted', version: 1 }, 'fr'),
      send('PATCH', `/api/admin/orders/${orderId}`, { read: true, version: 1 }, 'fr'),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const refused = (await (first.status === 409 ? first : second).json()) as { error: string; code: string; order: AdminOrder };
    expect(refused).toMatchObject({ code: 'staleVersion', error: message('staleVersion', 'fr') });
    expect(refused.order.version).toBe(2);

    const { order } = await responseJson<{ order: AdminOrder }>(await get(`/api/admin/orders/${orderId}`));
    expect(order.version).toBe(2);
    expect(order.history).toHaveLength(1);
    expect(order.history![0]).toMatchObject({ by: env.stack.admin.email, at: expect.any(String) });
  });

  test('status and read are recorded, each change once, with who and when', async () => {
    const { orderId } = await storeOrder('tractor-order');
    const step1 = await responseJson<{ order: AdminOrder }>(await send('PATCH', `/api/admin/orders/${orderId}`, { read: true, version: 1 }));
    const step2 = await responseJson<{ order: AdminOrder }>(
      await send('PATCH', `/api/admin/orders/${orderId}`, { status: 'quoted', version: step1.order.version }),
    );
    expect(step2.order).toMatchObject({ status: 'quoted', read: true, version: 3 });
    expect(step2.order.history!.map((entry) => entry.changes)).toEqual([{ read: { from: false, to: true } }, { status: { from: 'new', to: 'quoted' } }]);
    // The status index follows: the order is listed as quoted, not as new.
    expect(ids((await responseJson<OrderPage>(await get(`/api/admin/orders?status=quoted&phone=${encodeURIComponent(step2.order.contact.phone!)}`))).orders)).toContain(orderId);

    for (const bad of [{ status: 'done', version: 3 }, { version: 3 }, { note: 'a note is added, not set', version: 3 }, { read: true }, { read: true, version: 3, extra: 1 }]) {
      expect(await responseJson(await send('PATCH', `/api/admin/orders/${orderId}`, bad), 400)).toMatchObject({ code: 'invalidOrderUpdate' });
    }
  });

  test('one status for several orders: per-order results, a stale one refused', async () => {
    const orders = await Promise.all([storeOrder('part-order'), storeOrder('part-order'), storeOrder('part-order')]);
    await responseJson(await send('PATCH', `/api/admin/orders/${orders[2]!.orderId}`, { read: true, version: 1 }));
    const missing = randomUUID();
    const { results } = await responseJson<BulkStatusResponse>(
      await send('POST', '/api/admin/orders/status', {
        status: 'spam',
        orders: [...orders.map(({ orderId }) => ({ orderId, version: 1 })), { orderId: missing, version: 1 }],
      }),
    );
    expect(results.map((result) => [result.orderId, result.outcome])).toEqual([
      [orders[0]!.orderId, 'updated'],
      [orders[1]!.orderId, 'updated'],
      [orders[2]!.orderId, 'stale'],
      [missing, 'notFound'],
    ]);
    const tooMany = Array.from({ length: 26 }, () => ({ orderId: randomUUID(), version: 1 }));
    expect(await responseJson(await send('POST', '/api/admin/orders/status', { status: 'won', orders: tooMany }), 400)).toMatchObject({
      code: 'invalidBulkStatus',
    });
  });

  test('the count of new orders follows the status changes', async () => {
    const before = await responseJson<OrderCounts>(await get('/api/admin/orders/counts'));
    expect(before.new).toBeGreaterThan(0);
    const { orderId } = await storeOrder('contact-message');
    expect((await responseJson<OrderCounts>(await get('/api/admin/orders/counts'))).new).toBe(before.new + 1);
    await responseJson(await send('PATCH', `/api/admin/orders/${orderId}`, { status: 'contacted', version: 1 }));
    expect((await responseJson<OrderCounts>(await get('/api/admin/orders/counts'))).new).toBe(before.new);
  });
});

describe('send again', () => {
  test('a failing delivery is tried at once and its row arrives; a sent one is not sent twice', async () => {
    const { orderId, submission } = await storeOrder('tractor-order', {}, {
      sheet: { state: 'failing', attempts: 4, lastError: 'The relay answered 503', nextAttemptAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    const { undelivered } = await responseJson<OrderCounts>(await get('/api/admin/orders/counts'));
    expect(undelivered).toBeGreaterThan(0);
    const { order } = await responseJson<{ order: AdminOrder }>(await send('PATCH', `/api/admin/orders/${orderId}`, { resend: ['sheet'], version: 1 }));
    expect(order.history!.at(-1)!.changes).toEqual({ resend: ['sheet'] });

    const rows = await deliveredRows(env.stack, submission.sheet, submission.row[0]!);
    expect(rows).toHaveLength(1);
    await expect.poll(async () => (await responseJson<{ order: AdminOrder }>(await get(`/api/admin/orders/${orderId}`))).order.deliveries.sheet?.state).toBe('sent');

    const again = await send('PATCH', `/api/admin/orders/${orderId}`, { resend: ['sheet'], version: 2 }, 'fr');
    expect(await responseJson(again, 409)).toMatchObject({ code: 'alreadyDelivered', error: message('alreadyDelivered', 'fr'), deliveries: ['sheet'] });
  });

  test('waits while the delivery worker holds the order', async () => {
    const { orderId } = await storeOrder('contact-message', {}, {
      sheet: { state: 'failing', attempts: 1, lastError: 'timeout', nextAttemptAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    await documents.send(
      new UpdateCommand({
        TableName: env.stack.tables.submissions,
        Key: { orderId },
        UpdateExpression: 'SET claimedBy = :by, claimedUntil = :until',
        ExpressionAttributeValues: { ':by': 'another-run', ':until': new Date(Date.now() + 60_000).toISOString() },
      }),
    );
    const response = await send('PATCH', `/api/admin/orders/${orderId}`, { resend: ['sheet'], version: 1 });
    expect(await responseJson(response, 409)).toMatchObject({ code: 'deliveryInProgress' });
  });
});

describe('export', () => {
  test('writes the filtered orders as a CSV for spreadsheets, downloaded from a short-lived link', async () => {
    const from = new Date(newest.getTime() - 400 * 60_000).toISOString();
    const to = new Date(newest.getTime() - 200 * 60_000).toISOString();
    const answer = await responseJson<ExportResponse>(await get(`/api/admin/orders/export?form=part-order&from=${from}&to=${to}`, 'fr'));
    const expected = seededIds((s) => s.formId === 'part-order' && s.createdAt >= from && s.createdAt < to && s.status !== 'spam');
    expect(answer.rows).toBe(expected.length);
    expect(answer.filename).toMatch(/^orders-part-order-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(Date.parse(answer.expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60_000);

    const download = await fetch(answer.downloadUrl);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(`attachment; filename="${answer.filename}"`);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await download.arrayBuffer());
    expect(text.startsWith(utf8Bom)).toBe(true);
    expect(text).toContain('\r\n');
    // One form: its header once, the farmer's name first, the order's reference last.
    const [header, ...rows] = parseCsv(text);
    expect(header!.slice(0, 3)).toEqual(['Nom complet', 'Téléphone', 'Wilaya']);
    expect(header!.slice(-4)).toEqual(['createdAt', 'status', 'note', 'orderId'].map((key) => exportColumnLabels[key as keyof typeof exportColumnLabels].fr));
    expect(rows.map((row) => row.at(-1)).sort()).toEqual(expected);
    for (const row of rows) {
      expect(row).toHaveLength(header!.length);
      expect(Object.values(orderStatusLabels).map((label) => label.fr)).toContain(row.at(-3));
      expect(row[1]).toMatch(/^0661 \d\d \d\d \d\d$/);
    }
  });

  test('keeps a would-be formula as text', async () => {
    const { orderId } = await storeOrder('contact-message', { name: '=HYPERLINK("http://evil.example","x")' });
    await responseJson(await send('POST', `/api/admin/orders/${orderId}/notes`, { text: '+33 1 23' }), 201);
    const phone = (await responseJson<{ order: AdminOrder }>(await get(`/api/admin/orders/${orderId}`))).order.contact.phone!;
    const answer = await responseJson<ExportResponse>(await get(`/api/admin/orders/export?phone=${encodeURIComponent(phone)}`));
    const [header, ...rows] = parseCsv(await (await fetch(answer.downloadUrl)).text());
    const row = rows.find((cells) => cells.at(-1) === orderId)!;
    expect(row[header!.indexOf(exportColumnLabels.note.en)]).toBe("'+33 1 23");
    expect(row).toContain('\'=HYPERLINK("http://evil.example","x")');
  });
});

function schemaExample(schema: { examples: Record<string, unknown>[] }): Record<string, unknown> {
  return schema.examples[0]!;
}

/** Stores one new order of the form, as the submit handler does, with its example data and these changes. */
async function storeOrder(
  formId: string,
  changes: Record<string, unknown> = {},
  deliveries?: Submission['deliveries'],
): Promise<{ orderId: string; submission: Submission }> {
  return storeOrderIn(env.stack, documents, formId, changes, deliveries);
}

async function storeOrderIn(
  stack: LocalStack,
  client: DynamoDBDocumentClient,
  formId: string,
  changes: Record<string, unknown>,
  deliveries?: Submission['deliveries'],
) {
  const schema = (await loadBundledFormSchema('form-schemas', formId))!;
  const data = { ...schema.examples[0], phone: `0551 ${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`, ...changes };
  const createdAt = new Date().toISOString();
  const orderId = randomUUID();
  const stored = newSubmission({ formId, schema, orderId, language: 'fr', data, fingerprint: fingerprint(data), createdAt, deliveries: [] });
  const submission: Submission = {
    ...stored,
    deliveries: deliveries ?? { sheet: { state: 'sent', attempts: 1, lastAttemptAt: createdAt, sentAt: createdAt } },
  };
  await client.send(new PutCommand({ TableName: stack.tables.submissions, Item: { ...submission, ...indexAttributes(submission, schema) } }));
  return { orderId, submission };
}
