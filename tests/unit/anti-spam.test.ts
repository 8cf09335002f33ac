import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { minimumFillMs, spamVerdict } from '../../lambdas/forms/spam-verdict';
import { createStartTokens } from '../../lambdas/forms/start-tokens';
import { addressKey, clientAddress } from '../../lambdas/lib/client-address';
import { createRateLimiter, rateLimits, tooManyRequests } from '../../lambdas/lib/rate-limit';

/** The pieces of docs/decisions/0011 that decide alone: the verdict, the start token, the client's address, the counter. */

describe('spamVerdict', () => {
  const now = 1_750_000_000_000;

  it('takes a filled honeypot for a bot, whatever else the submission says', () => {
    expect(spamVerdict({ honeypot: 'https://spam.example', startedAt: now - 60_000 }, now)).toBe('honeypot');
    expect(spamVerdict({ honeypot: ' ' }, now)).toBe('honeypot');
    expect(spamVerdict({ honeypot: 0 }, now)).toBe('honeypot');
  });

  it('takes a form sent sooner than the minimum fill time for a bot', () => {
    expect(spamVerdict({ honeypot: '', startedAt: now - 800 }, now)).toBe('tooFast');
    expect(spamVerdict({ honeypot: '', startedAt: now - minimumFillMs + 1 }, now)).toBe('tooFast');
  });

  it('lets a person through: empty honeypot, time enough to fill the form', () => {
    expect(spamVerdict({ honeypot: '', startedAt: now - minimumFillMs }, now)).toBeUndefined();
    expect(spamVerdict({ honeypot: undefined, startedAt: now - 45_000 }, now)).toBeUndefined();
  });

  it('never counts an unknown fill time against the visitor (the start token never arrived)', () => {
    expect(spamVerdict({ honeypot: '' }, now)).toBeUndefined();
    expect(spamVerdict({ honeypot: null }, now)).toBeUndefined();
  });
});

describe('start tokens', () => {
  const key = 'k'.repeat(43);
  let time = 1_750_000_000_000;
  const tokens = createStartTokens(key, () => time);

  it('give back the time they were issued at, for their form only', () => {
    const token = tokens.issue('tractor-order');
    time += 10_000;
    expect(tokens.issuedAt(token, 'tractor-order')).toBe(1_750_000_000_000);
    expect(tokens.issuedAt(token, 'contact-message')).toBeUndefined();
  });

  it('cannot be moved back in time or signed with another key', () => {
    const token = tokens.issue('tractor-order');
    const [issuedAt, signature] = token.split('.') as [string, string];
    expect(tokens.issuedAt(`${Number(issuedAt) - 60_000}.${signature}`, 'tractor-order')).toBeUndefined();
    const other = createStartTokens('o'.repeat(43), () => time);
    expect(tokens.issuedAt(other.issue('tractor-order'), 'tractor-order')).toBeUndefined();
  });

  it.each([undefined, null, 42, '', 'x.y', `${'9'.repeat(16)}.${'a'.repeat(43)}`, 'a'.repeat(10_000)])(
    'read %j as no token',
    (token) => {
      expect(tokens.issuedAt(token, 'tractor-order')).toBeUndefined();
    },
  );
});

describe('clientAddress', () => {
  const secret = 's'.repeat(48);
  const event = (sourceIp: string, headers: Record<string, string> = {}) =>
    ({ headers, requestContext: { http: { sourceIp } } }) as unknown as APIGatewayProxyEventV2;
  const cloudFrontEdge = '130.176.1.10';

  it('is the connection’s address for a request that did not come through CloudFront', () => {
    expect(clientAddress(event('105.101.7.9'), secret)).toBe('105.101.7.9');
    expect(clientAddress(event('105.101.7.9'), undefined)).toBe('105.101.7.9');
  });

  it('is the visitor’s address CloudFront wrote, when CloudFront proves it sent the request', () => {
    const viaCloudFront = event(cloudFrontEdge, { 'x-origin-verify': secret, 'x-viewer-address': '105.101.7.9' });
    expect(clientAddress(viaCloudFront, secret)).toBe('105.101.7.9');
  });

  it('cannot be chosen by the client: the viewer header counts only with the secret', () => {
    const forged = { 'x-viewer-address': '10.0.0.1', 'x-forwarded-for': '10.0.0.2', 'cloudfront-viewer-address': '10.0.0.3:443' };
    expect(clientAddress(event('105.101.7.9', forged), secret)).toBe('105.101.7.9');
    expect(clientAddress(event('105.101.7.9', { ...forged, 'x-origin-verify': 'guess' }), secret)).toBe('105.101.7.9');
    expect(clientAddress(event('105.101.7.9', { ...forged, 'x-origin-verify': secret }), undefined)).toBe('105.101.7.9');
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
    for (let i = 0; i < rateLimits.submissions; i++) expect(await limiter.take('submissions', '105.101.7.9')).toEqual({ allowed: true });
    expect(await limiter.take('submissions', '105.101.7.9')).toEqual({ allowed: false, retryAfterSeconds: 15 });

    expect(await limiter.take('submissions', '105.101.7.10')).toEqual({ allowed: true });
    expect(await limiter.take('uploads', '105.101.7.9')).toEqual({ allowed: true });
    now = start + minute;
    expect(await limiter.take('submissions', '105.101.7.9')).toEqual({ allowed: true });
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
    expect(await limiter.take('submissions', '105.101.7.9')).toEqual({ allowed: true });
    expect(onError).toHaveBeenCalledWith(failure);
  });

  it('answers 429 with Retry-After and the message in the visitor’s language', () => {
    const response = tooManyRequests(15, 'ar');
    expect(response.statusCode).toBe(429);
    expect(response.headers).toMatchObject({ 'retry-after': '15' });
    expect(JSON.parse(response.body!)).toMatchObject({ code: 'tooManyRequests', retryAfterSeconds: 15, error: expect.stringMatching(/[\u0600-\u06ff]/) });
  });
});
