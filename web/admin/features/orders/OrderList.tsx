import { Link, useLocation } from 'react-router';
import type { AdminOrder, OrderColumn } from '../../../../shared/admin-api';
import { useLanguage, useLocalize } from '../../../shared/i18n/language';
import { formatDateTime } from '../../components/format';
import { TableHead } from '../../components/TableHead';
import { useWideScreen } from '../../components/use-wide-screen';
import { adminText } from '../../texts';
import { CheckMark, DeliveryWarnings, orderName, StatusBadge, wilayaLabel } from './labels';
import { WaitingMark } from './WaitingMark';

const text = adminText.orders;

interface OrderListProps {
  orders: AdminOrder[];
  selected: ReadonlySet<string>;
  onSelect(orderIds: string[], selected: boolean): void;
}

/** The inbox's rows: a table of the chosen columns on a desk, cards on a phone. Unread orders stand out; each opens its page. */
export function OrderList({ columns, ...props }: OrderListProps & { columns: OrderColumn[] }) {
  const wide = useWideScreen();
  return wide ? <OrderTable {...props} columns={columns.filter((column) => column.shown)} /> : <OrderCards {...props} />;
}

function OrderTable({ orders, selected, onSelect, columns }: OrderListProps & { columns: OrderColumn[] }) {
  const localize = useLocalize();
  return (
    <div className="overflow-x-auto rounded-card border border-line bg-white">
      <table className="w-full text-start">
        <caption className="sr-only">{localize(text.results)}</caption>
        <TableHead
          first={
            <th scope="col" className="w-12 p-3">
              <SelectAll orders={orders} selected={selected} onSelect={onSelect} />
            </th>
          }
          headings={columns.map((column) => column.label)}
        />
        <tbody>
          {orders.map((order) => (
            <tr key={order.orderId} className={`border-b border-line last:border-0 ${order.read ? '' : 'bg-harvest-400/10 font-semibold'}`}>
              <td className="p-3">
                <SelectOrder order={order} selected={selected} onSelect={onSelect} />
              </td>
              {columns.map((column) => (
                <td key={column.key} className={`p-3 ${column.phone || column.key === 'date' ? 'whitespace-nowrap' : ''} ${column.key === 'delivery' ? 'font-normal' : ''}`} dir={column.phone ? 'ltr' : undefined}>
                  <OrderCell order={order} column={column} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One cell: the list's own columns, or a field of the form's view (its text as staff read it; photos counted). */
function OrderCell({ order, column }: { order: AdminOrder; column: OrderColumn }) {
  const localize = useLocalize();
  const language = useLanguage();
  if (column.opensOrder) return <OrderLink order={order} />;
  if (column.field !== undefined) {
    const field = order.fields.find((candidate) => candidate.name === column.field);
    if (!field) return null;
    return <>{field.kind === 'photos' ? localize(adminText.inboxView.photos(Array.isArray(field.value) ? field.value.length : 0)) : field.text}</>;
  }
  switch (column.key) {
    case 'date':
      return <>{formatDateTime(order.createdAt, language)}</>;
    case 'form':
      return <>{order.formTitle}</>;
    case 'phone':
      return <>{order.contact.phone}</>;
    case 'wilaya':
      return <>{order.contact.wilaya && localize(wilayaLabel(order.contact.wilaya))}</>;
    case 'item':
      return <>{order.item}</>;
    case 'status':
      return (
        <span className="flex flex-wrap gap-1.5">
          <StatusBadge status={order.status} />
          <CheckMark order={order} />
          <WaitingMark order={order} />
        </span>
      );
    case 'delivery':
      return <DeliveryWarnings order={order} />;
    default:
      return null;
  }
}

function OrderCards({ orders, selected, onSelect }: OrderListProps) {
  const localize = useLocalize();
  const language = useLanguage();
  return (
    <>
      <div className="mb-2 px-1">
        <SelectAll orders={orders} selected={selected} onSelect={onSelect} withLabel />
      </div>
      <ul className="grid gap-3">
        {orders.map((order) => (
          <li
            key={order.orderId}
            className={`rounded-card border bg-white p-4 shadow-sm ${order.read ? 'border-line' : 'border-harvest-500 border-s-4'}`}
          >
            <div className="flex items-start gap-3">
              <SelectOrder order={order} selected={selected} onSelect={onSelect} />
              <div className="min-w-0 flex-1">
                {/* A name typed as one long word wraps inside the card. */}
                <p className={`wrap-anywhere ${order.read ? 'font-medium' : 'font-bold'}`}>
                  <OrderLink order={order} />
                </p>
                <p className="text-sm text-ink-muted">
                  {order.formTitle} · {formatDateTime(order.createdAt, language)}
                </p>
                <p className="mt-1 text-sm">
                  <span dir="ltr">{order.contact.phone}</span>
                  {order.contact.wilaya && ` · ${localize(wilayaLabel(order.contact.wilaya))}`}
                </p>
                <div className="mt-2 flex flex-wrap items-center gap-2">
                  <StatusBadge status={order.status} />
                  <CheckMark order={order} />
                  <WaitingMark order={order} />
                  <DeliveryWarnings order={order} />
                </div>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The order's name (or form) as a link to its page; the inbox's address is kept for the way back. */
function OrderLink({ order }: { order: AdminOrder }) {
  const localize = useLocalize();
  const { search } = useLocation();
  return (
    <Link to={`/orders/${order.orderId}`} state={{ inboxSearch: search }} className="text-brand-800 underline-offset-2 hover:underline">
      {orderName(order)}
      {!order.read && <span className="sr-only"> ({localize(text.unread)})</span>}
      {!order.read && <span aria-hidden="true" className="ms-2 inline-block size-2.5 rounded-full bg-harvest-500 align-middle" />}
    </Link>
  );
}

function SelectOrder({ order, selected, onSelect }: { order: AdminOrder } & Omit<OrderListProps, 'orders'>) {
  const localize = useLocalize();
  return (
    <input
      type="checkbox"
      checked={selected.has(order.orderId)}
      onChange={(event) => onSelect([order.orderId], event.target.checked)}
      aria-label={localize(text.selectOrder(orderName(order)))}
      className="size-5 accent-brand-700"
    />
  );
}

function SelectAll({ orders, selected, onSelect, withLabel = false }: OrderListProps & { withLabel?: boolean }) {
  const localize = useLocalize();
  const all = orders.length > 0 && orders.every((order) => selected.has(order.orderId));
  const some = orders.some((order) => selected.has(order.orderId));
  const box = (
    <input
      type="checkbox"
      checked={all}
      ref={(input) => {
        if (input) input.indeterminate = some && !all;
      }}
      onChange={(event) => onSelect(orders.map((order) => order.orderId), event.target.checked)}
      aria-label={withLabel ? undefined : localize(text.selectPage)}
      className="size-5 accent-brand-700"
    />
  );
  if (!withLabel) return box;
  return (
    <label className="flex min-h-11 items-center gap-3 font-medium">
      {box}
      {localize(text.selectPage)}
    </label>
  );
}
