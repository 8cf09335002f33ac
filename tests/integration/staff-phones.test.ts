import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import tractorOrder from '../../form-schemas/tractor-order.json';
import { repoRoot } from '../../infra/paths';
import type { PushDevice, PushDevicesResponse, SavePushDeviceRequest } from '../../shared/admin-api';
import { optionLabel } from '../../shared/forms/fields';
import { loadBundledFormSchema } from '../../shared/forms/schema-files';
import { officeClockTime, type OrderNotification } from '../../shared/push-notifications';
import type { Submission } from '../../shared/submissions';
import { stackEnvironment } from '../support/environment';
import { startPushService, type PushServiceStandIn, type PushSubscriptionJson } from '../support/push-service';
import { adminFetch, signIn, staffToken, responseJson } from '../support/staff';
import { documentClient, storedSubmission } from '../support/submissions';

/**
 * New orders on staff phones (docs/decisions/0022-the-dealers-inbox.md),
 * through the real local stack and a real Web Push service on this machine:
 * staff turn notifications on per device; the delivery worker encrypts one
 * message per new order for each device, none for spam, none in a device's
 * quiet hours; a device the push service says is gone is removed.
 */

// The anti-spam rules on (tests run with them off), so that a filled honeypot is kept as spam.
const env = stackEnvironment({ deliveryPollMs: 100, antiSpam: true });
let pushService: PushServiceStandIn;
let documents: DynamoDBDocumentClient;
let adminToken: string;
let staff: { email: string; token: string };
let publicKey: string;

beforeAll(async () => {
  pushService = await startPushService();
  documents = documentClient(env.stack);
  adminToken = await signIn(env.stack, env.stack.admin.email, env.stack.admin.password);
  staff = await staffToken(env.stack, ['staff']);
  publicKey = (await responseJson<PushDevicesResponse>(await call(staff.token, 'GET', '/api/admin/push-subscriptions'))).publicKey;
});

afterAll(async () => {
  documents?.destroy();
  await pushService?.close();
});

const call = (token: string, method: string, path: string, body?: unknown, language = 'en') =>
  adminFetch(env.stack, token, path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }), headers: { 'accept-language': language } });

/** A device of the push service, turned on for `token`'s staff member. */
async function turnOn(token: string, settings: Omit<SavePushDeviceRequest, 'subscription'>) {
  const { subscription, clientHash } = await pushService.subscribe(publicKey);
  const device = await responseJson<PushDevice>(await call(token, 'PUT', '/api/admin/push-subscriptions', { subscription, ...settings }));
  return { device, clientHash, subscription };
}

function submit(data: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const submissionId = randomUUID();
  const sent = fetch(`${env.stack.siteUrl}/api/forms/${tractorOrder.$id}/submissions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'ar' },
    body: JSON.stringify({ data, submissionId, ...extra }),
  });
  return { submissionId, sent };
}

async function delivered(submissionId: string, kind: 'push' | 'search'): Promise<Submission> {
  let stored: Submission | undefined;
  await expect
    .poll(
      async () => {
        stored = (await storedSubmission(documents, env.stack, submissionId)) as unknown as Submission;
        return stored?.deliveries[kind];
      },
      { timeout: 45_000, interval: 200 },
    )
    .toMatchObject({ state: 'sent' });
  return stored!;
}

async function notifications(clientHash: string): Promise<OrderNotification[]> {
  return (await pushService.messages(clientHash)).map((message) => JSON.parse(message) as OrderNotification);
}

const order = () => ({ ...tractorOrder.examples[0]!, fullName: `Karim Benali ${randomUUID().slice(0, 6)}` });

describe('turning notifications on', () => {
  test('refuses what is not a push subscription with 400 in the staff member’s language, and keeps nothing', async () => {
    const { subscription } = await pushService.subscribe(publicKey);
    const base64url = (bytes: number, first = 4) => Buffer.concat([Buffer.from([first]), Buffer.alloc(bytes - 1, 7)]).toString('base64url');
    const with_ = (change: Partial<PushSubscriptionJson> | Record<string, unknown>) => ({ subscription: { ...subscription, ...change }, language: 'fr' });
    const bad: unknown[] = [
      {},
      { subscription: 'https://push.example/x', language: 'fr' },
      with_({ endpoint: 'not an address' }),
      with_({ endpoint: 'ftp://push.example/x' }),
      with_({ endpoint: 'http://push.example/x' }),
      with_({ endpoint: `https://push.example/${'x'.repeat(3_000)}` }),
      with_({ keys: { p256dh: subscription.keys.p256dh } }),
      with_({ keys: { ...subscription.keys, p256dh: base64url(64) } }),
      // 65 bytes, but no point of the curve.
      with_({ keys: { ...subscription.keys, p256dh: base64url(65) } }),
      with_({ keys: { ...subscription.keys, auth: base64url(15) } }),
      with_({ keys: { ...subscription.keys, auth: 'not*base64' } }),
      { subscription, language: 'de' },
      { subscription, language: 'fr', quietHours: { from: '25:00', to: '07:00' } },
      { subscription, language: 'fr', quietHours: { from: '22:00', to: '22:00' } },
      { subscription, language: 'fr', quietHours: '22-07' },
    ];
    for (const body of bad) {
      const answer = await responseJson<{ code: string; error: string }>(await call(staff.token, 'PUT', '/api/admin/push-subscriptions', body, 'fr'), 400);
      expect(answer.code, JSON.stringify(body).slice(0, 200)).toBe('invalidPushSubscription');
      expect(answer.error).toMatch(/abonnement aux notifications/);
    }
    const inArabic = await responseJson<{ error: string }>(await call(staff.token, 'PUT', '/api/admin/push-subscriptions', {}, 'ar'), 400);
    expect(inArabic.error).toMatch(/الإشعارات/);
    expect((await responseJson<PushDevicesResponse>(await call(staff.token, 'GET', '/api/admin/push-subscriptions'))).devices).toEqual([]);
    expect((await call(staff.token, 'DELETE', '/api/admin/push-subscriptions/nothing-here')).status).toBe(404);
  });

  test('keeps each device with its language and quiet hours; a staff member sees and removes only their own', async () => {
    const { device } = await turnOn(staff.token, { language: 'ar', quietHours: { from: '22:00', to: '07:00' } });
    expect(device).toMatchObject({ language: 'ar', quietHours: { from: '22:00', to: '07:00' } });
    const mine = await responseJson<PushDevicesResponse>(await call(staff.token, 'GET', '/api/admin/push-subscriptions'));
    expect(mine.devices.map(({ deviceId }) => deviceId)).toEqual([device.deviceId]);
    expect(JSON.stringify(mine)).not.toContain('p256dh');
    const admins = await responseJson<PushDevicesResponse>(await call(adminToken, 'GET', '/api/admin/push-subscriptions'));
    expect(admins.devices.map(({ deviceId }) => deviceId)).not.toContain(device.deviceId);
    expect((await call(adminToken, 'DELETE', `/api/admin/push-subscriptions/${device.deviceId}`)).status).toBe(404);
    expect((await call(staff.token, 'DELETE', `/api/admin/push-subscriptions/${device.deviceId}`)).status).toBe(204);
    expect((await responseJson<PushDevicesResponse>(await call(staff.token, 'GET', '/api/admin/push-subscriptions'))).devices).toEqual([]);
  });
});

describe('a new order', () => {
  test('reaches every device once, encrypted, in each staff member’s language; spam and quiet devices get nothing', async () => {
    const schema = (await loadBundledFormSchema(`${repoRoot}/form-schemas`, tractorOrder.$id))!;
    const now = Date.now();
    const adminPhone = await turnOn(adminToken, { language: 'fr' });
    const staffPhone = await turnOn(staff.token, { language: 'ar' });
    // Quiet from an hour ago to an hour from now, on the office's clock.
    const quietPhone = await turnOn(staff.token, {
      language: 'en',
      quietHours: { from: officeClockTime(new Date(now - 3_600_000)), to: officeClockTime(new Date(now + 3_600_000)) },
    });

    const farmer = order();
    const bot = order();
    const real = submit(farmer);
    const spam = submit(bot, { honeypot: 'https://cheap-tractors.example' });
    expect((await real.sent).status).toBe(201);
    expect((await spam.sent).status).toBe(201);
    await delivered(real.submissionId, 'push');
    const spamStored = await delivered(spam.submissionId, 'search');
    expect(spamStored.status).toBe('spam');
    expect(spamStored.deliveries).not.toHaveProperty('push');

    const [inFrench] = await notifications(adminPhone.clientHash);
    expect(await notifications(adminPhone.clientHash)).toHaveLength(1);
    expect(inFrench).toEqual({
      title: `Nouvelle demande : ${farmer.fullName}`,
      body: `${optionLabel(schema, 'wilaya', farmer.wilaya, 'fr')} · ${farmer.tractorModel}`,
      url: `/admin/orders/${real.submissionId}`,
      tag: real.submissionId,
      lang: 'fr',
      dir: 'ltr',
    });
    const inArabic = await notifications(staffPhone.clientHash);
    expect(inArabic).toHaveLength(1);
    expect(inArabic[0]).toMatchObject({ title: `طلب جديد: ${farmer.fullName}`, lang: 'ar', dir: 'rtl', url: `/admin/orders/${real.submissionId}` });
    expect(inArabic[0]!.body).toContain(optionLabel(schema, 'wilaya', farmer.wilaya, 'ar')!);
    expect(await notifications(quietPhone.clientHash)).toEqual([]);
    // The worker has settled the spam's deliveries too: nothing about it went anywhere.
    for (const phone of [adminPhone, staffPhone, quietPhone]) {
      expect(JSON.stringify(await notifications(phone.clientHash))).not.toContain(bot.fullName);
    }

    // A device the push service says is gone is removed at the next order; the others still get it.
    await pushService.expire(staffPhone.clientHash);
    const next = submit(order());
    expect((await next.sent).status).toBe(201);
    await delivered(next.submissionId, 'push');
    const staffDevices = (await responseJson<PushDevicesResponse>(await call(staff.token, 'GET', '/api/admin/push-subscriptions'))).devices;
    expect(staffDevices.map(({ deviceId }) => deviceId)).toEqual([quietPhone.device.deviceId]);
    expect((await notifications(adminPhone.clientHash)).map(({ tag }) => tag)).toEqual([real.submissionId, next.submissionId]);
  }, 120_000);
});
