import { useEffect, useId, useState, type FormEvent } from 'react';
import { orderStatusLabels, type AdminOrder, type BulkStatusResponse } from '../../../../shared/admin-api';
import { orderName, StatusOptions } from './labels';
import type { SubmissionStatus } from '../../../../shared/submissions';
import { useLocalize } from '../../../shared/i18n/language';
import { ErrorMessage, StatusMessage } from '../../components/feedback';
import { buttonClass, inputClass, labelClass, secondaryButtonClass } from '../../components/styles';
import { adminText } from '../../texts';
import { useBulkStatus } from './orders-api';

const text = adminText.orders;
/** How long "Undo" stays offered after a change of several orders. */
const undoForMs = 10_000;

/** An order the change moved, with the status it had before and its version since. */
interface Moved {
  before: SubmissionStatus;
  order: AdminOrder;
}

/**
 * One status for the selected orders, each changed only if nobody changed
 * it since it was listed; the outcome of each is shown. Orders changed
 * meanwhile stay selected, listed again with their new version. For a few
 * seconds, "Undo" puts each order changed back to its own former status, on
 * the version the change left it at: one a colleague changed since is left
 * as it is (409), and said so.
 */
export function BulkStatus({ orders, onDone }: { orders: AdminOrder[]; onDone(changed: string[]): void }) {
  const localize = useLocalize();
  const id = useId();
  const bulk = useBulkStatus();
  const [results, setResults] = useState<BulkStatusResponse['results']>();
  const [moved, setMoved] = useState<Moved[]>();
  const [undone, setUndone] = useState<BulkStatusResponse['results']>();
  const undo = useBulkStatus();
  const names = new Map(orders.map((order) => [order.orderId, orderName(order)]));

  useEffect(() => {
    if (!moved) return;
    const timer = setTimeout(() => setMoved(undefined), undoForMs);
    return () => clearTimeout(timer);
  }, [moved]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const status = new FormData(event.currentTarget).get('status') as SubmissionStatus;
    const before = new Map(orders.map((order) => [order.orderId, order.status]));
    setResults(undefined);
    setUndone(undefined);
    bulk.mutate(
      { status, orders },
      {
        onSuccess: (outcomes) => {
          setResults(outcomes);
          setMoved(
            outcomes.flatMap((result) =>
              result.outcome === 'updated' && before.get(result.orderId) !== result.order.status ? [{ before: before.get(result.orderId)!, order: result.order }] : [],
            ),
          );
          onDone(outcomes.filter((result) => result.outcome === 'updated').map((result) => result.orderId));
        },
      },
    );
  };

  /** Each order back to its own former status: one request per former status, each order on the version the change left it at. */
  const undoChange = async (changed: Moved[]) => {
    setMoved(undefined);
    const outcomes: BulkStatusResponse['results'] = [];
    try {
      for (const status of new Set(changed.map((entry) => entry.before))) {
        const group = changed.filter((entry) => entry.before === status).map((entry) => entry.order);
        outcomes.push(...(await undo.mutateAsync({ status, orders: group })));
      }
    } catch {
      // The failure is shown (undo.error); what was put back before it is said below.
    }
    setUndone(outcomes);
  };

  const count = (outcome: BulkStatusResponse['results'][number]['outcome']) => results?.filter((result) => result.outcome === outcome).length ?? 0;
  const undoneCount = (outcome: BulkStatusResponse['results'][number]['outcome']) => undone?.filter((result) => result.outcome === outcome).length ?? 0;
  const summary = results && [
    count('updated') > 0 && localize(text.bulkUpdated(count('updated'))),
    count('stale') > 0 && localize(text.bulkStale(count('stale'))),
    count('notFound') > 0 && localize(text.bulkNotFound(count('notFound'))),
  ];

  // Nothing selected: the last outcome stays in view until another filter is chosen.
  if (orders.length === 0 && !results && !undone) return null;
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
      {(bulk.error ?? undo.error) && <ErrorMessage>{(bulk.error ?? undo.error)!.message}</ErrorMessage>}
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
        {undone && (
          <p className="mt-2">
            {[undoneCount('updated') > 0 && localize(text.bulkUndone(undoneCount('updated'))), undoneCount('stale') > 0 && localize(text.bulkStale(undoneCount('stale')))]
              .filter(Boolean)
              .join(' · ')}
          </p>
        )}
      </StatusMessage>
      {moved && moved.length > 0 && (
        <button type="button" disabled={undo.isPending} onClick={() => void undoChange(moved)} className={`${secondaryButtonClass} mt-2`}>
          {localize(text.undoBulk)}
        </button>
      )}
    </section>
  );
}
