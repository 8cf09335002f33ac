import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLanguage, useLocalize } from '../../../shared/i18n/language';
import { formatMinutes } from '../../components/format';
import { PageHeading } from '../../components/PageHeading';
import { adminText } from '../../texts';
import { useOrderCounts } from '../../api/order-counts';
import { ReadinessCard } from './ReadinessCard';
import { OrderStatsPanel } from './OrderStatsPanel';

const text = adminText.dashboard;

/**
 * /admin: what is left before the site shows the dealer's real data, the orders inbox with its count of new orders
 * (and of those waiting too long), the spec's three cards (products, translations, media), then the inbox's figures.
 */
export default function DashboardPage() {
  const localize = useLocalize();
  const language = useLanguage();
  const counts = useOrderCounts();
  return (
    <>
      <PageHeading title={localize(adminText.nav.dashboard)} />
      <ul className="grid gap-4 sm:grid-cols-2">
        <ReadinessCard />
        <Card to="/orders" title={localize(adminText.nav.orders)} highlight={(counts.data?.new ?? 0) > 0}>
          <p className="text-lg font-semibold">{counts.data ? localize(text.ordersText(counts.data.new)) : '…'}</p>
          {counts.data && counts.data.undelivered > 0 && <p className="mt-1 text-danger-700">{localize(text.undelivered(counts.data.undelivered))}</p>}
        </Card>
        {counts.data && counts.data.needsStaff > 0 && (
          <Card to="/orders?delivery=needsStaff" title={localize(text.needsStaffTitle)} highlight>
            <p className="font-semibold text-danger-700">{localize(text.needsStaff(counts.data.needsStaff))}</p>
          </Card>
        )}
        {counts.data && counts.data.waiting > 0 && (
          <Card to="/orders?waiting=true" title={localize(adminText.waitingOrders.cardTitle)} highlight>
            <p className="font-semibold text-danger-700">
              {localize(adminText.waitingOrders.count(counts.data.waiting, formatMinutes(counts.data.waitingAfterMinutes, language)))}
            </p>
          </Card>
        )}
        <Card to="/products" title={localize(adminText.nav.products)}>
          <p>{localize(text.productsText)}</p>
        </Card>
        <Card to="/translations" title={localize(adminText.nav.translations)}>
          <p>{localize(text.translationsText)}</p>
        </Card>
        <Card to="/media" title={localize(adminText.nav.media)}>
          <p>{localize(text.mediaText)}</p>
        </Card>
      </ul>
      <OrderStatsPanel />
    </>
  );
}

function Card({ to, title, highlight = false, children }: { to: string; title: string; highlight?: boolean; children: ReactNode }) {
  return (
    <li>
      <Link
        to={to}
        className={`block h-full rounded-card border bg-white p-5 shadow-sm hover:border-brand-700 ${highlight ? 'border-harvest-500 border-s-8' : 'border-line'}`}
      >
        <h2 className="mb-2 text-xl font-bold text-brand-900">{title}</h2>
        <div className="text-ink">{children}</div>
      </Link>
    </li>
  );
}
