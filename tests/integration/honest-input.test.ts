import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import partOrder from '../../form-schemas/part-order.json';
import tractorOrder from '../../form-schemas/tractor-order.json';
import { stackEnvironment } from '../support/environment';
import { deliveredRows, documentClient, expectNoRows, storedSubmission } from '../support/submissions';

/**
 * Hostile or broken input through the real API (docs/decisions/0011): what
 * is cleaned, what is refused, and that neither a refusal nor a crash ever
 * writes anything or answers with more than a few kilobytes.
 */

const example = tractorOrder.examples[0]!;
const sheet = 'tractor-orders';
const env = stackEnvironment({ deliveryPollMs: 100 });
let documents: DynamoDBDocumentClient;
beforeAll(() => {
  documents = documentClient(env.stack);
});
afterAll(() => documents?.destroy());

const uniqueName = () => `Karim Benali ${randomUUID().slice(0, 8)}`;

/** Posts a body as given: a string is sent as it is, so that it can hold what JSON.stringify never writes. */
function post(path: string, body: unknown, language = 'en') {
  return fetch(`${env.stack.siteUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': language },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const submit = (body: unknown, language?: string, formId = 'tractor-order') =>
  post(`/api/forms/${formId}/submissions`, body, language);

const stored = (submissionId: string) => storedSubmission(documents, env.stack, submissionId);

async function expectNothingWritten(submissionId: string, fullName?: string) {
  expect(await stored(submissionId)).toBeUndefined();
  if (fullName) await expectNoRows(env.stack, sheet, fullName);
}

describe('control characters', () => {
  test('NUL and other invisible controls are removed before the order is stored and delivered', async () => {
    const fullName = uniqueName();
    const submissionId = randomUUID();
    const data = { ...example, fullName: `${fullName.slice(0, 5)}\u0000${fullName.slice(5)}\u0007`, phone: '0555\u001b 12 34 56' };
    expect((await submit({ data, submissionId })).status).toBe(201);

    expect(await stored(submissionId)).toMatchObject({ data: { fullName, phone: '0555 12 34 56' } });
    const [row] = await deliveredRows(env.stack, sheet, fullName);
    expect(row?.slice(0, 2)).toEqual([fullName, '0555 12 34 56']);
  });

  test('a line break is kept in the multi-line field and becomes a space in a one-line field', async () => {
    const fullName = uniqueName();
    const submissionId = randomUUID();
    const [first, last] = fullName.split(' ', 2) as [string, string];
    const data = { ...example, fullName: fullName.replace(`${first} ${last}`, `${first}\r\n${last}`), additionalEquipment: 'Charrue\r\nRemorque' };
    expect((await submit({ data, submissionId })).status).toBe(201);

    expect(await stored(submissionId)).toMatchObject({ data: { fullName, additionalEquipment: 'Charrue\nRemorque' } });
    const [row] = await deliveredRows(env.stack, sheet, fullName);
    expect(row?.[4]).toBe(`${example.tractorModel} - Charrue\nRemorque`);
  });

  test('bidirectional overrides cannot disguise a name or a phone; Arabic text is kept as typed', async () => {
    const arabicName = `مُحَمَّد بن عـــلي\u200c ${randomUUID().slice(0, 8)}`;
    const submissionId = randomUUID();
    const data = { ...example, fullName: `\u202e${arabicName}\u202c`, phone: '\u20660555 12\u202e34 56\u2069' };
    expect((await submit({ data, submissionId }, 'ar')).status).toBe(201);

    expect(await stored(submissionId)).toMatchObject({ data: { fullName: arabicName, phone: '0555 12 34 56' } });
    const [row] = await deliveredRows(env.stack, sheet, arabicName);
    expect(row?.slice(0, 2)).toEqual([arabicName, '0555 12 34 56']);
  });
});

describe('a field of the wrong type answers 400, even when the field is optional', () => {
  test.each([
    ['a number', 12345],
    ['a boolean', true],
    ['a list', ['Charrue']],
    ['an object', { text: 'Charrue' }],
    ['null', null],
  ])('the optional multi-line text as %s', async (_case, additionalEquipment) => {
    const fullName = uniqueName();
    const submissionId = randomUUID();
    const response = await submit({ data: { ...example, fullName, additionalEquipment }, submissionId }, 'fr');

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'Certains champs ne sont pas valides',
      code: 'invalidFields',
      fields: [{ field: 'additionalEquipment', keyword: 'type', message: expect.stringContaining('Équipement supplémentaire') }],
    });
    await expectNothingWritten(submissionId, fullName);
  });

  test('the optional photo list as a single address', async () => {
    const submissionId = randomUUID();
    const response = await submit(
      { data: { ...partOrder.examples[0], fullName: uniqueName(), image: partOrder.examples[0]!.image[0] }, submissionId },
      'en',
      'part-order',
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalidFields', fields: [{ field: 'image', keyword: 'type' }] });
    await expectNothingWritten(submissionId);
  });

  test('a number typed as text is not taken for a number', async () => {
    const submissionId = randomUUID();
    const data = { ...example, fullName: uniqueName(), phone: 555123456 };
    const response = await submit({ data, submissionId });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ fields: [{ field: 'phone', keyword: 'type' }] });
    await expectNothingWritten(submissionId);
  });
});

describe('a "__proto__" key never changes what is validated or stored', () => {
  const body = (submissionId: string, data: string) => `{"submissionId":"${submissionId}","data":${data}}`;

  test('a field given only through "__proto__" is missing, and "__proto__" is an unknown field', async () => {
    const fullName = uniqueName();
    const submissionId = randomUUID();
    const data = `{"fullName":"${fullName}","wilaya":"Setif","phone":"0555","__proto__":{"tractorModel":"x"}}`;
    const response = await submit(body(submissionId, data));

    expect(response.status).toBe(400);
    const answer = (await response.json()) as { code: string; fields: { field: string; keyword: string; message: string }[] };
    expect(answer.code).toBe('missingRequiredFields');
    expect(answer.fields).toEqual(
      expect.arrayContaining([
        { field: 'tractorModel', keyword: 'required', message: 'Model is required' },
        { field: '', keyword: 'additionalProperties', message: 'Unknown field __proto__' },
      ]),
    );
    await expectNothingWritten(submissionId, fullName);
  });

  test('a complete order with a "__proto__" key is refused like any unknown field', async () => {
    const fullName = uniqueName();
    const submissionId = randomUUID();
    const data = JSON.stringify({ ...example, fullName }).replace(/}$/, ',"__proto__":{"status":"won","admin":true}}');
    const response = await submit(body(submissionId, data));

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalidFields', fields: [{ keyword: 'additionalProperties' }] });
    await expectNothingWritten(submissionId, fullName);
  });

  test('the submission itself cannot be given through "__proto__"', async () => {
    const submissionId = randomUUID();
    const response = await submit(`{"__proto__":${body(submissionId, JSON.stringify({ ...example, fullName: uniqueName() }))}}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalidSubmission' });
    await expectNothingWritten(submissionId);
  });
});

describe('deep nesting answers 400, not 500', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}"x"${']'.repeat(depth)}`;

  test.each([
    ['en', 'The request is nested too deeply'],
    ['ar', 'بنية الطلب متداخلة أكثر من اللازم'],
  ])('3,200 nested arrays in a field (%s)', async (language, text) => {
    const submissionId = randomUUID();
    const response = await submit(`{"submissionId":"${submissionId}","data":{"additionalEquipment":${nested(3200)}}}`, language);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: text, code: 'nestedTooDeep', maxDepth: 16 });
    await expectNothingWritten(submissionId);
  });

  test('a whole body of brackets, just under the size limit', async () => {
    const response = await submit('['.repeat(64 * 1024 - 1));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'nestedTooDeep' });
  });

  test('a photo request nested deep', async () => {
    const response = await post('/api/uploads', `{"formId":"part-order","field":"image","files":${nested(8000)}}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'nestedTooDeep' });
  });
});

describe('an error answer stays small whatever the body', () => {
  const maxAnswerBytes = 4 * 1024;

  test('thousands of unknown fields: a few field errors, no echo of the input', async () => {
    const submissionId = randomUUID();
    const unknown = Object.fromEntries(Array.from({ length: 1800 }, (_, i) => [`field${i}-${'x'.repeat(10)}`, 'spam']));
    const body = JSON.stringify({ data: { ...example, fullName: uniqueName(), ...unknown }, submissionId });
    expect(body.length).toBeGreaterThan(50_000);

    const response = await submit(body);
    const text = await response.text();
    expect(response.status).toBe(400);
    expect(Buffer.byteLength(text)).toBeLessThan(maxAnswerBytes);
    const answer = JSON.parse(text) as { fields: unknown[] };
    expect(answer.fields.length).toBeGreaterThan(0);
    expect(answer.fields.length).toBeLessThanOrEqual(20);
    await expectNothingWritten(submissionId);
  });

  test('a very long unknown field name is quoted shortened', async () => {
    const name = `coupon${'x'.repeat(40_000)}`;
    const response = await submit({ data: { ...example, fullName: uniqueName(), [name]: 1 }, submissionId: randomUUID() });
    const text = await response.text();
    expect(response.status).toBe(400);
    expect(Buffer.byteLength(text)).toBeLessThan(1024);
    expect(JSON.parse(text)).toMatchObject({ fields: [{ message: expect.stringMatching(/^Unknown field couponx+…$/) }] });
  });

  test('a very long photo field name is not echoed whole', async () => {
    const response = await post('/api/uploads', { formId: 'part-order', field: 'f'.repeat(15_000), files: [{ name: 'a.jpg', type: 'image/jpeg', size: 10 }] });
    const text = await response.text();
    expect(response.status).toBe(400);
    expect(Buffer.byteLength(text)).toBeLessThan(1024);
    expect(JSON.parse(text)).toMatchObject({ code: 'notImageField' });
  });
});
