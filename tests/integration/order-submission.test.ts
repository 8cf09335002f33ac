import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import tractorOrder from '../../form-schemas/tractor-order.json';
import type { LocalStack } from '../../infra/local/stack';
import { startTestStack } from '../support/local-stack';
import { deliveredRows as rowsOnceDelivered, documentClient, expectNoRows, storedSubmission as readSubmission } from '../support/submissions';
import { sheetRows as readSheetRows } from '../support/sheets';
import { removeTempDir } from '../support/temp-dir';

/**
 * An order request through the real API: the adapter, the Lambda handler,
 * dynalite, then the delivery worker and the relay stand-in (CSV), all over
 * HTTP. The relay's failures are in order-pipeline.test.ts.
 */

const example = tractorOrder.examples[0]!;
const submissionsPath = '/api/forms/tractor-order/submissions';

let stack: LocalStack;
let dataDir: string;
let documents: DynamoDBDocumentClient;

beforeAll(async () => {
  ({ stack, dataDir } = await startTestStack({ deliveryPollMs: 100 }));
  documents = documentClient(stack);
});

afterAll(async () => {
  documents?.destroy();
  await stack?.stop();
  await removeTempDir(dataDir);
});

/** Example data with a name no other test uses, to find this test's rows and items. */
function orderData(overrides: Record<string, unknown> = {}) {
  return { ...example, fullName: `Karim Benali ${randomUUID().slice(0, 8)}`, ...overrides };
}

interface SubmitOptions {
  language?: string;
  contentType?: string;
  formId?: string;
}

function submit(body: unknown, { language = 'en', contentType = 'application/json', formId }: SubmitOptions = {}) {
  return fetch(`${stack.siteUrl}${formId ? `/api/forms/${formId}/submissions` : submissionsPath}`, {
    method: 'POST',
    headers: { 'content-type': contentType, 'accept-language': language },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function sheetRows(): Promise<string[][]> {
  return readSheetRows(stack.sheetsDir, 'tractor-orders');
}

/** The rows of this name once the delivery worker has sent them. */
function deliveredRows(fullName: string, count = 1): Promise<string[][]> {
  return rowsOnceDelivered(stack, 'tractor-orders', fullName, count);
}

function storedSubmission(submissionId: string) {
  return readSubmission(documents, stack, submissionId);
}

async function expectNothingWritten(fullName: unknown, submissionId?: unknown) {
  if (typeof submissionId === 'string') expect(await storedSubmission(submissionId)).toBeUndefined();
  if (typeof fullName === 'string') await expectNoRows(stack, 'tractor-orders', fullName);
}

describe('a valid order', () => {
  test('answers 201 once stored, then lands once in the sheet', async () => {
    const data = orderData();
    const submissionId = randomUUID();
    const response = await submit({ data, submissionId });

    expect(response.status).toBe(201);
    const order = (await response.json()) as { orderId: string; createdAt: string };
    expect(order.orderId).toBe(submissionId);
    expect(new Date(order.createdAt).toISOString()).toBe(order.createdAt);

    expect(await storedSubmission(submissionId)).toMatchObject({
      orderId: submissionId,
      formId: 'tractor-order',
      list: 'inbox',
      createdAt: order.createdAt,
      language: 'en',
      data,
      status: 'new',
      read: false,
      version: 1,
      sheet: 'tractor-orders',
    });
    expect(await deliveredRows(data.fullName)).toEqual([
      [data.fullName, data.phone, data.wilaya, order.createdAt, `${data.tractorModel} - ${data.additionalEquipment}`, order.orderId],
    ]);
    expect(await storedSubmission(submissionId)).toMatchObject({
      deliveries: { sheet: { state: 'sent', attempts: 1, sentAt: expect.any(String) } },
    });
    const delivered = await storedSubmission(submissionId);
    expect(delivered).not.toHaveProperty('deliveryDue');
    expect(delivered).not.toHaveProperty('claimedBy');
  });

  test('without additional equipment the product cell is the model alone', async () => {
    const { additionalEquipment: _none, ...data } = orderData();
    const response = await submit({ data, submissionId: randomUUID() }, { language: 'fr' });

    expect(response.status).toBe(201);
    const [row] = await deliveredRows(data.fullName);
    expect(row?.[4]).toBe(data.tractorModel);
  });

  test('values are trimmed before they reach the sheet', async () => {
    const data = orderData();
    const response = await submit({
      data: { ...data, fullName: `  ${data.fullName}  `, additionalEquipment: '   ' },
      submissionId: randomUUID(),
    });

    expect(response.status).toBe(201);
    const rows = await deliveredRows(data.fullName);
    expect(rows[0]?.[4]).toBe(data.tractorModel);
  });

  test('cells that a spreadsheet would run as formulas reach the sheet as text; the order keeps what was typed', async () => {
    const fullName = `=HYPERLINK("http://evil.example/${randomUUID()}","Click")`;
    const data = orderData({ fullName, phone: '+33 6 12 34 56 78' });
    const submissionId = randomUUID();
    expect((await submit({ data, submissionId })).status).toBe(201);

    const [row] = await deliveredRows(`'${fullName}`);
    expect(row?.slice(0, 2)).toEqual([`'${fullName}`, "'+33 6 12 34 56 78"]);
    expect(await storedSubmission(submissionId)).toMatchObject({ data: { fullName, phone: '+33 6 12 34 56 78' } });
  });
});

describe('a phone number', () => {
  test('typed with +213, brackets and dots reaches the order, the sheet and the inbox search in one readable form', async () => {
    const data = orderData({ phone: '+213 (0)661.23.45.67' });
    const submissionId = randomUUID();
    expect((await submit({ data, submissionId })).status).toBe(201);

    expect(await storedSubmission(submissionId)).toMatchObject({ data: { phone: '0661 23 45 67' }, phoneKey: '661234567' });
    const [row] = await deliveredRows(data.fullName);
    expect(row?.[1]).toBe('0661 23 45 67');
  });

  const refusals: [language: string, error: string, message: string][] = [
    ['ar', 'بعض الحقول غير صالحة', 'أدخل في «رقم الهاتف» رقمًا جزائريًا'],
    ['fr', 'Certains champs ne sont pas valides', '« Téléphone » : saisissez un numéro algérien'],
    ['en', 'Some fields are not valid', 'Phone: enter an Algerian number'],
  ];

  test.each(refusals)('nobody could call back is refused, naming the field (%s)', async (language, error, message) => {
    const data = orderData({ phone: 'abc' });
    const submissionId = randomUUID();
    const response = await submit({ data, submissionId }, { language });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error,
      code: 'invalidFields',
      fields: [{ field: 'phone', keyword: 'x-phone', message: expect.stringContaining(message) }],
    });
    await expectNothingWritten(data.fullName, submissionId);
  });
});

describe('a repeated submission id', () => {
  test('sent again later answers the same order without a second row or item', async () => {
    const data = orderData();
    const submissionId = randomUUID();
    const first = await submit({ data, submissionId });
    const again = await submit({ data, submissionId });

    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    expect(await deliveredRows(data.fullName)).toHaveLength(1);
  });

  test('reused for different data answers 409 and changes nothing', async () => {
    const data = orderData();
    const submissionId = randomUUID();
    expect((await submit({ data, submissionId })).status).toBe(201);

    const reused = await submit({ data: { ...data, phone: '0770 00 00 00' }, submissionId });
    expect(reused.status).toBe(409);
    expect(await reused.json()).toMatchObject({ code: 'submissionIdReused' });
    expect(await storedSubmission(submissionId)).toMatchObject({ data: { phone: data.phone } });
    expect(await deliveredRows(data.fullName)).toHaveLength(1);
  });

  test('sent twice at once is stored once, answered twice alike, and delivered once', async () => {
    const data = orderData();
    const submissionId = randomUUID();
    const responses = await Promise.all([submit({ data, submissionId }), submit({ data, submissionId })]);

    expect(responses.map((r) => r.status)).toEqual([201, 201]);
    const [first, second] = await Promise.all(responses.map((r) => r.json()));
    expect(second).toEqual(first);
    expect(await deliveredRows(data.fullName)).toHaveLength(1);
  });
});

describe('invalid form data answers 400 with field details and writes nothing', () => {
  const missingName: [string, string][] = [
    ['en', 'Missing required fields'],
    ['fr', 'Champs obligatoires manquants'],
    ['ar', 'حقول مطلوبة ناقصة'],
  ];

  test.each(missingName)('a missing full name (%s)', async (language, text) => {
    const { fullName: _missing, ...data } = orderData();
    const submissionId = randomUUID();
    await stack.deliveries.runNow();
    const rowsBefore = (await sheetRows()).length;
    const response = await submit({ data, submissionId }, { language });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: text,
      code: 'missingRequiredFields',
      fields: [{ field: 'fullName', keyword: 'required', message: expect.any(String) }],
    });
    await expectNothingWritten(undefined, submissionId);
    expect(await sheetRows()).toHaveLength(rowsBefore);
  });

  test('a full name of spaces only counts as missing', async () => {
    const submissionId = randomUUID();
    const response = await submit({ data: orderData({ fullName: '   \t ' }), submissionId });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: 'Missing required fields',
      fields: [{ field: 'fullName', keyword: 'required', message: 'Full name is required' }],
    });
    await expectNothingWritten(undefined, submissionId);
  });

  test('an unknown wilaya', async () => {
    const data = orderData({ wilaya: 'Atlantis' });
    const submissionId = randomUUID();
    const response = await submit({ data, submissionId });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: 'Some fields are not valid',
      code: 'invalidFields',
      fields: [{ field: 'wilaya', keyword: 'enum' }],
    });
    await expectNothingWritten(data.fullName, submissionId);
  });

  test('an unknown extra field', async () => {
    const data = orderData({ coupon: 'FREE-TRACTOR' });
    const submissionId = randomUUID();
    const response = await submit({ data, submissionId }, { language: 'fr' });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: 'Certains champs ne sont pas valides',
      fields: [{ keyword: 'additionalProperties', message: 'Le champ « coupon » est inconnu' }],
    });
    await expectNothingWritten(data.fullName, submissionId);
  });
});

describe('malformed requests answer 4xx and write nothing', () => {
  test('a body that is not JSON', async () => {
    const response = await submit('{"data": {"fullName": "Broken', {});
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'The request body is not valid JSON', code: 'invalidJson' });
  });

  test('a content type other than JSON', async () => {
    const data = orderData();
    const submissionId = randomUUID();
    const response = await submit(JSON.stringify({ data, submissionId }), { contentType: 'text/plain' });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error: 'The request must be sent as JSON', code: 'notJson' });
    await expectNothingWritten(data.fullName, submissionId);
  });

  test('a body over 64 KB', async () => {
    const data = orderData({ additionalEquipment: 'x'.repeat(70 * 1024) });
    const submissionId = randomUUID();
    const response = await submit({ data, submissionId });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'The request is too large', code: 'bodyTooLarge' });
    await expectNothingWritten(data.fullName, submissionId);
  });

  test.each([
    ['missing', undefined],
    ['not a UUID', 'order-1'],
    ['not a string', 12345],
  ])('a submission id that is %s', async (_case, submissionId) => {
    const data = orderData();
    const response = await submit({ data, submissionId });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: 'The request must contain data and a submissionId (UUID)',
      code: 'invalidSubmission',
    });
    await expectNothingWritten(data.fullName);
  });

  test('data that is not an object', async () => {
    const submissionId = randomUUID();
    const response = await submit({ data: ['Karim'], submissionId });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalidSubmission' });
    await expectNothingWritten(undefined, submissionId);
  });
});

describe('unknown addresses', () => {
  test('an unknown form answers 404 from the handler', async () => {
    const response = await submit({ data: orderData(), submissionId: randomUUID() }, { formId: 'spaceship-order' });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'Form not found', code: 'formNotFound' });
  });

  test('an unknown API route answers 404 as API Gateway does', async () => {
    for (const [method, url] of [
      ['POST', '/api/forms/tractor-order'],
      ['GET', submissionsPath],
      ['GET', '/api'],
    ] as const) {
      const response = await fetch(`${stack.siteUrl}${url}`, { method });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Not Found' });
    }
  });
});
