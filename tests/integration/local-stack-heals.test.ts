import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import tractorOrder from '../../form-schemas/tractor-order.json';
import { createDocumentClient } from '../../lambdas/lib/aws-clients';
import { createDynamoDbClient, startDynamoDb } from '../../infra/local/dynamodb';
import type { LocalStack } from '../../infra/local/stack';
import { spawnStackChild, superviseChild } from '../../infra/local/supervised-child';
import type { Submission } from '../../shared/submissions';
import { relayStats, setRelayFailure } from '../support/faults';
import { startTestStack } from '../support/local-stack';
import { sheetRows } from '../support/sheets';
import { startStackProcess, type StackProcess } from '../support/stack-process';
import { deliveredRows, documentClient, storedSubmission } from '../support/submissions';
import { makeTempDir, removeTempDir } from '../support/temp-dir';

/**
 * The local stack heals and stops in order (docs/decisions/0003): a child
 * process that dies is started again and the orders accepted meanwhile are
 * delivered; a stop, or Ctrl+C on `npm start`, lets the delivery worker
 * finish its relay call in flight and write down the outcome.
 */

const example = tractorOrder.examples[0]!;
const sheet = 'tractor-orders';

function order() {
  return { ...example, fullName: `Amine Belkacem ${randomUUID().slice(0, 8)}` };
}

async function submit(siteUrl: string, data: Record<string, unknown>, submissionId = randomUUID()): Promise<number> {
  const response = await fetch(`${siteUrl}/api/forms/tractor-order/submissions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'fr' },
    body: JSON.stringify({ data, submissionId }),
  });
  return response.status;
}


/** The sheet delivery written down in a data folder whose stack has stopped. */
async function storedSheetDelivery(dataDir: string, submissionId: string) {
  const dynamoDb = await startDynamoDb({ dir: path.join(dataDir, 'dynamodb'), port: 0 });
  const documents = createDocumentClient(createDynamoDbClient(dynamoDb.endpoint));
  try {
    const { Item } = await documents.send(new GetCommand({ TableName: 'submissions', Key: { orderId: submissionId } }));
    return (Item as Submission | undefined)?.deliveries.sheet;
  } finally {
    documents.destroy();
    await dynamoDb.close();
  }
}

describe('a child process that dies is started again', () => {
  let stack: LocalStack;
  let dataDir: string;
  let logs: string[];
  let documents: ReturnType<typeof documentClient>;

  beforeAll(async () => {
    ({ stack, dataDir, logs } = await startTestStack({ deliveryPollMs: 200, relayWritesPerMinute: 0 }));
    documents = documentClient(stack);
  });

  afterAll(async () => {
    documents?.destroy();
    await stack?.stop();
    await removeTempDir(dataDir);
  });

  /** Kills the child outright, as a crash would; returns the pid it had. */
  function kill(child: keyof LocalStack['children']): number {
    const pid = stack.children[child].pid!;
    process.kill(pid, 'SIGKILL');
    return pid;
  }

  /** Waits for a new process of the child, and the log line saying what died and that it was restarted. */
  async function restarted(child: keyof LocalStack['children'], killed: number, name: string) {
    await expect.poll(() => stack.children[child].pid, { timeout: 20_000 }).toSatisfy((pid) => pid !== undefined && pid !== killed);
    expect(logs).toContainEqual(expect.stringContaining(`${name} exited unexpectedly (SIGKILL); restarted it`));
  }

  test('the delivery worker killed: restarted, and the orders accepted while it was down and after are delivered once', async () => {
    const killed = kill('deliveries');
    const meanwhile = [order(), order()];
    expect(await Promise.all(meanwhile.map((data) => submit(stack.siteUrl, data)))).toEqual([201, 201]);

    await restarted('deliveries', killed, 'the delivery worker');
    const after = order();
    expect(await submit(stack.siteUrl, after)).toBe(201);
    for (const data of [...meanwhile, after]) expect(await deliveredRows(stack, sheet, data.fullName)).toHaveLength(1);
  });

  test('dynalite killed: restarted; the orders stored before are kept and delivered, and new orders are accepted and delivered', async () => {
    // Undelivered at the kill: the relay refuses them until dynalite is back.
    await setRelayFailure(stack.endpoints.relay, { status: 503 });
    const before = [order(), order()];
    const ids = before.map(() => randomUUID());
    try {
      expect(await Promise.all(before.map((data, i) => submit(stack.siteUrl, data, ids[i])))).toEqual([201, 201]);
      for (const id of ids) {
        await expect
          .poll(async () => ((await storedSubmission(documents, stack, id)) as Submission | undefined)?.deliveries.sheet?.state, {
            timeout: 15_000,
          })
          .toBe('failing');
      }
      await restarted('dynamoDb', kill('dynamoDb'), 'DynamoDB (dynalite)');
    } finally {
      await setRelayFailure(stack.endpoints.relay, undefined);
    }

    for (const [i, id] of ids.entries()) {
      expect(await storedSubmission(documents, stack, id)).toMatchObject({ data: { fullName: before[i]!.fullName } });
    }
    const after = order();
    expect(await submit(stack.siteUrl, after)).toBe(201);
    for (const data of [...before, after]) expect(await deliveredRows(stack, sheet, data.fullName)).toHaveLength(1);
  });
});

/** The relay appends at once and answers this much later, within its timeout (10 s). */
const relayAnswersAfterMs = 3_000;

describe('stop() while a relay call is in flight', () => {
  let stack: LocalStack;
  let dataDir: string;
  let logs: string[];

  beforeAll(async () => {
    ({ stack, dataDir, logs } = await startTestStack({ relayWritesPerMinute: 0 }));
  });

  afterAll(async () => {
    await stack?.stop();
    await removeTempDir(dataDir);
  });

  test('waits for the call: the delivery worker exits by itself, the call written down as sent and its row in the sheet once', async () => {
    await setRelayFailure(stack.endpoints.relay, { delayMs: relayAnswersAfterMs });
    const data = order();
    const id = randomUUID();
    expect(await submit(stack.siteUrl, data, id)).toBe(201);
    await expect.poll(() => relayStats(stack.endpoints.relay).then((stats) => stats.appends), { timeout: 15_000 }).toBe(1);

    await stack.stop();
    expect(stack.children.deliveries.lastExit).toEqual({ code: 0, signal: null });
    expect(logs.filter((line) => line.includes('killed it'))).toEqual([]);
    expect((await sheetRows(stack.sheetsDir, sheet)).filter((row) => row[0] === data.fullName)).toHaveLength(1);
    expect(await storedSheetDelivery(dataDir, id)).toMatchObject({ state: 'sent' });
  });
});

describe('Ctrl+C on npm start while a relay call is in flight', () => {
  let running: StackProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await makeTempDir('stack');
    running = await startStackProcess(dataDir, { RELAY_WRITES_PER_MINUTE: '0' });
  });

  afterAll(async () => {
    await running?.kill();
    await removeTempDir(dataDir);
  });

  test('the stack stops in order and exits 0, the call written down as sent and its row in the sheet once', async () => {
    await setRelayFailure(running.relayUrl, { delayMs: relayAnswersAfterMs });
    const data = order();
    const id = randomUUID();
    expect(await submit(running.siteUrl, data, id)).toBe(201);
    await expect.poll(() => relayStats(running.relayUrl).then((stats) => stats.appends), { timeout: 15_000 }).toBe(1);

    // The terminal signals every process of the group, the stack's children too.
    expect(await running.interrupt()).toBe(0);
    const rows = await sheetRows(path.join(dataDir, 'sheets'), sheet);
    expect(rows.filter((row) => row[0] === data.fullName)).toHaveLength(1);
    expect(await storedSheetDelivery(dataDir, id)).toMatchObject({ state: 'sent' });
  });
});

describe('a child that cannot run', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await makeTempDir('child');
  });

  afterAll(async () => {
    await removeTempDir(dir);
  });

  /** Supervises `node <script>`, ready once it prints something (or dies), counting its starts. */
  async function supervise(script: string, options: { restartDelaysMs?: number[]; stopTimeoutMs?: number } = {}) {
    const file = path.join(dir, `${randomUUID()}.mjs`);
    await writeFile(file, script);
    const logs: string[] = [];
    let starts = 0;
    const child = await superviseChild({
      name: 'the test service',
      start: async () => {
        starts++;
        const process = spawnStackChild(file, { env: {} });
        await Promise.race([once(process.stdout!, 'data'), once(process, 'exit')]);
        return process;
      },
      log: (line) => logs.push(line),
      stopTimeoutMs: options.stopTimeoutMs ?? 5_000,
      restartDelaysMs: options.restartDelaysMs,
    });
    return { child, logs, starts: () => starts };
  }

  test('one that dies at once on every start is restarted a few times, pausing in between, then left stopped, saying so', async () => {
    const { child, logs, starts } = await supervise('process.exit(3);\n', { restartDelaysMs: [50, 100, 200] });
    await expect
      .poll(() => logs.at(-1), { timeout: 10_000 })
      .toMatch(/^\[stack\] the test service exited unexpectedly \(code 3\); given up after 3 restarts in a row/);
    expect(starts()).toBe(4);
    expect(logs.filter((line) => line.includes('restarted it'))).toHaveLength(3);
    expect(child.pid).toBeUndefined();
    expect(await child.ready()).toBeUndefined();
    await child.stop();
  });

  test('one that ignores SIGTERM is killed once the stop timeout has passed, and the log says so', async () => {
    const { child, logs } = await supervise("process.on('SIGTERM', () => {});\nsetInterval(() => {}, 1_000);\nconsole.log('ready');\n", {
      stopTimeoutMs: 500,
    });
    expect(child.pid).toEqual(expect.any(Number));
    await child.stop();
    expect(child.lastExit).toEqual({ code: null, signal: 'SIGKILL' });
    expect(logs).toEqual(['[stack] the test service did not stop within 0.5 s of SIGTERM; killed it']);
  });
});
