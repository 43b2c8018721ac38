import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { ADMIN, apiAs, signIn, waitForLoader } from './helpers';

/**
 * Issue 9 item 6: a staff member's discount above the limit (10%) is approved by an admin signing in at the
 * till, at 1366 px; the invoice then names the approver.
 */
test('a staff discount above the limit, approved by an admin at the till (1366 px)', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await signIn(page);
  await waitForLoader(page);
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const product = await apiAs<{ data: { id: number } }>(page, 'POST', '/api/products', { outlet: 'store', name: `Bridal Glow Kit ${tag}`, sku: `BGK-${tag}`, price: 10000, cost_price: 5000, quantity: 5 });
  expect(product.status).toBe(201);
  const staff = { username: `till${tag.toLowerCase()}`, password: 'till-staff-pass-1' };
  expect((await apiAs(page, 'POST', '/api/users', { name: `Till Staff ${tag}`, username: staff.username, role: 'Sales', password: staff.password })).status).toBe(201);
  await page.evaluate(() => localStorage.clear());

  await signIn(page, staff.username, staff.password);
  await waitForLoader(page);
  await page.goto('/dashboard/point-of-sales/store');
  const search = page.getByTestId('pos-search');
  await search.fill(`bgk-${tag.toLowerCase()}`);
  await search.press('Enter');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByTestId('cart-discount').fill('3000');
  await expect(page.getByTestId('cart-total')).toHaveText('₦7,000.00');
  await page.getByTestId('cart-charge').click();

  const checkout = page.getByRole('dialog', { name: /Charge/ });
  const approval = checkout.getByRole('group', { name: 'Admin approval' });
  await expect(approval).toContainText("A discount above 10% needs an admin's approval.");
  await approval.getByLabel('Admin username').fill(ADMIN.username);
  await approval.getByLabel('Admin password', { exact: true }).fill('not-the-password');
  await checkout.getByTestId('checkout-confirm').click();
  await expect(approval).toContainText('These credentials do not match our records.');

  await approval.getByLabel('Admin password', { exact: true }).fill(ADMIN.password);
  await checkout.getByTestId('checkout-confirm').click();
  await expect(page.getByTestId('receipt-discount-approval').first()).toHaveText(/Discount approved by /);
  const invoiceNo = (await page.getByTestId('receipt-invoice-no').first().textContent())!;
  const found = await apiAs<{ data: { discount: number; discount_approved_by: { name: string } | null }[] }>(page, 'GET', `/api/orders/search/${invoiceNo}`);
  expect(found.json.data[0]).toMatchObject({ discount: 3000, discount_approved_by: { name: expect.any(String) } });
});
