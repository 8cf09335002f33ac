import type { Submission } from '../../shared/submissions';
import { defaultMaxBytesPerCall } from '../lib/config';
import { RelayError, type SheetRelay } from './sheet-relay';
import { stoppingOutcome, type DeliveryChannel, type DeliveryOutcome } from './channel';
import { retryDelayMs } from './retry-policy';
import { findReferences, sheetRow } from './sheet-rows';

/**
 * Sheet rows, as few relay calls as possible (docs/decisions/0002): the due
 * rows of one sheet go together, in order of submission, in calls bounded in
 * rows and in bytes, since the Sheets API counts calls (about 60 a minute per
 * user) and refuses large bodies. One sheet after another: they share that
 * quota. Each row ends with its order's reference, so the sheet can be read
 * back.
 *
 * No row holds back the others:
 * - a call the relay refuses as such (400, 413, 422…) is split in halves
 *   until the refused row stands alone; that row waits for staff
 *   (`refused`), every other row goes on;
 * - a call that keeps failing with 5xx is split too, after a few attempts:
 *   one half first, then the other only if the relay took rows of that sheet
 *   in this run; a row that fails alone while the relay takes that sheet's
 *   other rows goes alone from then on. A relay, or a sheet, that is down
 *   takes nothing, so an outage costs one more call per sheet and run, and
 *   no row is set apart for it.
 *
 * Once, wherever it can be checked: a row whose last call got no answer
 * (`unconfirmed`: a timeout, or a run that died during the call) is looked
 * for in the sheet first, and sent only if it is not there.
 *
 * The channel remembers, for as long as its process lives (a warm Lambda, the
 * local stack), when the relay asked to wait: after a 429 no sheet is called
 * before its Retry-After, and after a sheet's failure that sheet is not called
 * before its rows' next attempt. Rows that arrive meanwhile wait too, without
 * an attempt counted, and go with the others in one call.
 */

export interface SheetChannelOptions {
  maxRowsPerCall?: number;
  /** The JSON body of one call at most. */
  maxBytesPerCall?: number;
  /** Failed attempts after which a call failing with 5xx is split. */
  splitAfterAttempts?: number;
  /** Whether the relay can read a tab back (RELAY_READ_BACK); without it, a row of an unknown outcome is sent again. */
  readBack?: boolean;
  /** How many of the sheet's last rows are read to find rows of an unknown outcome. */
  readBackRows?: number;
  clock?: () => number;
  /** Told what went wrong that no outcome carries (a relay that cannot read back). */
  warn?: (message: string) => void;
}

export function sheetChannel(
  relay: SheetRelay,
  {
    maxRowsPerCall = 500,
    maxBytesPerCall = defaultMaxBytesPerCall,
    splitAfterAttempts = 3,
    readBack = true,
    readBackRows = 5_000,
    clock = Date.now,
    warn = () => undefined,
  }: SheetChannelOptions = {},
): DeliveryChannel {
  let quotaUntil = 0;
  const sheetHeldUntil = new Map<string, number>();

  return {
    kind: 'sheet',
    async deliver(submissions, run = {}) {
      const outcomes = new Map<string, DeliveryOutcome>();
      /** The sheets the relay took rows of in this run: their 5xx is then the rows', not the relay's. */
      const took = new Set<string>();
      const conclude = async (group: Submission[], outcome: DeliveryOutcome | ((submission: Submission) => DeliveryOutcome)) => {
        const concluded = new Map(group.map((submission) => [submission.orderId, typeof outcome === 'function' ? outcome(submission) : outcome]));
        concluded.forEach((value, orderId) => outcomes.set(orderId, value));
        await run.answered?.(concluded);
      };
      /** Why no call may start now, as the outcome of what waits; undefined when one may. */
      const waiting = (sheet: string): DeliveryOutcome | undefined => {
        if (run.stop?.aborted) return stoppingOutcome;
        const now = clock();
        const heldUntil = Math.max(quotaUntil, sheetHeldUntil.get(sheet) ?? 0);
        if (heldUntil <= now) return undefined;
        const reason = quotaUntil > now ? 'The spreadsheet quota is used up for now' : `The relay failed for sheet "${sheet}" a moment ago`;
        return { state: 'deferred', reason, retryAfterMs: heldUntil - now };
      };
      const hold = (sheet: string, rows: Submission[]) => {
        const attempts = Math.min(...rows.map(attemptsOf));
        sheetHeldUntil.set(sheet, clock() + retryDelayMs(attempts + 1));
      };

      /** One call with these rows, split as the relay's answer asks. */
      const send = async (sheet: string, rows: Submission[], depth = 0): Promise<void> => {
        const wait = waiting(sheet);
        if (wait) return conclude(rows, wait);
        try {
          await relay.append(sheet, rows.map(sheetRow));
          took.add(sheet);
          // The sheets share one relay service: its return ends every sheet's wait.
          sheetHeldUntil.clear();
          return conclude(rows, { state: 'sent' });
        } catch (error) {
          if (!(error instanceof RelayError)) throw error;
          const failed: DeliveryOutcome = { state: 'failed', error: error.message };
          switch (error.kind) {
            case 'rateLimited':
              // At least a second when the relay gives no Retry-After: the remaining sheets wait for the next run.
              quotaUntil = clock() + Math.max(1_000, error.retryAfterMs ?? 0);
              return conclude(rows, { ...failed, retryAfterMs: error.retryAfterMs });
            case 'refused': {
              if (rows.length === 1) return conclude(rows, { state: 'refused', error: error.message });
              const [first, second] = halves(rows);
              await send(sheet, first, depth + 1);
              return send(sheet, second, depth + 1);
            }
            case 'timeout':
              hold(sheet, rows);
              return conclude(rows, { ...failed, unconfirmed: true });
            case 'notConfigured':
              return conclude(rows, failed);
            case 'failed':
            case 'unreachable': {
              const attempts = Math.max(...rows.map(attemptsOf)) + 1;
              if (rows.length === 1) {
                // Alone and failing while the relay takes other rows: this row is the trouble, not the relay.
                if (took.has(sheet)) return conclude(rows, { ...failed, alone: true });
                hold(sheet, rows);
                return conclude(rows, failed);
              }
              // Split a call that keeps failing, and keep splitting while the relay takes the other half.
              if (depth === 0 ? attempts < splitAfterAttempts : !took.has(sheet)) {
                hold(sheet, rows);
                return conclude(rows, failed);
              }
              // One half first (the other one on the next attempt), the other half only if the relay took it.
              const [first, second] = attempts % 2 === 0 ? halves(rows) : halves(rows).reverse();
              await send(sheet, first!, depth + 1);
              if (took.has(sheet)) return send(sheet, second!, depth + 1);
              hold(sheet, rows);
              return conclude(second!, failed);
            }
          }
        }
      };

      for (const [sheet, group] of groupBySheet(submissions)) {
        const wait = waiting(sheet);
        if (wait) {
          await conclude(group, wait);
          continue;
        }
        const toSend = await leaveOutFoundRows(sheet, group);
        const alone = toSend.filter((submission) => submission.deliveries.sheet?.alone);
        for (const rows of callsOf(toSend.filter((submission) => !submission.deliveries.sheet?.alone))) await send(sheet, rows);
        for (const submission of alone) await send(sheet, [submission]);
      }
      return outcomes;

      /**
       * Reads the sheet back for the rows whose last call got no answer: those
       * found are delivered; the others are sent. When the sheet cannot be
       * read now, those rows wait (unconfirmed still) and the others go.
       */
      async function leaveOutFoundRows(sheet: string, group: Submission[]): Promise<Submission[]> {
        const unconfirmed = group.filter((submission) => submission.deliveries.sheet?.unconfirmed);
        if (unconfirmed.length === 0) return group;
        if (!readBack) return group;
        try {
          const found = await findReferences(relay, sheet, new Set(unconfirmed.map(({ orderId }) => orderId)), readBackRows);
          await conclude(
            unconfirmed.filter(({ orderId }) => found.has(orderId)),
            { state: 'sent', foundInSheet: true },
          );
          return group.filter(({ orderId }) => !found.has(orderId));
        } catch (error) {
          if (!(error instanceof RelayError)) throw error;
          if (error.kind === 'refused') {
            // A relay that cannot read: the rows go again, at least once, as without read-back.
            warn(`The relay of sheet "${sheet}" could not read the sheet back (${error.message}); rows of an unknown outcome are sent again`);
            return group;
          }
          await conclude(unconfirmed, { state: 'failed', error: `The sheet could not be read back: ${error.message}`, unconfirmed: true });
          if (error.kind === 'rateLimited') quotaUntil = clock() + Math.max(1_000, error.retryAfterMs ?? 0);
          const unconfirmedIds = new Set(unconfirmed.map(({ orderId }) => orderId));
          return group.filter(({ orderId }) => !unconfirmedIds.has(orderId));
        }
      }
    },
  };

  /** The rows in calls of at most `maxRowsPerCall` rows and `maxBytesPerCall` bytes (a row larger than that goes alone). */
  function callsOf(rows: Submission[]): Submission[][] {
    const calls: Submission[][] = [];
    let current: Submission[] = [];
    let bytes = 2;
    for (const submission of rows) {
      const rowBytes = Buffer.byteLength(JSON.stringify(sheetRow(submission))) + 1;
      if (current.length > 0 && (current.length >= maxRowsPerCall || bytes + rowBytes > maxBytesPerCall)) {
        calls.push(current);
        current = [];
        bytes = 2;
      }
      current.push(submission);
      bytes += rowBytes;
    }
    if (current.length > 0) calls.push(current);
    return calls;
  }
}

function attemptsOf(submission: Submission): number {
  return submission.deliveries.sheet?.attempts ?? 0;
}

function halves<T>(items: T[]): [T[], T[]] {
  const middle = Math.ceil(items.length / 2);
  return [items.slice(0, middle), items.slice(middle)];
}

function groupBySheet(submissions: Submission[]): Map<string, Submission[]> {
  const groups = new Map<string, Submission[]>();
  const inOrder = [...submissions].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  for (const submission of inOrder) {
    const group = groups.get(submission.sheet) ?? [];
    group.push(submission);
    groups.set(submission.sheet, group);
  }
  return groups;
}
