import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import tractorOrder from '../../form-schemas/tractor-order.json';
import type { LocalStack } from '../../infra/local/stack';
import { rateLimits } from '../../lambdas/lib/rate-limit';
import { minimumFillMs } from '../../shared/forms/anti-spam';
import { clientAt, type ClientAnswer } from '../support/clients';
import { stackEnvironment, type StackEnvironment } from '../support/environment';
import { setStoreFailure } from '../support/faults';
import { sheetRows } from '../support/sheets';
import { deliveredRows, documentClient, expectNoRows, storedSubmission } from '../support/submissions';

/**
 * Spam and abuse through the real API (docs/decisions/0011): a bot's
 * submission (honeypot) is answered like a person's, kept as spam and never
 * delivered; one sent too soon after its form opened is delivered, marked for
 * staff to check; a start token belongs to one submission; many farmers
 * behind one address are never refused, while a client posting without
 * tokens is, past a small budget; ANTI_SPAM=off turns all of it off.
 */

const example = tractorOrder.examples[0]!;
const sheet = 'tractor-orders';
const uniqueName = () => `Karim Benali ${randomUUID().slice(0, 8)}`;
const order = () => ({ ...example, fullName: uniqueName() });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A stack for the tests of one describe block, with ANTI_SPAM as given. */
function stackWith(antiSpam: 'on' | 'off') {
  beforeAll(() => {
    process.env.ANTI_SPAM = antiSpam;
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
    /** GET /api/forms/{formId}/start, as a form opening in this client's browser asks. */
    start: (formId = 'tractor-order', language = 'en') => at.get(`${env.stack.siteUrl}/api/forms/${formId}/start`, { 'accept-language': language }),
    /** A start token of this client, as its page holds it. */
    async startToken(formId = 'tractor-order'): Promise<string> {
      const answer = await this.start(formId);
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      return (answer.json() as { startToken: string }).startToken;
    },
    upload: (language = 'en') =>
      at.post(
        `${env.stack.siteUrl}/api/uploads`,
        { formId: 'part-order', field: 'image', files: [{ name: 'filtre.jpg', type: 'image/jpeg', size: 120_000 }] },
        { 'accept-language': language },
      ),
  };
}

const statuses = (answers: ClientAnswer[]) => answers.map((answer) => answer.status);
const count = (answers: ClientAnswer[], status: number) => answers.filter((answer) => answer.status === status).length;

/** Waits for a new minute when the current one is nearly over: the counters are per minute. */
async function withMinuteAhead(neededMs = 25_000) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < neededMs) await sleep(left + 50);
}

/** A 429 as every route answers it: when to come back, and why, in the visitor's language. */
function expectTooManyRequests(refused: ClientAnswer, error: string) {
  expect(refused.status).toBe(429);
  const retryAfter = Number(refused.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(refused.json()).toEqual({ code: 'tooManyRequests', error, retryAfterSeconds: retryAfter });
}

const tooManyIn = {
  fr: 'Trop de demandes envoyées depuis votre connexion en peu de temps. Veuillez patienter une minute, puis réessayer.',
  ar: 'وصلتنا طلبات كثيرة من اتصالك في وقت قصير. يرجى الانتظار دقيقة ثم المحاولة مرة أخرى.',
};

describe('with anti-spam on (the default)', () => {
  const env = stackWith('on');

  async function expectKeptAsSpam(submissionId: string, fullName: string, reason: string) {
    await expectNoRows(env.stack, sheet, fullName);
    const item = await storedSubmission(env.documents, env.stack, submissionId);
    expect(item).toMatchObject({ status: 'spam', spam: { reason }, data: { fullName }, listStatus: 'inbox#spam' });
    // Nothing leaves for the sheet or the staff's mail; its words go to the inbox's search, for staff looking through the spam.
    expect(item!.deliveries).toEqual({ search: expect.objectContaining({ state: 'sent' }) });
    expect(item).not.toHaveProperty('deliveryDue');
  }

  test('a filled honeypot is answered 201 like any order, kept as spam for staff, and never reaches the sheet', async () => {
    const data = order();
    const submissionId = randomUUID();
    const bot = client(env, 11);
    const answer = await bot.submit({ data, submissionId, honeypot: 'https://cheap-tractors.example', startToken: await bot.startToken() });

    expect(answer.status).toBe(201);
    expect(answer.json()).toEqual({ orderId: submissionId, createdAt: expect.any(String) });
    await expectKeptAsSpam(submissionId, data.fullName, 'honeypot');
  });

  test('a form sent the moment its token came is a new order, delivered like any other and marked for staff to check', async () => {
    const data = order();
    const submissionId = randomUUID();
    const fast = client(env, 12);
    const answer = await fast.submit({ data, submissionId, honeypot: '', startToken: await fast.startToken() });

    expect(answer.status).toBe(201);
    expect(answer.json()).toEqual({ orderId: submissionId, createdAt: expect.any(String) });
    const stored = await storedSubmission(env.documents, env.stack, submissionId);
    expect(stored).toMatchObject({ status: 'new', listStatus: 'inbox#new', check: { reason: 'tooFast' }, data: { fullName: data.fullName } });
    expect(stored).not.toHaveProperty('spam');
    expect(await deliveredRows(env.stack, sheet, data.fullName)).toHaveLength(1);
  });

  test('a person who took the time to fill the form is delivered as usual, with no mark', async () => {
    const farmer = client(env, 13);
    const token = await farmer.startToken();
    await sleep(minimumFillMs);
    const data = order();
    const submissionId = randomUUID();
    expect((await farmer.submit({ data, submissionId, honeypot: '', startToken: token })).status).toBe(201);

    const stored = await storedSubmission(env.documents, env.stack, submissionId);
    expect(stored).toMatchObject({ status: 'new' });
    expect(stored).not.toHaveProperty('check');
    expect(await deliveredRows(env.stack, sheet, data.fullName)).toHaveLength(1);
  });

  test('an unknown fill time never counts against the visitor: no token, another form’s, a forged one', async () => {
    const visitor = client(env, 14);
    const contactToken = await visitor.startToken('contact-message');
    const [issuedAt, nonce, signature] = (await visitor.startToken()).split('.') as [string, string, string];
    const forged = `${Number(issuedAt) - 60_000}.${nonce}.${signature}`;
    for (const startToken of [undefined, contactToken, forged, 'not-a-token']) {
      const data = order();
      const submissionId = randomUUID();
      expect((await visitor.submit({ data, submissionId, startToken })).status).toBe(201);
      const stored = await storedSubmission(env.documents, env.stack, submissionId);
      expect(stored).toMatchObject({ status: 'new' });
      expect(stored).not.toHaveProperty('check');
    }
  });

  test('an unknown form has no start token', async () => {
    const response = await client(env, 15).start('spaceship-order', 'fr');
    expect(response.status).toBe(404);
    expect(response.json()).toMatchObject({ code: 'formNotFound', error: 'Formulaire introuvable' });
  });

  test('100 farmers behind one address in a minute are all accepted and delivered; a flood without tokens from that address is refused past its budget', { timeout: 120_000 }, async () => {
    await withMinuteAhead(40_000);
    const nat = client(env, 51);

    // 100 forms open behind the operator's one address; each order leaves at least the fill time after its token.
    const tokens = await Promise.all(Array.from({ length: 100 }, () => nat.startToken()));
    await sleep(minimumFillMs);
    const farmers = tokens.map((startToken) => ({ data: order(), submissionId: randomUUID(), honeypot: '', startToken }));
    const answers = await Promise.all(farmers.map((farmer) => nat.submit(farmer)));
    expect(statuses(answers)).toEqual(farmers.map(() => 201));

    // The same address posting without tokens, as a script does: refused past its budget, in its language.
    const flood = await Promise.all(Array.from({ length: rateLimits.tokenlessSubmissions + 10 }, () => nat.submit({ data: order(), submissionId: randomUUID() })));
    expect(count(flood, 201)).toBe(rateLimits.tokenlessSubmissions);
    expect(count(flood, 429)).toBe(10);
    const refusedId = randomUUID();
    expectTooManyRequests(await nat.submit({ data: order(), submissionId: refusedId }, 'ar'), tooManyIn.ar);
    expect(await storedSubmission(env.documents, env.stack, refusedId)).toBeUndefined();
    // A farmer on another connection is not locked out by it.
    expect((await client(env, 52).submit({ data: order(), submissionId: randomUUID() })).status).toBe(201);

    // Every farmer's order is a new, unmarked order, in the sheet once.
    for (const { submissionId } of farmers) {
      const stored = await storedSubmission(env.documents, env.stack, submissionId);
      expect(stored).toMatchObject({ status: 'new' });
      expect(stored).not.toHaveProperty('check');
    }
    const names = new Set(farmers.map(({ data }) => data.fullName));
    const delivered = async () => (await sheetRows(env.stack.sheetsDir, sheet)).filter((row) => names.has(row[0]!));
    await expect.poll(async () => (await delivered()).length, { timeout: 60_000 }).toBe(100);
    await env.stack.deliveries.runNow();
    expect(new Set((await delivered()).map((row) => row[0])).size).toBe(100);
    expect(await delivered()).toHaveLength(100);
  });

  test('a start token belongs to the first submission that carries it: another counts as having none; that submission sent again keeps it', async () => {
    await withMinuteAhead();
    const farmer = client(env, 53);
    const token = await farmer.startToken();
    await sleep(minimumFillMs);
    const first = { data: order(), submissionId: randomUUID(), honeypot: '', startToken: token };
    expect((await farmer.submit(first)).status).toBe(201);

    // Other submissions with that token count against the address, as if they had none: refused past its budget.
    const others = await Promise.all(
      Array.from({ length: rateLimits.tokenlessSubmissions + 1 }, () => farmer.submit({ data: order(), submissionId: randomUUID(), startToken: token })),
    );
    expect(count(others, 201)).toBe(rateLimits.tokenlessSubmissions);
    expect(count(others, 429)).toBe(1);

    // The first order sent again (its answer was lost) keeps its token: accepted, though the address's budget is spent.
    const retried = await farmer.submit(first);
    expect(retried.status).toBe(201);
    expect(retried.json()).toMatchObject({ orderId: first.submissionId });
    expect(await deliveredRows(env.stack, sheet, first.data.fullName)).toHaveLength(1);
  });

  test('tokens spent the moment they come buy a script nothing: counted against its address, refused past the budget', async () => {
    await withMinuteAhead();
    const script = client(env, 54);
    const answers = await Promise.all(
      Array.from({ length: rateLimits.tokenlessSubmissions + 3 }, async () => script.submit({ data: order(), submissionId: randomUUID(), startToken: await script.startToken() })),
    );
    expect(count(answers, 201)).toBe(rateLimits.tokenlessSubmissions);
    expect(count(answers, 429)).toBe(3);
  });

  test('start tokens: plenty for one address, then 429 in the visitor’s language', async () => {
    await withMinuteAhead();
    const at = client(env, 55);
    const answers = await Promise.all(Array.from({ length: rateLimits.startTokens + 5 }, () => at.start()));
    expect(count(answers, 200)).toBe(rateLimits.startTokens);
    expect(count(answers, 429)).toBe(5);
    expectTooManyRequests(await at.start('tractor-order', 'fr'), tooManyIn.fr);
    expect((await client(env, 56).start()).status).toBe(200);
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
      Array.from({ length: rateLimits.tokenlessSubmissions + 5 }, (_, i) => bot.submit({ data: order(), submissionId: randomUUID() }, 'en', spoofed(i))),
    );
    expect(count(burst, 429)).toBe(5);
  });

  test('photo uploads: a farmer’s several orders with photos pass; hundreds of requests are refused, in the visitor’s language', async () => {
    await withMinuteAhead();
    const farmer = client(env, 31);
    for (let i = 0; i < 5; i++) expect((await farmer.upload()).status).toBe(201);

    const bot = client(env, 32);
    const burst = await Promise.all(Array.from({ length: rateLimits.uploads + 10 }, () => bot.upload()));
    expect(count(burst, 201)).toBe(rateLimits.uploads);
    expect(count(burst, 429)).toBe(10);

    const refused = await bot.upload('ar');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json()).toMatchObject({ code: 'tooManyRequests', error: tooManyIn.ar });
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

  test('a filled honeypot and a form sent at once are delivered like any order, with no mark', async () => {
    const data = order();
    const submissionId = randomUUID();
    const at = client(env, 41);
    const answer = await at.submit({ data, submissionId, honeypot: 'x', startToken: await at.startToken() });
    expect(answer.status).toBe(201);
    const stored = await storedSubmission(env.documents, env.stack, submissionId);
    expect(stored).toMatchObject({ status: 'new' });
    expect(stored).not.toHaveProperty('check');
    expect(await deliveredRows(env.stack, sheet, data.fullName)).toHaveLength(1);
  });

  test('nothing is counted or bound: one client goes well past every limit, and one token serves many orders', async () => {
    const bot = client(env, 42);
    const token = await bot.startToken();
    const submissions = await Promise.all(
      Array.from({ length: rateLimits.tokenlessSubmissions + 20 }, (_, i) => bot.submit({ data: order(), submissionId: randomUUID(), ...(i % 2 ? { startToken: token } : {}) })),
    );
    expect(new Set(statuses(submissions))).toEqual(new Set([201]));
    const uploads = await Promise.all(Array.from({ length: rateLimits.uploads + 20 }, () => bot.upload()));
    expect(new Set(statuses(uploads))).toEqual(new Set([201]));
    const starts = await Promise.all(Array.from({ length: rateLimits.startTokens + 20 }, () => bot.start()));
    expect(new Set(statuses(starts))).toEqual(new Set([200]));
  });
});
