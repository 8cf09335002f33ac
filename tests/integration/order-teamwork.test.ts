import { HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand, ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createLocalS3Client } from '../../infra/local/s3';
import { localRegion, uploadsBucket } from '../../infra/local/stack';
import { message } from '../../lambdas/lib/messages';
import { createOrderSearchIndex, indexOrder } from '../../lambdas/submissions/search-index';
import { fingerprint, indexAttributes, newSubmission } from '../../lambdas/submissions/record';
import type { AdminOrder, ExportResponse, OrderCounts, OrderLabelsResponse, OrderPage, StaffListResponse } from '../../shared/admin-api';
import { loadBundledFormSchema } from '../../shared/forms/schema-files';
import type { Submission } from '../../shared/submissions';
import { stackEnvironment } from '../support/environment';
import { adminFetch, signIn, staffToken, responseJson } from '../support/staff';
import { documentClient } from '../support/submissions';

/**
 * Who does what on an order, through the real local stack: the notes
 * thread, written by several staff at once and never overwritten; orders
 * given to a staff member, and the inbox of "mine"; archived orders, out of
 * the inbox; labels chosen from those already used; and an order deleted
 * for a farmer who asks to be forgotten.
 */

const env = stackEnvironment();
let adminToken: string;
let colleague: { email: string; token: string };
let documents: DynamoDBDocumentClient;
let s3: S3Client;

beforeAll(async () => {
  adminToken = await signIn(env.stack, env.stack.admin.email, env.stack.admin.password);
  colleague = await staffToken(env.stack, ['staff']);
  documents = documentClient(env.stack);
  s3 = createLocalS3Client(env.stack.endpoints.s3, localRegion);
});

afterAll(() => {
  documents?.destroy();
  s3?.destroy();
});

const call = (token: string, method: string, path: string, body?: unknown, language = 'en') =>
  adminFetch(env.stack, token, path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }), headers: { 'accept-language': language } });

/** A tractor order with its own name, stored as the submit function stores it, with whatever else is given (an old single note). */
async function storeOrder(extra: Partial<Submission> = {}): Promise<{ orderId: string; name: string }> {
  const schema = (await loadBundledFormSchema('form-schemas', 'tractor-order'))!;
  const name = `Farid ${randomUUID().slice(0, 8)}`;
  const data = { ...schema.examples[0], fullName: name, phone: '0661 23 45 67' };
  const createdAt = new Date().toISOString();
  const submission = { ...newSubmission({ formId: 'tractor-order', schema, orderId: randomUUID(), language: 'fr', data, fingerprint: fingerprint(data), createdAt, deliveries: [] }), ...extra };
  await documents.send(new PutCommand({ TableName: env.stack.tables.submissions, Item: { ...submission, ...indexAttributes(submission, schema) } }));
  return { orderId: submission.orderId, name };
}

const orderOf = async (orderId: string) => (await responseJson<{ order: AdminOrder }>(await call(adminToken, 'GET', `/api/admin/orders/${orderId}`))).order;
const addNote = (token: string, orderId: string, text: unknown, language = 'en') => call(token, 'POST', `/api/admin/orders/${orderId}/notes`, { text }, language);

describe('the notes of an order', () => {
  test('are a thread: two staff writing at the same moment both keep theirs, each signed and timed, and the order’s version is not spent', async () => {
    const { orderId } = await storeOrder();
    const before = await orderOf(orderId);
    const [mine, theirs] = await Promise.all([addNote(adminToken, orderId, 'Rappeler lundi matin'), addNote(colleague.token, orderId, '  Devis envoyé par e-mail\r\n3,2 M DA  ')]);
    expect([mine.status, theirs.status]).toEqual([201, 201]);

    const order = await orderOf(orderId);
    expect(order.notes).toHaveLength(2);
    expect(order.notes).toEqual(
      expect.arrayContaining([
        { at: expect.any(String), by: env.stack.admin.email, text: 'Rappeler lundi matin' },
        { at: expect.any(String), by: colleague.email, text: 'Devis envoyé par e-mail\n3,2 M DA' },
      ]),
    );
    for (const note of order.notes) expect(Date.parse(note.at)).toBeGreaterThanOrEqual(Date.parse(order.createdAt));
    // A note changes nothing a colleague is editing: a status change on the version seen still goes through.
    expect(order.version).toBe(before.version);
    await responseJson(await call(colleague.token, 'PATCH', `/api/admin/orders/${orderId}`, { status: 'contacted', version: before.version }));

    // A third note comes after the others.
    const third = (await responseJson<{ order: AdminOrder }>(await addNote(adminToken, orderId, 'Client passé au magasin'), 201)).order;
    expect(third.notes.map((note) => note.text).at(-1)).toBe('Client passé au magasin');
    expect(third.notes).toHaveLength(3);
  });

  test('start with the single note of an order stored before the thread, signed by whoever wrote it', async () => {
    const at = new Date(Date.now() - 3_600_000).toISOString();
    const { orderId } = await storeOrder({
      note: 'Rappeler jeudi',
      version: 2,
      history: [{ at, by: 'ancien@example.com', changes: { note: { from: '', to: 'Rappeler jeudi' } } }],
    });
    await responseJson(await addNote(colleague.token, orderId, 'Rappelé, devis demandé'), 201);
    const order = await orderOf(orderId);
    expect(order.notes).toEqual([
      { at, by: 'ancien@example.com', text: 'Rappeler jeudi' },
      { at: expect.any(String), by: colleague.email, text: 'Rappelé, devis demandé' },
    ]);
    // The list shows them too.
    const page = await responseJson<OrderPage>(await call(adminToken, 'GET', `/api/admin/orders?phone=${encodeURIComponent('0661 23 45 67')}&limit=100`));
    expect(page.orders.find((listed) => listed.orderId === orderId)?.notes).toHaveLength(2);
  });

  test('refuse an empty note, one of 10,000 characters, one with control characters, or a body that is not a note, in the staff member’s language, writing nothing', async () => {
    const { orderId } = await storeOrder();
    for (const [text, language] of [['', 'fr'], ['   \n ', 'en'], ['x'.repeat(10_000), 'fr'], ['Rappeler\u0000 lundi', 'ar'], ['bell\u0007', 'en'], [42, 'en'], [['a'], 'en']] as const) {
      const refused = await responseJson<{ code: string; error: string }>(await addNote(adminToken, orderId, text, language), 400);
      expect(refused, String(text).slice(0, 20)).toMatchObject({ code: 'invalidNote', error: message('invalidNote', language), maxLength: 2_000 });
    }
    expect(await responseJson(await call(adminToken, 'POST', `/api/admin/orders/${orderId}/notes`, { text: 'ok', by: 'someone@else' }), 400)).toMatchObject({ code: 'invalidNote' });
    expect(await responseJson(await call(adminToken, 'POST', `/api/admin/orders/${orderId}/notes`, 'not json'), 400)).toMatchObject({ code: 'invalidNote' });
    // The old way, a note set over the one before, is no longer a change.
    expect(await responseJson(await call(adminToken, 'PATCH', `/api/admin/orders/${orderId}`, { note: 'écrasée', version: 1 }), 400)).toMatchObject({ code: 'invalidOrderUpdate' });
    expect(await responseJson(await addNote(adminToken, randomUUID(), 'Rappeler'), 404)).toMatchObject({ code: 'orderNotFound' });
    expect(await responseJson(await addNote(adminToken, 'not-an-order', 'Rappeler'), 404)).toMatchObject({ code: 'orderNotFound' });

    const { Item } = await documents.send(new GetCommand({ TableName: env.stack.tables.submissions, Key: { orderId } }));
    expect(Item).not.toHaveProperty('notes');
    expect(Item).toMatchObject({ version: 1, history: [] });
  });
});

describe('giving an order to a staff member', () => {
  const patch = (token: string, orderId: string, change: Record<string, unknown>, language = 'en') => call(token, 'PATCH', `/api/admin/orders/${orderId}`, change, language);
  const listed = async (token: string, query: string) =>
    (await responseJson<OrderPage>(await call(token, 'GET', `/api/admin/orders?phone=${encodeURIComponent('0661 23 45 67')}&limit=100&${query}`))).orders.map((order) => order.orderId);

  test('lists the staff from the user pool; an order given to one is in their “mine” and under their name, with who gave it in the history', async () => {
    const { staff } = await responseJson<StaffListResponse>(await call(colleague.token, 'GET', '/api/admin/orders/staff'));
    expect(staff.map((member) => member.email)).toEqual(expect.arrayContaining([env.stack.admin.email, colleague.email]));

    const [first, second] = [await storeOrder(), await storeOrder()];
    const given = (await responseJson<{ order: AdminOrder }>(await patch(adminToken, first.orderId, { assignee: colleague.email, version: 1 }))).order;
    expect(given).toMatchObject({ assignee: colleague.email, version: 2 });
    expect(given.history!.at(-1)).toMatchObject({ by: env.stack.admin.email, changes: { assigned: { from: '', to: colleague.email } } });
    await responseJson(await patch(colleague.token, second.orderId, { assignee: env.stack.admin.email, version: 1 }));

    expect(await listed(colleague.token, 'assignee=me')).toContain(first.orderId);
    expect(await listed(colleague.token, 'assignee=me')).not.toContain(second.orderId);
    expect(await listed(adminToken, 'assignee=me')).toContain(second.orderId);
    expect(await listed(adminToken, 'assignee=me')).not.toContain(first.orderId);
    expect(await listed(adminToken, `assignee=${encodeURIComponent(colleague.email)}`)).toContain(first.orderId);
    // The export of "mine" holds the caller's orders.
    const exported = await responseJson<ExportResponse>(await call(colleague.token, 'GET', `/api/admin/orders/export?assignee=me&phone=${encodeURIComponent('0661 23 45 67')}`));
    const csv = await (await fetch(exported.downloadUrl)).text();
    expect(csv).toContain(first.orderId);
    expect(csv).not.toContain(second.orderId);

    // Given back to nobody: out of "mine", and said in the history.
    const back = (await responseJson<{ order: AdminOrder }>(await patch(colleague.token, first.orderId, { assignee: '', version: 2 }))).order;
    expect(back).not.toHaveProperty('assignee');
    expect(back.history!.at(-1)).toMatchObject({ by: colleague.email, changes: { assigned: { from: colleague.email, to: '' } } });
    expect(await listed(colleague.token, 'assignee=me')).not.toContain(first.orderId);
  });

  test('refuses someone who is not staff, in the staff member’s language, on the version seen, writing nothing', async () => {
    const { orderId } = await storeOrder();
    const refused = await responseJson<{ code: string; error: string }>(await patch(adminToken, orderId, { assignee: 'stranger@example.com', version: 1 }, 'fr'), 400);
    expect(refused).toMatchObject({ code: 'unknownStaff', error: message('unknownStaff', 'fr') });
    for (const bad of [{ assignee: 42, version: 1 }, { assignee: 'x'.repeat(300), version: 1 }, { assignee: null, version: 1 }]) {
      expect(await responseJson(await patch(adminToken, orderId, bad), 400)).toMatchObject({ code: 'invalidOrderUpdate' });
    }
    expect(await responseJson(await call(adminToken, 'GET', '/api/admin/orders?assignee=not-an-email'), 400)).toMatchObject({ code: 'invalidOrderFilter', parameter: 'assignee' });
    // A colleague's change meanwhile: 409, as for any change.
    await responseJson(await patch(colleague.token, orderId, { status: 'contacted', version: 1 }));
    expect(await responseJson(await patch(adminToken, orderId, { assignee: colleague.email, version: 1 }), 409)).toMatchObject({ code: 'staleVersion' });
    const order = await orderOf(orderId);
    expect(order).not.toHaveProperty('assignee');
    expect(order.history!.map((entry) => entry.changes)).toEqual([{ status: { from: 'new', to: 'contacted' } }]);
  });
});

describe('archiving an order', () => {
  test('takes it out of the inbox and its badge, lists it under “archived”, and puts it back, each in the history', async () => {
    const { orderId } = await storeOrder();
    const inbox = (query = '') => call(adminToken, 'GET', `/api/admin/orders?phone=${encodeURIComponent('0661 23 45 67')}&limit=100${query}`);
    const ids = async (query = '') => (await responseJson<OrderPage>(await inbox(query))).orders.map((order) => order.orderId);
    const newOrders = async () => (await responseJson<OrderCounts>(await call(adminToken, 'GET', '/api/admin/orders/counts'))).new;
    expect(await ids()).toContain(orderId);
    const before = await newOrders();

    const archived = (await responseJson<{ order: AdminOrder }>(await call(colleague.token, 'PATCH', `/api/admin/orders/${orderId}`, { archived: true, version: 1 }))).order;
    expect(archived).toMatchObject({ archived: true, status: 'new', version: 2 });
    expect(archived.history!.at(-1)).toMatchObject({ by: colleague.email, changes: { archived: { from: false, to: true } } });
    expect(await ids()).not.toContain(orderId);
    expect(await ids('&archived=true')).toContain(orderId);
    expect(await newOrders()).toBe(before - 1);
    // Only archived orders under the filter.
    const { orderId: other } = await storeOrder();
    expect(await ids('&archived=true')).not.toContain(other);

    const back = (await responseJson<{ order: AdminOrder }>(await call(adminToken, 'PATCH', `/api/admin/orders/${orderId}`, { archived: false, version: 2 }))).order;
    expect(back).not.toHaveProperty('archived');
    expect(back.history!.at(-1)!.changes).toEqual({ archived: { from: true, to: false } });
    expect(await ids()).toContain(orderId);
    expect(await ids('&archived=true')).not.toContain(orderId);

    expect(await responseJson(await call(adminToken, 'PATCH', `/api/admin/orders/${orderId}`, { archived: 'yes', version: 3 }), 400)).toMatchObject({ code: 'invalidOrderUpdate' });
    expect(await responseJson(await call(adminToken, 'PATCH', `/api/admin/orders/${orderId}`, { archived: true, version: 2 }), 409)).toMatchObject({ code: 'staleVersion' });
    expect(await responseJson(await inbox('&archived=false'), 400)).toMatchObject({ code: 'invalidOrderFilter', parameter: 'archived' });
    expect((await orderOf(orderId)).archived).toBeUndefined();
  });
});

describe('deleting an order for a farmer who asks to be forgotten', () => {
  /** An order with two kept photos in the uploads bucket, its search entries and a note, as the worker and staff leave them. */
  async function orderWithTraces(): Promise<{ orderId: string; name: string; photoKeys: string[] }> {
    const schema = (await loadBundledFormSchema('form-schemas', 'part-order'))!;
    const photoField = Object.keys(schema.properties).find((field) => schema.properties[field]!.type === 'array')!;
    const orderId = randomUUID();
    const photoKeys = [`photos/${orderId}/${photoField}-1.jpg`, `photos/${orderId}/${photoField}-2.jpg`];
    for (const key of photoKeys) await s3.send(new PutObjectCommand({ Bucket: uploadsBucket, Key: key, Body: Buffer.from('a photo'), ContentType: 'image/jpeg' }));
    const name = `Zoubir ${randomUUID().slice(0, 8)}`;
    const data = { ...schema.examples[0], fullName: name, phone: '0661 98 76 54', [photoField]: photoKeys.map((key) => `${env.stack.siteUrl}/${key}`) };
    const createdAt = new Date().toISOString();
    const deliveries = { sheet: { state: 'sent' as const, attempts: 1, lastAttemptAt: createdAt, sentAt: createdAt } };
    const submission = { ...newSubmission({ formId: 'part-order', schema, orderId, language: 'ar', data, fingerprint: fingerprint(data), createdAt, deliveries: [] }), deliveries };
    await documents.send(new PutCommand({ TableName: env.stack.tables.submissions, Item: { ...submission, ...indexAttributes(submission, schema) } }));
    const index = createOrderSearchIndex(documents, { orderSearchTable: env.stack.tables.orderSearch, submissionsTable: env.stack.tables.submissions }, async () => schema);
    await indexOrder(index, submission, schema);
    await responseJson(await addNote(colleague.token, orderId, 'Veut oublier sa demande'), 201);
    return { orderId, name, photoKeys };
  }

  const searchEntriesOf = async (orderId: string) =>
    (await documents.send(new ScanCommand({ TableName: env.stack.tables.orderSearch, FilterExpression: 'orderId = :id', ExpressionAttributeValues: { ':id': orderId } }))).Items ?? [];
  const photoExists = async (key: string) =>
    s3.send(new HeadObjectCommand({ Bucket: uploadsBucket, Key: key })).then(
      () => true,
      () => false,
    );
  const search = async (q: string) => (await responseJson<OrderPage>(await call(adminToken, 'GET', `/api/admin/orders?q=${encodeURIComponent(q)}`))).orders.map((order) => order.orderId);

  test('is for admins only: a staff member is refused in their language and nothing is touched', async () => {
    const { orderId, name, photoKeys } = await orderWithTraces();
    const refused = await responseJson<{ code: string; error: string }>(await call(colleague.token, 'DELETE', `/api/admin/orders/${orderId}`, undefined, 'ar'), 403);
    expect(refused).toMatchObject({ code: 'forbidden', error: message('forbidden', 'ar') });
    expect((await orderOf(orderId)).contact.name).toBe(name);
    for (const key of photoKeys) expect(await photoExists(key)).toBe(true);
    expect(await search(name)).toEqual([orderId]);
  });

  test('removes the order, its photos, its delivery states and its search entries; only who deleted which reference, and when, stays', async () => {
    const { orderId, name, photoKeys } = await orderWithTraces();
    expect((await searchEntriesOf(orderId)).length).toBeGreaterThan(10);
    expect(await search('oublier')).toContain(orderId);

    const deleted = await call(adminToken, 'DELETE', `/api/admin/orders/${orderId}`);
    expect(deleted.status, await deleted.clone().text()).toBe(204);

    for (const key of photoKeys) expect(await photoExists(key)).toBe(false);
    expect(await searchEntriesOf(orderId)).toEqual([]);
    expect(await search(name)).toEqual([]);
    expect(await search('oublier')).not.toContain(orderId);
    const { Item } = await documents.send(new GetCommand({ TableName: env.stack.tables.submissions, Key: { orderId } }));
    expect(Item).toEqual({ orderId, deleted: { at: expect.any(String), by: env.stack.admin.email } });
    expect(JSON.stringify(Item)).not.toContain(name.split(' ')[1]);

    const gone = await responseJson<{ code: string; error: string; deleted: { at: string; by: string } }>(await call(colleague.token, 'GET', `/api/admin/orders/${orderId}`, undefined, 'fr'), 410);
    expect(gone).toMatchObject({ code: 'orderDeleted', error: message('orderDeleted', 'fr'), deleted: { by: env.stack.admin.email } });
    expect(Date.now() - Date.parse(gone.deleted.at)).toBeLessThan(10 * 60_000);
    const listed = await responseJson<OrderPage>(await call(adminToken, 'GET', `/api/admin/orders?phone=${encodeURIComponent('0661 98 76 54')}&limit=100`));
    expect(listed.orders.map((order) => order.orderId)).not.toContain(orderId);

    // Nothing more can be done to it.
    expect(await responseJson(await call(adminToken, 'PATCH', `/api/admin/orders/${orderId}`, { status: 'won', version: 2 }), 404)).toMatchObject({ code: 'orderNotFound' });
    expect(await responseJson(await addNote(adminToken, orderId, 'encore'), 404)).toMatchObject({ code: 'orderNotFound' });
    expect(await responseJson(await call(adminToken, 'DELETE', `/api/admin/orders/${orderId}`), 404)).toMatchObject({ code: 'orderNotFound' });
    expect(await responseJson(await call(adminToken, 'DELETE', `/api/admin/orders/${randomUUID()}`), 404)).toMatchObject({ code: 'orderNotFound' });
    expect(await responseJson(await call(adminToken, 'DELETE', '/api/admin/orders/not-an-order'), 404)).toMatchObject({ code: 'orderNotFound' });
    const { Item: still } = await documents.send(new GetCommand({ TableName: env.stack.tables.submissions, Key: { orderId } }));
    expect(still).toEqual(Item);
  });
});

describe('labels', () => {
  const patch = (orderId: string, change: Record<string, unknown>, language = 'en', token = adminToken) => call(token, 'PATCH', `/api/admin/orders/${orderId}`, change, language);
  const labelled = async (label: string) =>
    (await responseJson<OrderPage>(await call(adminToken, 'GET', `/api/admin/orders?phone=${encodeURIComponent('0661 23 45 67')}&limit=100&label=${encodeURIComponent(label)}`))).orders.map((order) => order.orderId);

  test('are put on an order, offered to everyone once used, filter the inbox, and come off, each change in the history', async () => {
    const run = randomUUID().slice(0, 4);
    const [first, second] = [await storeOrder(), await storeOrder()];
    // Two staff label two orders at the same moment with labels nobody used before: both are offered afterwards.
    const [one, two] = await Promise.all([
      patch(first.orderId, { labels: [`Urgent ${run}`, ` Salon ${run} `, `Urgent ${run}`], version: 1 }),
      patch(second.orderId, { labels: [`Rappel ${run}`], version: 1 }, 'en', colleague.token),
    ]);
    const order = (await responseJson<{ order: AdminOrder }>(one)).order;
    await responseJson(two);
    expect(order.labels).toEqual([`Urgent ${run}`, `Salon ${run}`]);
    expect(order.history!.at(-1)!.changes).toEqual({ labels: { from: [], to: [`Urgent ${run}`, `Salon ${run}`] } });
    const { labels } = await responseJson<OrderLabelsResponse>(await call(colleague.token, 'GET', '/api/admin/orders/labels'));
    expect(labels).toEqual(expect.arrayContaining([`Urgent ${run}`, `Salon ${run}`, `Rappel ${run}`]));

    expect(await labelled(`Urgent ${run}`)).toEqual([first.orderId]);
    expect(await labelled(`Rappel ${run}`)).toEqual([second.orderId]);
    // A label is matched whole, not by a part of it.
    expect(await labelled(`Urgent`)).not.toContain(first.orderId);

    const fewer = (await responseJson<{ order: AdminOrder }>(await patch(first.orderId, { labels: [`Salon ${run}`], version: 2 }))).order;
    expect(fewer.labels).toEqual([`Salon ${run}`]);
    expect(await labelled(`Urgent ${run}`)).toEqual([]);
    const none = (await responseJson<{ order: AdminOrder }>(await patch(first.orderId, { labels: [], version: 3 }))).order;
    expect(none).not.toHaveProperty('labels');
    expect(none.history!.at(-1)!.changes).toEqual({ labels: { from: [`Salon ${run}`], to: [] } });
  });

  test('refuse too many, too long, empty or with control characters, in the staff member’s language, writing nothing', async () => {
    const { orderId } = await storeOrder();
    const tooMany = Array.from({ length: 11 }, (_, i) => `L${i}`);
    for (const labels of [tooMany, ['x'.repeat(31)], ['   '], ['bell\u0007'], ['deux\nlignes'], ['x'.repeat(10_000)]]) {
      const refused = await responseJson<{ code: string; error: string }>(await patch(orderId, { labels, version: 1 }, 'fr'), 400);
      expect(refused).toMatchObject({ code: 'invalidLabels', error: message('invalidLabels', 'fr'), maxLabels: 10, maxLabelLength: 30 });
    }
    for (const labels of ['urgent', [42], [['a']]]) {
      expect(await responseJson(await patch(orderId, { labels, version: 1 }), 400)).toMatchObject({ code: 'invalidOrderUpdate' });
    }
    expect(await responseJson(await call(adminToken, 'GET', `/api/admin/orders?label=${encodeURIComponent('a\u0001b')}`), 400)).toMatchObject({ code: 'invalidOrderFilter', parameter: 'label' });
    const order = await orderOf(orderId);
    expect(order).toMatchObject({ version: 1, history: [] });
    expect(order).not.toHaveProperty('labels');
  });
});
