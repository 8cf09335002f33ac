// The functions' stand-in (infra/local/functions.ts) in its own node process:
// an HTTP server answering Lambda's Invoke API for the functions named in
// FUNCTIONS_SETTINGS, each running its lambdas/functions/<folder>/handler.ts here, with
// the environment the stack set for the handlers. A function's CPU-heavy work
// (rendering the site) then never holds the API's thread, as in AWS.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { functionEntry } from '../paths';
import { createLambdaContext } from './api-gateway-adapter';
import { controlFailure, failureControlPath } from './failure-control';
import type { FunctionsSettings } from './functions';
import { readBody, sendJson } from './http-utils';
import { listen } from './ports';

type Handler = (event: unknown, context: unknown) => Promise<unknown>;

const settings = JSON.parse(process.env.FUNCTIONS_SETTINGS ?? '{}') as FunctionsSettings;
const handlers = new Map<string, Promise<Handler>>();
/** Invocation payloads are at most 256 KB asynchronously, 6 MB synchronously. */
const maxPayloadBytes = 6 * 1024 * 1024;
let failure: number | undefined;

function handlerOf(name: string): Promise<Handler> | undefined {
  const folder = settings.functions[name];
  if (!folder) return undefined;
  if (!handlers.has(name)) {
    const file = pathToFileURL(functionEntry(folder)).href;
    handlers.set(name, import(file).then((module: { handler: Handler }) => module.handler));
  }
  return handlers.get(name);
}

function log(line: string) {
  process.stdout.write(`${line}\n`);
}

async function invoke(req: IncomingMessage, res: ServerResponse, name: string) {
  const read = await readBody(req, maxPayloadBytes);
  if (failure !== undefined) {
    return sendJson(res, failure, { message: `The function service is failing on purpose (${failure})` }, { 'x-amzn-errortype': failure === 429 ? 'TooManyRequestsException' : 'ServiceException' });
  }
  const handler = handlerOf(name);
  if (!handler) return sendJson(res, 404, { Type: 'User', message: `Function not found: ${name}` }, { 'x-amzn-errortype': 'ResourceNotFoundException' });
  if (read.tooLarge) return sendJson(res, 413, { Type: 'User', message: 'Request must be smaller than 6291456 bytes' }, { 'x-amzn-errortype': 'RequestTooLargeException' });
  let event: unknown;
  try {
    event = read.body.byteLength > 0 ? JSON.parse(read.body.toString('utf8')) : {};
  } catch {
    return sendJson(res, 400, { Type: 'User', message: 'Could not parse request body into json' }, { 'x-amzn-errortype': 'InvalidRequestContentException' });
  }
  const run = async () => (await handler)(event, createLambdaContext({ functionName: name, region: settings.region, timeoutMs: settings.timeoutMs }));
  if (req.headers['x-amz-invocation-type'] === 'Event') {
    // Accepted, then run: the caller never waits, as with Lambda's asynchronous invocation.
    res.writeHead(202, { 'content-length': '0' }).end();
    run().catch((error: unknown) => log(`[functions] ${name} failed: ${(error as Error)?.stack ?? String(error)}`));
    return;
  }
  try {
    const result = await run();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result ?? null));
  } catch (error) {
    log(`[functions] ${name} failed: ${(error as Error)?.stack ?? String(error)}`);
    const body = JSON.stringify({ errorType: (error as Error)?.name ?? 'Error', errorMessage: (error as Error)?.message ?? String(error) });
    res.writeHead(200, { 'content-type': 'application/json', 'x-amz-function-error': 'Unhandled' }).end(body);
  }
}

const server = createServer((req, res) => {
  const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (pathname === failureControlPath) return void controlFailure(req, res, (status) => (failure = status));
  const match = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(pathname);
  if (req.method !== 'POST' || !match) {
    req.resume();
    return sendJson(res, 404, { message: 'Only Invoke is served here' }, { 'x-amzn-errortype': 'ResourceNotFoundException' });
  }
  invoke(req, res, decodeURIComponent(match[1]!)).catch((error: unknown) => {
    log(`[functions] ${req.url} failed: ${String(error)}`);
    if (!res.headersSent) sendJson(res, 500, { message: 'Internal error' }, { 'x-amzn-errortype': 'ServiceException' });
  });
});
await listen(server, settings.port, 'the functions');
