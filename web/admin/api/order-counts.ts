import { useQuery } from '@tanstack/react-query';
import type { OrderCounts } from '../../../shared/admin-api';
import { useAdminRequest } from './client';

/**
 * The badge numbers (new orders, undelivered ones, those waiting for staff),
 * shown by the layout, the dashboard and the inbox. Its key sits under the
 * inbox's (`['orders']`), so any change to an order refreshes it too.
 */
export const orderCountsKey = ['orders', 'counts'] as const;

export function useOrderCounts() {
  const request = useAdminRequest();
  return useQuery({
    queryKey: orderCountsKey,
    queryFn: ({ signal }) => request<OrderCounts>('/orders/counts', { signal }),
    refetchInterval: 60_000,
  });
}
