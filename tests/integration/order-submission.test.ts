import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import tractorOrder from '../../form-schemas/tractor-order.json';
import type { LocalStack } from '../../infra/local/stack';
import { startTestStack } from '../support/local-stack';
import { setRelayFailure as switchRelayFailure, sheetRows as readSheetRows } from '../support/sheets';
import { removeTempDir } from '../support/temp-dir';

/**
 * An order request through the real API: the adapter, the Lambda handler, the
 * relay stand-in (CSV) and dynalite, all over HTTP.
 */

const example = tractorOrder.examples[0]!;
const submissionsPath = '/api/forms/tractor-order/submissions';

let stack: LocalStack;
let dataDir: string;
let documents: DynamoDBDocumentClient;

beforeAll(async () => {
  ({ stack, dataDir } = await startTestStack());
  documents = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: stack.endpoints.dynamoDb,
      region: 'eu-west-3',
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    }),
  );
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

async function rowsNamed(fullName: string): Promise<string[][]> {
  return (await sheetRows()).filter((row) => row[0] === fullName);
}

async function ordersWithSubmission(submissionId: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documents.send(
      new ScanCommand({
        TableName: stack.tables.orders,
        FilterExpression: 'submissionId = :id',
        ExpressionAttributeValues: { ':id': submissionId.toLowerCase() },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

async function expectNothingWritten(fullName: unknown, submissionId?: unknown) {
  if (typeof fullName === 'string') expect(await rowsNamed(fullName)).toEqual([]);
  if (typeof submissionId === 'string') expect(await ordersWithSubmission(submissionId)).toEqual([]);
}

function setRelayFailure(failure: { status: number; message?: string } | undefined) {
  return switchRelayFailure(stack.endpoints.relay, failure);
}

describe('a valid order', () => {
  test('answers 201 and lands once in the sheet, then once in the orders table', async () => {
    const data = orderData();
    const submissionId = randomUUID();
    const response = await submit({ data, submissionId });

    expect(response.status).toBe(201);
    const order = (await response.json()) as { orderId: string; createdAt: string };
    expect(order.orderId).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(order.createdAt).toISOString()).toBe(order.createdAt);

    expect(await rowsNamed(data.fullName)).toEqual([
      [data.fullName, data.phone, data.wilaya, order.createdAt, `${data.tractorModel} - ${data.additionalEquipment}`],
    ]);

    const items = await ordersWithSubmission(submissionId);
    expect(items).toHaveLength(1);
    const { Item } = await documents.send(new GetCommand({ TableName: stack.tables.orders, Key: { orderId: order.orderId } }));
    expect(Item).toMatchObject({
      orderId: order.orderId,
      formId: 'tractor-order',
      submissionId,
      createdAt: order.createdAt,
      language: 'en',
      data,
    });
  });

  test('without additional equipment the product cell is the model alone', async () => {
    const { additionalEquipment: _none, ...data } = orderData();
    const response = await submit({ data, submissionId: randomUUID() }, { language: 'fr' });

    expect(response.status).toBe(201);
    const [row, ...others] = await rowsNamed(data.fullName);
    expect(others).toEqual([]);
    expect(row?.[4]).toBe(data.tractorModel);
  });

  test('values are trimmed before they reach the sheet', async () => {
    const data = orderData();
    const response = await submit({
      data: { ...data, fullName: `  ${data.fullName}  `, additionalEquipment: '   ' },
      submissionId: randomUUID(),
    });

    expect(response.status).toBe(201);
    const rows = await rowsNamed(data.fullName);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.[4]).toBe(data.tractorModel);
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
    expect(await rowsNamed(data.fullName)).toHaveLength(1);
    expect(await ordersWithSubmission(submissionId)).toHaveLength(1);
  });

  test('reused for different data answers 409 and changes nothing', async () => {
    const data = orderData();
    const submissionId = randomUUID();
    expect((await submit({ data, submissionId })).status).toBe(201);

    const reused = await submit({ data: { ...data, phone: '0770 00 00 00' }, submissionId });
    expect(reused.status).toBe(409);
    expect(await reused.json()).toMatchObject({ code: 'submissionIdReused' });
    expect(await rowsNamed(data.fullName)).toHaveLength(1);
    expect(await ordersWithSubmission(submissionId)).toHaveLength(1);
  });

  test('sent twice at once produces one row and one item', async () => {
    const data = orderData();
    const submissionId = randomUUID();
    const responses = await Promise.all([submit({ data, submissionId }), submit({ data, submissionId })]);

    const statuses = responses.map((r) => r.status).sort();
    // The second one either waits its turn and replays the first, or is told the first is in progress.
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    const orders = (await Promise.all(responses.map((r) => r.json()))) as { orderId?: string }[];
    const orderIds = new Set(orders.map((o) => o.orderId).filter(Boolean));
    expect(orderIds.size).toBe(1);
    expect(await rowsNamed(data.fullName)).toHaveLength(1);
    expect(await ordersWithSubmission(submissionId)).toHaveLength(1);
  });
});

describe('when the sheet relay fails', () => {
  test('answers 502 in the visitor language, stores nothing, and the same submission succeeds after recovery', async () => {
    const data = orderData();
    const submissionId = randomUUID();
    await setRelayFailure({ status: 503 });
    try {
      const failed = await submit({ data, submissionId });
      expect(failed.status).toBe(502);
      expect(await failed.json()).toMatchObject({ error: 'Failed to submit to Google Sheets', code: 'sheetsFailed' });

      const failedFr = await submit({ data, submissionId }, { language: 'fr' });
      expect(failedFr.status).toBe(502);
      expect(await failedFr.json()).toMatchObject({ error: "Échec de l'envoi vers Google Sheets" });
      await expectNothingWritten(data.fullName, submissionId);
    } finally {
      await setRelayFailure(undefined);
    }

    const retried = await submit({ data, submissionId });
    expect(retried.status).toBe(201);
    expect(await rowsNamed(data.fullName)).toHaveLength(1);
    expect(await ordersWithSubmission(submissionId)).toHaveLength(1);
  });

  test("passes on the relay's own message when it gives one", async () => {
    const data = orderData();
    const submissionId = randomUUID();
    await setRelayFailure({ status: 429, message: 'Quota exceeded for this spreadsheet' });
    try {
      const failed = await submit({ data, submissionId });
      expect(failed.status).toBe(502);
      expect(await failed.json()).toMatchObject({ error: 'Quota exceeded for this spreadsheet' });
      await expectNothingWritten(data.fullName, submissionId);
    } finally {
      await setRelayFailure(undefined);
    }
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
