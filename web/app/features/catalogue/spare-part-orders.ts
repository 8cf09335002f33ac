import { useEffect } from 'react';
import { orderValues } from '../../../../shared/catalogue/types';
import { pixel } from '../../lib/pixel';
import { useOrderDialog, type OrderRequest } from './useOrderDialog';

/** What the advertising pixel is told was asked for: the fixed item (as the dealer's sheet names it), else the modal's title. */
function contentName(request: Pick<OrderRequest, 'context' | 'title'>): string {
  const fixed = Object.values(orderValues(request.context)).filter((value) => value !== '');
  return fixed.length > 0 ? fixed.join(' ') : request.title;
}

/** Tells the advertising pixel that a spare-part order was sent. */
export function reportSparePartOrder(request: Pick<OrderRequest, 'formId' | 'context' | 'title'>) {
  pixel.submitApplication(contentName(request), request.formId);
}

/** The order modal of a spare-part page: each order sent is also reported to the advertising pixel. */
export function useSparePartOrderDialog() {
  return useOrderDialog({ onSent: (_order, request) => reportSparePartOrder(request) });
}

/** A brand page counts as a page view for the advertising pixel (a no-op until the pixel has started). */
export function useBrandPageView(brandId: string | undefined) {
  useEffect(() => {
    pixel.pageView();
  }, [brandId]);
}
