import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMPONENT_TEST_TIMEOUT, callsOf, deferred, jsonResponse, makeUser, mockFetch, renderRoutes, resetSession, setupUser, storeUser } from '../../test/helpers';
import { makeOrder } from '../../test/order-fixtures';
import { whatsappNumber } from '../../lib/receipt/receipt-text';
import { PosPage } from './pos.page';

const products = [
  { id: 1, outlet: 'store', name: 'Matte Lipstick', kind: 'product', sku: 'LIP-01', category: 'Lips', price: 4500, quantity: 2, reorder_level: 5, stock_status: 'low', created_at: '', updated_at: '' },
  { id: 2, outlet: 'store', name: 'Gele tying', kind: 'service', sku: null, category: null, price: 3000, quantity: null, reorder_level: 5, stock_status: null, created_at: '', updated_at: '' },
];

const CURSOR = '0123456789ab.7';

function renderTill() {
  return renderRoutes([{ path: '/dashboard/point-of-sales/:outlet', element: <PosPage title="Point of Sales (Makeup)" /> }], '/dashboard/point-of-sales/store');
}

beforeEach(() => storeUser(makeUser()));
afterEach(() => {
  vi.unstubAllGlobals();
  resetSession();
});

describe('POS till', () => {
  it(
    'sells with the server pricing the items, and retries a lost answer with the same client_ref',
    async () => {
      let orderCalls = 0;
      const fetch = mockFetch(({ url, method }) => {
        if (url.pathname === '/api/pos/store/products') return jsonResponse(200, { data: products, cursor: CURSOR });
        if (url.pathname === '/api/orders' && method === 'POST') {
          orderCalls += 1;
          if (orderCalls === 1) throw new TypeError('Failed to fetch');
          return jsonResponse(200, { data: makeOrder({ invoice_no: 'STO-000042', total: 12000 }) });
        }
        return jsonResponse(404, { message: 'Not found.' });
      });
      const user = setupUser();
      renderTill();
      const search = await screen.findByTestId('pos-search');
      await screen.findByText('Matte Lipstick');
      // a scanner: the SKU and Enter
      await user.type(search, 'lip-01{Enter}');
      await user.type(search, 'lip-01{Enter}');
      // stock is 2: a third is not added
      await user.type(search, 'lip-01{Enter}');
      await user.type(search, 'gele{Enter}');
      expect(screen.getAllByTestId('cart-line')).toHaveLength(2);
      expect(screen.getByTestId('cart-total').textContent).toBe('₦12,000.00');

      await user.click(screen.getByTestId('cart-charge'));
      const dialog = await screen.findByRole('dialog', { name: /Charge/ });
      await user.click(within(dialog).getByTestId('checkout-confirm'));
      await within(dialog).findByTestId('checkout-network-error');
      expect(within(dialog).getByTestId('checkout-confirm').textContent).toContain('Retry sale');
      await user.click(within(dialog).getByTestId('checkout-confirm'));
      await screen.findByText(/Sale complete/);

      const posts = callsOf(fetch).filter((c) => c.url.pathname === '/api/orders');
      expect(posts).toHaveLength(2);
      const [first, second] = posts.map((c) => c.body as Record<string, unknown>);
      expect(first).toMatchObject({
        outlet: 'store',
        customer_name: 'Walk-in customer',
        items: [
          { product_id: 1, quantity: 2 },
          { product_id: 2, quantity: 1 },
        ],
        payments: [{ method: 'cash', amount: 12000, reference: null }],
      });
      expect(JSON.stringify(first)).not.toContain('price');
      expect(first!.client_ref).toMatch(/^[0-9a-f-]{36}$/);
      expect(second!.client_ref).toBe(first!.client_ref);
      // the sale is done: the cart is empty and forgotten
      await waitFor(() => expect(screen.queryAllByTestId('cart-line')).toHaveLength(0));
      expect(window.localStorage.getItem('posCart:store')).toBeNull();
    },
    COMPONENT_TEST_TIMEOUT,
  );

  it(
    'keeps the scans made before the outlet\'s list has come, in order, and adds them when the list comes',
    async () => {
      const list = deferred<void>();
      mockFetch(({ url }) => {
        if (url.pathname === '/api/pos/store/products') return list.promise.then(() => jsonResponse(200, { data: products, cursor: CURSOR }));
        return jsonResponse(404, { message: 'Not found.' });
      });
      const user = setupUser();
      renderTill();
      const search = await screen.findByTestId('pos-search');
      await user.type(search, 'lip-01{Enter}');
      // the box is ready for the next scan
      expect((search as HTMLInputElement).value).toBe('');
      await user.type(search, 'lip-01{Enter}');
      expect(screen.getByTestId('pos-scans-waiting').textContent).toBe('2 scans kept: added when the list has loaded');
      expect(screen.queryAllByTestId('cart-line')).toHaveLength(0);
      list.resolve();
      await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toBe('₦9,000.00'));
      expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
      expect(screen.queryByTestId('pos-scans-waiting')).toBeNull();
    },
    COMPONENT_TEST_TIMEOUT,
  );

  it(
    'shows a refused sale (short stock) and keeps the cart',
    async () => {
      mockFetch(({ url, method }) => {
        if (url.pathname === '/api/pos/store/products') return jsonResponse(200, { data: products, cursor: CURSOR });
        if (url.pathname === '/api/orders' && method === 'POST') {
          return jsonResponse(422, { message: 'Not enough stock: Matte Lipstick (0 left).', errors: { 'items.0.quantity': ['Not enough stock of Matte Lipstick: 0 left, 1 wanted.'] } });
        }
        return jsonResponse(404, { message: 'Not found.' });
      });
      const user = setupUser();
      renderTill();
      await user.click(await screen.findByRole('button', { name: /^Add Matte Lipstick/ }));
      await user.click(screen.getByTestId('cart-charge'));
      const dialog = await screen.findByRole('dialog', { name: /Charge/ });
      await user.click(within(dialog).getByTestId('checkout-confirm'));
      expect((await within(dialog).findByTestId('checkout-refused')).textContent).toContain('Not enough stock: Matte Lipstick (0 left).');
      expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    },
    COMPONENT_TEST_TIMEOUT,
  );

  it(
    'will not charge until payments cover the total, and gives change only from cash',
    async () => {
      mockFetch(({ url }) => (url.pathname === '/api/pos/store/products' ? jsonResponse(200, { data: products, cursor: CURSOR }) : jsonResponse(404, { message: 'Not found.' })));
      const user = setupUser();
      renderTill();
      await user.click(await screen.findByRole('button', { name: /^Add Gele tying/ }));
      await user.click(screen.getByTestId('cart-charge'));
      const dialog = await screen.findByRole('dialog', { name: /Charge/ });
      const amount = within(dialog).getByTestId('payment-amount');
      await user.clear(amount);
      await user.type(amount, '2000');
      expect((within(dialog).getByTestId('checkout-confirm') as HTMLButtonElement).disabled).toBe(true);
      expect(within(dialog).getByTestId('checkout-remaining').textContent).toBe('₦1,000.00');
      await user.clear(amount);
      await user.type(amount, '5000');
      expect(within(dialog).getByTestId('checkout-change').textContent).toBe('₦2,000.00');
      expect((within(dialog).getByTestId('checkout-confirm') as HTMLButtonElement).disabled).toBe(false);
    },
    COMPONENT_TEST_TIMEOUT,
  );
});

describe('POS checkout', () => {
  it(
    'sends a double-pressed Confirm once, with split payments as lines (a reference for the transfer, none for cash)',
    async () => {
      const answer = deferred<Response>();
      const fetch = mockFetch(({ url, method }) => {
        if (url.pathname === '/api/pos/store/products') return jsonResponse(200, { data: products, cursor: CURSOR });
        if (url.pathname === '/api/orders' && method === 'POST') return answer.promise;
        return jsonResponse(404, { message: 'Not found.' });
      });
      const user = setupUser();
      renderTill();
      await user.click(await screen.findByRole('button', { name: /^Add Matte Lipstick/ }));
      await user.click(screen.getByTestId('cart-charge'));
      const dialog = await screen.findByRole('dialog', { name: /Charge/ });
      // ₦4,500: ₦3,000 by transfer, the rest in cash with ₦500 change
      await user.click(within(dialog).getByTestId('payment-add'));
      const amounts = within(dialog).getAllByTestId('payment-amount');
      await user.clear(amounts[0]!);
      await user.type(amounts[0]!, '2000');
      await user.clear(amounts[1]!);
      await user.type(amounts[1]!, '3000');
      await user.type(within(dialog).getAllByTestId('payment-reference')[1]!, 'GTB Ada');
      expect(within(dialog).getByTestId('checkout-change').textContent).toBe('₦500.00');
      const confirm = within(dialog).getByTestId('checkout-confirm');
      await user.dblClick(confirm);
      await user.click(confirm);
      answer.resolve(jsonResponse(200, { data: makeOrder({ invoice_no: 'STO-000043', total: 4500 }) }));
      await screen.findByText(/Sale complete/);

      const posts = callsOf(fetch).filter((c) => c.url.pathname === '/api/orders');
      expect(posts).toHaveLength(1);
      expect(posts[0]!.body).toMatchObject({
        items: [{ product_id: 1, quantity: 1 }],
        payments: [
          { method: 'cash', amount: 2000, reference: null },
          { method: 'transfer', amount: 3000, reference: 'GTB Ada' },
        ],
      });
    },
    COMPONENT_TEST_TIMEOUT,
  );

  it(
    'keeps the sale’s client_ref when the cashier goes back to the cart after a lost answer and charges again',
    async () => {
      let orderCalls = 0;
      const fetch = mockFetch(({ url, method }) => {
        if (url.pathname === '/api/pos/store/products') return jsonResponse(200, { data: products, cursor: CURSOR });
        if (url.pathname === '/api/orders' && method === 'POST') {
          orderCalls += 1;
          if (orderCalls === 1) throw new TypeError('Failed to fetch');
          return jsonResponse(200, { data: makeOrder({ invoice_no: 'STO-000044', total: 3000 }) });
        }
        return jsonResponse(404, { message: 'Not found.' });
      });
      const user = setupUser();
      renderTill();
      await user.click(await screen.findByRole('button', { name: /^Add Gele tying/ }));
      await user.click(screen.getByTestId('cart-charge'));
      let dialog = await screen.findByRole('dialog', { name: /Charge/ });
      await user.click(within(dialog).getByTestId('checkout-confirm'));
      await within(dialog).findByTestId('checkout-network-error');
      await user.click(within(dialog).getByRole('button', { name: 'Back to cart' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: /Charge/ })).toBeNull());

      await user.click(screen.getByTestId('cart-charge'));
      dialog = await screen.findByRole('dialog', { name: /Charge/ });
      await user.click(within(dialog).getByTestId('checkout-confirm'));
      await screen.findByText(/Sale complete/);
      const [first, second] = callsOf(fetch)
        .filter((c) => c.url.pathname === '/api/orders')
        .map((c) => c.body as { client_ref: string });
      expect(second!.client_ref).toBe(first!.client_ref);
    },
    COMPONENT_TEST_TIMEOUT,
  );

  it(
    'reloads what the till can sell after a refused sale',
    async () => {
      let refused = false;
      const fetch = mockFetch(({ url, method }) => {
        if (url.pathname === '/api/pos/store/products') return jsonResponse(200, { data: products, cursor: CURSOR });
        if (url.pathname === '/api/orders' && method === 'POST') {
          refused = true;
          return jsonResponse(422, { message: 'Not enough stock: Matte Lipstick (0 left).', errors: { 'items.0.quantity': ['Not enough stock of Matte Lipstick: 0 left, 1 wanted.'] } });
        }
        // once the sale is refused, the server knows the lipstick is sold out
        if (url.pathname === '/api/pos/store/products/changes') return jsonResponse(200, refused ? { data: [], removed: [1], cursor: '0123456789ab.8' } : { data: [], removed: [], cursor: CURSOR });
        return jsonResponse(404, { message: 'Not found.' });
      });
      const user = setupUser();
      renderTill();
      await user.click(await screen.findByRole('button', { name: /^Add Matte Lipstick/ }));
      // the till asks what changed since its list, rather than loading it all again
      const stockCalls = () => callsOf(fetch).filter((c) => c.url.pathname === '/api/pos/store/products/changes').length;
      const before = stockCalls();
      await user.click(screen.getByTestId('cart-charge'));
      const dialog = await screen.findByRole('dialog', { name: /Charge/ });
      await user.click(within(dialog).getByTestId('checkout-confirm'));
      await within(dialog).findByTestId('checkout-refused');
      await waitFor(() => expect(stockCalls()).toBeGreaterThan(before));
      // the sold-out lipstick leaves the list
      await waitFor(() => expect(screen.queryByRole('button', { name: /^Add Matte Lipstick/ })).toBeNull());
      // a refusal is an answer, not a lost one: no Retry, and no second alert with the same sentences
      expect(within(dialog).getByTestId('checkout-confirm').textContent).toBe('Confirm sale');
      expect(within(dialog).queryByTestId('checkout-invalid')).toBeNull();
    },
    COMPONENT_TEST_TIMEOUT,
  );
});

describe('whatsappNumber', () => {
  it('writes Nigerian numbers the way wa.me wants them', () => {
    expect(whatsappNumber('0803 123 4567')).toBe('2348031234567');
    expect(whatsappNumber('+234 803 123 4567')).toBe('2348031234567');
    expect(whatsappNumber('12345')).toBeUndefined();
    expect(whatsappNumber(null)).toBeUndefined();
  });
});
