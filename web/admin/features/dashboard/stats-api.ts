import { useQuery } from '@tanstack/react-query';
import type { OrderStats } from '../../../../shared/admin-api';
import { useLanguage } from '../../../shared/i18n/language';
import { useAdminRequest } from '../../api/client';

/**
 * The dashboard's figures (`GET /api/admin/orders/stats`). The key sits
 * under the inbox's (`['orders']`), so a change to an order refreshes them;
 * labels come translated, so each language is its own entry.
 */
export function useOrderStats() {
  const language = useLanguage();
  const request = useAdminRequest();
  return useQuery({
    queryKey: ['orders', 'stats', language],
    queryFn: ({ signal }) => request<OrderStats>('/orders/stats', { signal }),
    // A month of orders read each time: not again on every return to the tab.
    staleTime: 60_000,
  });
}
