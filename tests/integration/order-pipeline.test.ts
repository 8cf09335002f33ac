import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import tractorOrder from '../../form-schemas/tractor-order.json';
import type { LocalStack } from '../../infra/local/stack';
import type { Submission } from '../../shared/submissions';
import { startTestStack } from '../support/local-stack';
import { relayStats, relayWroteCall, setRelayFailure, setStoreFailure as switchStoreFailure } from '../support/faults';
import { startStackProcess } from '../support/stack-process';
import { adminFetch, staffToken } from '../support/staff';
import type { OrderCounts, OrderPage } from '../../shared/admin-api';
import { sheetRows } from '../support/sheets';
import { deliveredRows, documentClient, expectNoRows, rowsStartingWith, storedSubmission } from '../support/submissions';
import { makeTempDir, removeTempDir } from '../support/temp-dir';

/**
 * The order pipeline when things fail (docs/decisions/0002): whatever the
 * relay or the store does, an order is either stored and delivered once
 * later, or refused with nothing kept.
 */

const example = tractorOrder.examples[0]!;
const sheet = 'tractor-orders';
const relayTimeoutMs = 800;
let stack: LocalStack;
let dataDir: string;
let documents: ReturnType<typeof documentClient>;

beforeAll(async () => {
  // Short enough for a test to outwait, as RELAY_TIMEOUT_MS allows in any deployment.
  process.env.RELAY_TIMEOUT_MS = String(relayTimeoutMs);
  // The worker's calls may be larger than the relay takes (64 KiB here): its 413 must not hold a backlog back.
  process.env.RELAY_MAX_CALL_BYTES = String(4 * 1024 * 1024);
  process.env.RELAY_MAX_BODY_BYTES = String(64 * 1024);
  // A short worker timeout: what a killed worker held is taken over within half a minute.
  ({ stack, dataDir } = await startTestStack({ deliveryPollMs: 100, relayWritesPerMinute: 0, deliveryTimeoutMs: 10_000 }));
  documents = documentClient(stack);
});

afterAll(async () => {
  delete process.env.RELAY_TIMEOUT_MS;
  delete process.env.RELAY_MAX_CALL_BYTES;
  delete process.env.RELAY_MAX_BODY_BYTES;
  documents?.destroy();
  await stack?.stop();
  await removeTempDir(dataDir);
});

function order(overrides: Record<string, unknown> = {}) {
  return { ...example, fullName: `Farid Mansouri ${randomUUID().slice(0, 8)}`, ...overrides };
}

function submit(siteUrl: string, data: Record<string, unknown>, submissionId = randomUUID(), language = 'en') {
  return fetch(`${siteUrl}/api/forms/tractor-order/submissions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': language },
    body: JSON.stringify({ data, submissionId }),
  });
}

async function sheetDelivery(submissionId: string) {
  return ((await storedSubmission(documents, stack, submissionId)) as Submission | undefined)?.deliveries.sheet;
}

function setStoreFailure(status: number | undefined) {
  return switchStoreFailure(stack.endpoints.dynamoDb, status ? { status } : undefined);
}

describe('the relay is down', () => {
  test('orders are accepted and stored, marked failing, and delivered once when it is back', async () => {
    await setRelayFailure(stack.endpoints.relay, { status: 503 });
    const orders = [order(), order(), order()];
    const ids = orders.map(() => randomUUID());
    try {
      const responses = await Promise.all(orders.map((data, i) => submit(stack.siteUrl, data, ids[i])));
      expect(responses.map((r) => r.status)).toEqual([201, 201, 201]);
      await expect.poll(() => sheetDelivery(ids[0]!), { timeout: 10_000 }).toMatchObject({ state: 'failing' });
      expect(await sheetDelivery(ids[0]!)).toMatchObject({
        attempts: expect.any(Number),
        lastError: expect.stringContaining('answered 503'),
        nextAttemptAt: expect.any(String),
      });
      for (const data of orders) expect(await rowsStartingWith(stack, sheet, data.fullName)).toEqual([]);
    } finally {
      await setRelayFailure(stack.endpoints.relay, undefined);
    }
    for (const data of orders) expect(await deliveredRows(stack, sheet, data.fullName)).toHaveLength(1);
    expect(await sheetDelivery(ids[0]!)).toMatchObject({ state: 'sent' });
  });
});

describe('the relay answers an error', () => {
  test('its text is kept for staff, never shown to the visitor, and the order is delivered later', async () => {
    const data = order();
    const submissionId = randomUUID();
    await setRelayFailure(stack.endpoints.relay, { status: 500, message: 'Exception: Service Spreadsheets failed (script line 12)' });
    try {
      const response = await submit(stack.siteUrl, data, submissionId, 'fr');
      expect(response.status).toBe(201);
      expect(JSON.stringify(await response.json())).not.toContain('Spreadsheets');
      await expect
        .poll(() => sheetDelivery(submissionId), { timeout: 10_000 })
        .toMatchObject({ state: 'failing', lastError: expect.stringContaining('Service Spreadsheets failed') });
    } finally {
      await setRelayFailure(stack.endpoints.relay, undefined);
    }
    expect(await deliveredRows(stack, sheet, data.fullName)).toHaveLength(1);
  });
});

describe('the relay appends but answers after the timeout', () => {
  test('the visitor is not kept waiting; the row is found in the sheet and not sent again', async () => {
    const data = order();
    const submissionId = randomUUID();
    await setRelayFailure(stack.endpoints.relay, { delayMs: relayTimeoutMs * 2 });
    try {
      const started = Date.now();
      const response = await submit(stack.siteUrl, data, submissionId);
      expect(response.status).toBe(201);
      expect(Date.now() - started).toBeLessThan(relayTimeoutMs);
      await expect
        .poll(() => sheetDelivery(submissionId), { timeout: 10_000 })
        .toMatchObject({ state: 'failing', lastError: expect.stringContaining('did not answer'), unconfirmed: true });
      expect(await rowsStartingWith(stack, sheet, data.fullName)).toHaveLength(1);
    } finally {
      await setRelayFailure(stack.endpoints.relay, undefined);
    }
    await expect.poll(() => sheetDelivery(submissionId), { timeout: 15_000 }).toMatchObject({ state: 'sent', attempts: 1 });
    expect(await deliveredRows(stack, sheet, data.fullName)).toEqual([expect.arrayContaining([data.fullName, submissionId])]);
  });
});

describe('a backlog too large for one relay call', () => {
  test('is split as the relay refuses it (413), and every row reaches the sheet once', { timeout: 90_000 }, async () => {
    const tooLarge = async () => (await relayStats(stack.endpoints.relay)).tooLarge;
    const tag = randomUUID().slice(0, 8);
    const messages = Array.from({ length: 200 }, (_, i) => ({
      name: `Farid ${tag} ${i}`,
      email: 'farid@example.com',
      message: 'هل لديكم قطع غيار لجرار سوناليكا؟ '.repeat(60).slice(0, 2_000),
    }));
    await setRelayFailure(stack.endpoints.relay, { status: 503 });
    const refusedBefore = await tooLarge();
    try {
      const answers = [];
      for (let i = 0; i < messages.length; i += 25) {
        answers.push(
          ...(await Promise.all(
            messages.slice(i, i + 25).map((data) =>
              fetch(`${stack.siteUrl}/api/forms/contact-message/submissions`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ data, submissionId: randomUUID() }),
              }).then((response) => response.status),
            ),
          )),
        );
      }
      expect(answers.every((status) => status === 201)).toBe(true);
    } finally {
      await setRelayFailure(stack.endpoints.relay, undefined);
    }
    const rows = async () => (await sheetRows(stack.sheetsDir, 'contact-message')).filter((row) => row[0]!.startsWith(`Farid ${tag} `));
    await expect.poll(async () => (await rows()).length, { timeout: 60_000 }).toBe(200);
    await stack.deliveries.runNow();
    expect(new Set((await rows()).map((row) => row[0])).size).toBe(200);
    expect(await rows()).toHaveLength(200);
    // The relay refused calls as too large (413) on the way.
    expect(await tooLarge()).toBeGreaterThan(refusedBefore);
  });
});

describe('a store that fails now and then', () => {
  test('a claim or a state that cannot be written holds back no other order: all are delivered, each once, while every third write fails', async () => {
    const orders = Array.from({ length: 12 }, () => order());
    const ids = orders.map(() => randomUUID());
    await setRelayFailure(stack.endpoints.relay, { status: 503 });
    try {
      const answers = await Promise.all(orders.map((data, i) => submit(stack.siteUrl, data, ids[i])));
      expect(answers.map((answer) => answer.status)).toEqual(orders.map(() => 201));
      for (const id of ids) await expect.poll(() => sheetDelivery(id), { timeout: 10_000 }).toMatchObject({ state: 'failing' });
      // A 400 the SDK does not retry: each claim or settle it strikes fails for good.
      await switchStoreFailure(stack.endpoints.dynamoDb, { status: 400, operation: 'UpdateItem', every: 3 });
    } finally {
      await setRelayFailure(stack.endpoints.relay, undefined);
    }
    try {
      for (const data of orders) {
        await expect.poll(async () => (await rowsStartingWith(stack, sheet, data.fullName)).length, { timeout: 20_000 }).toBe(1);
      }
    } finally {
      await switchStoreFailure(stack.endpoints.dynamoDb, undefined);
    }
    for (const data of orders) expect(await deliveredRows(stack, sheet, data.fullName)).toHaveLength(1);
  });
});

describe('a run fails after its append', () => {
  test('the states it could not write are written once the store is back: one row, at once', async () => {
    const data = order();
    const submissionId = randomUUID();
    const appends = async () => (await relayStats(stack.endpoints.relay)).appends;
    const before = await appends();
    // The relay writes the row, then answers half a second later: the store goes down in between.
    await setRelayFailure(stack.endpoints.relay, { delayMs: 500 });
    try {
      expect((await submit(stack.siteUrl, data, submissionId)).status).toBe(201);
      await relayWroteCall(stack.endpoints.relay, before);
      await setStoreFailure(503);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
    } finally {
      await setStoreFailure(undefined);
      await setRelayFailure(stack.endpoints.relay, undefined);
    }
    const storeBack = Date.now();
    await expect.poll(() => sheetDelivery(submissionId), { timeout: 20_000 }).toMatchObject({ state: 'sent', attempts: 1 });
    expect(Date.now() - storeBack).toBeLessThan(15_000);
    expect(await deliveredRows(stack, sheet, data.fullName)).toHaveLength(1);
  });
});

describe('the delivery worker is killed during a relay call', () => {
  test('its orders are taken over once its claims run out, found in the sheet, and not sent twice', { timeout: 90_000 }, async () => {
    const data = order();
    const submissionId = randomUUID();
    const appends = async () => (await relayStats(stack.endpoints.relay)).appends;
    const before = await appends();
    await setRelayFailure(stack.endpoints.relay, { delayMs: 500 });
    try {
      expect((await submit(stack.siteUrl, data, submissionId)).status).toBe(201);
      await relayWroteCall(stack.endpoints.relay, before);
      process.kill(stack.children.deliveries.pid!, 'SIGKILL');
    } finally {
      await setRelayFailure(stack.endpoints.relay, undefined);
    }
    expect(await sheetDelivery(submissionId)).toMatchObject({ state: 'pending' });
    await expect.poll(() => sheetDelivery(submissionId), { timeout: 60_000, interval: 500 }).toMatchObject({ state: 'sent' });
    expect(await deliveredRows(stack, sheet, data.fullName)).toHaveLength(1);
    expect(await appends()).toBe(before + 1);
  });
});

describe('a row the relay refuses', () => {
  test('waits for staff with the relay\'s answer while every other row goes; "send again" delivers it once fixed', async () => {
    const refused = order();
    const others = [order(), order(), order(), order(), order()];
    const refusedId = randomUUID();
    await setRelayFailure(stack.endpoints.relay, { status: 400, message: 'Invalid value in column E', rowsContaining: refused.fullName });
    try {
      const answers = await Promise.all([submit(stack.siteUrl, refused, refusedId), ...others.map((data) => submit(stack.siteUrl, data))]);
      expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201, 201]);
      for (const data of others) expect(await deliveredRows(stack, sheet, data.fullName)).toHaveLength(1);
      await expect
        .poll(() => sheetDelivery(refusedId), { timeout: 10_000 })
        .toMatchObject({ state: 'needsStaff', lastError: 'Relay for sheet "tractor-orders" answered 400: Invalid value in column E' });
      const item = await storedSubmission(documents, stack, refusedId);
      expect(item).toMatchObject({ deliveryDue: 'staff' });
      await expectNoRows(stack, sheet, refused.fullName);

      const { token } = await staffToken(stack, ['staff']);
      const counts = (await (await adminFetch(stack, token, '/api/admin/orders/counts')).json()) as OrderCounts;
      expect(counts.needsStaff).toBeGreaterThanOrEqual(1);
      const listed = (await (await adminFetch(stack, token, '/api/admin/orders?delivery=needsStaff')).json()) as OrderPage;
      expect(listed.orders.map((listedOrder) => listedOrder.orderId)).toContain(refusedId);
      expect(listed.orders.every((listedOrder) => Object.values(listedOrder.deliveries).some((d) => d?.state === 'needsStaff'))).toBe(true);

      await setRelayFailure(stack.endpoints.relay, undefined);
      const resend = await adminFetch(stack, token, `/api/admin/orders/${refusedId}`, {
        method: 'PATCH',
        body: JSON.stringify({ resend: ['sheet'], version: (item as unknown as Submission).version }),
      });
      expect(resend.status).toBe(200);
    } finally {
      await setRelayFailure(stack.endpoints.relay, undefined);
    }
    expect(await deliveredRows(stack, sheet, refused.fullName)).toHaveLength(1);
    expect(await sheetDelivery(refusedId)).toMatchObject({ state: 'sent' });
  });
});

describe('the store is down', () => {
  test('answers 503 in the visitor language, keeps and sends nothing, and the same submission succeeds later', async () => {
    const data = order();
    const submissionId = randomUUID();
    await setStoreFailure(503);
    try {
      const refused = await submit(stack.siteUrl, data, submissionId, 'fr');
      expect(refused.status).toBe(503);
      expect(await refused.json()).toEqual({
        code: 'storeUnavailable',
        error: "Votre demande n'a pas pu être enregistrée. Veuillez réessayer dans un instant : elle ne sera pas comptée deux fois.",
      });
      const refusedAr = await submit(stack.siteUrl, data, submissionId, 'ar');
      expect(refusedAr.status).toBe(503);
    } finally {
      await setStoreFailure(undefined);
    }
    expect(await storedSubmission(documents, stack, submissionId)).toBeUndefined();
    await expectNoRows(stack, sheet, data.fullName);

    const retried = await submit(stack.siteUrl, data, submissionId, 'fr');
    expect(retried.status).toBe(201);
    expect(await deliveredRows(stack, sheet, data.fullName)).toHaveLength(1);
  });
});

describe('many orders of one sheet', () => {
  test('reach it in a few relay calls, each row once', async () => {
    const appends = async () => (await relayStats(stack.endpoints.relay)).appends;
    const before = await appends();
    const orders = Array.from({ length: 30 }, () => order());
    const answers = await Promise.all(orders.map((data) => submit(stack.siteUrl, data)));
    expect(answers.map((r) => r.status)).toEqual(orders.map(() => 201));

    for (const data of orders) expect(await deliveredRows(stack, sheet, data.fullName)).toHaveLength(1);
    expect(await appends()).toBeLessThanOrEqual(before + 5);
  });
});

describe('the local stack is killed and started again', () => {
  test('orders it had accepted are delivered after the restart, none lost, none twice', { timeout: 120_000 }, async () => {
    const folder = await makeTempDir('crash');
    try {
      const first = await startStackProcess(folder, { SHEET_RELAY_FAIL: '503' });
      const orders = Array.from({ length: 10 }, () => order());
      const statuses = await Promise.all(orders.map(async (data) => (await submit(first.siteUrl, data)).status));
      expect(statuses).toEqual(orders.map(() => 201));
      await first.kill();

      const second = await startStackProcess(folder);
      try {
        const sheetsDir = `${folder}/sheets`;
        const view = { sheetsDir } as LocalStack;
        for (const data of orders) {
          await expect.poll(() => rowsStartingWith(view, sheet, data.fullName), { timeout: 30_000 }).toHaveLength(1);
        }
      } finally {
        await second.kill();
      }
    } finally {
      await removeTempDir(folder);
    }
  });
});
