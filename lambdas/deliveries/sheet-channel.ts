import type { Submission } from '../../shared/submissions';
import { RelayError, type SheetRelay } from '../lib/sheet-relay';
import type { DeliveryChannel, DeliveryOutcome } from './channel';

/**
 * Sheet rows, as few relay calls as possible: all due rows of one sheet go
 * in one call (in order of submission), since the Sheets API counts calls,
 * about 60 a minute per user. One sheet after another: they share that quota,
 * and once the relay answers 429 the remaining sheets wait for the next run.
 */
export function sheetChannel(relay: SheetRelay, { maxRowsPerCall = 500 } = {}): DeliveryChannel {
  return {
    kind: 'sheet',
    async deliver(submissions) {
      const outcomes = new Map<string, DeliveryOutcome>();
      let quotaWait: { reason: string; retryAfterMs: number } | undefined;

      for (const [sheet, group] of groupBySheet(submissions)) {
        for (let start = 0; start < group.length; start += maxRowsPerCall) {
          const chunk = group.slice(start, start + maxRowsPerCall);
          const settle = (outcome: DeliveryOutcome) => chunk.forEach(({ orderId }) => outcomes.set(orderId, outcome));
          if (quotaWait) {
            settle({ state: 'deferred', ...quotaWait });
            continue;
          }
          try {
            await relay.append(sheet, chunk.map((submission) => submission.row));
            settle({ state: 'sent' });
          } catch (error) {
            if (!(error instanceof RelayError)) throw error;
            settle({ state: 'failed', error: error.message, retryAfterMs: error.retryAfterMs });
            if (error.kind === 'rateLimited') {
              quotaWait = { reason: 'The spreadsheet quota is used up for now', retryAfterMs: error.retryAfterMs ?? 0 };
            }
          }
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
