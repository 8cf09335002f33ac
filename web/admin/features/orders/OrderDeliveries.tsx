import { useState } from 'react';
import { deliveryKindLabels, deliveryStateLabels, type AdminOrder, type OrderDelivery } from '../../../../shared/admin-api';
import type { StaffDeliveryKind } from '../../../../shared/submissions';
import { useLanguage, useLocalize } from '../../../shared/i18n/language';
import { ErrorMessage, StatusMessage } from '../../components/feedback';
import { formatDateTime } from '../../components/format';
import { secondaryButtonClass } from '../../components/styles';
import { adminText } from '../../texts';
import { deliveryErrorInWords } from './delivery-error';
import { useUpdateOrder } from './orders-api';

const text = adminText.order;

/**
 * Where the order went (decision 2): each delivery's state, attempts and
 * last error, and "Send again" for one not sent yet, which the worker then
 * tries at once.
 */
export function OrderDeliveries({ order }: { order: AdminOrder }) {
  const localize = useLocalize();
  const language = useLanguage();
  const update = useUpdateOrder(order.orderId);
  const [resent, setResent] = useState<StaffDeliveryKind>();
  const deliveries = Object.entries(order.deliveries) as [StaffDeliveryKind, OrderDelivery][];
  const time = (iso?: string) => iso && formatDateTime(iso, language);

  return (
    <>
      <ul className="grid gap-3">
        {deliveries.map(([kind, delivery]) => (
          <li key={kind} className="rounded-lg border border-line p-3">
            <p className="font-semibold">
              {localize(deliveryKindLabels[kind])}:{' '}
              <span className={delivery.state === 'failing' || delivery.state === 'needsStaff' ? 'text-danger-700' : delivery.state === 'sent' ? 'text-brand-800' : ''}>
                {localize(deliveryStateLabels[delivery.state])}
              </span>
            </p>
            {delivery.state === 'needsStaff' && <p className="mt-1 text-sm">{localize(text.needsStaffHelp)}</p>}
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
              <dt className="text-ink-muted">{localize(text.attempts)}</dt>
              <dd>{delivery.attempts}</dd>
              {delivery.lastAttemptAt && (
                <>
                  <dt className="text-ink-muted">{localize(text.lastAttempt)}</dt>
                  <dd>{time(delivery.lastAttemptAt)}</dd>
                </>
              )}
              {delivery.lastError && (
                <>
                  <dt className="text-ink-muted">{localize(text.lastError)}</dt>
                  <dd className="min-w-0 text-danger-700">
                    {localize(deliveryErrorInWords(kind, delivery.lastError))}
                    <details className="mt-1 text-ink-muted">
                      <summary className="cursor-pointer">{localize(text.technicalDetails)}</summary>
                      <code dir="ltr" className="block wrap-anywhere">
                        {delivery.lastError}
                      </code>
                    </details>
                  </dd>
                </>
              )}
              {delivery.state !== 'sent' && delivery.nextAttemptAt && (
                <>
                  <dt className="text-ink-muted">{localize(text.nextAttempt)}</dt>
                  <dd>{time(delivery.nextAttemptAt)}</dd>
                </>
              )}
              {delivery.sentAt && (
                <>
                  <dt className="text-ink-muted">{localize(text.sentAt)}</dt>
                  <dd>{time(delivery.sentAt)}</dd>
                </>
              )}
            </dl>
            {delivery.state !== 'sent' && (
              <button
                type="button"
                disabled={update.isPending}
                onClick={() => update.mutate({ resend: [kind], version: order.version }, { onSuccess: () => setResent(kind) })}
                aria-label={localize(text.sendAgainFor(localize(deliveryKindLabels[kind])))}
                className={`${secondaryButtonClass} mt-2`}
              >
                {localize(text.sendAgain)}
              </button>
            )}
          </li>
        ))}
      </ul>
      {update.error && <ErrorMessage>{update.error.message}</ErrorMessage>}
      <StatusMessage>{resent && localize(text.resent)}</StatusMessage>
    </>
  );
}
