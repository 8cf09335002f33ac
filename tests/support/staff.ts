import { expect } from 'vitest';
import type {
  CognitoIdentityProviderClient} from '@aws-sdk/client-cognito-identity-provider';
import {
  AuthFlowType,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { createSign, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { addStaffUser, createCognitoClient, generatePassword } from '../../infra/local/cognito';
import type { LocalStack } from '../../infra/local/stack';
import type { StaffRole } from '../../lambdas/routes';
import type { AdminOrder, ContentResponse, MediaItem, MediaUploadsResponse, OrderPage, PublishSummary } from '../../shared/admin-api';
import type { ContentOverrides } from '../../shared/content/model';

/** Staff users and their tokens on the local stack's cognito-local, as the admin pages get them. */

/** An access token from InitiateAuth USER_PASSWORD_AUTH, as Amplify gets it. */
export async function signIn(
  stack: LocalStack,
  email: string,
  password: string,
  clientId = stack.cognito.clientId,
): Promise<string> {
  return withCognito(stack, async (client) => {
    const { AuthenticationResult } = await client.send(
      new InitiateAuthCommand({
        AuthFlow: AuthFlowType.USER_PASSWORD_AUTH,
        ClientId: clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    if (!AuthenticationResult?.AccessToken) throw new Error(`${email} got no access token`);
    return AuthenticationResult.AccessToken;
  });
}

/** A new user of the staff pool in these groups (none: signed in, but outside the staff), signed in. */
export async function staffToken(stack: LocalStack, roles: StaffRole[]): Promise<{ email: string; token: string }> {
  const email = `${roles.join('-') || 'nobody'}-${randomUUID().slice(0, 8)}@agri-dealer.test`;
  const password = generatePassword();
  await withCognito(stack, (client) =>
    addStaffUser(client, stack.cognito.userPoolId, { email, roles, password, temporary: false }),
  );
  return { email, token: await signIn(stack, email, password) };
}

/** An access token of a user of another pool of the same cognito-local: right key, wrong issuer. */
export async function otherPoolToken(stack: LocalStack): Promise<string> {
  return withCognito(stack, async (client) => {
    const { UserPool } = await client.send(new CreateUserPoolCommand({ PoolName: `other-${randomUUID()}`, UsernameAttributes: ['email'] }));
    const { UserPoolClient } = await client.send(
      new CreateUserPoolClientCommand({ UserPoolId: UserPool!.Id!, ClientName: 'other', ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH'] }),
    );
    const email = `other-${randomUUID().slice(0, 8)}@agri-dealer.test`;
    const password = generatePassword();
    await addStaffUser(client, UserPool!.Id!, { email, roles: [], password, temporary: false });
    return signIn(stack, email, password, UserPoolClient!.ClientId!);
  });
}

export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

/**
 * A token signed with cognito-local's own key (it ships in the package, so
 * local tokens are worthless elsewhere), carrying the given claims: what
 * cognito-local itself would issue with those claims, e.g. an expired one.
 */
export function signedLikeCognitoLocal(claims: Record<string, unknown>): string {
  const { pem } = createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.private.json') as { pem: string };
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'RS256', typ: 'JWT', kid: 'CognitoLocal' })}.${part(claims)}`;
  return `${unsigned}.${createSign('RSA-SHA256').update(unsigned).sign(pem).toString('base64url')}`;
}

/** A staff API call with a bearer token (or none). */
export function adminFetch(stack: LocalStack, token: string | undefined, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (init.body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
  return fetch(`${stack.siteUrl}${path}`, { ...init, headers });
}

async function withCognito<T>(stack: LocalStack, use: (client: CognitoIdentityProviderClient) => Promise<T>): Promise<T> {
  const client = createCognitoClient(stack.endpoints.cognito);
  try {
    return await use(client);
  } finally {
    client.destroy();
  }
}

/** A picture put in the media library as the admin pages do it: presigned upload, PUT, registration. */
export async function uploadMedia(stack: LocalStack, token: string, file: string, type: string): Promise<MediaItem> {
  const bytes = await readFile(file);
  const name = path.basename(file);
  const call = async <T>(route: string, body: unknown): Promise<T> => {
    const response = await adminFetch(stack, token, route, { method: 'POST', body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${route} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  const { uploads } = await call<MediaUploadsResponse>('/api/admin/media/uploads', { files: [{ name, type, size: bytes.byteLength }] });
  const [upload] = uploads;
  const put = await fetch(upload!.uploadUrl, { method: 'PUT', headers: upload!.headers, body: bytes });
  if (!put.ok) throw new Error(`the upload answered ${put.status}`);
  return (await call<{ item: MediaItem }>('/api/admin/media', { url: upload!.publicUrl, name })).item;
}

/** The answer's JSON, once its status is the one expected (its body shown when not). */
export async function responseJson<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

/** Every order of an inbox query (`GET /api/admin/orders?…`), page after page, in the order the pages give them. */
export async function everyOrderPage(get: (path: string) => Promise<Response>, query: string, limit: number): Promise<AdminOrder[]> {
  const orders: AdminOrder[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await responseJson<OrderPage>(await get(`/api/admin/orders?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`));
    orders.push(...page.orders);
    cursor = page.nextCursor;
    expect(++pages).toBeLessThan(200);
  } while (cursor);
  return orders;
}

/** Follows a publish (or a going back) as the admin does, until it has ended, and expects it done. */
export async function publishFinished(stack: LocalStack, token: string, started: PublishSummary): Promise<PublishSummary> {
  let summary = started;
  while (summary.state === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 100));
    summary = await responseJson<PublishSummary>(await adminFetch(stack, token, `/api/admin/content/publishes/${encodeURIComponent(summary.publishId)}`));
  }
  expect(summary.state, summary.failure).toBe('done');
  return summary;
}

/** A content published as the admin's "Save and publish" does it, followed until done. */
export async function publishContent(stack: LocalStack, token: string, draft: ContentOverrides): Promise<PublishSummary> {
  const { savedAt } = await responseJson<ContentResponse>(await adminFetch(stack, token, '/api/admin/content'));
  const body = JSON.stringify({ draft, basedOn: savedAt ?? null });
  return publishFinished(stack, token, await responseJson<PublishSummary>(await adminFetch(stack, token, '/api/admin/content/publish', { method: 'POST', body }), 202));
}
