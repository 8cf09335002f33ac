import { useId, useState, type FormEvent } from 'react';
import { orderStatusLabels, type AdminOrder, type BulkStatusResponse } from '../../../../shared/admin-api';
import { orderName, StatusOptions } from './labels';
import type { SubmissionStatus } from '../../../../shared/submissions';
import { useLocalize } from '../../../shared/i18n/language';
import { ErrorMessage, StatusMessage } from '../../components/feedback';
import { buttonClass, inputClass, labelClass } from '../../components/styles';
import { adminText } from '../../texts';
import { useBulkStatus } from './orders-api';

const text = adminText.orders;

/**
 * One status for the selected orders, each changed only if nobody changed
 * it since it was listed; the outcome of each is shown. Orders changed
 * meanwhile stay selected, listed again with their new version.
 */
export function BulkStatus({ orders, onDone }: { orders: AdminOrder[]; onDone(changed: string[]): void }) {
  const localize = useLocalize();
  const id = useId();
  const bulk = useBulkStatus();
  const [results, setResults] = useState<BulkStatusResponse['results']>();
  const names = new Map(orders.map((order) => [order.orderId, orderName(order)]));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const status = new FormData(event.currentTarget).get('status') as SubmissionStatus;
    setResults(undefined);
    bulk.mutate(
      { status, orders },
      {
        onSuccess: (outcomes) => {
          setResults(outcomes);
          onDone(outcomes.filter((result) => result.outcome === 'updated').map((result) => result.orderId));
        },
      },
    );
  };

  const count = (outcome: BulkStatusResponse['results'][number]['outcome']) => results?.filter((result) => result.outcome === outcome).length ?? 0;
  const summary = results && [
    count('updated') > 0 && localize(text.bulkUpdated(count('updated'))),
    count('stale') > 0 && localize(text.bulkStale(count('stale'))),
    count('notFound') > 0 && localize(text.bulkNotFound(count('notFound'))),
  ];

  // Nothing selected: the last outcome stays in view until another filter is chosen.
  if (orders.length === 0 && !results) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="mb-4 rounded-card border border-brand-600/40 bg-brand-50 p-4">
      <h2 id={`${id}-title`} className="mb-2 font-bold">
        {localize(text.selected(orders.length))}
      </h2>
      {orders.length > 0 && (
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={`${id}-status`} className={labelClass}>
              {localize(text.bulkStatus)}
            </label>
            <select id={`${id}-status`} name="status" defaultValue="contacted" className={inputClass}>
              <StatusOptions />
            </select>
          </div>
          <button type="submit" disabled={bulk.isPending} className={buttonClass}>
            {localize(bulk.isPending ? adminText.saving : text.applyStatus)}
          </button>
        </form>
      )}
      {bulk.error && <ErrorMessage>{bulk.error.message}</ErrorMessage>}
      <StatusMessage>
        {summary && (
          <>
            <p>{summary.filter(Boolean).join(' · ')}</p>
            <ul className="mt-1 list-disc ps-6 text-sm font-normal">
              {results.map((result) => (
                <li key={result.orderId} data-outcome={result.outcome}>
                  {names.get(result.orderId) ?? result.orderId}:{' '}
                  {result.outcome === 'notFound'
                    ? localize(text.bulkNotFound(1))
                    : result.outcome === 'stale'
                      ? localize(text.bulkStale(1))
                      : localize(orderStatusLabels[result.order.status])}
                </li>
              ))}
            </ul>
          </>
        )}
      </StatusMessage>
    </section>
  );
}
