import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { OrderColumn } from '../../../../shared/admin-api';
import { submissionLists } from '../../../../shared/submission-lists';
import { useLocalize } from '../../../shared/i18n/language';
import { ErrorMessage, LoadMore, Loading } from '../../components/feedback';
import { PageHeading } from '../../components/PageHeading';
import { adminText } from '../../texts';
import { useSession } from '../../auth/session';
import { AdminApiError } from '../../api/client';
import { useWideScreen } from '../../components/use-wide-screen';
import { columnsView, rememberedView, rememberView, viewFromSearch, withView, type InboxView } from './inbox-view';
import { ColumnChoice, SortChoice } from './InboxViewChoices';
import { BulkStatus } from './BulkStatus';
import { ExportOrders } from './ExportOrders';
import { filterFromSearch, searchOf } from './order-filter';
import { OrderFilters } from './OrderFilters';
import { OrderList } from './OrderList';
import { useOrderCounts } from '../../api/order-counts';
import { useOrderPages } from './orders-api';

const text = adminText.orders;

/**
 * /admin/orders: every submission of every form, newest first or as sorted,
 * paged on the server; the filters, the sort and the columns live in the
 * address (the last two also remembered for the staff member, inbox-view.ts).
 * Orders and messages in one list, newsletter subscriptions in their own.
 */
export default function OrdersPage() {
  const localize = useLocalize();
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const filter = useMemo(() => filterFromSearch(new URLSearchParams(search)), [search]);
  const view = useMemo(() => viewFromSearch(new URLSearchParams(search)), [search]);
  const pages = useOrderPages(filter, view);
  // While another choice of columns loads, the chooser stays, showing that choice.
  const served = pages.data?.pages[0]?.columns;
  const [known, setKnown] = useState<{ view: string; columns: OrderColumn[] }>();
  if (served && served !== known?.columns) setKnown({ view: columnsView(filter.form), columns: served });
  const columns =
    served ??
    (known?.view === columnsView(filter.form)
      ? known.columns.map((column) => ({ ...column, shown: column.opensOrder === true || (view.columns?.includes(column.key) ?? column.shown) }))
      : []);
  const wide = useWideScreen();
  const session = useSession();
  const staff = session.state === 'signedIn' ? session.staff.email : undefined;

  // An address without a sort or columns opens as this staff member last chose them.
  useEffect(() => {
    if (!staff) return;
    const current = new URLSearchParams(search);
    const remembered = rememberedView(staff);
    const columns = remembered.columns[columnsView(filter.form)];
    // Only what the address leaves out: `sort=newest` there is a choice too.
    const restored = withView(current, {
      sort: current.has('sort') ? view.sort : remembered.sort,
      columns: current.has('cols') ? view.columns : columns,
    });
    if (current.has('sort') && !view.sort) restored.set('sort', current.get('sort')!);
    if (restored.toString() !== current.toString()) setParams(restored, { replace: true });
  }, [staff, search, view, filter.form, setParams]);

  const chooseView = (next: InboxView) => {
    if (staff) rememberView(staff, next, columnsView(filter.form));
    setParams(withView(new URLSearchParams(search), next));
  };
  // Columns this view no longer has (a form changed since they were chosen): the API says which; the usual ones take their place.
  const staleColumns = pages.error instanceof AdminApiError && pages.error.body?.code === 'unknownColumn' && view.columns !== undefined;
  useEffect(() => {
    if (!staleColumns) return;
    if (staff) rememberView(staff, { ...view, columns: undefined }, columnsView(filter.form));
    setParams(withView(new URLSearchParams(search), { ...view, columns: undefined }), { replace: true });
  }, [staleColumns, staff, view, filter.form, search, setParams]);
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

      {/* Another filter keeps the sort, and the columns while it shows the same form. */}
      <OrderFilters
        key={`filters?${search}`}
        filter={filter}
        onApply={(next) => setParams(withView(searchOf(next), { sort: view.sort, columns: next.form === filter.form ? view.columns : undefined }))}
      />

      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <p role="status" className="min-h-11 content-center font-medium">
          {pages.data && localize(text.shown(orders.length))}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <SortChoice sort={view.sort ?? 'newest'} onChange={(sort) => chooseView({ ...view, sort: sort === 'newest' ? undefined : sort })} />
          {wide && columns.length > 0 && <ColumnChoice columns={columns} onChange={(shown) => chooseView({ ...view, columns: shown })} />}
        </div>
        <ExportOrders filter={filter} selected={selectedOrders.map((order) => order.orderId)} />
      </div>

      <BulkStatus key={`bulk?${search}`} orders={selectedOrders} onDone={(changed) => select(changed, false)} />

      {pages.isPending && <Loading />}
      {pages.error && <ErrorMessage>{pages.error.message}</ErrorMessage>}
      {pages.data && orders.length === 0 && !pages.hasNextPage && <p className="py-8 text-center text-ink-muted">{localize(text.none)}</p>}
      {orders.length > 0 && <OrderList orders={orders} columns={columns} selected={selected} onSelect={select} />}
      <LoadMore pages={pages} />
    </>
  );
}
