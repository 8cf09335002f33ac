import type { FormSchema } from '../../shared/forms/form-schema';
import { mapConcurrently } from '../lib/concurrency';
import { indexOrder, type OrderSearchIndex } from '../submissions/search-index';
import { stoppingOutcome, type DeliveryChannel, type DeliveryOutcome } from './channel';

export interface SearchChannelOptions {
  index: Pick<OrderSearchIndex, 'add'>;
  /** The bundled schema of a form (its choices' labels); undefined when the form no longer exists. */
  schemaOf(formId: string): Promise<FormSchema | undefined>;
  /** Orders indexed at once; each is a few BatchWriteItem calls. */
  concurrency?: number;
}

/**
 * The order's entries in the inbox's search index
 * (docs/decisions/0022-the-dealers-inbox.md). Written by the delivery worker
 * rather than with the order, so that a farmer's request never waits for
 * them nor fails with them; a failed write is tried again like a sheet row.
 */
export function searchChannel({ index, schemaOf, concurrency = 10 }: SearchChannelOptions): DeliveryChannel {
  return {
    kind: 'search',
    async deliver(submissions, run) {
      const outcomes = new Map<string, DeliveryOutcome>();
      await mapConcurrently(submissions, concurrency, async (submission) => {
        if (run?.stop?.aborted) return outcomes.set(submission.orderId, stoppingOutcome);
        try {
          await indexOrder(index, submission, await schemaOf(submission.formId));
          return outcomes.set(submission.orderId, { state: 'sent' });
        } catch (error) {
          return outcomes.set(submission.orderId, { state: 'failed', error: `The search entries could not be written: ${String(error)}` });
        }
      });
      return outcomes;
    },
  };
}
