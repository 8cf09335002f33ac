import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { AdminOrder } from '../../../../shared/admin-api';
import { useLocalize } from '../../../shared/i18n/language';
import { isAdmin, useSession } from '../../auth/session';
import { ConfirmDelete } from '../../components/ConfirmDelete';
import { ErrorMessage } from '../../components/feedback';
import { dangerButtonClass, secondaryButtonClass } from '../../components/styles';
import { adminText } from '../../texts';
import { orderName } from './labels';
import { useDeleteOrder, useUpdateOrder } from './orders-api';

const text = adminText.order.keeping;

/**
 * Taking an order out of the inbox (archive, and back), on the version seen
 * like any change; and, for admins, deleting it for good when the farmer
 * asks to be forgotten, after a confirmation naming the farmer.
 */
export function OrderKeeping({ order, inboxSearch }: { order: AdminOrder; inboxSearch: string }) {
  const localize = useLocalize();
  const session = useSession();
  const navigate = useNavigate();
  const update = useUpdateOrder(order.orderId);
  const remove = useDeleteOrder(order.orderId);
  const [confirming, setConfirming] = useState(false);
  const name = orderName(order);

  const confirmDelete = () => {
    setConfirming(false);
    remove.mutate(undefined, { onSuccess: () => void navigate({ pathname: '/orders', search: inboxSearch }) });
  };

  return (
    <>
      {order.archived && <p className="mb-3 font-medium">{localize(text.archived)}</p>}
      {(update.error ?? remove.error) && <ErrorMessage>{(update.error ?? remove.error)!.message}</ErrorMessage>}
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          disabled={update.isPending}
          onClick={() => update.mutate({ archived: !order.archived, version: order.version })}
          className={secondaryButtonClass}
        >
          {localize(order.archived ? text.unarchive : text.archive)}
        </button>
        {isAdmin(session) && (
          <button type="button" disabled={remove.isPending} onClick={() => setConfirming(true)} className={dangerButtonClass}>
            {localize(text.delete)}
          </button>
        )}
      </div>
      {isAdmin(session) && <p className="mt-2 text-sm text-ink-muted">{localize(text.deleteHelp)}</p>}
      <ConfirmDelete question={confirming ? localize(text.confirm(name)) : undefined} onConfirm={confirmDelete} onCancel={() => setConfirming(false)} />
    </>
  );
}
