import { Metrics } from '@aws-lambda-powertools/metrics';
import { describe, expect, it } from 'vitest';
import { deliveryMetrics, recordDeliveryRun } from '../../lambdas/deliveries/delivery-metrics';
import type { DeliveryReport } from '../../lambdas/deliveries/delivery-worker';
import type { DeliveryChannel } from '../../lambdas/deliveries/channel';
import { createDeliveryWorker } from '../../lambdas/deliveries/delivery-worker';
import { searchChannel } from '../../lambdas/deliveries/search-channel';
import { sheetChannel } from '../../lambdas/deliveries/sheet-channel';
import { afterOutcome, isDue, retryDelayMs } from '../../lambdas/deliveries/retry-policy';
import { RelayError, type SheetRelay } from '../../lambdas/deliveries/sheet-relay';
import type { SubmissionsStore } from '../../lambdas/submissions/submissions-store';
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

/** A relay that records its calls and answers as told per sheet, keeping what it appended (readable back). */
function recordingRelay(failures: Record<string, RelayError> = {}) {
  const calls: { sheet: string; rows: string[][] }[] = [];
  const sheets = new Map<string, string[][]>();
  const relay: SheetRelay = {
    async append(sheet, rows) {
      calls.push({ sheet, rows });
      if (failures[sheet]) throw failures[sheet];
      sheets.set(sheet, [...(sheets.get(sheet) ?? []), ...rows]);
    },
    async read(sheet, page, perPage) {
      const rows = sheets.get(sheet) ?? [];
      return { rows: rows.slice((page - 1) * perPage, page * perPage), total: rows.length };
    },
  };
  return { relay, calls, sheets };
}

/** The order ids of a call's rows (each row ends with its order's reference). */
const idsOf = (rows: string[][]) => rows.map((row) => row.at(-1));

describe('the sheet channel', () => {
  it('sends all rows of one sheet in one call, oldest first', async () => {
    const { relay, calls } = recordingRelay();
    const outcomes = await sheetChannel(relay).deliver([
      submission('b', 'tractors', '2026-11-23T10:00:02.000Z'),
      submission('x', 'parts', '2026-11-23T10:00:01.000Z'),
      submission('a', 'tractors', '2026-11-23T10:00:01.000Z'),
    ]);
    expect(calls).toEqual([
      { sheet: 'parts', rows: [['x', '2026-11-23T10:00:01.000Z', 'x']] },
      { sheet: 'tractors', rows: [['a', '2026-11-23T10:00:01.000Z', 'a'], ['b', '2026-11-23T10:00:02.000Z', 'b']] },
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
    const failures: Record<string, RelayError> = { alpha: new RelayError('failed', 'Relay answered 503') };
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

describe('the search channel', () => {
  const farmer = (orderId: string): Submission => ({ ...submission(orderId, 'tractor-orders', '2026-11-20T08:00:00.000Z'), data: { fullName: 'Hélène Durand' } });

  it("writes each order's words, and a write that failed is tried again later, the others sent", async () => {
    const written: { orderId: string; terms: readonly string[] }[] = [];
    const channel = searchChannel({
      index: {
        async add(order, terms) {
          if (order.orderId === 'b') throw new Error('ProvisionedThroughputExceededException');
          written.push({ orderId: order.orderId, terms });
        },
      },
      schemaOf: async () => undefined,
    });
    const outcomes = await channel.deliver([farmer('a'), farmer('b')]);
    expect(outcomes.get('a')).toEqual({ state: 'sent' });
    expect(outcomes.get('b')).toMatchObject({ state: 'failed', error: expect.stringContaining('ProvisionedThroughputExceededException') });
    expect(written.map(({ orderId }) => orderId)).toEqual(['a']);
    expect(written[0]!.terms).toEqual(expect.arrayContaining(['helene', 'dur', 'durand']));
  });

  it('starts nothing once the run is stopping', async () => {
    const stop = new AbortController();
    stop.abort();
    const channel = searchChannel({ index: { add: () => Promise.reject(new Error('called')) }, schemaOf: async () => undefined });
    expect((await channel.deliver([farmer('a')], { stop: stop.signal })).get('a')).toMatchObject({ state: 'deferred' });
  });
});

describe('the retry policy', () => {
  it('waits 5 s after the first failure, doubles, and never waits more than 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 50].map((attempts) => retryDelayMs(attempts))).toEqual([
      5_000, 10_000, 20_000, 30_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('never retries before the destination asked (Retry-After)', () => {
    expect(retryDelayMs(1, 45_000)).toBe(45_000);
    expect(retryDelayMs(5, 1_000)).toBe(30_000);
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
      needingStaff: async () => [...items.values()].filter(({ item }) => Object.values(item.deliveries).some((d) => d.state === 'needsStaff')).length,
      async claim(orderId, claim) {
        const entry = items.get(orderId)!;
        if (entry.claimedBy) return undefined;
        entry.claimedBy = claim.by;
        return { submission: entry.item, lapsed: false };
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
      claimGraceMs: 60_000,
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
      read: async () => ({ rows: [] }),
    };
    const deliverDue = createDeliveryWorker({
      store: memoryStore([submission('a', 'alpha', '2026-11-23T10:00:00.000Z'), submission('b', 'beta', '2026-11-23T10:00:00.500Z')], log),
      channels: [sheetChannel(relay, { clock: () => clock.now })],
      claimGraceMs: 60_000,
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
    sent: { sheet: 2, email: 1, search: 0, push: 0 },
    failed: { sheet: 1, email: 0, search: 0, push: 0 },
    refused: { sheet: 0, email: 0, search: 0, push: 0 },
    claimErrors: 0,
    lostClaims: 0,
    needingStaff: 0,
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

/** A relay that takes any call unless `refuse` says why not (then it throws that error and appends nothing). */
function choosyRelay(refuse: (rows: string[][]) => RelayError | undefined) {
  const { relay, calls, sheets } = recordingRelay();
  const append = relay.append;
  relay.append = async (sheet, rows) => {
    const error = refuse(rows);
    if (error) {
      calls.push({ sheet, rows });
      throw error;
    }
    await append(sheet, rows);
  };
  return { relay, calls, sheets };
}

const many = (count: number, sheet = 'tractors', attempts = 0) =>
  Array.from({ length: count }, (_, i) => {
    const item = submission(`o${String(i).padStart(3, '0')}`, sheet, new Date(Date.parse('2026-11-23T10:00:00.000Z') + i).toISOString());
    item.deliveries.sheet!.attempts = attempts;
    return item;
  });

describe('no row holds back the others', () => {
  it('bounds each call in bytes as well as rows', async () => {
    const { relay, calls } = recordingRelay();
    const long = many(10).map((item) => ({ ...item, row: [item.orderId, 'م'.repeat(2_000)] }));
    const outcomes = await sheetChannel(relay, { maxBytesPerCall: 10_000 }).deliver(long);
    expect(calls.map((call) => call.rows.length)).toEqual([2, 2, 2, 2, 2]);
    for (const call of calls) expect(Buffer.byteLength(JSON.stringify(call.rows))).toBeLessThanOrEqual(10_000);
    expect([...outcomes.values()].every((outcome) => outcome.state === 'sent')).toBe(true);
  });

  it('splits a call the relay refuses as too large until each part fits', async () => {
    const { relay, calls, sheets } = choosyRelay((rows) => (rows.length > 3 ? new RelayError('refused', 'Relay answered 413: body too large') : undefined));
    const outcomes = await sheetChannel(relay).deliver(many(10));
    expect([...outcomes.values()].every((outcome) => outcome.state === 'sent')).toBe(true);
    expect(idsOf(sheets.get('tractors')!)).toEqual(many(10).map(({ orderId }) => orderId));
    expect(calls.length).toBeLessThanOrEqual(9);
  });

  it('isolates the one row the relay refuses: it waits for staff, every other row goes', async () => {
    const { relay, sheets } = choosyRelay((rows) => (rows.some((row) => row.includes('o013')) ? new RelayError('refused', 'Relay answered 400: Invalid value at row 1') : undefined));
    const outcomes = await sheetChannel(relay).deliver(many(40));
    expect(outcomes.get('o013')).toEqual({ state: 'refused', error: 'Relay answered 400: Invalid value at row 1' });
    expect([...outcomes].filter(([, outcome]) => outcome.state === 'sent')).toHaveLength(39);
    expect(idsOf(sheets.get('tractors')!)).toEqual(many(40).map(({ orderId }) => orderId).filter((id) => id !== 'o013'));
  });

  it('splits a call that keeps failing with 5xx once the relay takes other rows of that sheet, and sends the failing row alone from then on', async () => {
    const { relay, sheets } = choosyRelay((rows) => (rows.some((row) => row.includes('o005')) ? new RelayError('failed', 'Relay answered 500: script error') : undefined));
    const clock = { now: 1_000_000 };
    const channel = sheetChannel(relay, { clock: () => clock.now });
    const early = await channel.deliver(many(20, 'tractors', 1));
    expect([...early.values()].every((outcome) => outcome.state === 'failed')).toBe(true);

    clock.now += 60_000;
    const outcomes = await channel.deliver(many(20, 'tractors', 2));
    expect(outcomes.get('o005')).toMatchObject({ state: 'failed', alone: true });
    expect([...outcomes].filter(([, outcome]) => outcome.state === 'sent')).toHaveLength(19);
    expect(sheets.get('tractors')).toHaveLength(19);
  });

  it('when the relay goes down after taking rows, splits nothing further and sets no row apart', async () => {
    let down = false;
    const { relay, calls } = choosyRelay(() => (down ? new RelayError('failed', 'Relay answered 503') : undefined));
    const channel = sheetChannel(relay);
    await channel.deliver(many(3, 'tractors'));
    down = true;
    const outcomes = await channel.deliver(many(200, 'tractors', 5).map((item) => ({ ...item, orderId: `late-${item.orderId}` })));
    expect(calls).toHaveLength(3);
    expect([...outcomes.values()].every((outcome) => outcome.state === 'failed' && !('alone' in outcome))).toBe(true);
  });

  it('in an outage, a split costs one more call per sheet, not one per row', async () => {
    const { relay, calls } = choosyRelay(() => new RelayError('failed', 'Relay answered 503'));
    const outcomes = await sheetChannel(relay).deliver(many(200, 'tractors', 5));
    expect(calls).toHaveLength(2);
    expect([...outcomes.values()].every((outcome) => outcome.state === 'failed' && !('alone' in outcome))).toBe(true);
  });
});

describe('rows whose call got no answer', () => {
  const unconfirmed = (items: Submission[]) => {
    for (const item of items) Object.assign(item.deliveries.sheet!, { state: 'failing', attempts: 1, unconfirmed: true });
    return items;
  };

  it('are marked unconfirmed when the relay does not answer in time', async () => {
    const { relay } = choosyRelay(() => new RelayError('timeout', 'Relay did not answer within 10 s'));
    const outcomes = await sheetChannel(relay).deliver(many(2));
    expect(outcomes.get('o000')).toMatchObject({ state: 'failed', unconfirmed: true });
    const state = afterOutcome({ state: 'pending', attempts: 0 }, outcomes.get('o000')!, Date.parse('2026-11-23T10:00:00.000Z'));
    expect(state).toMatchObject({ state: 'failing', unconfirmed: true });
  });

  it('are looked for in the sheet first: those found are delivered without a second row, the others are sent', async () => {
    const { relay, calls, sheets } = recordingRelay();
    const [taken, lost, fresh] = many(3);
    // The relay took `taken` in a call whose answer was lost, among other orders' rows.
    sheets.set('tractors', [...Array.from({ length: 1_200 }, (_, i) => ['other', `x${i}`]), [...taken!.row, taken!.orderId]]);
    const outcomes = await sheetChannel(relay).deliver([...unconfirmed([taken!, lost!]), fresh!]);
    expect(outcomes.get('o000')).toEqual({ state: 'sent', foundInSheet: true });
    expect(outcomes.get('o001')).toEqual({ state: 'sent' });
    expect(calls).toEqual([{ sheet: 'tractors', rows: [[...lost!.row, 'o001'], [...fresh!.row, 'o002']] }]);
    expect(idsOf(sheets.get('tractors')!).filter((id) => id === 'o000')).toHaveLength(1);
  });

  it('are sent again when the relay cannot read back (at least once)', async () => {
    const { relay, sheets } = recordingRelay();
    relay.read = async () => {
      throw new RelayError('refused', 'Relay answered 405');
    };
    const warnings: string[] = [];
    const outcomes = await sheetChannel(relay, { warn: (message) => warnings.push(message) }).deliver(unconfirmed(many(1)));
    expect(outcomes.get('o000')).toEqual({ state: 'sent' });
    expect(sheets.get('tractors')).toHaveLength(1);
    expect(warnings[0]).toContain('could not read the sheet back');
  });

  it('wait, still unconfirmed, when the sheet cannot be read just now, while the other rows go', async () => {
    const { relay, sheets } = recordingRelay();
    relay.read = async () => {
      throw new RelayError('failed', 'Relay answered 503');
    };
    const [doubtful, fresh] = many(2);
    const outcomes = await sheetChannel(relay).deliver([...unconfirmed([doubtful!]), fresh!]);
    expect(outcomes.get('o000')).toMatchObject({ state: 'failed', unconfirmed: true });
    expect(outcomes.get('o001')).toEqual({ state: 'sent' });
    expect(idsOf(sheets.get('tractors')!)).toEqual(['o001']);
  });
});

describe('a delivery run never stalls on one write', () => {
  /** The memory store of the worker's tests, with its calls made to fail as told. */
  function faultyStore(items: Submission[], faults: { claim?: (orderId: string) => boolean; settleFailures?: number } = {}) {
    const stored = new Map(items.map((item) => [item.orderId, { item, claimedBy: undefined as string | undefined, lapsed: false }]));
    let settleFailures = faults.settleFailures ?? 0;
    const store: SubmissionsStore = {
      create: async () => ({ created: true }),
      get: async (orderId) => stored.get(orderId)?.item,
      dueForDelivery: async (now) =>
        [...stored.values()].filter(({ item, claimedBy }) => !claimedBy && Object.values(item.deliveries).some((d) => isDue(d, now))).map(({ item }) => item),
      undelivered: async () => ({ undelivered: [...stored.values()].filter(({ item }) => Object.values(item.deliveries).some((d) => d.state !== 'sent')).length }),
      needingStaff: async () => 0,
      async claim(orderId, claim) {
        if (faults.claim?.(orderId)) throw new Error('InternalServerError');
        const entry = stored.get(orderId)!;
        if (entry.claimedBy) return undefined;
        entry.claimedBy = claim.by;
        return { submission: entry.item, lapsed: entry.lapsed };
      },
      async settle(orderId, _claim, deliveries) {
        if (settleFailures-- > 0) throw new Error('InternalServerError');
        const entry = stored.get(orderId)!;
        entry.item = { ...entry.item, deliveries };
        entry.claimedBy = undefined;
        return true;
      },
    };
    return { store, stored };
  }
  const instant = () => Promise.resolve();

  it('a claim that fails leaves that order for the next run and delivers the others', async () => {
    const { relay, sheets } = recordingRelay();
    const { store, stored } = faultyStore(many(5), { claim: (orderId) => orderId === 'o002' });
    const deliverDue = createDeliveryWorker({ store, channels: [sheetChannel(relay)], claimGraceMs: 60_000, sleep: instant });
    const report = await deliverDue({ deadline: Date.now() + 10_000 });
    expect(report).toMatchObject({ claimed: 4, claimErrors: 1, sent: { sheet: 4 } });
    expect(sheets.get('tractors')).toHaveLength(4);
    expect(stored.get('o002')!.claimedBy).toBeUndefined();
  });

  it('a settle that fails is tried again until it is written', async () => {
    const { relay } = recordingRelay();
    const { store, stored } = faultyStore(many(3), { settleFailures: 4 });
    const deliverDue = createDeliveryWorker({ store, channels: [sheetChannel(relay)], claimGraceMs: 60_000, sleep: instant });
    const report = await deliverDue({ deadline: Date.now() + 10_000 });
    expect(report.lostClaims).toBe(0);
    expect([...stored.values()].map(({ item }) => item.deliveries.sheet!.state)).toEqual(['sent', 'sent', 'sent']);
  });

  it('a run asked to stop writes down the call in flight and gives back the rest at once', async () => {
    const stop = new AbortController();
    const { relay, sheets } = recordingRelay();
    const append = relay.append;
    relay.append = async (sheet, rows) => {
      await append(sheet, rows);
      stop.abort();
    };
    const items = [...many(2, 'alpha'), ...many(2, 'beta')].map((item, i) => ({ ...item, orderId: `${item.sheet}-${i}` }));
    const { store, stored } = faultyStore(items);
    const deliverDue = createDeliveryWorker({ store, channels: [sheetChannel(relay)], claimGraceMs: 60_000, sleep: instant });
    const report = await deliverDue({ deadline: Date.now() + 10_000, stop: stop.signal });
    expect(report.sent.sheet).toBe(2);
    expect(sheets.get('beta')).toBeUndefined();
    const beta = [...stored.values()].filter(({ item }) => item.sheet === 'beta');
    expect(beta.map(({ claimedBy, item }) => [claimedBy, item.deliveries.sheet!.state, item.deliveries.sheet!.attempts])).toEqual([
      [undefined, 'pending', 0],
      [undefined, 'pending', 0],
    ]);
  });

  it('an order taken over from a run that died mid-call is looked for in the sheet, not sent twice', async () => {
    const { relay, sheets, calls } = recordingRelay();
    const [order] = many(1);
    sheets.set('tractors', [[...order!.row, order!.orderId]]);
    const { store, stored } = faultyStore([order!]);
    stored.get(order!.orderId)!.lapsed = true;
    const deliverDue = createDeliveryWorker({ store, channels: [sheetChannel(relay)], claimGraceMs: 60_000, sleep: instant });
    await deliverDue({ deadline: Date.now() + 10_000 });
    expect(calls).toEqual([]);
    expect(stored.get(order!.orderId)!.item.deliveries.sheet).toMatchObject({ state: 'sent' });
  });
});

describe('after the relay returns', () => {
  it('the backlog waiting for its next attempt goes in the same run, not up to 30 s later', async () => {
    const clock = { now: Date.parse('2026-11-23T10:05:00.000Z') };
    const failing = (item: Submission, nextInMs: number) => {
      item.deliveries.sheet = { state: 'failing', attempts: 5, lastError: 'Relay answered 503', nextAttemptAt: new Date(clock.now + nextInMs).toISOString() };
      return item;
    };
    const items = [failing({ ...many(1)[0]!, orderId: 'tractor' }, 0), ...many(30, 'parts').map((item) => failing(item, 25_000))];
    const { relay, sheets } = recordingRelay();
    const stored = new Map(items.map((item) => [item.orderId, item]));
    const store: SubmissionsStore = {
      create: async () => ({ created: true }),
      get: async (orderId) => stored.get(orderId),
      dueForDelivery: async (now) => [...stored.values()].filter((item) => isDue(item.deliveries.sheet, now)),
      undelivered: async () => ({ undelivered: [...stored.values()].filter((item) => item.deliveries.sheet!.state !== 'sent').length }),
      needingStaff: async () => 0,
      claim: async (orderId) => ({ submission: stored.get(orderId)!, lapsed: false }),
      async settle(orderId, _claim, deliveries) {
        stored.set(orderId, { ...stored.get(orderId)!, deliveries });
        return true;
      },
    };
    const deliverDue = createDeliveryWorker({ store, channels: [sheetChannel(relay, { clock: () => clock.now })], claimGraceMs: 60_000, clock: () => clock.now });
    const report = await deliverDue({ deadline: clock.now + 10_000 });
    expect(report.sent.sheet).toBe(31);
    expect(sheets.get('parts')).toHaveLength(30);
  });
});
