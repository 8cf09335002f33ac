import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createApiAdapter, type LambdaHandler } from '../../infra/local/api-gateway-adapter';
import { closeServer, listen } from '../../infra/local/ports';

/** The adapter with stand-in handlers: the event it builds and how it writes results back. */

const seen: { event?: APIGatewayProxyEventV2; context?: Context; remainingMs?: number } = {};
let nextResult: () => Promise<APIGatewayProxyResultV2> = async () => ({ statusCode: 204 });
const logs: string[] = [];
let server: Server;
let baseUrl: string;

const recordingHandler: LambdaHandler = async (event, context) => {
  seen.event = event;
  seen.context = context;
  seen.remainingMs = context.getRemainingTimeInMillis();
  return nextResult();
};

beforeAll(async () => {
  const adapter = createApiAdapter({
    routes: [
      { method: 'POST', path: '/api/things/{thingId}/parts/{partId}', handler: 'recording' },
      { method: 'GET', path: '/api/files/{path+}', handler: 'recording' },
      { method: 'GET', path: '/api/broken', handler: 'missing' },
      // Listed before the static route it must not shadow.
      { method: 'GET', path: '/api/orders/{orderId}', handler: 'recording' },
      { method: 'GET', path: '/api/orders/counts', handler: 'recording' },
      { method: 'GET', path: '/api/staff-only', handler: 'recording', auth: 'staff' },
    ],
    loadHandler: async (name) => {
      if (name === 'recording') return recordingHandler;
      throw new Error(`no handler named ${name}`);
    },
    region: 'eu-west-3',
    functionNamePrefix: 'test',
    log: (line) => logs.push(line),
    maxBodyBytes: 1000,
    timeoutMs: 2000,
    // Stands in for the JWT check: the token "good" has these claims, any other none.
    verifyStaffToken: async (authorization) =>
      authorization === 'Bearer good'
        ? { claims: { username: 'u-1', 'cognito:groups': '[admin staff]', exp: '1893456000' }, scopes: ['aws.cognito.signin.user.admin'] }
        : undefined,
  });
  server = createServer((req, res) => void adapter(req, res));
  baseUrl = `http://127.0.0.1:${await listen(server, 0, 'the adapter test server')}`;
});

afterAll(() => closeServer(server));

test('builds a payload 2.0 event and a Lambda context', async () => {
  nextResult = async () => ({ statusCode: 202, headers: { 'X-Thing': 'yes' }, body: 'accepted' });
  const response = await fetch(`${baseUrl}/api/things/tracteur%20DI75/parts/p-1?lang=fr&tag=a&tag=b`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: 'a=1; b=2', 'x-custom': 'value', 'user-agent': 'adapter-test' },
    body: JSON.stringify({ hello: 'مرحبا' }),
  });

  expect(response.status).toBe(202);
  expect(response.headers.get('x-thing')).toBe('yes');
  expect(response.headers.get('apigw-requestid')).toBe(seen.event?.requestContext.requestId);
  expect(await response.text()).toBe('accepted');

  const event = seen.event!;
  expect(event).toMatchObject({
    version: '2.0',
    routeKey: 'POST /api/things/{thingId}/parts/{partId}',
    rawPath: '/api/things/tracteur%20DI75/parts/p-1',
    rawQueryString: 'lang=fr&tag=a&tag=b',
    cookies: ['a=1', 'b=2'],
    queryStringParameters: { lang: 'fr', tag: 'a,b' },
    pathParameters: { thingId: 'tracteur DI75', partId: 'p-1' },
    body: '{"hello":"مرحبا"}',
    isBase64Encoded: false,
    requestContext: {
      http: { method: 'POST', path: '/api/things/tracteur%20DI75/parts/p-1', sourceIp: '127.0.0.1', userAgent: 'adapter-test' },
      routeKey: 'POST /api/things/{thingId}/parts/{partId}',
      stage: '$default',
      domainName: '127.0.0.1',
    },
  });
  expect(event.headers).toMatchObject({ 'content-type': 'application/json', 'x-custom': 'value' });
  expect(event.headers.cookie).toBeUndefined();
  expect(event.requestContext.timeEpoch).toBeGreaterThan(Date.now() - 10_000);
  expect(event.requestContext.time).toMatch(/^\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000$/);

  expect(seen.context).toMatchObject({ functionName: 'test-recording', functionVersion: '$LATEST' });
  expect(seen.context?.awsRequestId).toMatch(/^[0-9a-f-]{36}$/);
  expect(seen.remainingMs).toBeGreaterThan(1000);
  expect(seen.remainingMs).toBeLessThanOrEqual(2000);
});

test('binary bodies arrive base64-encoded and greedy parameters take the rest of the path', async () => {
  nextResult = async () => ({ statusCode: 200, body: Buffer.from([1, 2, 3]).toString('base64'), isBase64Encoded: true });
  const response = await fetch(`${baseUrl}/api/files/photos/2026/tracteur.webp`, { headers: { 'content-type': 'image/webp' } });
  expect(seen.event?.pathParameters).toEqual({ path: 'photos/2026/tracteur.webp' });
  expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([1, 2, 3]);

  nextResult = async () => ({ statusCode: 204 });
  await fetch(`${baseUrl}/api/things/t/parts/p`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: new Uint8Array([0xff, 0x00, 0x10]),
  });
  expect(seen.event).toMatchObject({ body: Buffer.from([0xff, 0x00, 0x10]).toString('base64'), isBase64Encoded: true });
});

test('cookies become Set-Cookie headers; plain values become 200 JSON', async () => {
  nextResult = async () => ({ statusCode: 200, cookies: ['session=abc; HttpOnly', 'theme=dark'], body: '' });
  const withCookies = await fetch(`${baseUrl}/api/files/x`);
  expect(withCookies.headers.getSetCookie()).toEqual(['session=abc; HttpOnly', 'theme=dark']);

  nextResult = async () => ({ ok: true }) as unknown as APIGatewayProxyResultV2;
  const object = await fetch(`${baseUrl}/api/files/x`);
  expect(object.status).toBe(200);
  expect(object.headers.get('content-type')).toBe('application/json');
  expect(await object.json()).toEqual({ ok: true });

  nextResult = async () => 'plain text';
  expect(await (await fetch(`${baseUrl}/api/files/x`)).text()).toBe('plain text');
});

test('answers as API Gateway does when no handler can', async () => {
  const notFound = await fetch(`${baseUrl}/api/things/t`, { method: 'POST' });
  expect(notFound.status).toBe(404);
  expect(await notFound.json()).toEqual({ message: 'Not Found' });

  const tooLarge = await fetch(`${baseUrl}/api/things/t/parts/p`, { method: 'POST', body: 'x'.repeat(1001) });
  expect(tooLarge.status).toBe(413);
  expect(await tooLarge.json()).toEqual({ message: 'Request Entity Too Large' });

  const before = logs.length;
  nextResult = async () => {
    throw new Error('handler exploded');
  };
  const crashed = await fetch(`${baseUrl}/api/files/x`);
  expect(crashed.status).toBe(500);
  expect(await crashed.json()).toEqual({ message: 'Internal Server Error' });
  expect(logs.slice(before).join('\n')).toContain('handler exploded');

  const unloadable = await fetch(`${baseUrl}/api/broken`);
  expect(unloadable.status).toBe(500);
  expect(logs.join('\n')).toContain('no handler named missing');

  nextResult = () => new Promise((resolve) => setTimeout(() => resolve({ statusCode: 200 }), 2500));
  const slow = await fetch(`${baseUrl}/api/files/x`);
  expect(slow.status).toBe(500);
  expect(logs.join('\n')).toContain('timed out after 2 seconds');
});

test('prefers a static route to a parameter, whatever the order of the list, as API Gateway does', async () => {
  nextResult = async () => ({ statusCode: 204 });
  await fetch(`${baseUrl}/api/orders/counts`);
  expect(seen.event?.routeKey).toBe('GET /api/orders/counts');
  await fetch(`${baseUrl}/api/orders/0b9f0a64`);
  expect(seen.event).toMatchObject({ routeKey: 'GET /api/orders/{orderId}', pathParameters: { orderId: '0b9f0a64' } });
});

test('a staff route answers 401 before its handler runs, unless the authorizer passes the token; then it gets the claims', async () => {
  delete seen.event;
  for (const authorization of [undefined, 'Bearer bad']) {
    const response = await fetch(`${baseUrl}/api/staff-only`, { headers: authorization ? { authorization } : {} });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthorized' });
  }
  expect(seen.event).toBeUndefined();

  nextResult = async () => ({ statusCode: 204 });
  expect((await fetch(`${baseUrl}/api/staff-only`, { headers: { authorization: 'Bearer good' } })).status).toBe(204);
  // Read through a function: the check above narrowed seen.event to undefined for the compiler.
  const lastEvent = (): APIGatewayProxyEventV2 | undefined => seen.event;
  expect(lastEvent()?.requestContext).toMatchObject({
    authorizer: { jwt: { claims: { username: 'u-1', 'cognito:groups': '[admin staff]' }, scopes: ['aws.cognito.signin.user.admin'] } },
  });
});

test('a staff route is never served without an authorizer', async () => {
  const bare = createApiAdapter({
    routes: [{ method: 'GET', path: '/api/staff-only', handler: 'recording', auth: 'staff' }],
    loadHandler: async () => recordingHandler,
    region: 'eu-west-3',
    functionNamePrefix: 'test',
    log: () => undefined,
  });
  const bareServer = createServer((req, res) => void bare(req, res));
  const url = `http://127.0.0.1:${await listen(bareServer, 0, 'the bare adapter')}`;
  try {
    expect((await fetch(`${url}/api/staff-only`, { headers: { authorization: 'Bearer good' } })).status).toBe(401);
  } finally {
    await closeServer(bareServer);
  }
});
