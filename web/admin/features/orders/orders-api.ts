import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AdminOrder,
  BulkStatusRequest,
  BulkStatusResponse,
  ExportFormat,
  ExportResponse,
  NewNote,
  OrderPage,
  OrderResponse,
  OrderUpdate,
  ReplyTemplatesResponse,
  ReplyTemplatesUpdate,
  SelectedOrdersExport,
  OrderLabelsResponse,
  StaffListResponse,
} from '../../../../shared/admin-api';
import type { SubmissionStatus } from '../../../../shared/submissions';
import { useLanguage } from '../../../shared/i18n/language';
import { queryString, useAdminRequest } from '../../api/client';
import { orderCountsKey } from '../../api/order-counts';
import type { InboxView } from './inbox-view';
import { apiFilter, type InboxFilter } from './order-filter';

/** The inbox's calls (shared/admin-api.ts) as cached queries: a change updates every list and badge showing it. */

const orderKeys = {
  all: ['orders'] as const,
  counts: orderCountsKey,
  // Labels come translated from the API: each language is its own entry.
  pages: (language: string, filter: InboxFilter, view: InboxView) => ['orders', 'pages', language, filter, view] as const,
  order: (language: string, orderId: string) => ['orders', 'order', language, orderId] as const,
  replyTemplates: ['replyTemplates'] as const,
  staff: ['staff'] as const,
  labels: ['orders', 'labels'] as const,
};

/** Orders per request; the API allows up to 100. */
const pageSize = 50;
/** A selective filter can answer empty pages that still have a cursor: ask again, up to this many times. */
const maxRequestsPerPage = 5;
/** The API's limit of one bulk request. */
export const maxBulkOrders = 25;

/** The inbox, newest first or as the view sorts it, a page at a time ("Load more" asks for the next with the cursor), with the view's columns. */
export function useOrderPages(filter: InboxFilter, view: InboxView = {}) {
  const language = useLanguage();
  const request = useAdminRequest();
  return useInfiniteQuery({
    queryKey: orderKeys.pages(language, filter, view),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) => {
      const orders: AdminOrder[] = [];
      let columns: OrderPage['columns'] = [];
      let cursor = pageParam;
      const viewQuery = { sort: view.sort, columns: view.columns?.join(',') };
      for (let requests = 0; requests < maxRequestsPerPage; requests++) {
        const page = await request<OrderPage>(
          `/orders${queryString({ ...apiFilter(filter), ...viewQuery, limit: String(pageSize), cursor })}`,
          { signal },
        );
        orders.push(...page.orders);
        columns = page.columns;
        cursor = page.nextCursor;
        if (!cursor || orders.length > 0) break;
      }
      return { orders, columns, nextCursor: cursor } satisfies OrderPage;
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useOrder(orderId: string) {
  const language = useLanguage();
  const request = useAdminRequest();
  return useQuery({
    queryKey: orderKeys.order(language, orderId),
    queryFn: ({ signal }) => request<OrderResponse>(`/orders/${encodeURIComponent(orderId)}`, { signal }).then(({ order }) => order),
  });
}

/** The order as it is now, in every view of it (its page, the lists, the badge). */
export function showOrder(queryClient: QueryClient, language: string, order: AdminOrder) {
  queryClient.setQueryData(orderKeys.order(language, order.orderId), order);
  void queryClient.invalidateQueries({ queryKey: orderKeys.all, predicate: (query) => query.queryKey[1] !== 'order' });
}

/** PATCH an order with the version seen: a stale version is refused with 409 (AdminApiError code `staleVersion`). */
export function useUpdateOrder(orderId: string) {
  const language = useLanguage();
  const request = useAdminRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: OrderUpdate) =>
      request<OrderResponse>(`/orders/${encodeURIComponent(orderId)}`, { method: 'PATCH', body: update }).then(({ order }) => order),
    onSuccess: (order) => showOrder(queryClient, language, order),
  });
}

/** The staff an order can be given to, by e-mail. */
export function useStaffList() {
  const request = useAdminRequest();
  return useQuery({
    queryKey: orderKeys.staff,
    queryFn: ({ signal }) => request<StaffListResponse>('/orders/staff', { signal }).then(({ staff }) => staff.map((member) => member.email)),
    staleTime: 5 * 60_000,
  });
}

/** Admins only: deletes the order for good (its photos, deliveries and search entries with it). */
export function useDeleteOrder(orderId: string) {
  const request = useAdminRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request<void>(`/orders/${encodeURIComponent(orderId)}`, { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ['orders', 'order'], predicate: (query) => query.queryKey[3] === orderId });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}

/** Every label staff have used, to choose from (refreshed with the orders, as a labelling adds to it). */
export function useOrderLabels() {
  const request = useAdminRequest();
  return useQuery({
    queryKey: orderKeys.labels,
    queryFn: ({ signal }) => request<OrderLabelsResponse>('/orders/labels', { signal }).then(({ labels }) => labels),
  });
}

/** Adds a note to the order's thread: never refused for a colleague's change meanwhile (a note overwrites nothing). */
export function useAddNote(orderId: string) {
  const language = useLanguage();
  const request = useAdminRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: NewNote) =>
      request<OrderResponse>(`/orders/${encodeURIComponent(orderId)}/notes`, { method: 'POST', body: note }).then(({ order }) => order),
    onSuccess: (order) => showOrder(queryClient, language, order),
  });
}

/** One status for many orders, at most 25 a request; one result per order, in their order. */
export function useBulkStatus() {
  const request = useAdminRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ status, orders }: { status: SubmissionStatus; orders: AdminOrder[] }) => {
      const results: BulkStatusResponse['results'] = [];
      for (let start = 0; start < orders.length; start += maxBulkOrders) {
        const body: BulkStatusRequest = {
          status,
          orders: orders.slice(start, start + maxBulkOrders).map(({ orderId, version }) => ({ orderId, version })),
        };
        results.push(...(await request<BulkStatusResponse>('/orders/status', { method: 'POST', body })).results);
      }
      return results;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** What an export holds: the orders of the current filter and search, or those selected. */
export type ExportChoice = { format: ExportFormat } & ({ filter: InboxFilter } | { orderIds: string[] });

/** A CSV or Excel file of the orders, built by the API, handed over as a short-lived link. */
export function useExportOrders() {
  const request = useAdminRequest();
  return useMutation({
    mutationFn: (choice: ExportChoice) =>
      'orderIds' in choice
        ? request<ExportResponse>('/orders/export', { method: 'POST', body: { orderIds: choice.orderIds, format: choice.format } satisfies SelectedOrdersExport })
        : request<ExportResponse>(`/orders/export${queryString({ ...apiFilter(choice.filter), format: choice.format })}`),
  });
}

/** The messages sent to farmers from an order, per farmer's language, and the dealer's details they name. */
export function useReplyTemplates() {
  const request = useAdminRequest();
  return useQuery({
    queryKey: orderKeys.replyTemplates,
    queryFn: ({ signal }) => request<ReplyTemplatesResponse>('/orders/reply-templates', { signal }),
  });
}

/** Admins only: saves the three templates; a template naming an unknown placeholder is refused (400 `unknownPlaceholder`). */
export function useSaveReplyTemplates() {
  const request = useAdminRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ReplyTemplatesUpdate) => request<ReplyTemplatesResponse>('/orders/reply-templates', { method: 'PUT', body: update }),
    onSuccess: (answer) => queryClient.setQueryData(orderKeys.replyTemplates, answer),
  });
}
