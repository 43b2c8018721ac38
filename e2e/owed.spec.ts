import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiAs, signIn, waitForLoader } from './helpers';
import { STUDIO_TZ } from './seed';

interface OrderBody {
  data: { id: number; invoice_no: string; client_id: number | null; balance: number; status: string };
}
interface ClientHistory {
  data: { summary: { balance_owed: number } };
}

/**
 * Issue 28, item 3: not received means owed. A sale paid by transfer is marked not received on Transfers to confirm;
 * the invoice and the client's page then say "Owes ₦X"; the client pays it from their page (POST
 * /api/orders/{id}/payments) and the debt is gone from both. On the office till.
 */
test.use({ timezoneId: STUDIO_TZ, viewport: { width: 1366, height: 900 } });

test('a transfer marked not received is owed on the invoice and the client, and paying it clears it', async ({ page }) => {
  await signIn(page);
  await waitForLoader(page);
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const digits = String(crypto.randomInt(1_000_000, 9_999_999));
  const made = await apiAs<{ data: { id: number } }>(page, 'POST', '/api/products', { outlet: 'office', name: `Setting Spray ${tag}`, sku: `SS-${tag}`, price: 4000, quantity: 10 });
  expect(made.status).toBe(201);
  const sale = await apiAs<OrderBody>(page, 'POST', '/api/orders', {
    outlet: 'office',
    customer_name: `Owing ${tag}`,
    customer_phone: `0803${digits}`,
    items: [{ product_id: made.json.data.id, quantity: 1 }],
    payments: [{ method: 'transfer', amount: 4000, reference: `UBA-${tag}` }],
    client_ref: crypto.randomUUID(),
  });
  expect(sale.status).toBe(201);
  const { id, invoice_no: invoice, client_id: clientId } = sale.json.data;
  expect(clientId).not.toBeNull();
  expect(sale.json.data.balance).toBe(0);

  // Transfers to confirm: this sale's transfer never arrived
  await page.goto('/finances/transfers');
  await waitForLoader(page);
  const row = page.getByTestId('transfers-row').filter({ hasText: invoice });
  await expect(row).toContainText(`UBA-${tag}`);
  await row.getByRole('checkbox').check();
  await page.getByTestId('transfers-not-received').click();
  const flag = page.getByTestId('not-received-modal');
  await flag.getByLabel('Reason').fill('No credit on the statement');
  await flag.getByTestId('not-received-submit').click();
  await expect(flag).toBeHidden();
  await expect(page.getByTestId('transfers-row').filter({ hasText: invoice })).toHaveCount(0);

  // the invoice owes it: the list's badge and the invoice itself
  await page.goto('/invoices/product-invoices/office');
  await waitForLoader(page);
  await page.getByTestId('search-mode').getByText('Invoice no').click();
  await page.getByTestId('invoice-search').fill(invoice);
  const listed = page.getByTestId('order-row').filter({ hasText: invoice });
  await expect(listed.getByTestId('order-owes')).toHaveText('Owes ₦4,000.00');
  await listed.getByTestId('order-open').click();
  const detail = page.getByTestId('order-detail');
  await expect(detail.getByTestId('order-owes')).toHaveText('Owes ₦4,000.00');
  await expect(detail.getByTestId('order-payment').first()).toHaveAttribute('data-status', 'not_received');
  await expect(detail.getByTestId('order-take-payment')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // the client's page: the balance owed, the sale that owes it, and the payment taken there
  await page.goto(`/clients/${clientId}`);
  await waitForLoader(page);
  await expect(page.getByTestId('client-balance')).toHaveText('₦4,000.00');
  const owes = page.getByTestId('client-owes').filter({ hasText: invoice });
  await expect(owes).toContainText('Owes ₦4,000.00');
  await owes.getByTestId('client-take-payment').click();
  const take = page.getByTestId('take-payment-modal');
  await expect(take.getByTestId('take-payment-balance')).toHaveText('₦4,000.00');
  await take.getByTestId('take-payment-method').getByText('Cash').click();
  const paid = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/api/orders/${id}/payments`));
  await take.getByTestId('take-payment-submit').click();
  expect((await paid).status()).toBe(201);
  await expect(take).toBeHidden();
  await expect(page.getByTestId('client-owes')).toHaveCount(0);
  await expect(page.getByTestId('client-balance')).toHaveText('₦0.00');

  // and the invoice owes nothing: the list and the invoice show no debt, and the payment taken later is on it
  await page.goto('/invoices/product-invoices/office');
  await waitForLoader(page);
  await page.getByTestId('search-mode').getByText('Invoice no').click();
  await page.getByTestId('invoice-search').fill(invoice);
  const after = page.getByTestId('order-row').filter({ hasText: invoice });
  await expect(after).toBeVisible();
  await expect(after.getByTestId('order-owes')).toHaveCount(0);
  await after.getByTestId('order-open').click();
  await expect(page.getByTestId('order-detail').getByTestId('order-paid-later')).toHaveCount(1);
  await expect(page.getByTestId('order-detail').getByTestId('order-owes')).toHaveCount(0);
  await expect(page.getByTestId('order-detail').getByTestId('order-take-payment')).toHaveCount(0);

  const order = await apiAs<OrderBody>(page, 'GET', `/api/orders/${id}`);
  expect(order.json.data).toMatchObject({ status: 'paid', balance: 0 });
  const client = await apiAs<ClientHistory>(page, 'GET', `/api/clients/${clientId}/history`);
  expect(client.json.data.summary.balance_owed).toBe(0);
});
