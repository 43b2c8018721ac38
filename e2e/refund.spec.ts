import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiAs, signIn, waitForLoader } from './helpers';
import { STUDIO_TZ } from './seed';

/**
 * Issue 17, item 6: a partial refund. From the invoice, give back one of two items with a reason, paid back in cash;
 * the receipt that opens (and prints) shows the item given back, the money and what the sale kept; the stock is back.
 */
test.use({ timezoneId: STUDIO_TZ, viewport: { width: 1366, height: 900 } });

test('a partial refund prints on the receipt', async ({ page }) => {
  await signIn(page);
  await waitForLoader(page);
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const made = await apiAs<{ data: { id: number } }>(page, 'POST', '/api/products', { outlet: 'store', name: `Refund Balm ${tag}`, sku: `RB-${tag}`, price: 6000, quantity: 10 });
  expect(made.status).toBe(201);
  const sale = await apiAs<{ data: { id: number; invoice_no: string } }>(page, 'POST', '/api/orders', {
    outlet: 'store',
    customer_name: `Refund ${tag}`,
    items: [{ product_id: made.json.data.id, quantity: 2 }],
    payment_method: 'cash',
    amount_paid: 12000,
  });
  expect(sale.status).toBe(201);
  const invoice = sale.json.data.invoice_no;

  // the invoice, found by its number
  await page.goto('/invoices/product-invoices/store');
  await waitForLoader(page);
  await page.getByTestId('search-mode').getByText('Invoice no').click();
  await page.getByTestId('invoice-search').fill(invoice);
  await page.getByTestId('order-row').filter({ hasText: invoice }).getByTestId('order-open').click();
  await page.getByTestId('order-detail').getByTestId('order-refund').click();

  // one of the two back, in cash, with a reason
  const form = page.getByTestId('refund-form');
  await form.getByTestId('refund-quantity').fill('1');
  await expect(form.getByTestId('refund-amount')).toHaveText('Money back: ₦6,000.00');
  await form.getByTestId('refund-reason').fill('Allergic reaction');
  await form.getByTestId('refund-submit').click();

  // the receipt of the sale with its refund, on screen and in what prints
  const receipt = page.getByRole('dialog', { name: `Refund on ${invoice}` });
  await expect(receipt.getByTestId('receipt-refund')).toContainText(`-1 x Refund Balm ${tag}`);
  await expect(receipt.getByTestId('receipt-refund')).toContainText('-₦6,000.00');
  await expect(receipt.getByTestId('receipt-refund')).toContainText('Allergic reaction');
  await expect(receipt.getByTestId('receipt-net')).toHaveText('₦6,000.00');
  await page.emulateMedia({ media: 'print' });
  const printed = page.getByTestId('print-root');
  await expect(printed).toBeVisible();
  await expect(printed.getByTestId('receipt-refunds')).toContainText('TOTAL AFTER REFUNDS');
  await expect(printed.getByTestId('receipt-refunds')).toContainText(`-1 x Refund Balm ${tag}`);
  await page.emulateMedia({ media: 'screen' });

  // the stock is back, the invoice keeps the refund
  const product = await apiAs<{ data: { quantity: number } }>(page, 'GET', `/api/products/${made.json.data.id}`);
  expect(product.json.data.quantity).toBe(9);
  const order = await apiAs<{ data: { refunded: number; refunds: { reason: string }[] } }>(page, 'GET', `/api/orders/${sale.json.data.id}`);
  expect(order.json.data).toMatchObject({ refunded: 6000, refunds: [{ reason: 'Allergic reaction' }] });
});
