import { randomUUID } from 'node:crypto';
import { deliveryKinds, type DeliveryKind, type Submission } from '../../shared/submissions';
import type { SubmissionsStore } from '../lib/submissions-store';
import type { DeliveryChannel, DeliveryOutcome } from './channel';
import { afterOutcome, isDue } from './retry-policy';

export interface DeliveryWorkerOptions {
  store: SubmissionsStore;
  channels: DeliveryChannel[];
  /** How long a run holds what it claimed: longer than a run can last. */
  claimMs: number;
  /**
   * Submissions claimed at a time. Large, so that a backlog (after a relay
   * outage) reaches each sheet in few calls: the Sheets API counts calls.
   */
  batchSize?: number;
  clock?: () => number;
}

export interface DeliveryReport {
  /** Submissions this run worked on. */
  claimed: number;
  sent: Record<DeliveryKind, number>;
  failed: Record<DeliveryKind, number>;
  /** Claims that expired before the run settled them (another run may deliver them again). */
  lostClaims: number;
  /** Submissions still undelivered after this run, and the time the oldest of them was sent. */
  undelivered: number;
  oldestUndeliveredAt?: string;
  /**
   * Per kind, the longest a delivery of this run stayed unconfirmed: from the
   * start of its call to the write of its new state. A destination that took
   * it but whose answer was lost in that time (a timeout, the run stopped)
   * gets it a second time.
   */
  unconfirmedMs: Partial<Record<DeliveryKind, number>>;
}

/**
 * The order deliveries are made in a run. The sheet row last: the state of
 * each relay call's rows is written as soon as it answers, so the window for
 * a second row is that call and those writes; a mail sent twice is the
 * lesser harm.
 */
const deliveryOrder: readonly DeliveryKind[] = [...deliveryKinds.filter((kind) => kind !== 'sheet'), 'sheet'];

/**
 * One run of the delivery worker: claim what is due (a conditional write per
 * submission, so two runs never deliver the same one at once), deliver it
 * through each channel, write each delivery's new state and let go.
 * Repeats until nothing is due or the deadline is near.
 */
export function createDeliveryWorker({ store, channels, claimMs, batchSize = 1_000, clock = Date.now }: DeliveryWorkerOptions) {
  const channelFor = new Map(channels.map((channel) => [channel.kind, channel]));
  const iso = (ms: number) => new Date(ms).toISOString();

  return async function deliverDue({ deadline }: { deadline: number }): Promise<DeliveryReport> {
    const report: DeliveryReport = { claimed: 0, sent: counts(), failed: counts(), lostClaims: 0, undelivered: 0, unconfirmedMs: {} };
    const claim = { by: randomUUID(), until: '' };
    // The index lags the table a little: what this run settled may show as due once more.
    const settledByThisRun = new Set<string>();

    while (clock() < deadline) {
      const now = iso(clock());
      const due = (await store.dueForDelivery(now, batchSize)).filter(({ orderId }) => !settledByThisRun.has(orderId));
      claim.until = iso(clock() + claimMs);
      const claimed = (await Promise.all(due.map((submission) => store.claim(submission.orderId, claim, now)))).filter(
        (submission): submission is Submission => submission !== undefined,
      );
      if (claimed.length === 0) break;
      report.claimed += claimed.length;

      const states = new Map(claimed.map((submission) => [submission.orderId, { ...submission.deliveries }]));
      const unsettled = new Set(claimed.map(({ orderId }) => orderId));
      /** Writes the new states of these submissions and lets go of them. */
      const settle = async (orderIds: string[]) => {
        orderIds.forEach((orderId) => unsettled.delete(orderId));
        const kept = await Promise.all(orderIds.map((orderId) => store.settle(orderId, claim, states.get(orderId)!)));
        report.lostClaims += kept.filter((isKept) => !isKept).length;
      };
      /** When a kind's deliveries, sent but not yet written down, were called. */
      const unconfirmedSince = new Map<DeliveryKind, number>();
      const confirmed = (kind: DeliveryKind, since: number) => {
        report.unconfirmedMs[kind] = Math.max(report.unconfirmedMs[kind] ?? 0, clock() - since);
      };

      for (const kind of deliveryOrder) {
        const waiting = new Map(
          claimed.filter((submission) => isDue(submission.deliveries[kind], now)).map((submission) => [submission.orderId, submission]),
        );
        if (waiting.size === 0) continue;
        /** Records outcomes; answers the submissions they settle, and whether one was delivered. */
        const record = (outcomes: Map<string, DeliveryOutcome>) => {
          const recorded: string[] = [];
          for (const [orderId, outcome] of outcomes) {
            const submission = waiting.get(orderId);
            if (!submission) continue;
            waiting.delete(orderId);
            recorded.push(orderId);
            if (outcome.state === 'sent') report.sent[kind]++;
            if (outcome.state === 'failed') report.failed[kind]++;
            states.get(orderId)![kind] = afterOutcome(submission.deliveries[kind]!, outcome, clock());
          }
          return { recorded, delivered: recorded.some((orderId) => states.get(orderId)![kind]!.state === 'sent') };
        };
        let since = clock();
        // The last kind leaves nothing else to wait for: each of its calls is written down as soon as it answers.
        const answered =
          kind === deliveryOrder.at(-1)
            ? async (outcomes: Map<string, DeliveryOutcome>) => {
                const { recorded, delivered } = record(outcomes);
                await settle(recorded);
                if (delivered) confirmed(kind, since);
                since = clock();
              }
            : undefined;
        const outcomes = await deliverThrough(channelFor.get(kind), kind, [...waiting.values()], answered);
        const missing = new Map([...waiting.keys()].map((orderId) => [orderId, outcomes.get(orderId) ?? noOutcome]));
        if (record(missing).delivered) unconfirmedSince.set(kind, since);
      }

      await settle([...unsettled]);
      unconfirmedSince.forEach((since, kind) => confirmed(kind, since));
      claimed.forEach(({ orderId }) => settledByThisRun.add(orderId));
      if (due.length < batchSize) break;
    }

    Object.assign(report, await store.undelivered());
    return report;
  };
}

const noOutcome: DeliveryOutcome = { state: 'failed', error: 'The channel gave no outcome' };

async function deliverThrough(
  channel: DeliveryChannel | undefined,
  kind: DeliveryKind,
  submissions: Submission[],
  answered?: (outcomes: Map<string, DeliveryOutcome>) => Promise<void>,
): Promise<Map<string, DeliveryOutcome>> {
  if (channel) return channel.deliver(submissions, answered);
  const outcome: DeliveryOutcome = { state: 'failed', error: `No ${kind} delivery is configured` };
  return new Map(submissions.map(({ orderId }) => [orderId, outcome]));
}

function counts(): Record<DeliveryKind, number> {
  return Object.fromEntries(deliveryKinds.map((kind) => [kind, 0])) as Record<DeliveryKind, number>;
}
