import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { spamVerdict } from '../../lambdas/forms/spam-verdict';
import { createStartTokenBindings, type StartTokenBindings } from '../../lambdas/forms/start-token-bindings';
import { createStartTokens } from '../../lambdas/forms/start-tokens';
import { secretValues } from '../../lambdas/lib/rotating-secret';
import { createSubmissionGuard } from '../../lambdas/forms/submission-guard';
import { addressKey, clientAddress } from '../../lambdas/lib/client-address';
import { createRateLimiter, rateLimits, tooManyRequests, type RateLimiter } from '../../lambdas/lib/rate-limit';
import { minimumFillMs, startTokenLifetimeMs } from '../../shared/forms/anti-spam';

/** The pieces of docs/decisions/0011 that decide alone: the verdict, the start token and its binding, the budgets, the client's address, the counter. */

describe('spamVerdict', () => {
  const now = 1_750_000_000_000;

  it('takes a filled honeypot for a bot, whatever else the submission says', () => {
    expect(spamVerdict({ honeypot: 'https://spam.example', startedAt: now - 60_000 }, now)).toEqual({ spam: 'honeypot' });
    expect(spamVerdict({ honeypot: ' ' }, now)).toEqual({ spam: 'honeypot' });
    expect(spamVerdict({ honeypot: 0 }, now)).toEqual({ spam: 'honeypot' });
    expect(spamVerdict({ honeypot: 'x', startedAt: now - 800 }, now)).toEqual({ spam: 'honeypot' });
  });

  it('only marks for staff a form sent sooner than the minimum fill time: it is no spam', () => {
    expect(spamVerdict({ honeypot: '', startedAt: now - 800 }, now)).toEqual({ check: 'tooFast' });
    expect(spamVerdict({ honeypot: '', startedAt: now - minimumFillMs + 1 }, now)).toEqual({ check: 'tooFast' });
  });

  it('lets a person through: empty honeypot, time enough to fill the form', () => {
    expect(spamVerdict({ honeypot: '', startedAt: now - minimumFillMs }, now)).toEqual({});
    expect(spamVerdict({ honeypot: undefined, startedAt: now - 45_000 }, now)).toEqual({});
  });

  it('never counts an unknown fill time against the visitor (no valid start token)', () => {
    expect(spamVerdict({ honeypot: '' }, now)).toEqual({});
    expect(spamVerdict({ honeypot: null }, now)).toEqual({});
  });
});

describe('start tokens', () => {
  const key = 'k'.repeat(43);
  const issued = 1_750_000_000_000;
  let time = issued;
  const tokens = createStartTokens(secretValues({ value: key }), () => time);

  it('give back when they were issued, for their form only', async () => {
    time = issued;
    const token = await tokens.issue('tractor-order');
    time += 10_000;
    expect(await tokens.verify(token, 'tractor-order')).toEqual({ issuedAt: issued, expiresAt: issued + startTokenLifetimeMs, id: token.split('.')[2] });
    expect(await tokens.verify(token, 'contact-message')).toBeUndefined();
  });

  it('expire a day after they were issued', async () => {
    time = issued;
    const token = await tokens.issue('tractor-order');
    time = issued + startTokenLifetimeMs - 1;
    expect((await tokens.verify(token, 'tractor-order'))?.issuedAt).toBe(issued);
    time = issued + startTokenLifetimeMs;
    expect(await tokens.verify(token, 'tractor-order')).toBeUndefined();
    time = issued + 30 * startTokenLifetimeMs;
    expect(await tokens.verify(token, 'tractor-order')).toBeUndefined();
  });

  it('are each their own, even for one form in one millisecond', async () => {
    time = issued;
    const tokens100 = new Set(await Promise.all(Array.from({ length: 100 }, () => tokens.issue('tractor-order'))));
    expect(tokens100.size).toBe(100);
    const ids = await Promise.all([...tokens100].map(async (token) => (await tokens.verify(token, 'tractor-order'))?.id));
    expect(new Set(ids).size).toBe(100);
  });

  it('cannot be moved in time, given another nonce or signed with another key', async () => {
    time = issued;
    const token = await tokens.issue('tractor-order');
    const [issuedAt, nonce, signature] = token.split('.') as [string, string, string];
    expect(await tokens.verify(`${Number(issuedAt) - 60_000}.${nonce}.${signature}`, 'tractor-order')).toBeUndefined();
    expect(await tokens.verify(`${Number(issuedAt) + 60_000}.${nonce}.${signature}`, 'tractor-order')).toBeUndefined();
    expect(await tokens.verify(`${issuedAt}.${'A'.repeat(22)}.${signature}`, 'tractor-order')).toBeUndefined();
    const other = createStartTokens(secretValues({ value: 'o'.repeat(43) }), () => time);
    expect(await tokens.verify(await other.issue('tractor-order'), 'tractor-order')).toBeUndefined();
  });

  it.each([undefined, null, 42, '', 'x.y', `1750000000000.${'a'.repeat(43)}`, `${'9'.repeat(16)}.${'a'.repeat(22)}.${'a'.repeat(43)}`, 'a'.repeat(200)])(
    'read %j as no token',
    async (token) => {
      expect(await tokens.verify(token, 'tractor-order')).toBeUndefined();
    },
  );
});

/** A rateLimits table in memory, answering the bindings' conditional UpdateItem as DynamoDB does. */
function bindingTable() {
  const items = new Map<string, { submissionId: string; expiresAt: number }>();
  const send = vi.fn(async (command: { input: { Key: { counter: string }; ExpressionAttributeValues: Record<string, unknown> } }) => {
    const { Key, ExpressionAttributeValues: values } = command.input;
    const held = items.get(Key.counter);
    if (held && held.submissionId !== values[':submissionId']) {
      throw Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });
    }
    items.set(Key.counter, { submissionId: values[':submissionId'] as string, expiresAt: values[':expiresAt'] as number });
    return {};
  });
  return { items, send, documents: { send } as unknown as DynamoDBDocumentClient };
}

describe('binding a start token to its submission', () => {
  const token = { issuedAt: 1_750_000_000_000, expiresAt: 1_750_000_000_000 + startTokenLifetimeMs, id: 's'.repeat(43) };

  it('gives the token to the first submission that carries it, keeps it for that submission’s retries, and refuses it to any other', async () => {
    const { documents, items } = bindingTable();
    const bindings = createStartTokenBindings(documents, 'rateLimits');
    expect(await bindings.bind(token, 'first-order')).toBe(true);
    expect(await bindings.bind(token, 'first-order')).toBe(true);
    expect(await bindings.bind(token, 'second-order')).toBe(false);
    expect(await bindings.bind(token, 'first-order')).toBe(true);
    expect([...items.values()]).toEqual([{ submissionId: 'first-order', expiresAt: Math.ceil(token.expiresAt / 1000) }]);
  });

  it('says so when the table cannot be written', async () => {
    const failure = new Error('DynamoDB is down');
    const bindings = createStartTokenBindings({ send: vi.fn().mockRejectedValue(failure) } as unknown as DynamoDBDocumentClient, 'rateLimits');
    await expect(bindings.bind(token, 'first-order')).rejects.toBe(failure);
  });
});

describe('the submission guard', () => {
  const issued = 1_750_000_000_000;
  let now = issued;
  const startTokens = createStartTokens(secretValues({ value: 'k'.repeat(43) }), () => now);
  const address = '105.101.7.9';

  /** A guard whose address budget is counted in memory: `counted` lists what was charged to the address. */
  function guardWith({ enabled = true, bindings }: { enabled?: boolean; bindings?: StartTokenBindings } = {}) {
    const counted: string[] = [];
    const rateLimiter: RateLimiter = {
      take: vi.fn(async (route, client) => {
        counted.push(`${route} ${client}`);
        return counted.length <= rateLimits.tokenlessSubmissions ? { allowed: true as const } : { allowed: false as const, retryAfterSeconds: 42 };
      }),
    };
    const onError = vi.fn();
    const guard = createSubmissionGuard({
      enabled,
      startTokens,
      bindings: bindings ?? createStartTokenBindings(bindingTable().documents, 'rateLimits'),
      rateLimiter,
      onError,
      clock: () => now,
    });
    const submit = (submissionId: string, signals: { honeypot?: unknown; startToken?: unknown } = {}) =>
      guard({ formId: 'tractor-order', submissionId, signals: { honeypot: '', startToken: undefined, ...signals }, client: address });
    return { submit, counted, onError };
  }

  it('counts an order with its own token, sent after the fill time, against that token alone', async () => {
    const { submit, counted } = guardWith();
    const orders = await Promise.all(Array.from({ length: 100 }, async (_, i) => ({ id: `farmer-${i}`, startToken: await startTokens.issue('tractor-order') })));
    now += minimumFillMs;
    for (const { id, startToken } of orders) expect(await submit(id, { startToken })).toEqual({ allowed: true, verdict: {} });
    expect(counted).toEqual([]);
  });

  it('counts an order without a valid token against its address, and refuses it past the budget', async () => {
    const { submit, counted } = guardWith();
    const expired = await startTokens.issue('tractor-order');
    now += startTokenLifetimeMs;
    const answers = [];
    for (const startToken of [undefined, 'forged', expired, await startTokens.issue('contact-message')]) answers.push(await submit(`bot-${answers.length}`, { startToken }));
    expect(answers).toEqual(answers.map(() => ({ allowed: true, verdict: {} })));
    for (let i = answers.length; i < rateLimits.tokenlessSubmissions; i++) expect((await submit(`bot-${i}`)).allowed).toBe(true);
    expect(await submit('bot-past-the-budget')).toEqual({ allowed: false, retryAfterSeconds: 42 });
    expect(counted).toHaveLength(rateLimits.tokenlessSubmissions + 1);
    expect(new Set(counted)).toEqual(new Set([`tokenlessSubmissions ${address}`]));
  });

  it('takes a token another submission holds for none: no fill time, the address’s budget; the first submission’s retry keeps it', async () => {
    const { submit, counted } = guardWith();
    const startToken = await startTokens.issue('tractor-order');
    expect(await submit('first', { startToken })).toEqual({ allowed: true, verdict: { check: 'tooFast' } });
    expect(counted).toHaveLength(1);
    now += minimumFillMs;
    expect(await submit('first', { startToken })).toEqual({ allowed: true, verdict: {} });
    expect(counted).toHaveLength(1);
    now -= minimumFillMs - 1; // a reused token is not judged on its time either
    expect(await submit('second', { startToken })).toEqual({ allowed: true, verdict: {} });
    expect(counted).toHaveLength(2);
  });

  it('marks an order sent as soon as its token came, and counts it against the address too: a script gains nothing by fetching tokens', async () => {
    const { submit, counted } = guardWith();
    const answers = [];
    for (let i = 0; i <= rateLimits.tokenlessSubmissions; i++) answers.push(await submit(`fast-${i}`, { startToken: await startTokens.issue('tractor-order') }));
    expect(answers.slice(0, -1)).toEqual(answers.slice(0, -1).map(() => ({ allowed: true, verdict: { check: 'tooFast' } })));
    expect(answers.at(-1)).toEqual({ allowed: false, retryAfterSeconds: 42 });
    expect(counted).toHaveLength(rateLimits.tokenlessSubmissions + 1);
  });

  it('keeps the honeypot a spam verdict, token or not', async () => {
    const { submit } = guardWith();
    const startToken = await startTokens.issue('tractor-order');
    now += minimumFillMs;
    expect(await submit('bot-a', { honeypot: 'https://spam.example', startToken })).toEqual({ allowed: true, verdict: { spam: 'honeypot' } });
    expect(await submit('bot-b', { honeypot: 'https://spam.example' })).toEqual({ allowed: true, verdict: { spam: 'honeypot' } });
  });

  it('takes the token as the submission’s when its binding cannot be written, and says so', async () => {
    const failure = new Error('DynamoDB is down');
    const { submit, counted, onError } = guardWith({ bindings: { bind: vi.fn().mockRejectedValue(failure) } });
    const startToken = await startTokens.issue('tractor-order');
    now += minimumFillMs;
    expect(await submit('farmer', { startToken })).toEqual({ allowed: true, verdict: {} });
    expect(counted).toEqual([]);
    expect(onError).toHaveBeenCalledWith(failure);
  });

  it('judges, binds and counts nothing with ANTI_SPAM off', async () => {
    const table = bindingTable();
    const { submit, counted } = guardWith({ enabled: false, bindings: createStartTokenBindings(table.documents, 'rateLimits') });
    const startToken = await startTokens.issue('tractor-order');
    for (let i = 0; i < rateLimits.tokenlessSubmissions * 3; i++) {
      expect(await submit(`order-${i}`, { honeypot: 'x', startToken })).toEqual({ allowed: true, verdict: {} });
    }
    expect(counted).toEqual([]);
    expect(table.send).not.toHaveBeenCalled();
  });
});

describe('clientAddress', () => {
  const secret = { value: 's'.repeat(48) };
  const event = (sourceIp: string, headers: Record<string, string> = {}) =>
    ({ headers, requestContext: { http: { sourceIp } } }) as unknown as APIGatewayProxyEventV2;
  const cloudFrontEdge = '130.176.1.10';

  it('is the connection’s address for a request that did not come through CloudFront', async () => {
    expect(await clientAddress(event('105.101.7.9'), secret)).toBe('105.101.7.9');
    expect(await clientAddress(event('105.101.7.9'), undefined)).toBe('105.101.7.9');
  });

  it('is the visitor’s address CloudFront wrote, when CloudFront proves it sent the request', async () => {
    const viaCloudFront = event(cloudFrontEdge, { 'x-origin-verify': secret.value, 'x-viewer-address': '105.101.7.9' });
    expect(await clientAddress(viaCloudFront, secret)).toBe('105.101.7.9');
  });

  it('cannot be chosen by the client: the viewer header counts only with the secret', async () => {
    const forged = { 'x-viewer-address': '10.0.0.1', 'x-forwarded-for': '10.0.0.2', 'cloudfront-viewer-address': '10.0.0.3:443' };
    expect(await clientAddress(event('105.101.7.9', forged), secret)).toBe('105.101.7.9');
    expect(await clientAddress(event('105.101.7.9', { ...forged, 'x-origin-verify': 'guess' }), secret)).toBe('105.101.7.9');
    expect(await clientAddress(event('105.101.7.9', { ...forged, 'x-origin-verify': secret.value }), undefined)).toBe('105.101.7.9');
  });

  it('counts an IPv6 client by its /64, which one subscriber holds whole', () => {
    expect(addressKey('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd:12::/64');
    expect(addressKey('2001:DB8:ABCD:0012:ffff::1')).toBe('2001:db8:abcd:12::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::ffff:105.101.7.9')).toBe('105.101.7.9');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

describe('the rate limiter', () => {
  const minute = 60_000;
  const start = 29_000_000 * minute; // the start of a minute

  /** A counter table in memory, answering UpdateItem as DynamoDB does. */
  function counters() {
    const items = new Map<string, number>();
    const send = vi.fn(async (command: { input: { Key: { counter: string } } }) => {
      const key = command.input.Key.counter;
      items.set(key, (items.get(key) ?? 0) + 1);
      return { Attributes: { requests: items.get(key) } };
    });
    return { items, send, documents: { send } as unknown as DynamoDBDocumentClient };
  }

  it('lets a client make the route’s limit of requests in a minute, then answers when to come back', async () => {
    const { documents } = counters();
    let now = start + 45_500;
    const limiter = createRateLimiter({ documents, tableName: 'rateLimits', enabled: true, onError: () => undefined, clock: () => now });
    for (let i = 0; i < rateLimits.tokenlessSubmissions; i++) expect(await limiter.take('tokenlessSubmissions', '105.101.7.9')).toEqual({ allowed: true });
    expect(await limiter.take('tokenlessSubmissions', '105.101.7.9')).toEqual({ allowed: false, retryAfterSeconds: 15 });

    expect(await limiter.take('tokenlessSubmissions', '105.101.7.10')).toEqual({ allowed: true });
    expect(await limiter.take('uploads', '105.101.7.9')).toEqual({ allowed: true });
    expect(await limiter.take('startTokens', '105.101.7.9')).toEqual({ allowed: true });
    now = start + minute;
    expect(await limiter.take('tokenlessSubmissions', '105.101.7.9')).toEqual({ allowed: true });
  });

  it('counts nothing when anti-spam is off', async () => {
    const { documents, send } = counters();
    const limiter = createRateLimiter({ documents, tableName: 'rateLimits', enabled: false, onError: () => undefined });
    for (let i = 0; i <= rateLimits.uploads * 3; i++) expect(await limiter.take('uploads', '105.101.7.9')).toEqual({ allowed: true });
    expect(send).not.toHaveBeenCalled();
  });

  it('lets the request through when the counter cannot be written, and says so', async () => {
    const failure = new Error('DynamoDB is down');
    const documents = { send: vi.fn().mockRejectedValue(failure) } as unknown as DynamoDBDocumentClient;
    const onError = vi.fn();
    const limiter = createRateLimiter({ documents, tableName: 'rateLimits', enabled: true, onError });
    expect(await limiter.take('tokenlessSubmissions', '105.101.7.9')).toEqual({ allowed: true });
    expect(onError).toHaveBeenCalledWith(failure);
  });

  it('answers 429 with Retry-After and the message in the visitor’s language', () => {
    const response = tooManyRequests(15, 'ar');
    expect(response.statusCode).toBe(429);
    expect(response.headers).toMatchObject({ 'retry-after': '15' });
    expect(JSON.parse(response.body!)).toMatchObject({ code: 'tooManyRequests', retryAfterSeconds: 15, error: expect.stringMatching(/[\u0600-\u06ff]/) });
  });
});
