import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import tractorOrder from '../../form-schemas/tractor-order.json';
import type { LocalStack } from '../../infra/local/stack';
import type { Submission } from '../../shared/submissions';
import { startTestStack } from '../support/local-stack';
import { setRelayFailure, setStoreFailure as switchStoreFailure } from '../support/faults';
import { startStackProcess } from '../support/stack-process';
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
  ({ stack, dataDir } = await startTestStack({ deliveryPollMs: 100, relayWritesPerMinute: 0 }));
  documents = documentClient(stack);
});

afterAll(async () => {
  delete process.env.RELAY_TIMEOUT_MS;
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
  test('the visitor is not kept waiting; the row is sent again, the one duplicate this design allows', async () => {
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
        .toMatchObject({ state: 'failing', lastError: expect.stringContaining('did not answer') });
      expect(await rowsStartingWith(stack, sheet, data.fullName)).toHaveLength(1);
    } finally {
      await setRelayFailure(stack.endpoints.relay, undefined);
    }
    expect(await deliveredRows(stack, sheet, data.fullName, 2)).toHaveLength(2);
    expect(await sheetDelivery(submissionId)).toMatchObject({ state: 'sent', attempts: 2 });
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
    const appends = async () => ((await (await fetch(`${stack.endpoints.relay}/__control/stats`)).json()) as { appends: number }).appends;
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
