import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPONENT_TEST_TIMEOUT, callsOf, jsonResponse, makeUser, mockFetch, renderRoutes, resetSession, setupUser, storeUser } from '../../test/helpers';
import { makeOrder } from '../../test/order-fixtures';
import { PosPage } from './pos.page';

// Issue 9, item 6: a staff discount above the limit (GET /api/settings) needs an admin's sign-in in the checkout.
const products = [{ id: 1, outlet: 'store', name: 'Matte Lipstick', kind: 'product', sku: 'LIP-01', category: 'Lips', price: 4500, quantity: 5, reorder_level: 1, stock_status: 'stocked', created_at: '', updated_at: '' }];
const STAFF = makeUser({ id: 7, name: 'Ada Obi', is_admin: 0 });
const ADMIN = makeUser({ id: 1, name: 'Studio Admin', role: 'Admin', is_admin: 1 });
const BAD = { message: 'These credentials do not match our records.', errors: { discount_approval: ['These credentials do not match our records.'] } };

function serveTill(orderAnswers: Response[]) {
  return mockFetch(({ url, method }) => {
    if (url.pathname === '/api/pos/store/products') return jsonResponse(200, { data: products, cursor: '0123456789ab.1' });
    if (url.pathname === '/api/settings') return jsonResponse(200, { data: { max_staff_discount_percent: 10 } });
    if (url.pathname === '/api/orders' && method === 'POST') return orderAnswers.shift() ?? jsonResponse(500, { message: 'Server Error.' });
    return jsonResponse(404, { message: 'Not found.' });
  });
}

/** A ₦4,500 lipstick in the cart with `discount` off, then the checkout opened. */
async function checkoutWithDiscount(discount: string) {
  const user = setupUser();
  renderRoutes([{ path: '/dashboard/point-of-sales/:outlet', element: <PosPage title="Point of Sales (Makeup)" /> }], '/dashboard/point-of-sales/store');
  await user.click(await screen.findByRole('button', { name: /^Add Matte Lipstick/ }));
  await user.type(screen.getByTestId('cart-discount'), discount);
  await user.click(screen.getByTestId('cart-charge'));
  const dialog = within(await screen.findByRole('dialog', { name: /Charge/ }));
  return { user, dialog };
}

const posts = (fetch: ReturnType<typeof mockFetch>) => callsOf(fetch).filter((c) => c.url.pathname === '/api/orders' && c.method === 'POST');

afterEach(() => {
  vi.unstubAllGlobals();
  resetSession();
});

describe('checkout: an admin approves a staff discount above the limit', () => {
  it(
    'asks for an admin sign-in (labelled fields), sends it with the sale, and shows a refused sign-in on those fields',
    async () => {
      storeUser(STAFF);
      const fetch = serveTill([jsonResponse(422, BAD), jsonResponse(201, { data: makeOrder({ invoice_no: 'STO-000050', discount: 1000, total: 3500, discount_approved_by: { id: 1, name: 'Studio Admin' } }) })]);
      const { user, dialog } = await checkoutWithDiscount('1000');
      // ₦1,000 of ₦4,500 is 22%: above the 10% staff limit
      const section = await dialog.findByRole('group', { name: 'Admin approval' });
      expect(section.textContent).toContain("A discount above 10% needs an admin's approval.");
      const username = within(section).getByLabelText('Admin username');
      const password = within(section).getByLabelText('Admin password');

      // without the sign-in the sale is not sent; the shared schema's sentences name the fields by their labels
      await user.click(dialog.getByTestId('checkout-confirm'));
      await waitFor(() => expect(within(section).getByText('Admin username is required.')).toBeTruthy());
      expect(within(section).getByText('Admin password is required.')).toBeTruthy();
      expect(posts(fetch)).toHaveLength(0);

      await user.type(username, 'boss');
      await user.type(password, 'wrong-password');
      await user.click(dialog.getByTestId('checkout-confirm'));
      await waitFor(() => expect(posts(fetch)).toHaveLength(1));
      expect(posts(fetch)[0]!.body).toMatchObject({ discount: 1000, discount_approval: { username: 'boss', password: 'wrong-password' } });
      // the server's refusal shows on the password field, not again as "The sale was refused"
      const refused = await within(section).findByText('These credentials do not match our records.');
      // said under the password field (its description of the error)
      expect(password.closest('.mantine-PasswordInput-root')!.contains(refused)).toBe(true);
      expect(dialog.queryByTestId('checkout-refused')).toBeNull();

      await user.clear(password);
      await user.type(password, 'admin-password-1');
      await user.click(dialog.getByTestId('checkout-confirm'));
      await screen.findByText(/Sale complete/);
      expect(posts(fetch)).toHaveLength(2);
      expect(posts(fetch)[1]!.body).toMatchObject({ discount_approval: { username: 'boss', password: 'admin-password-1' } });
    },
    COMPONENT_TEST_TIMEOUT,
  );

  it(
    'asks nothing within the limit',
    async () => {
      storeUser(STAFF);
      const fetch = serveTill([jsonResponse(201, { data: makeOrder() })]);
      const { user, dialog } = await checkoutWithDiscount('450');
      expect(dialog.queryByRole('group', { name: 'Admin approval' })).toBeNull();
      await user.click(dialog.getByTestId('checkout-confirm'));
      await screen.findByText(/Sale complete/);
      expect(posts(fetch)[0]!.body).toMatchObject({ discount: 450 });
      expect(posts(fetch)[0]!.body).not.toHaveProperty('discount_approval');
    },
    COMPONENT_TEST_TIMEOUT,
  );

  it(
    'asks nothing of an admin selling, whatever the discount',
    async () => {
      storeUser(ADMIN);
      const fetch = serveTill([jsonResponse(201, { data: makeOrder() })]);
      const { user, dialog } = await checkoutWithDiscount('4000');
      expect(dialog.queryByRole('group', { name: 'Admin approval' })).toBeNull();
      await user.click(dialog.getByTestId('checkout-confirm'));
      await screen.findByText(/Sale complete/);
      expect(posts(fetch)[0]!.body).toMatchObject({ discount: 4000 });
      expect(posts(fetch)[0]!.body).not.toHaveProperty('discount_approval');
    },
    COMPONENT_TEST_TIMEOUT,
  );
});
