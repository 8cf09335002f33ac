import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createFormRegistry } from '../../lambdas/forms/form-registry';
import { message } from '../../lambdas/lib/messages';
import { createOrderSearchIndex } from '../../lambdas/submissions/search-index';
import { inboxColumnLabels, type OrderPage } from '../../shared/admin-api';
import { fieldLabel } from '../../shared/forms/fields';
import { loadBundledFormSchema } from '../../shared/forms/schema-files';
import { submissionStatuses, type Submission } from '../../shared/submissions';
import { stackEnvironment } from '../support/environment';
import { putOrders, putSearchEntries, seededOrders, type SeededOrder } from '../support/orders';
import { adminFetch, everyOrderPage, signIn, responseJson } from '../support/staff';
import { documentClient } from '../support/submissions';

/**
 * The inbox sorted and its columns chosen, through the real local stack:
 * oldest first, by status, wilaya and form, each page after page with every
 * order once, combined with the filters and the search; a form's own view
 * with its fields as columns in its sheet's order; bad sorts, columns and
 * cursors refused in the staff's language.
 */

const env = stackEnvironment();
let token: string;
let documents: DynamoDBDocumentClient;
let seeded: SeededOrder[];
const forms = ['tractor-order', 'contact-message', 'part-order', 'equipment-planting'];
/** Every seeded order is in this range, and nothing else the stack holds. */
const range = 'from=2020-01-01&to=2020-01-31';
let wilayas: string[];

beforeAll(async () => {
  token = await signIn(env.stack, env.stack.admin.email, env.stack.admin.password);
  documents = documentClient(env.stack);
  seeded = await seededOrders({ forms, formSchemasDir: 'form-schemas', count: 240, newest: new Date('2020-01-20T12:00:00Z'), spacingMs: 3_600_000 });
  await putOrders(documents, env.stack.tables.submissions, seeded);
  const registry = createFormRegistry('form-schemas');
  const { tables } = env.stack;
  const searchIndex = createOrderSearchIndex(documents, { orderSearchTable: tables.orderSearch, submissionsTable: tables.submissions }, async (formId) => (await registry.get(formId))?.schema);
  await putSearchEntries(searchIndex, seeded);
  wilayas = (await loadBundledFormSchema('form-schemas', 'tractor-order'))!.$defs!.wilaya!.enum as string[];
}, 180_000);

afterAll(() => documents?.destroy());

const get = (path: string, language = 'en') => adminFetch(env.stack, token, path, { headers: { 'accept-language': language } });

const allPages = (query: string, limit = 25) => everyOrderPage(get, query, limit);

const stored = (keep: (submission: Submission) => boolean = () => true) =>
  seeded.map(({ submission }) => submission).filter((submission) => submission.status !== 'spam' && keep(submission));
const sortedIds = (orders: { orderId: string }[]) => orders.map((order) => order.orderId).sort();
const newestFirst = (a: { createdAt: string }, b: { createdAt: string }) => (a.createdAt < b.createdAt ? 1 : -1);
const wilayaOf = (orderId: string) => seeded.find(({ submission }) => submission.orderId === orderId)!.indexes.listWilaya?.split('#')[1];

/** The order expected: by the rank of each order's value, newest first within a value. */
function expectedOrder(orders: Submission[], rank: (submission: Submission) => number): string[] {
  return [...orders].sort((a, b) => rank(a) - rank(b) || newestFirst(a, b)).map((submission) => submission.orderId);
}

describe('sorting the inbox', () => {
  test('oldest first: every order once, the other way round', async () => {
    const orders = await allPages(`${range}&sort=oldest`);
    expect(orders.map((order) => order.orderId)).toEqual([...stored()].sort(newestFirst).reverse().map((submission) => submission.orderId));
  });

  test('by status: the workflow’s order, newest first within each, with a filter too', async () => {
    const rank = (submission: Submission) => submissionStatuses.indexOf(submission.status);
    const orders = await allPages(`${range}&sort=status`);
    expect(orders.map((order) => order.orderId)).toEqual(expectedOrder(stored(), rank));

    const ofForm = await allPages(`${range}&sort=status&form=part-order`, 7);
    expect(ofForm.map((order) => order.orderId)).toEqual(expectedOrder(stored((submission) => submission.formId === 'part-order'), rank));
  });

  test('by wilaya: by number, the orders without one last', async () => {
    const rank = (submission: Submission) => {
      const wilaya = wilayaOf(submission.orderId);
      return wilaya === undefined ? wilayas.length : wilayas.indexOf(wilaya);
    };
    const orders = await allPages(`${range}&sort=wilaya`, 40);
    expect(orders.map((order) => order.orderId)).toEqual(expectedOrder(stored(), rank));
    // The messages have no wilaya: they come after every order that has one.
    expect(orders.at(-1)!.formId).toBe('contact-message');

    // One form's orders, each wilaya read from its own index.
    const ofForm = await allPages(`${range}&sort=wilaya&form=part-order`, 9);
    expect(ofForm.map((order) => order.orderId)).toEqual(expectedOrder(stored((submission) => submission.formId === 'part-order'), rank));
  });

  test('by form: by title in the staff’s language, unread only', async () => {
    const orders = await allPages(`${range}&sort=form&read=false`, 30);
    const titles = new Map(orders.map((order) => [order.formId, order.formTitle]));
    const formOrder = [...titles.keys()].sort((a, b) => titles.get(a)!.localeCompare(titles.get(b)!, 'en'));
    expect(formOrder).toHaveLength(forms.length);
    expect(orders.map((order) => order.orderId)).toEqual(
      expectedOrder(stored((submission) => !submission.read), (submission) => formOrder.indexOf(submission.formId)),
    );
  });

  test('with a search: its matches in the sort’s order, paged', async () => {
    // "Karim" is the first name of one order in 20.
    const karim = stored((submission) => Object.values(submission.data).some((value) => typeof value === 'string' && value.startsWith('Karim ')));
    expect(karim.length).toBeGreaterThan(5);
    const byNewest = await allPages(`${range}&q=karim`, 5);
    expect(sortedIds(byNewest)).toEqual(sortedIds(karim));
    const oldest = await allPages(`${range}&q=karim&sort=oldest`, 5);
    expect(oldest.map((order) => order.orderId)).toEqual(byNewest.map((order) => order.orderId).reverse());
    const byStatus = await allPages(`${range}&q=karim&sort=status`, 5);
    expect(byStatus.map((order) => order.orderId)).toEqual(expectedOrder(karim, (submission) => submissionStatuses.indexOf(submission.status)));
  });

  test('a sort or a cursor that is not one is refused in the staff’s language', async () => {
    const unknown = await responseJson<{ code: string; error: string }>(await get(`/api/admin/orders?sort=price`, 'fr'), 400);
    expect(unknown).toMatchObject({ code: 'invalidSort', error: message('invalidSort', 'fr') });

    const first = await responseJson<OrderPage>(await get(`/api/admin/orders?${range}&sort=wilaya&limit=10`));
    expect(first.nextCursor).toBeDefined();
    const cursor = encodeURIComponent(first.nextCursor!);
    // The cursor of one sort does not continue another, nor the same sort of another filter.
    for (const other of [`${range}&sort=status`, `${range}&sort=newest`, `${range}&sort=wilaya&status=won`]) {
      expect((await get(`/api/admin/orders?${other}&limit=10&cursor=${cursor}`)).status, other).toBe(400);
    }
    const next = await responseJson<OrderPage>(await get(`/api/admin/orders?${range}&sort=wilaya&limit=10&cursor=${cursor}`));
    expect(next.orders.map((order) => order.orderId)).not.toContain(first.orders[0]!.orderId);
  });
});

describe('choosing columns', () => {
  test('the list’s own columns, the usual ones shown until others are asked for', async () => {
    const usual = await responseJson<OrderPage>(await get(`/api/admin/orders?${range}&limit=1`, 'fr'));
    expect(usual.columns.map((column) => column.key)).toEqual(['date', 'form', 'name', 'phone', 'wilaya', 'item', 'status', 'delivery']);
    expect(usual.columns.filter((column) => !column.shown).map((column) => column.key)).toEqual(['item']);
    expect(usual.columns[0]!.label).toBe(inboxColumnLabels.date.fr);

    const chosen = await responseJson<OrderPage>(await get(`/api/admin/orders?${range}&limit=1&columns=status,item`, 'fr'));
    // Shown in the view's order; the name, which opens the order, always.
    expect(chosen.columns.filter((column) => column.shown).map((column) => column.key)).toEqual(['name', 'item', 'status']);
  });

  test('a form’s view: its fields in its sheet’s order, labelled in the staff’s language', async () => {
    const page = await responseJson<OrderPage>(await get(`/api/admin/orders?${range}&form=tractor-order&limit=1`, 'fr'));
    // tractor-order's sheet: name, phone, wilaya, the time sent, then the model joined with the equipment.
    expect(page.columns.map((column) => column.key)).toEqual(['fullName', 'phone', 'wilaya', 'date', 'tractorModel', 'additionalEquipment', 'status', 'delivery']);
    const schema = (await loadBundledFormSchema('form-schemas', 'tractor-order'))!;
    expect(page.columns.map((column) => column.label)).toEqual([
      ...['fullName', 'phone', 'wilaya'].map((field) => fieldLabel(schema, field, 'fr')),
      inboxColumnLabels.date.fr,
      ...['tractorModel', 'additionalEquipment'].map((field) => fieldLabel(schema, field, 'fr')),
      inboxColumnLabels.status.fr,
      inboxColumnLabels.delivery.fr,
    ]);
    expect(page.columns[0]).toMatchObject({ field: 'fullName', shown: true, opensOrder: true });
    expect(page.columns.find((column) => column.key === 'phone')).toMatchObject({ phone: true });
  });

  test('an unknown column is refused, naming it, in the staff’s language', async () => {
    const answer = await responseJson<{ code: string; error: string; column: string }>(await get(`/api/admin/orders?columns=date,price`, 'ar'), 400);
    expect(answer).toMatchObject({ code: 'unknownColumn', column: 'price', error: message('unknownColumn', 'ar') });
    // A form's field is a column of that form's view only.
    expect((await get(`/api/admin/orders?columns=tractorModel`)).status).toBe(400);
  });
});
