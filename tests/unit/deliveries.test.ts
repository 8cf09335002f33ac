import { Metrics } from '@aws-lambda-powertools/metrics';
import { describe, expect, it } from 'vitest';
import { deliveryMetrics, recordDeliveryRun } from '../../lambdas/deliveries/delivery-metrics';
import type { DeliveryReport } from '../../lambdas/deliveries/delivery-worker';
import type { DeliveryChannel } from '../../lambdas/deliveries/channel';
import { createDeliveryWorker } from '../../lambdas/deliveries/delivery-worker';
import { sheetChannel } from '../../lambdas/deliveries/sheet-channel';
import { afterOutcome, isDue, retryDelayMs } from '../../lambdas/deliveries/retry-policy';
import { RelayError, type SheetRelay } from '../../lambdas/lib/sheet-relay';
import type { SubmissionsStore } from '../../lambdas/lib/submissions-store';
import type { DeliveryKind, Submission } from '../../shared/submissions';

function submission(orderId: string, sheet: string, createdAt: string): Submission {
  return {
    orderId,
    formId: 'tractor-order',
    list: 'inbox',
    createdAt,
    language: 'ar',
    data: {},
    fingerprint: '',
    sheet,
    row: [orderId, createdAt],
    status: 'new',
    read: false,
    version: 1,
    history: [],
    deliveries: { sheet: { state: 'pending', attempts: 0, nextAttemptAt: createdAt } },
  };
}

/** A relay that records its calls and answers as told per sheet. */
function recordingRelay(failures: Record<string, RelayError> = {}) {
  const calls: { sheet: string; rows: string[][] }[] = [];
  const relay: SheetRelay = {
    async append(sheet, rows) {
      calls.push({ sheet, rows });
      if (failures[sheet]) throw failures[sheet];
    },
  };
  return { relay, calls };
}

describe('the sheet channel', () => {
  it('sends all rows of one sheet in one call, oldest first', async () => {
    const { relay, calls } = recordingRelay();
    const outcomes = await sheetChannel(relay).deliver([
      submission('b', 'tractors', '2026-11-23T10:00:02.000Z'),
      submission('x', 'parts', '2026-11-23T10:00:01.000Z'),
      submission('a', 'tractors', '2026-11-23T10:00:01.000Z'),
    ]);
    expect(calls).toEqual([
      { sheet: 'parts', rows: [['x', '2026-11-23T10:00:01.000Z']] },
      { sheet: 'tractors', rows: [['a', '2026-11-23T10:00:01.000Z'], ['b', '2026-11-23T10:00:02.000Z']] },
    ]);
    expect([...outcomes.values()]).toEqual([{ state: 'sent' }, { state: 'sent' }, { state: 'sent' }]);
  });

  it('splits a sheet longer than one call takes', async () => {
    const { relay, calls } = recordingRelay();
    const many = Array.from({ length: 5 }, (_, i) => submission(`o${i}`, 'tractors', `2026-11-23T10:00:0${i}.000Z`));
    await sheetChannel(relay, { maxRowsPerCall: 2 }).deliver(many);
    expect(calls.map((call) => call.rows.length)).toEqual([2, 2, 1]);
  });

  it('after a 429 leaves the other sheets for later without calling the relay', async () => {
    const { relay, calls } = recordingRelay({ alpha: new RelayError('rateLimited', 'Relay answered 429', 30_000) });
    const outcomes = await sheetChannel(relay, { clock: () => 1_000_000 }).deliver([
      submission('a', 'alpha', '2026-11-23T10:00:01.000Z'),
      submission('b', 'beta', '2026-11-23T10:00:02.000Z'),
    ]);
    expect(calls.map((call) => call.sheet)).toEqual(['alpha']);
    expect(outcomes.get('a')).toEqual({ state: 'failed', error: 'Relay answered 429', retryAfterMs: 30_000 });
    expect(outcomes.get('b')).toMatchObject({ state: 'deferred', retryAfterMs: 30_000 });
  });

  it('calls no sheet before the Retry-After of a 429, then sends what waited in one call', async () => {
    const clock = { now: 1_000_000 };
    const failures: Record<string, RelayError> = { alpha: new RelayError('rateLimited', 'Relay answered 429', 30_000) };
    const { relay, calls } = recordingRelay(failures);
    const channel = sheetChannel(relay, { clock: () => clock.now });
    await channel.deliver([submission('a', 'alpha', '2026-11-23T10:00:01.000Z')]);
    delete failures.alpha;

    clock.now += 10_000;
    const waiting = await channel.deliver([submission('b', 'alpha', '2026-11-23T10:00:02.000Z'), submission('c', 'beta', '2026-11-23T10:00:03.000Z')]);
    expect([...waiting.values()]).toEqual([
      { state: 'deferred', reason: 'The spreadsheet quota is used up for now', retryAfterMs: 20_000 },
      { state: 'deferred', reason: 'The spreadsheet quota is used up for now', retryAfterMs: 20_000 },
    ]);
    expect(calls).toHaveLength(1);

    clock.now += 20_000;
    const rows = ['a', 'b'].map((id, i) => submission(id, 'alpha', `2026-11-23T10:00:0${i + 1}.000Z`));
    expect([...(await channel.deliver(rows)).values()]).toEqual([{ state: 'sent' }, { state: 'sent' }]);
    expect(calls.map((call) => call.rows.length)).toEqual([1, 2]);
  });

  it('after a sheet failed, holds its new rows until the failed ones are tried again, and only that sheet', async () => {
    const clock = { now: 1_000_000 };
    const failures: Record<string, RelayError> = { alpha: new RelayError('rejected', 'Relay answered 503') };
    const { relay, calls } = recordingRelay(failures);
    const channel = sheetChannel(relay, { clock: () => clock.now });
    expect((await channel.deliver([submission('a', 'alpha', '2026-11-23T10:00:01.000Z')])).get('a')).toMatchObject({ state: 'failed' });

    clock.now += 1_000;
    const meanwhile = await channel.deliver([submission('b', 'alpha', '2026-11-23T10:00:02.000Z'), submission('c', 'beta', '2026-11-23T10:00:03.000Z')]);
    expect(meanwhile.get('b')).toMatchObject({ state: 'deferred', retryAfterMs: 4_000 });
    expect(meanwhile.get('c')).toEqual({ state: 'sent' });
    expect(calls.map((call) => call.sheet)).toEqual(['alpha', 'beta']);

    clock.now += 4_000;
    expect((await channel.deliver([submission('a', 'alpha', '2026-11-23T10:00:01.000Z')])).get('a')).toMatchObject({ state: 'failed' });
    expect(calls.map((call) => call.sheet)).toEqual(['alpha', 'beta', 'alpha']);
  });

  it('a failing sheet does not hold back the others', async () => {
    const { relay } = recordingRelay({ alpha: new RelayError('unreachable', 'Relay unreachable') });
    const outcomes = await sheetChannel(relay).deliver([
      submission('a', 'alpha', '2026-11-23T10:00:01.000Z'),
      submission('b', 'beta', '2026-11-23T10:00:02.000Z'),
    ]);
    expect(outcomes.get('a')).toMatchObject({ state: 'failed' });
    expect(outcomes.get('b')).toEqual({ state: 'sent' });
  });
});

describe('the retry policy', () => {
  it('waits 5 s after the first failure, doubles, and never waits more than a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 50].map((attempts) => retryDelayMs(attempts))).toEqual([
      5_000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000,
    ]);
  });

  it('never retries before the destination asked (Retry-After)', () => {
    expect(retryDelayMs(1, 45_000)).toBe(45_000);
    expect(retryDelayMs(5, 1_000)).toBe(60_000);
  });

  it('counts an attempt for a failure, not for a deferral, and forgets the error once sent', () => {
    const now = Date.parse('2026-11-23T10:00:00.000Z');
    const failing = afterOutcome({ state: 'pending', attempts: 0 }, { state: 'failed', error: 'down' }, now);
    expect(failing).toEqual({
      state: 'failing',
      attempts: 1,
      lastError: 'down',
      lastAttemptAt: '2026-11-23T10:00:00.000Z',
      nextAttemptAt: '2026-11-23T10:00:05.000Z',
    });
    const deferred = afterOutcome(failing, { state: 'deferred', reason: 'quota', retryAfterMs: 30_000 }, now);
    expect(deferred).toMatchObject({ attempts: 1, nextAttemptAt: '2026-11-23T10:00:30.000Z' });
    expect(afterOutcome(deferred, { state: 'sent' }, now + 40_000)).toEqual({
      state: 'sent',
      attempts: 2,
      lastAttemptAt: '2026-11-23T10:00:40.000Z',
      sentAt: '2026-11-23T10:00:40.000Z',
    });
  });

  it('knows what is due', () => {
    const at = '2026-11-23T10:00:05.000Z';
    expect(isDue({ state: 'failing', attempts: 1, nextAttemptAt: at }, '2026-11-23T10:00:04.999Z')).toBe(false);
    expect(isDue({ state: 'failing', attempts: 1, nextAttemptAt: at }, at)).toBe(true);
    expect(isDue({ state: 'sent', attempts: 1 }, at)).toBe(false);
    expect(isDue(undefined, at)).toBe(false);
  });
});

describe('the delivery worker', () => {
  /** The submissions table as the worker uses it, in memory, writing down each call. */
  function memoryStore(submissions: Submission[], log: string[]): SubmissionsStore {
    const items = new Map(submissions.map((item) => [item.orderId, { item, claimedBy: undefined as string | undefined }]));
    return {
      create: async () => ({ created: true }),
      get: async (orderId) => items.get(orderId)?.item,
      dueForDelivery: async (now) => [...items.values()].filter(({ item }) => Object.values(item.deliveries).some((d) => isDue(d, now))).map(({ item }) => item),
      undelivered: async () => ({ undelivered: [...items.values()].filter(({ item }) => Object.values(item.deliveries).some((d) => d.state !== 'sent')).length }),
      async claim(orderId, claim) {
        const entry = items.get(orderId)!;
        if (entry.claimedBy) return undefined;
        entry.claimedBy = claim.by;
        return entry.item;
      },
      async settle(orderId, claim, deliveries) {
        log.push(`settle ${orderId}`);
        const entry = items.get(orderId)!;
        entry.item = { ...entry.item, deliveries };
        entry.claimedBy = undefined;
        return true;
      },
    };
  }

  it('sends the mail first and the row last, then writes both states, and reports how long the row stayed unconfirmed', async () => {
    const log: string[] = [];
    const clock = { now: Date.parse('2026-11-23T10:00:01.000Z') };
    const order = submission('a', 'tractors', '2026-11-23T10:00:00.000Z');
    order.deliveries.email = { state: 'pending', attempts: 0, nextAttemptAt: order.createdAt };
    const channel = (kind: DeliveryKind, takesMs: number): DeliveryChannel => ({
      kind,
      async deliver(due) {
        log.push(kind);
        clock.now += takesMs;
        return new Map(due.map(({ orderId }) => [orderId, { state: 'sent' as const }]));
      },
    });
    const deliverDue = createDeliveryWorker({
      store: memoryStore([order], log),
      channels: [channel('sheet', 300), channel('email', 2_000)],
      claimMs: 60_000,
      clock: () => clock.now,
    });
    const report = await deliverDue({ deadline: clock.now + 10_000 });
    expect(log).toEqual(['email', 'sheet', 'settle a']);
    expect(report).toMatchObject({ claimed: 1, sent: { sheet: 1, email: 1 }, undelivered: 0, unconfirmedMs: { sheet: 300, email: 2_300 } });
  });

  it('writes down the rows of each relay call before the next call', async () => {
    const log: string[] = [];
    const clock = { now: Date.parse('2026-11-23T10:00:01.000Z') };
    const relay: SheetRelay = {
      async append(sheet) {
        log.push(`append ${sheet}`);
        clock.now += 1_000;
      },
    };
    const deliverDue = createDeliveryWorker({
      store: memoryStore([submission('a', 'alpha', '2026-11-23T10:00:00.000Z'), submission('b', 'beta', '2026-11-23T10:00:00.500Z')], log),
      channels: [sheetChannel(relay, { clock: () => clock.now })],
      claimMs: 60_000,
      clock: () => clock.now,
    });
    const report = await deliverDue({ deadline: clock.now + 10_000 });
    expect(log).toEqual(['append alpha', 'settle a', 'append beta', 'settle b']);
    // Each row waited for its own call only.
    expect(report.unconfirmedMs.sheet).toBe(1_000);
  });
});

describe('the metrics of a delivery run', () => {
  const run = (undelivered: number, oldestUndeliveredAt?: string): DeliveryReport => ({
    claimed: 3,
    sent: { sheet: 2, email: 1 },
    failed: { sheet: 1, email: 0 },
    lostClaims: 0,
    undelivered,
    unconfirmedMs: {},
    ...(oldestUndeliveredAt ? { oldestUndeliveredAt } : {}),
  });
  const published = (report: DeliveryReport, now: number) => {
    const metrics = new Metrics({ namespace: deliveryMetrics.namespace, serviceName: 'order-requests', defaultDimensions: { stage: 'prod' } });
    recordDeliveryRun(metrics, report, now);
    return JSON.parse(JSON.stringify(metrics.serializeMetrics())) as Record<string, unknown> & { _aws: { CloudWatchMetrics: { Namespace: string }[] } };
  };

  it('give the age of the oldest undelivered order, in seconds, with the counts of the run', () => {
    const now = Date.parse('2026-11-23T10:20:00.000Z');
    const emf = published(run(4, '2026-11-23T10:00:00.000Z'), now);
    expect(emf._aws.CloudWatchMetrics[0]!.Namespace).toBe('AgriDealer/Deliveries');
    expect(emf).toMatchObject({
      service: 'order-requests',
      stage: 'prod',
      OldestUndeliveredAgeSeconds: 1200,
      UndeliveredSubmissions: 4,
      sheetSent: 2,
      sheetFailed: 1,
      emailSent: 1,
      emailFailed: 0,
    });
  });

  it('give an age of 0 when everything is delivered, so the alarm sees a value every run', () => {
    expect(published(run(0), Date.now())).toMatchObject({ OldestUndeliveredAgeSeconds: 0, UndeliveredSubmissions: 0 });
  });
});
