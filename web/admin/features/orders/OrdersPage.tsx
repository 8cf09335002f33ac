import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { submissionLists } from '../../../../shared/submission-lists';
import { useLocalize } from '../../../shared/i18n/language';
import { ErrorMessage, LoadMore, Loading } from '../../components/feedback';
import { PageHeading } from '../../components/PageHeading';
import { adminText } from '../../texts';
import { BulkStatus } from './BulkStatus';
import { ExportOrders } from './ExportOrders';
import { filterFromSearch, searchOf } from './order-filter';
import { OrderFilters } from './OrderFilters';
import { OrderList } from './OrderList';
import { useOrderCounts } from '../../api/order-counts';
import { useOrderPages } from './orders-api';

const text = adminText.orders;

/**
 * /admin/orders: every submission of every form, newest first, paged on the
 * server; the filters live in the address. Orders and messages in one list,
 * newsletter subscriptions in their own.
 */
export default function OrdersPage() {
  const localize = useLocalize();
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const filter = useMemo(() => filterFromSearch(new URLSearchParams(search)), [search]);
  const pages = useOrderPages(filter);
  const counts = useOrderCounts();
  const [selection, setSelection] = useState<{ search: string; ids: Set<string> }>({ search, ids: new Set() });
  // Another filter starts with nothing selected.
  const selected = selection.search === search ? selection.ids : new Set<string>();

  const orders = pages.data?.pages.flatMap((page) => page.orders) ?? [];
  const selectedOrders = orders.filter((order) => selected.has(order.orderId));

  const select = (orderIds: string[], on: boolean) => {
    const ids = new Set(selected);
    for (const orderId of orderIds) {
      if (on) ids.add(orderId);
      else ids.delete(orderId);
    }
    setSelection({ search, ids });
  };

  return (
    <>
      <PageHeading title={localize(adminText.nav.orders)}>
        {counts.data && counts.data.new > 0 && (
          <span className="rounded-full bg-harvest-400 px-3 py-0.5 font-bold">{localize(text.newCount(counts.data.new))}</span>
        )}
      </PageHeading>

      <nav aria-label={localize(text.filters)} className="mb-4 flex flex-wrap gap-2">
        {submissionLists.map((list) => (
          <Link
            key={list}
            to={{ search: searchOf({ list }).toString() }}
            aria-current={filter.list === list ? 'page' : undefined}
            className="flex min-h-11 items-center rounded-lg border border-line bg-white px-4 font-medium aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
          >
            {localize(text.lists[list])}
          </Link>
        ))}
      </nav>

      <OrderFilters key={`filters?${search}`} filter={filter} onApply={(next) => setParams(searchOf(next))} />

      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <p role="status" className="min-h-11 content-center font-medium">
          {pages.data && localize(text.shown(orders.length))}
        </p>
        <ExportOrders filter={filter} selected={selectedOrders.map((order) => order.orderId)} />
      </div>

      <BulkStatus key={`bulk?${search}`} orders={selectedOrders} onDone={(changed) => select(changed, false)} />

      {pages.isPending && <Loading />}
      {pages.error && <ErrorMessage>{pages.error.message}</ErrorMessage>}
      {pages.data && orders.length === 0 && !pages.hasNextPage && <p className="py-8 text-center text-ink-muted">{localize(text.none)}</p>}
      {orders.length > 0 && <OrderList orders={orders} selected={selected} onSelect={select} />}
      <LoadMore pages={pages} />
    </>
  );
}
