// Runs dynalite for the local stack in its own node process, so that the
// store has a core of its own rather than sharing one with the handlers and
// the delivery worker. Settings come as JSON in DYNALITE_SETTINGS:
// { path, host, port }. `PUT /__control/failure` makes it fail, or hang, on
// purpose (infra/local/failure-control.ts); `GET /__control/calls` counts the
// calls it was sent by operation, for tests that assert what the store was asked.
import dynalite from 'dynalite';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { controlFailureOrPause, createHeldCalls, failureControlPath } from './failure-control';
import { sendJson } from './http-utils';

const { path, host, port } = JSON.parse(process.env.DYNALITE_SETTINGS || '{}') as { path: string; host: string; port: number };

const server = dynalite({ path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
const dynaliteHandlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
server.removeAllListeners('request');
let failing: { status: number; operation?: string; every?: number } | undefined;
/** Calls counted for `every`: the failure strikes every n-th call it applies to. */
let failingCalls = 0;
const held = createHeldCalls();
const calls: Record<string, number> = {};
/** Whether this call is one the failure set on purpose strikes. */
const strikes = (req: IncomingMessage) => {
  if (!failing) return false;
  if (failing.operation && req.headers['x-amz-target'] !== `DynamoDB_20120810.${failing.operation}`) return false;
  return ++failingCalls % (failing.every ?? 1) === 0;
};
server.on('request', (req: IncomingMessage, res: ServerResponse) => {
  const operation = String(req.headers['x-amz-target'] ?? '').split('.')[1];
  if (operation) calls[operation] = (calls[operation] ?? 0) + 1;
  if (req.url === '/__control/calls') {
    req.resume();
    sendJson(res, 200, calls);
  } else if (req.url === failureControlPath) {
    void controlFailureOrPause(req, res, (failure) => {
      failing = failure && 'status' in failure ? failure : undefined;
      failingCalls = 0;
      if (failure && 'pause' in failure) held.pause();
      else held.resume();
    });
  } else if (held.paused) {
    held.hold(req, (request) => dynaliteHandlers.forEach((handle) => handle(request, res)));
  } else if (failing && strikes(req)) {
    req.resume();
    sendJson(res, failing.status, { __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: 'The store is down on purpose' });
  } else {
    dynaliteHandlers.forEach((handle) => handle(req, res));
  }
});
server.once('error', (error: NodeJS.ErrnoException) => {
  console.error(error.code === 'EADDRINUSE' ? `port ${port} is already in use` : error.message);
  process.exit(1);
});
server.listen(port, host);
// dynalite's close() also closes the database, so LevelDB is left clean.
process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  (server as typeof server & { closeAllConnections(): void }).closeAllConnections();
});
