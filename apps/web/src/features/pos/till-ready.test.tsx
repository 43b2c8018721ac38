import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMPONENT_TEST_TIMEOUT, jsonResponse, makeUser, mockFetch, renderRoutes, resetSession, setupUser, storeUser } from '../../test/helpers';
import { makeOrder } from '../../test/order-fixtures';
import { PosPage } from './pos.page';

// Issue 22 item 6: the till is ready for a barcode scanner (its search focused on open and after each sale) and says a
// closed day before anyone builds a sale.

const products = [{ id: 1, outlet: 'store', name: 'Matte Lipstick', kind: 'product', sku: 'LIP-01', category: 'Lips', price: 4500, quantity: 9, reorder_level: 5, stock_status: 'stocked', created_at: '', updated_at: '' }];
const CURSOR = '0123456789ab.7';
const zero = { cash: 0, transfer: 0, card: 0, pos: 0 };
const closed = { id: 3, outlet: 'store', date: '2026-03-09', status: 'closed', expected: zero, counted: zero, over_short: zero, over_short_total: 0, counted_total: 0, note: null, closed_by: { id: 1, name: 'Studio Admin' }, closed_at: '2026-03-09T20:15:00.000+01:00', reopened_by: null, reopened_at: null, reopen_reason: null };
/** The whole day as GET /api/day-close answers it: no sales yet, closed or not. */
const dayOf = (close: typeof closed | null) => ({ outlet: 'store', date: '2026-03-09', count: 0, total: 0, discount: 0, by_method: zero, change_given: 0, expected_cash: 0, expected: zero, voids: { count: 0, total: 0 }, transfers: { unconfirmed: { count: 0, amount: 0 }, not_received: { count: 0, amount: 0 } }, refunds: { count: 0, total: 0, by_method: zero }, items: [], by_staff: [], close, reopened: [] });

function renderTill() {
  return renderRoutes([{ path: '/dashboard/point-of-sales/:outlet', element: <PosPage title="Point of Sales (Makeup)" /> }], '/dashboard/point-of-sales/store');
}

function till({ dayClosed }: { dayClosed: boolean }) {
  return mockFetch(({ url, method }) => {
    if (url.pathname === '/api/pos/store/products') return jsonResponse(200, { data: products, cursor: CURSOR });
    if (url.pathname.startsWith('/api/day-close/store/')) return jsonResponse(200, { data: dayOf(dayClosed ? closed : null) });
    if (url.pathname === '/api/orders' && method === 'POST') return jsonResponse(201, { data: makeOrder({ invoice_no: 'STO-000042', total: 4500 }) });
    return jsonResponse(404, { message: 'Not found.' });
  });
}

beforeEach(() => storeUser(makeUser()));
afterEach(() => {
  vi.unstubAllGlobals();
  resetSession();
});

describe('a till ready for the next scan', () => {
  it(
    'opens with the cursor in the search, and puts it back there after "New sale"',
    async () => {
      till({ dayClosed: false });
      renderTill();
      const search = await screen.findByTestId('pos-search');
      await waitFor(() => expect(document.activeElement).toBe(search));
      const user = setupUser();
      await screen.findByText('Matte Lipstick');
      await user.type(search, 'lip-01{Enter}');
      await user.click(screen.getByTestId('cart-charge'));
      const dialog = await screen.findByRole('dialog', { name: /Charge/ });
      await user.click(within(dialog).getByTestId('checkout-confirm'));
      await user.click(await screen.findByTestId('receipt-new-sale'));
      await waitFor(() => expect(screen.queryByText(/Sale complete/)).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('pos-search')));
      expect(screen.queryByTestId('till-day-closed')).toBeNull();
    },
    COMPONENT_TEST_TIMEOUT,
  );

  it(
    'says the day is closed before a sale is built',
    async () => {
      till({ dayClosed: true });
      renderTill();
      const banner = await screen.findByTestId('till-day-closed');
      expect(banner.textContent).toContain('The Makeup Store day is closed');
      expect(banner.textContent).toContain('Studio Admin');
    },
    COMPONENT_TEST_TIMEOUT,
  );
});
