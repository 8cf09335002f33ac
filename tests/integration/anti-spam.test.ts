import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import tractorOrder from '../../form-schemas/tractor-order.json';
import type { LocalStack } from '../../infra/local/stack';
import { minimumFillMs } from '../../lambdas/forms/spam-verdict';
import { rateLimits } from '../../lambdas/lib/rate-limit';
import { clientAt, type ClientAnswer } from '../support/clients';
import { stackEnvironment, type StackEnvironment } from '../support/environment';
import { setStoreFailure } from '../support/faults';
import { deliveredRows, documentClient, expectNoRows, storedSubmission } from '../support/submissions';

/**
 * Spam and abuse through the real API (docs/decisions/0011): a bot's
 * submission is answered like a person's, kept as spam and never delivered;
 * a client sending hundreds of requests a minute is refused, a farmer
 * sending several is not; ANTI_SPAM=off turns all three off.
 */

const example = tractorOrder.examples[0]!;
const sheet = 'tractor-orders';
const uniqueName = () => `Karim Benali ${randomUUID().slice(0, 8)}`;
const order = () => ({ ...example, fullName: uniqueName() });

/** A stack for the tests of one describe block, with ANTI_SPAM as given (unset: the default). */
function stackWith(antiSpam: string | undefined) {
  beforeAll(() => {
    if (antiSpam === undefined) delete process.env.ANTI_SPAM;
    else process.env.ANTI_SPAM = antiSpam;
  });
  const env = stackEnvironment({ deliveryPollMs: 100 }) as StackEnvironment & { documents: DynamoDBDocumentClient };
  beforeAll(() => {
    env.documents = documentClient(env.stack);
  });
  afterAll(() => {
    delete process.env.ANTI_SPAM;
    env.documents?.destroy();
  });
  return env;
}

/** The client at 127.0.0.<n>; each test uses its own, so that their counts never mix. */
function client(env: { stack: LocalStack }, n: number) {
  const at = clientAt(`127.0.0.${n}`);
  return {
    submit: (body: Record<string, unknown>, language = 'en', headers: Record<string, string> = {}) =>
      at.post(`${env.stack.siteUrl}/api/forms/tractor-order/submissions`, body, { 'accept-language': language, ...headers }),
    upload: (language = 'en') =>
      at.post(
        `${env.stack.siteUrl}/api/uploads`,
        { formId: 'part-order', field: 'image', files: [{ name: 'filtre.jpg', type: 'image/jpeg', size: 120_000 }] },
        { 'accept-language': language },
      ),
  };
}

async function startToken(env: { stack: LocalStack }, formId = 'tractor-order'): Promise<string> {
  const response = await fetch(`${env.stack.siteUrl}/api/forms/${formId}/start`);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return ((await response.json()) as { startToken: string }).startToken;
}

const statuses = (answers: ClientAnswer[]) => answers.map((answer) => answer.status);

/** Waits for a new minute when the current one is nearly over: the counters are per minute. */
async function withMinuteAhead(neededMs = 25_000) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

describe('with anti-spam on (the default)', () => {
  const env = stackWith(undefined);

  async function expectKeptAsSpam(submissionId: string, fullName: string, reason: string) {
    expect(await storedSubmission(env.documents, env.stack, submissionId)).toMatchObject({
      status: 'spam',
      spam: { reason },
      deliveries: {},
      data: { fullName },
    });
    const item = await storedSubmission(env.documents, env.stack, submissionId);
    expect(item).not.toHaveProperty('deliveryDue');
    expect(item).toMatchObject({ listStatus: 'inbox#spam' });
    await expectNoRows(env.stack, sheet, fullName);
  }

  test('a filled honeypot is answered 201 like any order, kept as spam for staff, and never reaches the sheet', async () => {
    const data = order();
    const submissionId = randomUUID();
    const answer = await client(env, 11).submit({ data, submissionId, honeypot: 'https://cheap-tractors.example' });

    expect(answer.status).toBe(201);
    expect(answer.json()).toEqual({ orderId: submissionId, createdAt: expect.any(String) });
    await expectKeptAsSpam(submissionId, data.fullName, 'honeypot');
  });

  test('a form sent within seconds of opening is answered 201, kept as spam, and never reaches the sheet', async () => {
    const data = order();
    const submissionId = randomUUID();
    const answer = await client(env, 12).submit({ data, submissionId, honeypot: '', startToken: await startToken(env) });

    expect(answer.status).toBe(201);
    expect(answer.json()).toEqual({ orderId: submissionId, createdAt: expect.any(String) });
    await expectKeptAsSpam(submissionId, data.fullName, 'tooFast');
  });

  test('a person who took the time to fill the form is delivered as usual', async () => {
    const token = await startToken(env);
    await new Promise((resolve) => setTimeout(resolve, minimumFillMs));
    const data = order();
    const submissionId = randomUUID();
    expect((await client(env, 13).submit({ data, submissionId, honeypot: '', startToken: token })).status).toBe(201);

    expect(await storedSubmission(env.documents, env.stack, submissionId)).toMatchObject({ status: 'new' });
    expect(await deliveredRows(env.stack, sheet, data.fullName)).toHaveLength(1);
  });

  test('an unknown fill time never counts against the visitor: no token, another form’s, or a forged one', async () => {
    const contactToken = await startToken(env, 'contact-message');
    const [issuedAt, signature] = (await startToken(env)).split('.') as [string, string];
    const forged = `${Number(issuedAt) - 60_000}.${signature}`;
    for (const startToken of [undefined, contactToken, forged, 'not-a-token']) {
      const data = order();
      const submissionId = randomUUID();
      expect((await client(env, 14).submit({ data, submissionId, startToken })).status).toBe(201);
      expect(await storedSubmission(env.documents, env.stack, submissionId)).toMatchObject({ status: 'new' });
    }
  });

  test('an unknown form has no start token', async () => {
    const response = await fetch(`${env.stack.siteUrl}/api/forms/spaceship-order/start`, { headers: { 'accept-language': 'fr' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'formNotFound', error: 'Formulaire introuvable' });
  });

  test('a farmer sending several orders in a row is never refused; a client sending past the limit is, in its language', async () => {
    await withMinuteAhead();
    const farmer = client(env, 21);
    const inARow = [];
    for (let i = 0; i < 10; i++) inARow.push(await farmer.submit({ data: order(), submissionId: randomUUID() }));
    expect(statuses(inARow)).toEqual(inARow.map(() => 201));

    const bot = client(env, 22);
    const burst = await Promise.all(Array.from({ length: rateLimits.submissions + 15 }, () => bot.submit({ data: order(), submissionId: randomUUID() })));
    expect(statuses(burst).filter((status) => status === 201)).toHaveLength(rateLimits.submissions);
    expect(statuses(burst).filter((status) => status === 429)).toHaveLength(15);

    const refusedId = randomUUID();
    const refused = await bot.submit({ data: order(), submissionId: refusedId }, 'fr');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({
      code: 'tooManyRequests',
      error: 'Trop de demandes envoyées depuis votre connexion en peu de temps. Veuillez patienter une minute, puis réessayer.',
      retryAfterSeconds: retryAfter,
    });
    expect(await storedSubmission(env.documents, env.stack, refusedId)).toBeUndefined();

    // The farmer, on another connection, is not locked out by the bot.
    expect((await farmer.submit({ data: order(), submissionId: randomUUID() })).status).toBe(201);
  });

  test('a client cannot escape the limit by naming another address in a header', async () => {
    await withMinuteAhead();
    const bot = client(env, 23);
    const spoofed = (i: number) => ({
      'x-viewer-address': `10.1.0.${i}`,
      'x-forwarded-for': `10.2.0.${i}`,
      'cloudfront-viewer-address': `10.3.0.${i}:443`,
      'x-origin-verify': 'guess',
    });
    const burst = await Promise.all(
      Array.from({ length: rateLimits.submissions + 5 }, (_, i) => bot.submit({ data: order(), submissionId: randomUUID() }, 'en', spoofed(i))),
    );
    expect(statuses(burst).filter((status) => status === 429)).toHaveLength(5);
  });

  test('photo uploads: a farmer’s several orders with photos pass; hundreds of requests are refused, in the visitor’s language', async () => {
    await withMinuteAhead();
    const farmer = client(env, 31);
    for (let i = 0; i < 5; i++) expect((await farmer.upload()).status).toBe(201);

    const bot = client(env, 32);
    const burst = await Promise.all(Array.from({ length: rateLimits.uploads + 10 }, () => bot.upload()));
    expect(statuses(burst).filter((status) => status === 201)).toHaveLength(rateLimits.uploads);
    expect(statuses(burst).filter((status) => status === 429)).toHaveLength(10);

    const refused = await bot.upload('ar');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json()).toMatchObject({ code: 'tooManyRequests', error: 'وصلتنا طلبات كثيرة من اتصالك في وقت قصير. يرجى الانتظار دقيقة ثم المحاولة مرة أخرى.' });
    expect((await farmer.upload()).status).toBe(201);
  });

  test('when the counters cannot be written, photos are still accepted: the limit never turns a farmer away', async () => {
    await setStoreFailure(env.stack.endpoints.dynamoDb, { status: 503 });
    try {
      expect((await client(env, 33).upload()).status).toBe(201);
    } finally {
      await setStoreFailure(env.stack.endpoints.dynamoDb, undefined);
    }
  });
});

describe('with ANTI_SPAM=off (benchmarks and load tests)', () => {
  const env = stackWith('off');

  test('a filled honeypot and a form sent at once are delivered like any order', async () => {
    const data = order();
    const submissionId = randomUUID();
    const answer = await client(env, 41).submit({ data, submissionId, honeypot: 'x', startToken: await startToken(env) });
    expect(answer.status).toBe(201);
    expect(await storedSubmission(env.documents, env.stack, submissionId)).toMatchObject({ status: 'new' });
    expect(await deliveredRows(env.stack, sheet, data.fullName)).toHaveLength(1);
  });

  test('no rate limit: one client sends well past both limits', async () => {
    const bot = client(env, 42);
    const submissions = await Promise.all(Array.from({ length: rateLimits.submissions + 20 }, () => bot.submit({ data: order(), submissionId: randomUUID() })));
    expect(new Set(statuses(submissions))).toEqual(new Set([201]));
    const uploads = await Promise.all(Array.from({ length: rateLimits.uploads + 20 }, () => bot.upload()));
    expect(new Set(statuses(uploads))).toEqual(new Set([201]));
  });
});

