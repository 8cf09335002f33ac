import type { Submission } from '../../shared/submissions';
import { RelayError, type SheetRelay } from '../lib/sheet-relay';
import type { DeliveryChannel, DeliveryOutcome } from './channel';
import { retryDelayMs } from './retry-policy';

/**
 * Sheet rows, as few relay calls as possible: all due rows of one sheet go
 * in one call (in order of submission), since the Sheets API counts calls,
 * about 60 a minute per user. One sheet after another: they share that quota.
 *
 * The channel remembers, for as long as its process lives (a warm Lambda, the
 * local stack), when the relay asked to wait: after a 429 no sheet is called
 * before its Retry-After, and after a sheet's failure that sheet is not called
 * before its rows' next attempt. Rows that arrive meanwhile wait too, without
 * an attempt counted, and go with the others in one call.
 */
export function sheetChannel(relay: SheetRelay, { maxRowsPerCall = 500, clock = Date.now } = {}): DeliveryChannel {
  let quotaUntil = 0;
  const sheetHeldUntil = new Map<string, number>();

  return {
    kind: 'sheet',
    async deliver(submissions, answered) {
      const outcomes = new Map<string, DeliveryOutcome>();

      for (const [sheet, group] of groupBySheet(submissions)) {
        for (let start = 0; start < group.length; start += maxRowsPerCall) {
          const chunk = group.slice(start, start + maxRowsPerCall);
          const conclude = async (outcome: DeliveryOutcome) => {
            chunk.forEach(({ orderId }) => outcomes.set(orderId, outcome));
            await answered?.(new Map(chunk.map(({ orderId }) => [orderId, outcome])));
          };
          const now = clock();
          const heldUntil = Math.max(quotaUntil, sheetHeldUntil.get(sheet) ?? 0);
          if (heldUntil > now) {
            const reason = quotaUntil > now ? 'The spreadsheet quota is used up for now' : `The relay failed for sheet "${sheet}" a moment ago`;
            await conclude({ state: 'deferred', reason, retryAfterMs: heldUntil - now });
            continue;
          }
          let outcome: DeliveryOutcome;
          try {
            await relay.append(sheet, chunk.map((submission) => submission.row));
            outcome = { state: 'sent' };
            sheetHeldUntil.delete(sheet);
          } catch (error) {
            if (!(error instanceof RelayError)) throw error;
            outcome = { state: 'failed', error: error.message, retryAfterMs: error.retryAfterMs };
            if (error.kind === 'rateLimited') {
              // At least a second when the relay gives no Retry-After: the remaining sheets wait for the next run.
              quotaUntil = clock() + Math.max(1_000, error.retryAfterMs ?? 0);
            } else if (error.kind !== 'notConfigured') {
              const attempts = Math.min(...chunk.map((submission) => submission.deliveries.sheet?.attempts ?? 0));
              sheetHeldUntil.set(sheet, clock() + retryDelayMs(attempts + 1));
            }
          }
          await conclude(outcome);
        }
      }
      return outcomes;
    },
  };
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
