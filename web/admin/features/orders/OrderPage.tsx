import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import type { AdminOrder } from '../../../../shared/admin-api';
import { sitePath } from '../../../../shared/site-address';
import { languageNames } from '../../../shared/components/LanguageChoices';
import { useLanguage, useLocalize } from '../../../shared/i18n/language';
import { ErrorMessage, Loading } from '../../components/feedback';
import { formatDateTime } from '../../components/format';
import { PageHeading } from '../../components/PageHeading';
import { cardClass } from '../../components/styles';
import { adminText } from '../../texts';
import { searchOf } from './order-filter';
import { OrderDeliveries } from './OrderDeliveries';
import { OrderFollowUp } from './OrderFollowUp';
import { OrderHistory } from './OrderHistory';
import { OrderKeeping } from './OrderKeeping';
import { OrderLabels } from './OrderLabels';
import { OrderNotes } from './OrderNotes';
import { OrderReply } from './OrderReply';
import { PrintOrder } from './PrintOrder';
import { CheckMark, orderName, StatusBadge, wilayaLabel } from './labels';
import { showOrder, useOrder, useUpdateOrder } from './orders-api';

const text = adminText.order;

/**
 * /admin/orders/{orderId}: what the visitor sent, labelled from the form's
 * schema, its photos, the sheet row, the deliveries, the buttons that
 * answer the farmer, the staff's follow-up (status) and their notes, with
 * its history. Opening it marks it read.
 */
export default function OrderPage() {
  const { orderId = '' } = useParams();
  const localize = useLocalize();
  const { state } = useLocation() as { state?: { inboxSearch?: string } };
  const order = useOrder(orderId);
  useMarkRead(order.data);

  const back = (
    <Link to={{ pathname: '/orders', search: state?.inboxSearch ?? '' }} className="inline-flex min-h-11 items-center font-medium text-brand-800 underline print:hidden">
      {localize(text.back)}
    </Link>
  );
  if (order.isPending) return <Loading />;
  if (order.error) {
    return (
      <>
        <PageHeading title={localize(text.notFound)} />
        <ErrorMessage>{order.error.message}</ErrorMessage>
        {back}
      </>
    );
  }
  return <OrderView order={order.data} back={back} inboxSearch={state?.inboxSearch ?? ''} />;
}

/** The first time an unread order is shown here, it becomes read (one history entry). */
function useMarkRead(order: AdminOrder | undefined) {
  const update = useUpdateOrder(order?.orderId ?? '');
  const marked = useRef(false);
  const { mutate } = update;
  useEffect(() => {
    if (!order || order.read || marked.current) return;
    marked.current = true;
    mutate({ read: true, version: order.version });
  }, [order, mutate]);
}

function OrderView({ order, back, inboxSearch }: { order: AdminOrder; back: ReactNode; inboxSearch: string }) {
  const localize = useLocalize();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const phoneSearch = order.contact.phone && searchOf({ list: order.list, q: order.contact.phone }).toString();

  return (
    <>
      {back}
      <PageHeading title={orderName(order)}>
        <StatusBadge status={order.status} />
        <CheckMark order={order} />
        <PrintOrder />
      </PageHeading>
      <div className="grid gap-5 lg:grid-cols-[3fr_2fr]">
        <div className="grid content-start gap-5">
          <Section title={localize(text.contact)}>
            <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
              <Item label={localize(adminText.orders.form)}>{order.formTitle}</Item>
              <Item label={localize(text.received)}>{formatDateTime(order.createdAt, language)}</Item>
              <Item label={localize(text.visitorLanguage)}>{languageNames[order.language]}</Item>
              {order.contact.phone && (
                <Item label={localize(adminText.orders.phone)}>
                  <span className="flex flex-wrap gap-x-4 gap-y-1">
                    <a href={`tel:${order.contact.phone.replace(/[^\d+]/g, '')}`} dir="ltr" className="font-semibold text-brand-800 underline">
                      {order.contact.phone}
                    </a>
                    <Link to={{ pathname: '/orders', search: phoneSearch }} className="text-brand-800 underline">
                      {localize(adminText.orders.otherRequests)}
                    </Link>
                  </span>
                </Item>
              )}
              {order.contact.wilaya && <Item label={localize(adminText.orders.wilaya)}>{localize(wilayaLabel(order.contact.wilaya))}</Item>}
            </dl>
          </Section>

          <Section title={localize(text.reply.title)} className="print:hidden">
            <OrderReply order={order} />
          </Section>

          <Section title={localize(text.details)}>
            {order.spam && <ErrorMessage>{localize(text.spam[order.spam.reason])}</ErrorMessage>}
            {order.check && <p className="my-3 rounded-lg border border-danger-700/30 p-3 font-medium text-danger-700">{localize(text.check[order.check.reason])}</p>}
            <dl className="grid gap-x-4 gap-y-3 sm:grid-cols-[auto_1fr]">
              {order.fields.map((field) => (
                <Item key={field.name} label={field.label}>
                  {field.kind === 'photos' ? <Photos urls={Array.isArray(field.value) ? (field.value as string[]) : []} /> : <span dir="auto" className="whitespace-pre-line">{field.text}</span>}
                </Item>
              ))}
            </dl>
          </Section>

          <Section title={localize(text.sheetRow)} className="print:hidden">
            <p className="mb-2 text-sm text-ink-muted">
              {localize(text.sheet)}: <code dir="ltr">{order.sheet}</code>
            </p>
            <SheetRow order={order} />
          </Section>
        </div>

        <div className="grid content-start gap-5 print:hidden">
          <Section title={localize(text.handling)}>
            <OrderFollowUp order={order} onReloaded={(current) => showOrder(queryClient, language, current)} />
          </Section>
          <Section title={localize(text.labels.title)}>
            <OrderLabels order={order} />
          </Section>
          <Section title={localize(text.notes.title)}>
            <OrderNotes order={order} />
          </Section>
          <Section title={localize(text.keeping.title)}>
            <OrderKeeping order={order} inboxSearch={inboxSearch} />
          </Section>
          <Section title={localize(text.deliveries)}>
            <OrderDeliveries order={order} />
          </Section>
          <Section title={localize(text.history)}>
            <OrderHistory order={order} />
          </Section>
        </div>
      </div>
    </>
  );
}

function Section({ title, className = '', children }: { title: string; className?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`${cardClass} ${className}`}>
      <h2 id={id} className="mb-3 text-lg font-bold text-brand-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-ink-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

/**
 * The row as the sheet got it, each cell under its column's label in the
 * sheet's order: a list value also in the staff's language, the time sent
 * in Algiers time. Columns of a form since removed are numbered.
 */
function SheetRow({ order }: { order: AdminOrder }) {
  const localize = useLocalize();
  const language = useLanguage();
  return (
    <ol className="grid gap-1">
      {order.row.map((cell, index) => {
        const column = order.sheetCells?.[index];
        return (
          <li key={index} className="grid gap-x-3 border-b border-line py-1 last:border-0 sm:grid-cols-[minmax(6rem,12rem)_1fr]">
            <span className="text-sm text-ink-muted">{column?.label ?? localize(text.column(index + 1))}</span>
            <span className="min-w-0 wrap-anywhere">
              {column?.kind === 'time' && cell ? (
                <time dateTime={cell}>{formatDateTime(cell, language)}</time>
              ) : (
                <span dir="auto">{column?.text ?? cell}</span>
              )}
              {column?.text && (
                <>
                  {' '}
                  <span dir="auto" className="text-sm text-ink-muted">
                    ({cell})
                  </span>
                </>
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** Photos as thumbnails, each a link to the picture at full size, on the address the admin is open at. */
function Photos({ urls }: { urls: string[] }) {
  const localize = useLocalize();
  return (
    <ul className="flex flex-wrap gap-2">
      {urls.map(sitePath).map((url, index) => (
        <li key={url}>
          <a href={url} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-lg border border-line">
            <img src={url} alt={localize(text.openPhoto(index + 1))} loading="lazy" className="size-24 object-cover sm:size-28" />
          </a>
        </li>
      ))}
    </ul>
  );
}
