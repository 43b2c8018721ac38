import type { Order, OrderListSummary, OrderPaymentInput, OrderRefundInput, OrderUpdate, Outlet, Paged, StaffSummary } from '@studio/shared';
import { ORDERS_PER_PAGE, route } from '@studio/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest, moneyPost, segment } from '../api-client';

/** `getmonth` answers with the month's paid count and total (net of refunds) beside the page. */
export type OrdersPage = Paged<Order> & { summary?: OrderListSummary };
export type StaffOrdersPage = Paged<Order> & { summary: StaffSummary };

/** Invoice search: by customer name (`name-search/{text}`) or by invoice number (`search/{text}`). */
export type OrderSearchMode = 'name' | 'invoice';

/**
 * Every orders query key starts with 'orders': a sale, a void or an edit anywhere invalidates
 * `['orders']` and every invoice list, summary and performance figure refreshes.
 *
 * @example
 * orderKeys.invoices('store') // ['orders', 'invoices', 'store']: the month view adds month or search, then the page
 */
export const orderKeys = {
  all: ['orders'] as const,
  /** Root of one outlet's invoices page (its month lists and searches, under the month view's own parts). */
  invoices: (outlet: Outlet) => ['orders', 'invoices', outlet] as const,
  detail: (id: number) => ['orders', 'detail', id] as const,
  staff: (staffId: number, from: string, to: string, page: number) => ['orders', 'staff', staffId, from, to, page] as const,
  performances: (from: string, to: string) => ['orders', 'staff-performances', from, to] as const,
};

/**
 * GET /api/orders/getmonth/{YYYY-MM}/{outlet}?page=n: newest first, with the month's summary; 20 a page
 * unless `perPage` asks for more (the CSV export: 100).
 */
export function fetchMonthOrders(outlet: Outlet, month: string, page: number, signal?: AbortSignal, perPage?: number): Promise<OrdersPage> {
  return apiRequest<OrdersPage>(`/api/orders/getmonth/${segment(month)}/${segment(outlet)}`, { query: { page, per_page: perPage }, signal });
}

/** GET /api/orders/name-search/{text} or /api/orders/search/{text} (invoice number), of every month. */
export function fetchOrderSearch(mode: OrderSearchMode, text: string, outlet: Outlet | undefined, page: number, signal?: AbortSignal, perPage?: number): Promise<OrdersPage> {
  const path = mode === 'name' ? 'name-search' : 'search';
  return apiRequest<OrdersPage>(`/api/orders/${path}/${segment(text)}`, { query: { outlet, page, per_page: perPage }, signal });
}

/** GET /api/orders-staff/{staffId}/{from}/{to}?page=n: one staff member's sales with their summary per outlet. */
export function fetchStaffOrders(staffId: number, from: string, to: string, page: number, signal?: AbortSignal): Promise<StaffOrdersPage> {
  // per_page is explicit: this call's server default is the maximum page, not the 20 of the invoice lists
  return apiRequest<StaffOrdersPage>(`/api/orders-staff/${segment(staffId)}/${segment(from)}/${segment(to)}`, {
    query: { page, per_page: ORDERS_PER_PAGE },
    signal,
  });
}

/**
 * Keeps the rows on screen while the next page of the same list loads (`parts` leading key parts
 * equal), but never shows one month's or one search's rows under another.
 */
function sameList(previousKey: readonly unknown[] | undefined, key: readonly unknown[], parts: number): boolean {
  return previousKey !== undefined && key.slice(0, parts).every((part, i) => previousKey[i] === part);
}

/** One invoice, fresh from GET /api/orders/{id}; `initial` (the row that was clicked) shows at once. */
export function useOrder(id: number | null, initial?: Order) {
  return useQuery({
    queryKey: orderKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get(route('/api/orders/{id}', { id: id! }), undefined, signal),
    enabled: id !== null,
    placeholderData: initial && initial.id === id ? initial : undefined,
  });
}

export function useStaffOrders(staffId: number | undefined, from: string | null, to: string | null, page: number) {
  const key = orderKeys.staff(staffId ?? 0, from ?? '', to ?? '', page);
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchStaffOrders(staffId!, from!, to!, page, signal),
    placeholderData: (previous, previousQuery) => (sameList(previousQuery?.queryKey, key, 5) ? previous : undefined),
    enabled: staffId !== undefined && !!from && !!to,
  });
}

/** GET /api/staff-performances/{from}/{to} (admin): one row per staff member, best seller first. */
export function useStaffPerformances(from: string | null, to: string | null) {
  return useQuery({
    queryKey: orderKeys.performances(from ?? '', to ?? ''),
    queryFn: ({ signal }) => api.get(route('/api/staff-performances/{from}/{to}', { from: from!, to: to! }), undefined, signal),
    enabled: !!from && !!to,
  });
}

/** DELETE /api/orders/{id} (admin) with `{ reason }`: the invoice becomes void, its stock returns and it leaves every total. */
export function useVoidOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => apiRequest<{ data: Order }>(`/api/orders/${segment(id)}`, { method: 'DELETE', body: { reason } }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** PUT /api/orders/{id} (admin): customer, phone, note and payment method only. */
export function useUpdateOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: OrderUpdate }) => api.put(route('/api/orders/{id}', { id }), changes),
    onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/**
 * POST /api/orders/{id}/refunds: some items given back and their money paid out (a staff member sends an admin's
 * approval). One client_ref per refund, retried on a lost answer: the money never goes out twice. Quiet: the form
 * shows a refusal. The stock, the day close and every total change, so every query goes stale.
 */
export function useRefundOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: OrderRefundInput }) => moneyPost<{ data: Order }>(`/api/orders/${segment(id)}/refunds`, body, { quiet: true }).then((r) => r.data),
    onSuccess: (order) => {
      client.setQueryData(orderKeys.detail(order.id), order);
      return client.invalidateQueries();
    },
  });
}

/**
 * POST /api/orders/{id}/payments (staff, admin): money taken later against what a sale owes (issue 28). One client_ref
 * per payment, retried on a lost answer (moneyPost): it is never taken twice. The invoice, the client's balance, the
 * reminders and the day's figures change, so every query goes stale.
 */
export function useTakeOrderPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Omit<OrderPaymentInput, 'client_ref'> }) => moneyPost<{ data: Order }>(`/api/orders/${segment(id)}/payments`, body, { quiet: true }).then((r) => r.data),
    onSuccess: (order) => {
      client.setQueryData(orderKeys.detail(order.id), order);
      return client.invalidateQueries();
    },
  });
}
