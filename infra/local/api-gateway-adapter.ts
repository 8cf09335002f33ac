import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import type { ApiRoute } from '../../lambdas/routes';
import { readBody, sendJson } from './http-utils';
import type { JwtAuthorizerContext, VerifyStaffToken } from './staff-tokens';

/**
 * Plays API Gateway (HTTP API, payload format 2.0) in front of the Lambda
 * handlers: matches a route, builds the event and context, invokes the
 * handler and writes its result back, with API Gateway's own answers for
 * the cases it handles itself (no route, body too large, a missing or invalid
 * token on a staff route, handler crash).
 */

export type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyResultV2>;

export interface ApiAdapterOptions {
  routes: readonly ApiRoute[];
  /** Loads `lambdas/functions/<name>/handler.ts`; called once per handler. */
  loadHandler(name: string): Promise<LambdaHandler>;
  region: string;
  /** Prefix of the local function names, e.g. "agri-dealer" → "agri-dealer-submit-form". */
  functionNamePrefix: string;
  log(line: string): void;
  /** API Gateway's payload limit. */
  maxBodyBytes?: number;
  /** The functions' configured timeout, unless a route sets its own. */
  timeoutMs?: number;
  /**
   * The JWT authorizer of the routes with `auth` (staff-tokens.ts). Without
   * it those routes answer 401: they are never served unauthenticated.
   */
  verifyStaffToken?: VerifyStaffToken;
}

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

const defaultMaxBodyBytes = 10 * 1024 * 1024;
const defaultTimeoutMs = 15_000;
const accountId = '000000000000';

export function createApiAdapter(options: ApiAdapterOptions): RequestListener {
  // API Gateway prefers the most specific route: /orders/counts over /orders/{orderId}.
  const routes = options.routes.map(compileRoute).sort((a, b) => a.parameterNames.length - b.parameterNames.length);
  const handlers = new Map<string, Promise<LambdaHandler>>();
  const maxBodyBytes = options.maxBodyBytes ?? defaultMaxBodyBytes;
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;

  const handlerFor = (name: string) => {
    let handler = handlers.get(name);
    if (!handler) {
      handler = options.loadHandler(name);
      handlers.set(name, handler);
      handler.catch(() => handlers.delete(name));
    }
    return handler;
  };

  return async (req, res) => {
    const requestId = randomUUID();
    res.setHeader('apigw-requestid', requestId);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const match = matchRoute(routes, req.method ?? 'GET', url.pathname);
    if (!match) {
      req.resume();
      return sendJson(res, 404, { message: 'Not Found' });
    }

    const read = await readBody(req, maxBodyBytes);
    if (read.tooLarge) return sendJson(res, 413, { message: 'Request Entity Too Large' });

    let authorizer: JwtAuthorizerContext | undefined;
    if (match.route.auth) {
      authorizer = await options.verifyStaffToken?.(req.headers.authorization);
      if (!authorizer) {
        return sendJson(res, 401, { message: 'Unauthorized' }, { 'www-authenticate': 'Bearer' });
      }
    }

    const event = toApiGatewayEvent(req, url, read.body, match, requestId, authorizer);
    const functionName = `${options.functionNamePrefix}-${match.route.handler}`;
    const routeTimeoutMs = match.route.timeoutSeconds ? match.route.timeoutSeconds * 1000 : timeoutMs;
    const context = createLambdaContext({ functionName, region: options.region, timeoutMs: routeTimeoutMs });
    let result: APIGatewayProxyResultV2;
    try {
      const handler = await handlerFor(match.route.handler);
      result = await withTimeout(handler(event, context), routeTimeoutMs, functionName);
    } catch (error) {
      options.log(`[api] ${event.routeKey} failed (request ${requestId}): ${(error as Error)?.stack ?? String(error)}`);
      return sendJson(res, 500, { message: 'Internal Server Error' });
    }
    try {
      writeLambdaResult(res, result, req.method === 'HEAD');
    } catch (error) {
      options.log(`[api] ${event.routeKey} returned an invalid response: ${(error as Error).message}`);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error' });
    }
  };
}

interface CompiledRoute {
  route: ApiRoute;
  routeKey: string;
  pattern: RegExp;
  parameterNames: string[];
}

export interface RouteMatch {
  route: ApiRoute;
  routeKey: string;
  pathParameters: Record<string, string>;
}

/** `/api/forms/{formId}` matches one segment per parameter; `{name+}` matches the rest of the path. */
function compileRoute(route: ApiRoute): CompiledRoute {
  const parameterNames: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const parameter = /^\{([A-Za-z0-9_]+)(\+?)\}$/.exec(segment);
      if (!parameter) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      parameterNames.push(parameter[1] ?? '');
      return parameter[2] ? '(.+)' : '([^/]+)';
    })
    .join('/');
  return { route, routeKey: `${route.method} ${route.path}`, pattern: new RegExp(`^${source}$`), parameterNames };
}

/** HTTP APIs answer 404 both for an unknown path and for a known path with another method. */
function matchRoute(routes: CompiledRoute[], method: string, pathname: string): RouteMatch | undefined {
  for (const compiled of routes) {
    if (compiled.route.method !== method) continue;
    const found = compiled.pattern.exec(pathname);
    if (!found) continue;
    const pathParameters: Record<string, string> = {};
    compiled.parameterNames.forEach((name, i) => {
      pathParameters[name] = safeDecode(found[i + 1] ?? '');
    });
    return { route: compiled.route, routeKey: compiled.routeKey, pathParameters };
  }
  return undefined;
}

export function toApiGatewayEvent(
  req: IncomingMessage,
  url: URL,
  body: Buffer,
  match: RouteMatch,
  requestId: string,
  authorizer?: JwtAuthorizerContext,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, values] of Object.entries(req.headersDistinct)) {
    if (name !== 'cookie' && values) headers[name] = values.join(',');
  }
  const sourceIp = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  headers['x-forwarded-for'] ??= sourceIp;
  headers['x-forwarded-proto'] ??= 'http';
  headers['x-forwarded-port'] ??= String(req.socket.localPort ?? '');

  const cookies = (req.headersDistinct.cookie ?? [])
    .flatMap((header) => header.split(';'))
    .map((cookie) => cookie.trim())
    .filter(Boolean);

  const queryStringParameters: Record<string, string> = {};
  for (const key of new Set(url.searchParams.keys())) {
    queryStringParameters[key] = url.searchParams.getAll(key).join(',');
  }

  const now = new Date();
  const domainName = (headers.host ?? 'localhost').replace(/:\d+$/, '');
  const method = req.method ?? 'GET';
  const isText = isTextContentType(headers['content-type']);

  return {
    version: '2.0',
    routeKey: match.routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies.length > 0 ? { cookies } : {}),
    headers,
    ...(url.search.length > 1 ? { queryStringParameters } : {}),
    ...(Object.keys(match.pathParameters).length > 0 ? { pathParameters: match.pathParameters } : {}),
    requestContext: {
      accountId,
      apiId: 'local',
      ...(authorizer ? { authorizer: { principalId: '', integrationLatency: 0, jwt: authorizer } } : {}),
      domainName,
      domainPrefix: domainName.split('.')[0] ?? domainName,
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: match.routeKey,
      stage: '$default',
      time: apiGatewayTime(now),
      timeEpoch: now.getTime(),
    },
    ...(body.byteLength > 0 ? { body: body.toString(isText ? 'utf8' : 'base64') } : {}),
    isBase64Encoded: body.byteLength > 0 && !isText,
  };
}

/** Bodies API Gateway passes as text; anything else (including no content type) arrives base64-encoded. */
function isTextContentType(contentType: string | undefined): boolean {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  return (
    type.startsWith('text/') ||
    ['application/json', 'application/javascript', 'application/xml'].includes(type) ||
    type.endsWith('+json') ||
    type.endsWith('+xml')
  );
}

/** "12/Mar/2020:19:03:58 +0000", the format of requestContext.time. */
function apiGatewayTime(date: Date): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${pad(date.getUTCDate())}/${months[date.getUTCMonth()]}/${date.getUTCFullYear()}:` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`
  );
}

export function createLambdaContext({
  functionName,
  region,
  timeoutMs,
}: {
  functionName: string;
  region: string;
  timeoutMs: number;
}): Context {
  const deadline = Date.now() + timeoutMs;
  const awsRequestId = randomUUID();
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '/');
  const unsupported = (name: string) => () => {
    throw new Error(`context.${name}() is not supported: return the result instead`);
  };
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${region}:${accountId}:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `${day}/[$LATEST]${awsRequestId.replaceAll('-', '')}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: unsupported('done'),
    fail: unsupported('fail'),
    succeed: unsupported('succeed'),
  };
}

/** Lambda stops a function at its timeout; the handler's promise is abandoned here the same way. */
function withTimeout<T>(promise: Promise<T>, timeoutMs: number, functionName: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${functionName} timed out after ${timeoutMs / 1000} seconds`)),
      timeoutMs,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Writes a handler's result as API Gateway does: a structured result (with
 * statusCode) as given; any other value as a 200 JSON answer.
 */
export function writeLambdaResult(res: ServerResponse, result: APIGatewayProxyResultV2, headOnly = false): void {
  if (typeof result !== 'object' || result === null || !('statusCode' in result)) {
    const body = typeof result === 'string' ? result : JSON.stringify(result ?? null);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(headOnly ? undefined : body);
    return;
  }
  const statusCode = result.statusCode;
  if (typeof statusCode !== 'number' || !Number.isInteger(statusCode) || statusCode < 100 || statusCode > 599) {
    throw new Error(`statusCode must be an integer from 100 to 599, got ${JSON.stringify(statusCode)}`);
  }
  const body = result.body === undefined ? Buffer.alloc(0) : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8');
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name.toLowerCase()] = String(value);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  headers['content-length'] = String(body.byteLength);
  res.writeHead(statusCode, headers);
  res.end(headOnly ? undefined : body);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
