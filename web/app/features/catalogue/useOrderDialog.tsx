import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { orderValues, type OrderContext } from '../../../../shared/catalogue/types';
import { Modal } from '../../../shared/components/Modal';
import { SuccessBanner } from '../../components/SuccessBanner';
import { thankYouPath } from '../../config/paths';
import { AddedItems } from '../../forms/AddedItems';
import { LazyOrderForm } from '../../forms/LazyOrderForm';
import type { SentOrder } from '../../forms/OrderForm';
import { useLocalize } from '../../../shared/i18n/language';
import { useSiteText } from '../../../shared/content/content';

export interface OrderRequest {
  formId: string;
  context: OrderContext;
  /** Modal title. */
  title: string;
}

/**
 * The order modal of a catalogue page: `open` it from any card. After a send,
 * the form's schema decides between the page's green banner (which stays) and
 * /thank-you; "Add Another" only clears the selection, and the next item's
 * form keeps the farmer's details and lists what was already sent.
 */
export function useOrderDialog({ onSent }: { onSent?(order: SentOrder, request: OrderRequest): void } = {}) {
  const siteText = useSiteText();
  const localize = useLocalize();
  const navigate = useNavigate();
  const [request, setRequest] = useState<OrderRequest>();
  const [sent, setSent] = useState(false);
  // What was already sent in this request ("Add Another"), listed in the next item's form.
  const [added, setAdded] = useState<string[]>([]);
  const contextValues = useMemo(() => request && orderValues(request.context), [request]);

  const dialog = (
    <Modal open={request !== undefined} title={request?.title ?? ''} onClose={() => setRequest(undefined)}>
      <AddedItems names={added} />
      {request && (
        <LazyOrderForm
          formId={request.formId}
          contextValues={contextValues}
          contextNames={request.context}
          allowAddAnother
          onKept={() => setRequest(undefined)}
          onSent={(order) => {
            onSent?.(order, request);
            setRequest(undefined);
            setAdded(order.mode === 'addAnother' ? [...added, sentItemName(request, order)] : []);
            if (order.mode === 'addAnother') return;
            if (order.onSuccess === 'thank-you') navigate(thankYouPath);
            else setSent(true);
          }}
        />
      )}
    </Modal>
  );
  const banner = sent ? <SuccessBanner message={localize(siteText.orderSent)} /> : null;

  return { open: setRequest, dialog, banner };
}

/** What a sent order was for, as the farmer reads it: the item, and the part typed for it (`IMT — Pompe hydraulique`). */
export function sentItemName(request: Pick<OrderRequest, 'title' | 'context'>, order: Pick<SentOrder, 'data'>): string {
  const part = request.context.partName ? undefined : order.data.partName;
  return typeof part === 'string' ? `${request.title} — ${part}` : request.title;
}
