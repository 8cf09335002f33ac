import { createECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pushChannel, pushNewsForMs } from '../../lambdas/deliveries/push-channel';
import type { StoredPushDevice } from '../../lambdas/deliveries/push-devices-store';
import { vapidKeysFrom } from '../../lambdas/deliveries/push-keys';
import { isQuietTime } from '../../shared/push-notifications';
import type { Submission } from '../../shared/submissions';

/**
 * The push channel's answers to what push services say, against a push
 * service that answers as told: what is retried, what is dropped, what is
 * removed. (tests/integration/staff-phones.test.ts sends real encrypted
 * pushes through the local stack.)
 */

let server: Server;
let url: string;
/** What the push service answers, per device path. */
const answers = new Map<string, { status: number; headers?: Record<string, string> }>();
const received: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push(request.url!);
    const answer = answers.get(request.url!) ?? { status: 201 };
    request.resume().on('end', () => response.writeHead(answer.status, answer.headers).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function device(path: string, quietHours?: StoredPushDevice['quietHours']): StoredPushDevice {
  const key = createECDH('prime256v1');
  key.generateKeys();
  return {
    deviceId: path.slice(1),
    endpoint: `${url}${path}`,
    keys: { p256dh: key.getPublicKey('base64url'), auth: Buffer.alloc(16, 1).toString('base64url') },
    language: 'fr',
    staff: 'someone',
    savedAt: '2026-11-26T08:00:00.000Z',
    ...(quietHours && { quietHours }),
  };
}

const now = Date.parse('2026-11-26T10:00:00.000Z'); // 11:00 in Algiers
const order = (orderId: string, createdAt = new Date(now - 1_000).toISOString()) =>
  ({ orderId, formId: 'gone-form', createdAt, language: 'ar', data: {}, deliveries: {} }) as unknown as Submission;

function channelFor(devices: StoredPushDevice[]) {
  const removed: string[] = [];
  const warnings: string[] = [];
  const channel = pushChannel({
    devices: { all: async () => devices, remove: async (deviceId) => (removed.push(deviceId), true) },
    keys: async () => vapidKeysFrom('a secret of the stack, long enough to be one'),
    contact: 'mailto:orders@agri-dealer.local',
    schemaOf: async () => undefined,
    clock: () => now,
    warn: (message) => warnings.push(message),
  });
  return { channel, removed, warnings };
}

describe('the push channel', () => {
  test('retries an order when a push service fails or asks to wait, keeping the longest wait it asked for', async () => {
    answers.set('/busy', { status: 429, headers: { 'retry-after': '120' } });
    answers.set('/down', { status: 503 });
    const { channel } = channelFor([device('/fine'), device('/busy'), device('/down')]);
    const outcome = (await channel.deliver([order('a')])).get('a');
    expect(outcome).toMatchObject({ state: 'failed', retryAfterMs: 120_000 });
    expect(outcome?.state === 'failed' && outcome.error).toMatch(/^2 of 3 devices not reached/);
  });

  test('removes a device the push service says is gone, and tells the log of one it refuses, without retrying either', async () => {
    answers.set('/gone', { status: 410 });
    answers.set('/unknown', { status: 404 });
    answers.set('/refused', { status: 400 });
    const { channel, removed, warnings } = channelFor([device('/gone'), device('/unknown'), device('/refused'), device('/ok')]);
    const outcomes = await channel.deliver([order('b'), order('c')]);
    expect([...outcomes.values()]).toEqual([{ state: 'sent' }, { state: 'sent' }]);
    expect(removed.sort()).toEqual(['gone', 'unknown']);
    expect(warnings).toHaveLength(2);
  });

  test('sends nothing to a device in its quiet hours, nor for an order that is no longer news', async () => {
    const { channel } = channelFor([device('/sleeping', { from: '10:30', to: '12:00' })]);
    received.length = 0;
    const outcomes = await channel.deliver([order('d'), order('e', new Date(now - pushNewsForMs).toISOString())]);
    expect([...outcomes.values()]).toEqual([{ state: 'sent' }, { state: 'sent' }]);
    expect(received).toEqual([]);
  });
});

describe('quiet hours, on the office’s clock', () => {
  const at = (time: string) => new Date(`2026-11-26T${time}:00+01:00`);
  test('span midnight when they end before they start', () => {
    const night = { from: '22:00', to: '07:00' };
    expect([at('21:59'), at('22:00'), at('03:00'), at('06:59'), at('07:00')].map((time) => isQuietTime(night, time))).toEqual([false, true, true, true, false]);
    const lunch = { from: '12:00', to: '13:30' };
    expect([at('11:59'), at('12:00'), at('13:29'), at('13:30')].map((time) => isQuietTime(lunch, time))).toEqual([false, true, true, false]);
    expect(isQuietTime(undefined, at('03:00'))).toBe(false);
  });
});

describe('the VAPID key pair', () => {
  test('is the same for the same secret, another for another, and a valid P-256 pair', () => {
    const keys = vapidKeysFrom('x'.repeat(64));
    expect(vapidKeysFrom('x'.repeat(64))).toEqual(keys);
    expect(vapidKeysFrom('y'.repeat(64)).publicKey).not.toBe(keys.publicKey);
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
    expect(ecdh.getPublicKey('base64url')).toBe(keys.publicKey);
    expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65);
  });
});
