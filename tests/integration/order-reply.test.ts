import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fingerprint, indexAttributes, newSubmission } from '../../lambdas/submissions/record';
import type { AdminOrder, ReplyTemplatesResponse } from '../../shared/admin-api';
import { defaultDealer } from '../../shared/content/dealer';
import { siteText } from '../../shared/content/site-text';
import { loadBundledFormSchema } from '../../shared/forms/schema-files';
import type { Language } from '../../shared/languages';
import { defaultReplyTemplates } from '../../shared/reply-templates';
import type { SubmissionStatus } from '../../shared/submissions';
import { stackEnvironment } from '../support/environment';
import { adminFetch, signIn, staffToken, responseJson } from '../support/staff';
import { documentClient } from '../support/submissions';

/**
 * Answering a farmer from the order, through the real local stack: the
 * message templates admins edit (refused with the unknown placeholder
 * named), and the contact each button records, with its undo.
 */

const env = stackEnvironment();
let adminToken: string;
let staff: { email: string; token: string };
let documents: DynamoDBDocumentClient;

beforeAll(async () => {
  adminToken = await signIn(env.stack, env.stack.admin.email, env.stack.admin.password);
  staff = await staffToken(env.stack, ['staff']);
  documents = documentClient(env.stack);
});

afterAll(() => documents?.destroy());

const call = (token: string, method: string, path: string, body?: unknown, language = 'en') =>
  adminFetch(env.stack, token, path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }), headers: { 'accept-language': language } });

/** An order (a tractor's, unless said) sent from the site in `language`, stored as the submit function stores it. */
async function storeOrder(language: Language, status: SubmissionStatus = 'new', formId = 'tractor-order'): Promise<AdminOrder> {
  const schema = (await loadBundledFormSchema('form-schemas', formId))!;
  const data = { ...schema.examples[0], phone: '0661 23 45 67' };
  const createdAt = new Date().toISOString();
  const submission = { ...newSubmission({ formId, schema, orderId: randomUUID(), language, data, fingerprint: fingerprint(data), createdAt, deliveries: [] }), status };
  await documents.send(new PutCommand({ TableName: env.stack.tables.submissions, Item: { ...submission, ...indexAttributes(submission, schema) } }));
  return (await responseJson<{ order: AdminOrder }>(await call(adminToken, 'GET', `/api/admin/orders/${submission.orderId}`))).order;
}

const patch = (order: Pick<AdminOrder, 'orderId' | 'version'>, change: Record<string, unknown>, token = adminToken, language = 'en') =>
  call(token, 'PATCH', `/api/admin/orders/${order.orderId}`, { ...change, version: order.version }, language);

describe('the message templates', () => {
  test('ship in each language, with the dealer’s name and phone as the live site shows them', async () => {
    const answer = await responseJson<ReplyTemplatesResponse>(await call(staff.token, 'GET', '/api/admin/orders/reply-templates'));
    expect(answer).toEqual({
      templates: defaultReplyTemplates,
      defaults: defaultReplyTemplates,
      dealer: { name: siteText.siteTitle, phone: defaultDealer.phones[0] },
    });
    for (const template of Object.values(answer.templates)) expect(template).toMatch(/\{name\}.*\{item\}.*\{dealerName\}.*\{dealerPhone\}/);
  });

  test('refuse a template with an unknown placeholder, naming it in the staff member’s language, and save nothing', async () => {
    const templates = { ...defaultReplyTemplates, fr: 'Bonjour {nom}, à propos de {item}' };
    const refused = await responseJson<{ code: string; placeholder: string; error: string }>(
      await call(adminToken, 'PUT', '/api/admin/orders/reply-templates', { templates }, 'fr'),
      400,
    );
    expect(refused).toMatchObject({ code: 'unknownPlaceholder', placeholder: '{nom}' });
    expect(refused.error).toContain('{nom}');
    expect(refused.error).toMatch(/inconnu/);
    const inArabic = await responseJson<{ error: string }>(await call(adminToken, 'PUT', '/api/admin/orders/reply-templates', { templates }, 'ar'), 400);
    expect(inArabic.error).toContain('{nom}');
    expect(inArabic.error).toMatch(/غير معروف/);

    for (const body of [{}, { templates: { ar: 'x', fr: 'y' } }, { templates: { ...defaultReplyTemplates, en: ' ' } }, { templates: { ...defaultReplyTemplates, en: 'x'.repeat(1_001) } }, { templates: defaultReplyTemplates, extra: 1 }]) {
      expect(await responseJson(await call(adminToken, 'PUT', '/api/admin/orders/reply-templates', body), 400)).toMatchObject({ code: 'invalidReplyTemplates' });
    }
    expect((await responseJson<ReplyTemplatesResponse>(await call(adminToken, 'GET', '/api/admin/orders/reply-templates'))).templates).toEqual(defaultReplyTemplates);
  });

  test('are changed by admins only, and say who changed them', async () => {
    const templates = { ...defaultReplyTemplates, ar: 'مرحبا {name}، بخصوص {item}: {dealerPhone}' };
    expect(await responseJson(await call(staff.token, 'PUT', '/api/admin/orders/reply-templates', { templates }), 403)).toMatchObject({ code: 'forbidden' });

    const saved = await responseJson<ReplyTemplatesResponse>(await call(adminToken, 'PUT', '/api/admin/orders/reply-templates', { templates }));
    expect(saved).toMatchObject({ templates, defaults: defaultReplyTemplates, saved: { by: env.stack.admin.email } });
    // Every staff member's next order page writes with them.
    expect(await responseJson<ReplyTemplatesResponse>(await call(staff.token, 'GET', '/api/admin/orders/reply-templates'))).toEqual(saved);

    await responseJson(await call(adminToken, 'PUT', '/api/admin/orders/reply-templates', { templates: defaultReplyTemplates }));
  });
});

describe('a contact', () => {
  test('is recorded with who, when and how, moves a new order to contacted, and is undone by its author', async () => {
    const order = await storeOrder('ar');
    const before = Date.now();
    const contacted = (await responseJson<{ order: AdminOrder }>(await patch(order, { contacted: 'whatsapp' }))).order;
    expect(contacted).toMatchObject({ status: 'contacted', version: order.version + 1 });
    const entry = contacted.history!.at(-1)!;
    expect(entry).toMatchObject({ by: env.stack.admin.email, changes: { contacted: 'whatsapp', status: { from: 'new', to: 'contacted' } } });
    expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(before - 1_000);

    // Another staff member cannot take back someone else's contact.
    expect(await responseJson(await patch(contacted, { undoContact: true }, staff.token), 409)).toMatchObject({ code: 'nothingToUndo' });

    const undone = (await responseJson<{ order: AdminOrder }>(await patch(contacted, { undoContact: true }))).order;
    expect(undone.status).toBe('new');
    // The history keeps both: the contact made, and taken back.
    expect(undone.history!.slice(-2).map((item) => item.changes)).toEqual([
      { contacted: 'whatsapp', status: { from: 'new', to: 'contacted' } },
      { contactUndone: 'whatsapp', status: { from: 'contacted', to: 'new' } },
    ]);
    // Nothing left to undo, said in the staff member's language.
    const again = await responseJson<{ code: string; error: string }>(await patch(undone, { undoContact: true }, adminToken, 'fr'), 409);
    expect(again).toMatchObject({ code: 'nothingToUndo', error: expect.stringMatching(/annuler/) });
  });

  test('leaves a status further along the workflow as it was, and its undo too', async () => {
    const order = await storeOrder('fr', 'quoted');
    const contacted = (await responseJson<{ order: AdminOrder }>(await patch(order, { contacted: 'call' }))).order;
    expect(contacted.status).toBe('quoted');
    expect(contacted.history!.at(-1)!.changes).toEqual({ contacted: 'call' });
    const undone = (await responseJson<{ order: AdminOrder }>(await patch(contacted, { undoContact: true }))).order;
    expect(undone).toMatchObject({ status: 'quoted' });
    expect(undone.history!.at(-1)!.changes).toEqual({ contactUndone: 'call' });
  });

  test('is made on the version seen, and refused when the order changed since (409), or when its undo comes after another change', async () => {
    const order = await storeOrder('en');
    const contacted = (await responseJson<{ order: AdminOrder }>(await patch(order, { contacted: 'sms' }))).order;
    expect(await responseJson(await patch(order, { contacted: 'call' }), 409)).toMatchObject({ code: 'staleVersion' });
    const quoted = (await responseJson<{ order: AdminOrder }>(await patch(contacted, { status: 'quoted' }))).order;
    expect(await responseJson(await patch(quoted, { undoContact: true }), 409)).toMatchObject({ code: 'nothingToUndo' });
    expect(await responseJson(await patch(contacted, { undoContact: true }), 409)).toMatchObject({ code: 'staleVersion' });
  });

  test('is refused with 400 when it is not one, or comes with other changes', async () => {
    const order = await storeOrder('fr');
    for (const change of [{ contacted: 'fax' }, { contacted: 'sms', status: 'won' }, { undoContact: false }, { undoContact: true, read: true }, { contacted: ['sms'] }]) {
      expect(await responseJson(await patch(order, change), 400)).toMatchObject({ code: 'invalidOrderUpdate' });
    }
    const unchanged = (await responseJson<{ order: AdminOrder }>(await call(adminToken, 'GET', `/api/admin/orders/${order.orderId}`))).order;
    expect(unchanged).toMatchObject({ status: 'new', version: order.version, history: order.history });
  });
});

test('an order names what the farmer asked about in the farmer’s language: the catalogue entry, or else the form’s title', async () => {
  const tractor = await storeOrder('ar');
  expect(tractor.item).toBe('Sonalika DI75 4x4 Facelift');
  const message = await storeOrder('ar', 'new', 'contact-message');
  const schema = (await loadBundledFormSchema('form-schemas', 'contact-message'))!;
  // Read by a staff member in English: the form's title in English, the item in the farmer's Arabic.
  expect(message).toMatchObject({ formTitle: schema['x-title'].en, item: schema['x-title'].ar });
});
