import { randomUUID } from 'node:crypto';
import type { LocalStack } from '../../../infra/local/stack';
import { relayStats, relayWroteCall, setRelayFailure, setStoreFailure } from '../../../tests/support/faults';
import { startTestStack } from '../../../tests/support/local-stack';
import { sheetRows } from '../../../tests/support/sheets';
import { removeTempDir } from '../../../tests/support/temp-dir';
import { documentClient as documentClientOf } from '../../../tests/support/submissions';
import { createSubmissionsStore } from '../../../lambdas/submissions/submissions-store';
import tractorOrder from '../../../form-schemas/tractor-order.json';

/**
 * The faults that could put a row in the sheet twice (docs/decisions/0002):
 * each one strikes while the relay is taking a call, on a local stack of its
 * own; the rows are then counted order by order once everything is
 * delivered. With the sheet read back, none should be duplicated.
 */

export interface FaultResult {
  fault: string;
  /** Whether the worker read the sheet back (RELAY_READ_BACK); without it, the baseline of at-least-once. */
  readBack: boolean;
  orders: number;
  rows: number;
  duplicated: number;
  missing: number;
  /** From the fault to every order's row written down as sent. */
  deliveredAfterMs?: number;
}

/** The relay's timeout on the fault stack: short, so that a late answer is quick to stage. */
const relayTimeoutMs = 2_000;
const ordersPerFault = 20;
const sheet = tractorOrder['x-relay'].sheet;

/** A fault: how late the relay answers, and what strikes once it has written the rows of a call it has not answered. */
interface Fault {
  name: string;
  relayDelayMs: number;
  strike(stack: LocalStack, restart: () => Promise<LocalStack>): Promise<LocalStack>;
}

const faults: Fault[] = [
  {
    name: 'the relay appends but answers after the timeout',
    relayDelayMs: relayTimeoutMs + 1_500,
    async strike(stack) {
      await sleep(relayTimeoutMs + 500);
      return stack;
    },
  },
  {
    name: 'the delivery worker is killed during a relay call',
    relayDelayMs: 1_500,
    async strike(stack) {
      process.kill(stack.children.deliveries.pid!, 'SIGKILL');
      return stack;
    },
  },
  {
    name: 'the stack is stopped during a relay call',
    relayDelayMs: 1_500,
    async strike(stack, restart) {
      await stack.stop();
      return restart();
    },
  },
  {
    name: 'a run fails after its append (the store down)',
    relayDelayMs: 1_500,
    async strike(stack) {
      await setStoreFailure(stack.endpoints.dynamoDb, { status: 503 });
      await sleep(3_000);
      await setStoreFailure(stack.endpoints.dynamoDb, undefined);
      return stack;
    },
  },
];

/** Each fault with the sheet read back, then without (the baseline, measured in the same run). */
export async function measureDeliveryFaults(log: (line: string) => void): Promise<FaultResult[]> {
  return [...(await measureFaults(true, log)), ...(await measureFaults(false, log))];
}

async function measureFaults(readBack: boolean, log: (line: string) => void): Promise<FaultResult[]> {
  const previous = { RELAY_TIMEOUT_MS: process.env.RELAY_TIMEOUT_MS, RELAY_READ_BACK: process.env.RELAY_READ_BACK };
  process.env.RELAY_TIMEOUT_MS = String(relayTimeoutMs);
  process.env.RELAY_READ_BACK = readBack ? 'on' : 'off';
  const start = (dataDir?: string) => startTestStack({ relayWritesPerMinute: 0, deliveryPollMs: 100, deliveryTimeoutMs: 15_000, dataDir });
  const first = await start();
  const dataDir = first.dataDir;
  let stack = first.stack;
  const results: FaultResult[] = [];
  try {
    for (const fault of faults) {
      const tag = randomUUID().slice(0, 8);
      const names = Array.from({ length: ordersPerFault }, (_, i) => `Fault ${tag} ${i}`);
      const ids = names.map(() => randomUUID());
      await setRelayFailure(stack.endpoints.relay, { delayMs: fault.relayDelayMs });
      const { appends } = await relayStats(stack.endpoints.relay);
      await Promise.all(names.map((name, i) => submit(stack, name, ids[i]!)));
      await relayWroteCall(stack.endpoints.relay, appends);
      const struck = fault.strike(stack, async () => (await start(dataDir)).stack);
      // The relay works again once the fault has struck (a stopped stack's relay starts anew).
      await setRelayFailure(stack.endpoints.relay, undefined).catch(() => undefined);
      stack = await struck;
      const struckAt = performance.now();
      // Done once every order's row is written down as sent: a row sent twice would have gone by then.
      const documents = documentClientOf(stack);
      const store = createSubmissionsStore(documents, stack.tables.submissions);
      const allSent = async () =>
        (await Promise.all(ids.map(async (id) => (await store.get(id))?.deliveries.sheet?.state))).every((state) => state === 'sent');
      for (const giveUpAt = performance.now() + 3 * 60_000; !(await allSent()) && performance.now() < giveUpAt; ) await sleep(250);
      documents.destroy();
      const deliveredAfterMs = performance.now() - struckAt;
      await stack.deliveries.runNow();
      const rows = (await sheetRows(stack.sheetsDir, sheet)).filter((row) => row[0]?.startsWith(`Fault ${tag} `));
      const distinct = new Set(rows.map((row) => row[0])).size;
      const result = { fault: fault.name, readBack, orders: ordersPerFault, rows: rows.length, duplicated: rows.length - distinct, missing: ordersPerFault - distinct, deliveredAfterMs };
      results.push(result);
      log(`${fault.name}${readBack ? '' : ' (no read-back)'}: ${result.duplicated} duplicated, ${result.missing} missing, every row confirmed ${(deliveredAfterMs / 1000).toFixed(1)} s after`);
    }
  } finally {
    await stack.stop();
    await removeTempDir(dataDir);
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
  return results;
}

async function submit(stack: LocalStack, fullName: string, submissionId: string): Promise<void> {
  const response = await fetch(`${stack.siteUrl}/api/forms/tractor-order/submissions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: { ...tractorOrder.examples[0], fullName }, submissionId }),
  });
  if (response.status !== 201) throw new Error(`An order of the fault bench was answered ${response.status}`);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
