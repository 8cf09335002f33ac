import { useId, useState, type FormEvent } from 'react';
import type { AdminOrder, OrderUpdate } from '../../../../shared/admin-api';
import { StatusOptions } from './labels';
import type { SubmissionStatus } from '../../../../shared/submissions';
import { useLocalize } from '../../../shared/i18n/language';
import { AdminApiError } from '../../api/client';
import { ErrorMessage, StatusMessage } from '../../components/feedback';
import { buttonClass, inputClass, labelClass, secondaryButtonClass } from '../../components/styles';
import { adminText } from '../../texts';
import { useStaffList, useUpdateOrder } from './orders-api';

const text = adminText.order;

type Outcome = 'saved' | 'nothing' | 'unread' | 'reloaded';

/**
 * The staff's follow-up of an order: its status along the workflow and who
 * follows it up, saved on the version the staff member is editing. While they have
 * not touched the form, a newer version (their own change, or a refreshed
 * order) simply replaces it; once they have, it stays, so that their change
 * never lands silently on someone else's: the API refuses it (409) and says
 * so, and "Reload the order" shows the order as it is now.
 */
export function OrderFollowUp({ order, onReloaded }: { order: AdminOrder; onReloaded(current: AdminOrder): void }) {
  const localize = useLocalize();
  const id = useId();
  const update = useUpdateOrder(order.orderId);
  const staff = useStaffList();
  const [outcome, setOutcome] = useState<Outcome>();
  const [edited, setEdited] = useState({ order, dirty: false });
  if (order.version !== edited.order.version && !edited.dirty) setEdited({ order, dirty: false });
  const shown = edited.order;
  const stale = update.error instanceof AdminApiError && update.error.status === 409 ? (update.error.body?.order as AdminOrder | undefined) : undefined;

  const settle = (next: AdminOrder, said: Outcome) => {
    setEdited({ order: next, dirty: false });
    setOutcome(said);
  };

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const status = data.get('status') as SubmissionStatus;
    const assignee = String(data.get('assignee') ?? '');
    const change: OrderUpdate = { version: shown.version };
    if (status !== shown.status) change.status = status;
    if (assignee !== (shown.assignee ?? '')) change.assignee = assignee;
    setOutcome(undefined);
    if (change.status === undefined && change.assignee === undefined) return setOutcome('nothing');
    update.mutate(change, { onSuccess: (next) => settle(next, 'saved') });
  };

  const reload = (current: AdminOrder) => {
    update.reset();
    onReloaded(current);
    settle(current, 'reloaded');
  };

  return (
    <>
      {/* Keyed by the version shown: a reloaded order shows its own status. */}
      <form key={shown.version} onSubmit={save} onChange={() => !edited.dirty && setEdited({ order: shown, dirty: true })}>
        <div className="mb-4">
          <label htmlFor={`${id}-status`} className={labelClass}>
            {localize(adminText.orders.status)}
          </label>
          <select id={`${id}-status`} name="status" defaultValue={shown.status} className={inputClass}>
            <StatusOptions />
          </select>
        </div>
        <div className="mb-4">
          <label htmlFor={`${id}-assignee`} className={labelClass}>
            {localize(text.assignee)}
          </label>
          <select id={`${id}-assignee`} name="assignee" defaultValue={shown.assignee ?? ''} className={inputClass}>
            <option value="">{localize(text.nobody)}</option>
            {[...new Set([...(staff.data ?? []), ...(shown.assignee ? [shown.assignee] : [])])].map((email) => (
              <option key={email} value={email}>
                {email}
              </option>
            ))}
          </select>
        </div>
        {update.error && (
          <ErrorMessage>
            <p>{update.error.message}</p>
            {stale && (
              <button type="button" onClick={() => reload(stale)} className={`${secondaryButtonClass} mt-3`}>
                {localize(text.reloadOrder)}
              </button>
            )}
          </ErrorMessage>
        )}
        <div className="flex flex-wrap gap-3">
          <button type="submit" disabled={update.isPending} className={buttonClass}>
            {localize(update.isPending ? adminText.saving : adminText.save)}
          </button>
          {shown.read && (
            <button
              type="button"
              disabled={update.isPending}
              onClick={() => update.mutate({ read: false, version: shown.version }, { onSuccess: (next) => settle(next, 'unread') })}
              className={secondaryButtonClass}
            >
              {localize(text.markUnread)}
            </button>
          )}
        </div>
      </form>
      <StatusMessage>
        {outcome === 'saved' && localize(text.saved)}
        {outcome === 'nothing' && localize(text.nothingChanged)}
        {outcome === 'unread' && localize(text.markedUnread)}
        {outcome === 'reloaded' && localize(text.reloaded)}
      </StatusMessage>
    </>
  );
}
