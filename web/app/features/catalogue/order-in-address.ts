import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { orderParameter } from '../../../../shared/catalogue/paths';
import { useHydrated } from '../../hooks/useHydrated';

/**
 * A list page opens the order form of the card its address names
 * (`/tracteurs?order=di75-4x2#di75-4x2`, where a search result leads), once
 * it has hydrated; the parameter then leaves the address, so a reload or
 * Back does not open it again. `open` says whether the page has such a card.
 */
export function useOrderInAddress(open: (cardId: string) => void) {
  const { search, hash } = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const cardId = new URLSearchParams(search).get(orderParameter);
  const opener = useRef(open);
  useEffect(() => {
    opener.current = open;
  });
  useEffect(() => {
    if (!hydrated || !cardId) return;
    opener.current(cardId);
    const rest = new URLSearchParams(search);
    rest.delete(orderParameter);
    void navigate({ search: rest.size > 0 ? `?${rest}` : '', hash }, { replace: true, preventScrollReset: true });
  }, [hydrated, cardId, search, hash, navigate]);
}
