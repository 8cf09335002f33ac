import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { ConfigError } from '../../lambdas/lib/config';
import { relayUrlsFrom, relayUrlsMaxAgeSeconds } from '../../lambdas/deliveries/relay-urls';
import { createSheetRelay, RelayError } from '../../lambdas/deliveries/sheet-relay';

/**
 * The relay URLs as the delivery worker reads them in AWS: from their secret,
 * at run time, cached. A Secrets Manager client answering from memory stands
 * for the service (an operator's `put-secret-value` changes what it answers);
 * two small HTTP servers stand for the old and the new relay.
 */

let secretValue: string | Error;
let secretReads = 0;
const secretsClient = new SecretsManagerClient({ region: 'eu-west-3', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
secretsClient.middlewareStack.add(
  (_next, context) => async () => {
    if (context.commandName !== GetSecretValueCommand.name) throw new Error(`unexpected ${context.commandName}`);
    secretReads += 1;
    if (secretValue instanceof Error) throw secretValue;
    return { output: { SecretString: secretValue, $metadata: {} }, response: {} };
  },
  { step: 'initialize' },
);

const received: Record<string, number> = { old: 0, new: 0 };
const servers: Server[] = [];
const relayUrls: Record<string, string> = {};

beforeAll(async () => {
  for (const name of ['old', 'new'] as const) {
    const server = createServer((req, res) => {
      req.resume();
      received[name]! += 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    relayUrls[name] = `http://127.0.0.1:${(server.address() as AddressInfo).port}/relay`;
  }
});

afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));
afterEach(() => vi.useRealTimers());

const config = { region: 'eu-west-3', sheetRelayUrls: {}, sheetRelayUrlsSecret: 'agri-dealer/prod/sheet-relay-urls' };

describe('relay URLs from their secret', () => {
  test('a changed secret reaches the next rows once the cached copy is older than the cache time, without a restart', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    secretValue = JSON.stringify({ 'tractor-orders': relayUrls.old });
    secretReads = 0;
    const relay = createSheetRelay(relayUrlsFrom(config, secretsClient));

    await relay.append('tractor-orders', [['a']]);
    // The operator puts a new value: rows keep going to the cached URL for a while...
    secretValue = JSON.stringify({ 'tractor-orders': relayUrls.new });
    vi.advanceTimersByTime((relayUrlsMaxAgeSeconds - 1) * 1000);
    await relay.append('tractor-orders', [['b']]);
    expect(received).toEqual({ old: 2, new: 0 });
    expect(secretReads).toBe(1);

    // ...and to the new one after the cache time.
    vi.advanceTimersByTime(2000);
    await relay.append('tractor-orders', [['c']]);
    expect(received).toEqual({ old: 2, new: 1 });
    expect(secretReads).toBe(2);
  });

  test('a secret that cannot be read, or is not a JSON object of URLs, fails the delivery (retried later), not the function', async () => {
    secretValue = new Error('AccessDeniedException');
    await expect(createSheetRelay(relayUrlsFrom(config, secretsClient)).append('tractor-orders', [['a']])).rejects.toMatchObject({
      kind: 'unreachable',
    });
    secretValue = '{"tractor-orders": "ftp://x"}';
    const attempt = createSheetRelay(relayUrlsFrom(config, secretsClient)).append('tractor-orders', [['a']]);
    await expect(attempt).rejects.toBeInstanceOf(RelayError);
    await expect(attempt).rejects.toMatchObject({ kind: 'notConfigured' });
  });

  test('locally the URLs come from SHEET_RELAY_URLS; with neither, the worker refuses to start', async () => {
    const urls = relayUrlsFrom({ region: 'eu-west-3', sheetRelayUrls: { 'tractor-orders': relayUrls.new! } }, secretsClient);
    expect(await urls()).toEqual({ 'tractor-orders': relayUrls.new });
    expect(() => relayUrlsFrom({ region: 'eu-west-3', sheetRelayUrls: {} }, secretsClient)).toThrow(ConfigError);
  });
});
