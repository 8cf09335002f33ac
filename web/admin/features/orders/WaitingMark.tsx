import type { AdminOrder } from '../../../../shared/admin-api';
import { useLanguage, useLocalize } from '../../../shared/i18n/language';
import { useOrderCounts } from '../../api/order-counts';
import { formatMinutes } from '../../components/format';
import { adminText } from '../../texts';

/** "Unanswered for over 2 h": a new order nobody has answered for longer than the set time of opening hours. */
export function WaitingMark({ order }: { order: AdminOrder }) {
  const localize = useLocalize();
  const language = useLanguage();
  const counts = useOrderCounts();
  if (!order.waiting) return null;
  const limit = counts.data?.waitingAfterMinutes;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-danger-50 px-2.5 py-0.5 text-sm font-semibold text-danger-700">
      <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4 shrink-0 fill-none stroke-current" strokeWidth="1.75" strokeLinecap="round">
        <circle cx="8" cy="8" r="6.25" />
        <path d="M8 4.5V8l2.5 1.5" />
      </svg>
      {limit === undefined ? localize(adminText.waitingOrders.waiting) : localize(adminText.waitingOrders.mark(formatMinutes(limit, language)))}
    </span>
  );
}
