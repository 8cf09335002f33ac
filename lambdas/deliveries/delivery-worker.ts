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
  /** Submissions claimed at a time. */
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
}

/**
 * One run of the delivery worker: claim what is due (a conditional write per
 * submission, so two runs never deliver the same one at once), deliver it
 * through each channel, write each delivery's new state and let go.
 * Repeats until nothing is due or the deadline is near.
 */
export function createDeliveryWorker({ store, channels, claimMs, batchSize = 200, clock = Date.now }: DeliveryWorkerOptions) {
  const channelFor = new Map(channels.map((channel) => [channel.kind, channel]));
  const iso = (ms: number) => new Date(ms).toISOString();

  return async function deliverDue({ deadline }: { deadline: number }): Promise<DeliveryReport> {
    const report: DeliveryReport = { claimed: 0, sent: counts(), failed: counts(), lostClaims: 0, undelivered: 0 };
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
      for (const kind of deliveryKinds) {
        const waiting = claimed.filter((submission) => isDue(submission.deliveries[kind], now));
        if (waiting.length === 0) continue;
        const outcomes = await deliverThrough(channelFor.get(kind), kind, waiting);
        for (const submission of waiting) {
          const outcome = outcomes.get(submission.orderId) ?? { state: 'failed', error: 'The channel gave no outcome' };
          if (outcome.state === 'sent') report.sent[kind]++;
          if (outcome.state === 'failed') report.failed[kind]++;
          states.get(submission.orderId)![kind] = afterOutcome(submission.deliveries[kind]!, outcome, clock());
        }
      }

      const settled = await Promise.all(
        claimed.map((submission) => store.settle(submission.orderId, claim, states.get(submission.orderId)!)),
      );
      report.lostClaims += settled.filter((kept) => !kept).length;
      claimed.forEach(({ orderId }) => settledByThisRun.add(orderId));
      if (due.length < batchSize) break;
    }

    Object.assign(report, await store.undelivered());
    return report;
  };
}

async function deliverThrough(
  channel: DeliveryChannel | undefined,
  kind: DeliveryKind,
  submissions: Submission[],
): Promise<Map<string, DeliveryOutcome>> {
  if (channel) return channel.deliver(submissions);
  const outcome: DeliveryOutcome = { state: 'failed', error: `No ${kind} delivery is configured` };
  return new Map(submissions.map(({ orderId }) => [orderId, outcome]));
}

function counts(): Record<DeliveryKind, number> {
  return Object.fromEntries(deliveryKinds.map((kind) => [kind, 0])) as Record<DeliveryKind, number>;
}
