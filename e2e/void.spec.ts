import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiAs, signIn, waitForLoader } from './helpers';
import { STUDIO_TZ } from './seed';

interface Order {
  id: number;
  invoice_no: string;
  discount: number;
  status: string;
  discount_approved_by: { id: number; name: string } | null;
  voided_by: { id: number; name: string } | null;
  void_reason: string | null;
}

/**
 * Issue 9 item 6: a void needs a reason, and the invoice says who voided the sale and why (1366 px).
 * (e2e/money.spec.ts covers the discount approval at the till.)
 */
test.use({ timezoneId: STUDIO_TZ, viewport: { width: 1366, height: 900 } });

test('a void needs a reason, and the invoice shows who voided it and why', async ({ page }) => {
  await signIn(page);
  await waitForLoader(page);
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const made = await apiAs<{ data: { id: number } }>(page, 'POST', '/api/products', { outlet: 'office', name: `Brow Pencil ${tag}`, sku: `VOID-${tag}`, price: 10000, quantity: 5 });
  expect(made.status).toBe(201);
  const sold = await apiAs<{ data: Order }>(page, 'POST', '/api/orders', { outlet: 'office', customer_name: `Ngozi ${tag}`, items: [{ product_id: made.json.data.id, quantity: 1 }], payment_method: 'cash', amount_paid: 10000 });
  expect(sold.status).toBe(201);
  const order = sold.json.data;
  const invoiceNo = order.invoice_no;

  // the admin voids it: a reason is required first
  await page.goto('/invoices/product-invoices/office');
  await waitForLoader(page);
  await page.getByText(invoiceNo, { exact: true }).first().click();
  await page.getByTestId('order-void').click();
  const voidForm = page.getByTestId('void-confirm');
  await voidForm.getByTestId('confirm-void').click();
  await expect(voidForm).toContainText('Reason is required.');
  const still = await apiAs<{ data: Order }>(page, 'GET', `/api/orders/${order.id}`);
  expect(still.json.data.status).toBe('paid');
  await voidForm.getByTestId('void-reason').fill(`Rung up twice ${tag}`);
  await voidForm.getByTestId('confirm-void').click();
  await expect(page.getByTestId('order-void-line')).toContainText(`Voided by Studio Admin`);
  await expect(page.getByTestId('order-void-line')).toContainText(`Rung up twice ${tag}`);
  const voided = await apiAs<{ data: Order }>(page, 'GET', `/api/orders/${order.id}`);
  expect(voided.json.data).toMatchObject({ status: 'void', void_reason: `Rung up twice ${tag}`, voided_by: { name: 'Studio Admin' } });
});
