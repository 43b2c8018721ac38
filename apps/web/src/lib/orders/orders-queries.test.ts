import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, callsOf } from '../../test/helpers';
import { ordersPage } from '../../test/order-fixtures';
import { fetchMonthOrders, fetchOrderSearch, orderKeys } from './orders-queries';

afterEach(() => vi.unstubAllGlobals());

describe('orderKeys', () => {
  it("roots every invoice and performance query at 'orders', so invalidating ['orders'] after a sale refreshes them all", () => {
    const keys = [orderKeys.invoices('store'), orderKeys.detail(5), orderKeys.staff(7, '2026-03-01', '2026-03-31', 1), orderKeys.performances('2026-03-01', '2026-03-31')];
    for (const key of keys) expect(key[0]).toBe(orderKeys.all[0]);
    expect(orderKeys.all).toEqual(['orders']);
  });

  it('tells outlets and staff pages apart', () => {
    expect(orderKeys.invoices('store')).not.toEqual(orderKeys.invoices('salon'));
    expect(orderKeys.staff(7, '2026-03-01', '2026-03-31', 1)).not.toEqual(orderKeys.staff(7, '2026-03-01', '2026-03-31', 2));
  });
});

describe('fetchMonthOrders and fetchOrderSearch', () => {
  it("send per_page only when asked (the screen keeps the server's 20, the CSV export asks for 100)", async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, ordersPage([])));
    await fetchMonthOrders('store', '2026-03', 2);
    await fetchMonthOrders('store', '2026-03', 3, undefined, 100);
    await fetchOrderSearch('name', 'Ada E', 'store', 1, undefined, 100);
    const urls = callsOf(fetchMock).map((c) => `${c.url.pathname}?${c.url.searchParams}`);
    expect(urls).toEqual([
      '/api/orders/getmonth/2026-03/store?page=2',
      '/api/orders/getmonth/2026-03/store?page=3&per_page=100',
      '/api/orders/name-search/Ada%20E?outlet=store&page=1&per_page=100',
    ]);
  });
});
