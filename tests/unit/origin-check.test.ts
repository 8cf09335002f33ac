import type { APIGatewayRequestAuthorizerEventV2, Context } from 'aws-lambda';
import { beforeAll, describe, expect, it, vi } from 'vitest';

/** The public routes' authorizer in AWS: only CloudFront knows the origin secret it compares. */

const secret = 'a'.repeat(64);
let check: (headers: Record<string, string>) => Promise<boolean>;

beforeAll(async () => {
  vi.stubEnv('ORIGIN_SECRET', secret);
  const { handler } = await import('../../lambdas/origin-check/handler');
  check = async (headers) => {
    const event = { type: 'REQUEST', headers, identitySource: [headers['x-origin-verify'] ?? ''] } as unknown as APIGatewayRequestAuthorizerEventV2;
    const result = await handler(event, {} as Context, () => undefined);
    return (result as { isAuthorized: boolean }).isAuthorized;
  };
  vi.unstubAllEnvs();
});

describe('origin check', () => {
  it('lets through a request carrying the secret', async () => {
    expect(await check({ 'x-origin-verify': secret })).toBe(true);
  });

  it('refuses one sent straight to the API: without the header, with another value, with a prefix of it', async () => {
    expect(await check({})).toBe(false);
    expect(await check({ 'x-origin-verify': 'b'.repeat(64) })).toBe(false);
    expect(await check({ 'x-origin-verify': secret.slice(0, 63) })).toBe(false);
  });
});
