import { Logger } from '@aws-lambda-powertools/logger';
import type { APIGatewayProxyEventV2, APIGatewayRequestAuthorizerEventV2, Context } from 'aws-lambda';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { adminHandler } from '../../lambdas/staff/admin-handler';

/** The public routes' authorizer in AWS: only CloudFront knows the origin secret it compares. */

const secret = 'a'.repeat(64);
let check: (headers: Record<string, string>) => Promise<boolean>;

beforeAll(async () => {
  vi.stubEnv('ORIGIN_SECRET', secret);
  const { handler } = await import('../../lambdas/functions/origin-check/handler');
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

describe('staff routes behind CloudFront', () => {
  // API Gateway takes one authorizer per route and the staff routes' is the user pool's:
  // their handlers refuse a request that came around CloudFront, even with a valid token.
  const actions = { 'GET /api/admin/me': vi.fn(async () => ({ statusCode: 200, headers: {}, body: '{}' })) };
  const handler = adminHandler({ logger: new Logger({ logLevel: 'SILENT' }), originSecret: { value: secret } }, actions);
  const staffRequest = (headers: Record<string, string>) =>
    ({
      routeKey: 'GET /api/admin/me',
      headers: { 'accept-language': 'fr', ...headers },
      requestContext: { authorizer: { jwt: { claims: { username: 'amina', 'cognito:groups': '[staff]' } } } },
    }) as unknown as APIGatewayProxyEventV2;

  it('refuses a signed-in staff member’s request sent straight to the API, in their language', async () => {
    const answer = await handler(staffRequest({}));
    expect(answer.statusCode).toBe(403);
    expect(JSON.parse(answer.body ?? '{}').error).toBe("Vous n'avez pas le droit de faire cela");
    expect((await handler(staffRequest({ 'x-origin-verify': 'b'.repeat(64) }))).statusCode).toBe(403);
    expect(actions['GET /api/admin/me']).not.toHaveBeenCalled();
  });

  it('answers the same request when CloudFront sent it', async () => {
    expect((await handler(staffRequest({ 'x-origin-verify': secret }))).statusCode).toBe(200);
    expect(actions['GET /api/admin/me']).toHaveBeenCalledOnce();
  });
});
