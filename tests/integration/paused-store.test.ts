import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import tractorOrder from '../../form-schemas/tractor-order.json';
import type { LocalStack } from '../../infra/local/stack';
import { message } from '../../lambdas/lib/messages';
import { setStoreFailure } from '../support/faults';
import { startTestStack } from '../support/local-stack';
import { deliveredRows, documentClient, storedSubmission } from '../support/submissions';
import { removeTempDir } from '../support/temp-dir';

/**
 * A store that hangs rather than fails (docs/decisions/0002 and 0017): the
 * visitor has a 503 in their language within 5 s, not a wait for every
 * timeout of every retry, and the same submission sent again once the store
 * answers is one order and one row, though the write cut off was applied
 * meanwhile.
 */

const visitorWaitsAtMostMs = 5_000;
let stack: LocalStack;
let dataDir: string;
let documents: ReturnType<typeof documentClient>;

beforeAll(async () => {
  // Without the rate limit's counter, the order's own write is the call the paused store holds.
  process.env.ANTI_SPAM = 'off';
  ({ stack, dataDir } = await startTestStack({ deliveryPollMs: 100, relayWritesPerMinute: 0 }));
  documents = documentClient(stack);
});

afterAll(async () => {
  delete process.env.ANTI_SPAM;
  await setStoreFailure(stack.endpoints.dynamoDb, undefined).catch(() => undefined);
  documents?.destroy();
  await stack?.stop();
  await removeTempDir(dataDir);
});

async function submit(data: Record<string, unknown>, submissionId: string, language: string) {
  const started = Date.now();
  const response = await fetch(`${stack.siteUrl}/api/forms/tractor-order/submissions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': language },
    body: JSON.stringify({ data, submissionId }),
  });
  return { response, waitedMs: Date.now() - started };
}

test('a paused store: 503 in the visitor\'s language within 5 s; once it answers, the same submission is one order and one row', async () => {
  const data = { ...tractorOrder.examples[0]!, fullName: `Nadia Ferhat ${randomUUID().slice(0, 8)}` };
  const submissionId = randomUUID();

  await setStoreFailure(stack.endpoints.dynamoDb, { pause: true });
  try {
    for (const language of ['ar', 'fr'] as const) {
      const { response, waitedMs } = await submit(data, submissionId, language);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ code: 'storeUnavailable', error: message('storeUnavailable', language) });
      expect(waitedMs).toBeLessThan(visitorWaitsAtMostMs);
    }
  } finally {
    // The calls held meanwhile are answered now: the writes cut off may land after all.
    await setStoreFailure(stack.endpoints.dynamoDb, undefined);
  }

  // The order's write reached the store before the visitor was answered: it lands now, unanswered.
  await expect.poll(() => storedSubmission(documents, stack, submissionId), { timeout: 10_000 }).toMatchObject({ orderId: submissionId });
  const landed = (await storedSubmission(documents, stack, submissionId))!;
  const { response } = await submit(data, submissionId, 'fr');
  expect(response.status).toBe(201);
  const order = (await response.json()) as { orderId: string; createdAt: string };
  expect(order.orderId).toBe(submissionId);
  expect(order.createdAt).toBe(landed.createdAt);
  expect(await deliveredRows(stack, 'tractor-orders', data.fullName)).toHaveLength(1);

  // Sent once more (an answer lost again), it is still the same order.
  const again = await submit(data, submissionId, 'fr');
  expect(again.response.status).toBe(201);
  expect(await again.response.json()).toEqual(order);
  expect(await deliveredRows(stack, 'tractor-orders', data.fullName)).toHaveLength(1);
});
