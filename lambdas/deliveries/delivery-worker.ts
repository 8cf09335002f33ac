import { randomUUID } from 'node:crypto';
import { deliveryKinds, type DeliveryKind, type Submission } from '../../shared/submissions';
import { mapConcurrently } from '../lib/concurrency';
import type { SubmissionsStore } from '../submissions/submissions-store';
import type { DeliveryChannel, DeliveryOutcome } from './channel';
import { afterOutcome, isDue, maxRetryDelayMs } from './retry-policy';

export interface DeliveryWorkerOptions {
  store: SubmissionsStore;
  channels: DeliveryChannel[];
  /**
   * How long past its deadline a run holds what it claimed: longer than its
   * last call and writes can take. A run that dies holding claims delays
   * those orders by this much at most.
   */
  claimGraceMs: number;
  /**
   * Submissions claimed at a time. Large, so that a backlog (after a relay
   * outage) reaches each sheet in few calls: the Sheets API counts calls.
   */
  batchSize?: number;
  /** Claims and settles in flight at once: within the store client's sockets (the SDK's default pool holds 50). */
  storeConcurrency?: number;
  /** How long a settle that failed is tried again before the claim is left to expire. */
  settleRetryMs?: number;
  clock?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Told of what went wrong that no report counts one by one (a claim or settle write that failed). */
  warn?: (message: string, details?: Record<string, unknown>) => void;
}

export interface DeliveryReport {
  /** Submissions this run worked on. */
  claimed: number;
  sent: Record<DeliveryKind, number>;
  failed: Record<DeliveryKind, number>;
  /** Deliveries the destination refused on their own this run: they wait for staff. */
  refused: Record<DeliveryKind, number>;
  /** Claim writes that failed (those submissions wait for the next run). */
  claimErrors: number;
  /** Claims that expired before the run settled them, or whose settle could not be written (another run may deliver them again). */
  lostClaims: number;
  /** Submissions still undelivered after this run, and the time the oldest of them was sent. */
  undelivered: number;
  oldestUndeliveredAt?: string;
  /** Submissions waiting for staff: a delivery refused on its own. */
  needingStaff: number;
  /**
   * Per kind, the longest a delivery of this run stayed unconfirmed: from the
   * start of its call to the write of its new state. A destination that took
   * it but whose answer was lost in that time (a timeout, the run stopped)
   * gets it a second time, unless it can be read back (the sheet).
   */
  unconfirmedMs: Partial<Record<DeliveryKind, number>>;
}

/**
 * The order deliveries are made in a run. The sheet row last: the state of
 * each relay call's rows is written as soon as it answers, so the window for
 * a second row is that call and those writes; a mail sent twice is the
 * lesser harm, and search entries written twice are the same entries.
 */
const deliveryOrder: readonly DeliveryKind[] = [...deliveryKinds.filter((kind) => kind !== 'sheet'), 'sheet'];

/**
 * One run of the delivery worker: claim what is due (a conditional write per
 * submission, so two runs never deliver the same one at once), deliver it
 * through each channel, write each delivery's new state and let go.
 * Repeats until nothing is due, the deadline is near, or `stop` is aborted.
 *
 * A run never stalls on one write: a claim that fails leaves that submission
 * for the next run; a settle that fails is tried again for a while; whatever
 * the run claimed and did not deliver (it stopped early, or a channel threw)
 * is given back at once rather than held until its claim expires.
 */
export function createDeliveryWorker({
  store,
  channels,
  claimGraceMs,
  batchSize = 1_000,
  storeConcurrency = 25,
  settleRetryMs = 15_000,
  clock = Date.now,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  warn = () => undefined,
}: DeliveryWorkerOptions) {
  const channelFor = new Map(channels.map((channel) => [channel.kind, channel]));
  const iso = (ms: number) => new Date(ms).toISOString();

  return async function deliverDue({ deadline, stop }: { deadline: number; stop?: AbortSignal }): Promise<DeliveryReport> {
    const report: DeliveryReport = {
      claimed: 0,
      sent: counts(),
      failed: counts(),
      refused: counts(),
      claimErrors: 0,
      lostClaims: 0,
      undelivered: 0,
      needingStaff: 0,
      unconfirmedMs: {},
    };
    const claim = { by: randomUUID(), until: '' };
    /**
     * Once a destination takes again what it had failed, the backlog waiting
     * for its next attempt (up to a minute away) goes now, in this run: one
     * more pass takes what is due within the next minute.
     */
    let recovered = false;
    let pulledForward = false;
    // The index lags the table a little: what this run settled may show as due once more.
    const settledByThisRun = new Set<string>();

    while (clock() < deadline && !stop?.aborted) {
      const pullForward: boolean = recovered && !pulledForward;
      pulledForward ||= pullForward;
      const now = iso(clock());
      const dueBy = pullForward ? iso(clock() + maxRetryDelayMs) : now;
      const due = (await store.dueForDelivery(dueBy, batchSize)).filter(({ orderId }) => !settledByThisRun.has(orderId));
      claim.until = iso(deadline + claimGraceMs);
      const claims = await mapConcurrently(due, storeConcurrency, async ({ orderId }) => {
        try {
          return await store.claim(orderId, claim, now);
        } catch (error) {
          report.claimErrors++;
          warn('A submission could not be claimed; it waits for the next run', { orderId, error: String(error) });
          return undefined;
        }
      });
      const claimed = claims.filter((taken) => taken !== undefined).map(({ submission, lapsed }) => (lapsed ? unconfirmedSheet(submission) : submission));
      // Nothing taken (nothing due, or the store refused every claim): the next run tries again.
      if (claimed.length === 0) break;
      report.claimed += claimed.length;

      const states = new Map(claimed.map((submission) => [submission.orderId, { ...submission.deliveries }]));
      const unsettled = new Set(claimed.map(({ orderId }) => orderId));
      /** Writes the new states of these submissions and lets go of them, trying again a failed write for a while. */
      const settle = async (orderIds: string[]) => {
        orderIds.forEach((orderId) => unsettled.delete(orderId));
        let left = orderIds;
        for (let waitMs = 200, giveUpAt = clock() + settleRetryMs; left.length > 0; waitMs = Math.min(waitMs * 2, 4_000)) {
          const results = await mapConcurrently(left, storeConcurrency, async (orderId) => {
            try {
              return { orderId, kept: await store.settle(orderId, claim, states.get(orderId)!) };
            } catch (error) {
              return { orderId, error };
            }
          });
          report.lostClaims += results.filter((result) => result.kept === false).length;
          const failed = results.filter((result) => 'error' in result);
          left = failed.map(({ orderId }) => orderId);
          if (left.length === 0) break;
          if (clock() + waitMs > giveUpAt) {
            report.lostClaims += left.length;
            warn('Delivery states could not be written; their claims expire and another run takes them', {
              orderIds: left,
              error: String(failed[0]!.error),
            });
            break;
          }
          await sleep(waitMs);
        }
      };
      /** When a kind's deliveries, sent but not yet written down, were called. */
      const unconfirmedSince = new Map<DeliveryKind, number>();
      const confirmed = (kind: DeliveryKind, since: number) => {
        report.unconfirmedMs[kind] = Math.max(report.unconfirmedMs[kind] ?? 0, clock() - since);
      };

      try {
        for (const kind of deliveryOrder) {
          const waiting = new Map(
            claimed.filter((submission) => isDue(submission.deliveries[kind], dueBy)).map((submission) => [submission.orderId, submission]),
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
              if (outcome.state === 'sent' && submission.deliveries[kind]!.state === 'failing') recovered = true;
              if (outcome.state === 'failed') report.failed[kind]++;
              if (outcome.state === 'refused') report.refused[kind]++;
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
          const outcomes = await deliverThrough(channelFor.get(kind), kind, [...waiting.values()], { answered, stop });
          const missing = new Map([...waiting.keys()].map((orderId) => [orderId, outcomes.get(orderId) ?? noOutcome]));
          if (record(missing).delivered) unconfirmedSince.set(kind, since);
        }
      } finally {
        // Written down even when a channel threw: what was delivered stays delivered, the rest is given back.
        await settle([...unsettled]);
      }
      unconfirmedSince.forEach((since, kind) => confirmed(kind, since));
      claimed.forEach(({ orderId }) => settledByThisRun.add(orderId));
      if (due.length < batchSize && !(recovered && !pulledForward)) break;
    }

    const [undelivered, needingStaff] = await Promise.all([store.undelivered(), store.needingStaff()]);
    Object.assign(report, undelivered, { needingStaff });
    return report;
  };
}

const noOutcome: DeliveryOutcome = { state: 'failed', error: 'The channel gave no outcome' };

/**
 * A submission taken over from a run that died holding it: that run may have
 * sent its row without writing it down, so the row is looked for in the
 * sheet before it is sent again.
 */
function unconfirmedSheet(submission: Submission): Submission {
  const sheet = submission.deliveries.sheet;
  if (!sheet || sheet.state === 'sent') return submission;
  return { ...submission, deliveries: { ...submission.deliveries, sheet: { ...sheet, unconfirmed: true } } };
}

async function deliverThrough(
  channel: DeliveryChannel | undefined,
  kind: DeliveryKind,
  submissions: Submission[],
  run: Parameters<DeliveryChannel['deliver']>[1],
): Promise<Map<string, DeliveryOutcome>> {
  if (channel) return channel.deliver(submissions, run);
  const outcome: DeliveryOutcome = { state: 'failed', error: `No ${kind} delivery is configured` };
  return new Map(submissions.map(({ orderId }) => [orderId, outcome]));
}

function counts(): Record<DeliveryKind, number> {
  return Object.fromEntries(deliveryKinds.map((kind) => [kind, 0])) as Record<DeliveryKind, number>;
}
