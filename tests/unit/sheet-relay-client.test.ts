import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RelayError } from '../../lambdas/deliveries/sheet-relay';
import { createSheetRelay } from '../../lambdas/deliveries/sheet-relay';

/**
 * How the delivery worker reads the relay's answers (docs/decisions/0002):
 * which failures are the rows' (split, then left to staff), which are the
 * relay's (tried again), and what a read back gives. A small HTTP server
 * answers as each case needs.
 */

let answer: { status: number; body?: unknown } = { status: 200, body: { ok: true } };
let lastUrl: URL | undefined;
let server: Server;
let relay: ReturnType<typeof createSheetRelay>;

beforeAll(async () => {
  server = createServer((req, res) => {
    lastUrl = new URL(req.url ?? '/', 'http://relay.test');
    req.resume();
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/google_sheets/abc`;
  relay = createSheetRelay(async () => ({ orders: url }), 2_000);
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function appendFailure(status: number): Promise<RelayError> {
  answer = { status, body: { message: 'no' } };
  return relay.append('orders', [['a']]).then(
    () => {
      throw new Error('the append succeeded');
    },
    (error: RelayError) => error,
  );
}

describe('an append the relay does not take', () => {
  test.each([400, 413, 422])('%i is the rows’: refused, to be split', async (status) => {
    expect(await appendFailure(status)).toMatchObject({ kind: 'refused', status, message: `Relay for sheet "orders" answered ${status}: no` });
  });

  test.each([401, 402, 403, 404, 405, 408, 500, 502, 503])('%i is the relay’s: failed, tried again', async (status) => {
    expect(await appendFailure(status)).toMatchObject({ kind: 'failed', status });
  });

  test('429 asks to wait', async () => {
    expect(await appendFailure(429)).toMatchObject({ kind: 'rateLimited' });
  });
});

describe('reading a tab back', () => {
  test('asks for a page and reads rows given as arrays, with the total', async () => {
    answer = { status: 200, body: { ok: true, data: [['a', 1, null]], total: 501 } };
    expect(await relay.read('orders', 2, 500)).toEqual({ rows: [['a', '1', '']], total: 501 });
    expect(Object.fromEntries(lastUrl!.searchParams)).toEqual({ tabId: 'Sheet1', page: '2', perPage: '500' });
  });

  test('reads rows given as objects of cells by column title', async () => {
    answer = { status: 200, body: { data: [{ row_id: 2, Nom: 'Karim', Référence: 'ref-1' }] } };
    expect(await relay.read('orders', 1, 500)).toEqual({ rows: [['2', 'Karim', 'ref-1']] });
  });

  test.each([404, 405, 501])('a relay without reads (%i) says so: refused', async (status) => {
    answer = { status, body: {} };
    await expect(relay.read('orders', 1, 500)).rejects.toMatchObject({ kind: 'refused' });
  });

  test('an answer without rows cannot be read', async () => {
    answer = { status: 200, body: { ok: true } };
    await expect(relay.read('orders', 1, 500)).rejects.toMatchObject({ kind: 'refused' });
  });

  test('a relay down for now fails the read, to be tried again', async () => {
    answer = { status: 503, body: {} };
    await expect(relay.read('orders', 1, 500)).rejects.toMatchObject({ kind: 'failed' });
  });
});
