import { beforeAll, describe, expect, test } from 'vitest';
import { message } from '../../lambdas/lib/messages';
import { apiRoutes, type ApiRoute } from '../../lambdas/routes';
import { stackEnvironment } from '../support/environment';
import { adminFetch, claimsOf, otherPoolToken, signIn, signedLikeCognitoLocal, staffToken } from '../support/staff';

/**
 * Every staff route through the real local stack and cognito-local: only a
 * valid access token of the staff pool, for the admin client, gets through
 * the authorizer (401 otherwise, API Gateway's answer), and only the groups
 * a route needs get an answer from its handler (403 otherwise).
 */

const env = stackEnvironment();
const staffRoutes = (apiRoutes as readonly ApiRoute[]).filter((route) => route.auth);
const someId = '0b9f0a64-8a25-4c3e-9e1f-6f0b1c2d3e4f';

const tokens = {} as Record<'admin' | 'staff' | 'outsider' | 'expired' | 'tampered' | 'otherPool' | 'reissued', string>;

beforeAll(async () => {
  const { stack } = env;
  tokens.admin = await signIn(stack, stack.admin.email, stack.admin.password);
  tokens.staff = (await staffToken(stack, ['staff'])).token;
  tokens.outsider = (await staffToken(stack, [])).token;
  tokens.otherPool = await otherPoolToken(stack);

  const now = Math.floor(Date.now() / 1000);
  const adminClaims = claimsOf(tokens.admin);
  // The admin's own claims, signed with cognito-local's key: once valid for another hour, once expired a minute ago.
  tokens.reissued = signedLikeCognitoLocal({ ...adminClaims, iat: now - 60, exp: now + 3600 });
  tokens.expired = signedLikeCognitoLocal({ ...adminClaims, iat: now - 3600, exp: now - 60 });
  // A staff member's token whose groups were edited to add admin; the signature is the original one.
  const [header, , signature] = tokens.staff.split('.');
  const promoted = { ...claimsOf(tokens.staff), 'cognito:groups': ['admin', 'staff'] };
  tokens.tampered = `${header}.${Buffer.from(JSON.stringify(promoted)).toString('base64url')}.${signature}`;
});

/** One call of the route with the token: parameters filled in, an empty JSON body for writes. */
function call(route: ApiRoute, token: string | undefined): Promise<Response> {
  const path = route.path.replace(/\{[^}]+\}/g, someId);
  const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}';
  return adminFetch(env.stack, token, path, { method: route.method, body, headers: { 'accept-language': 'fr' } });
}

test('every /api/admin/ route needs a staff token, and every staff route is under /api/admin/', () => {
  for (const route of apiRoutes as readonly ApiRoute[]) {
    expect(route.path.startsWith('/api/admin/'), `${route.method} ${route.path}`).toBe(route.auth !== undefined);
  }
  expect(staffRoutes.length).toBeGreaterThanOrEqual(15);
});

test('the local tokens carry what API Gateway checks: issuer, client and expiry', () => {
  const claims = claimsOf(tokens.admin);
  expect(claims).toMatchObject({ iss: env.stack.cognito.issuer, client_id: env.stack.cognito.clientId, token_use: 'access' });
  expect(claims['cognito:groups']).toEqual(expect.arrayContaining(['staff', 'admin']));
  expect(claimsOf(tokens.otherPool).iss).not.toBe(env.stack.cognito.issuer);
});

describe.each(staffRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', (_name, route) => {
  test.each([
    ['no token', undefined],
    ['an expired token', 'expired'],
    ['a tampered token', 'tampered'],
    ['a token of another pool', 'otherPool'],
    ['a malformed token', 'garbage'],
  ] as const)('refuses %s with 401', async (_case, which) => {
    const token = which === undefined ? undefined : which === 'garbage' ? 'not.a.token' : tokens[which];
    const response = await call(route, token);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthorized' });
  });

  test('refuses a signed-in user outside the staff group with 403, in their language', async () => {
    const response = await call(route, tokens.outsider);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'forbidden', error: message('forbidden', 'fr') });
  });

  test(`${route.auth === 'admin' ? 'refuses' : 'lets in'} a staff member outside the admin group`, async () => {
    const response = await call(route, tokens.staff);
    if (route.auth === 'admin') {
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'forbidden', requiredGroups: ['staff', 'admin'] });
    } else {
      expect([401, 403]).not.toContain(response.status);
    }
  });

  test('lets in the admin, with the token as issued and as re-signed with a later expiry', async () => {
    for (const token of [tokens.admin, tokens.reissued]) {
      const response = await call(route, token);
      expect([401, 403], await response.clone().text()).not.toContain(response.status);
      expect(response.status).toBeLessThan(500);
    }
  });
});

test('GET /api/admin/me names the signed-in staff member and their groups', async () => {
  const response = await adminFetch(env.stack, tokens.admin, '/api/admin/me');
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({
    username: claimsOf(tokens.admin).username,
    email: env.stack.admin.email,
    groups: expect.arrayContaining(['staff', 'admin']),
  });
});

test('the admin pages find their sign-in settings at /admin/config.json', async () => {
  const response = await fetch(`${env.stack.siteUrl}/admin/config.json`);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({
    region: expect.any(String),
    userPoolId: env.stack.cognito.userPoolId,
    userPoolClientId: env.stack.cognito.clientId,
    userPoolEndpoint: env.stack.endpoints.cognito,
  });
});
