import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiAs, signIn, waitForLoader } from './helpers';
import { STUDIO_TZ, studioDay } from './seed';

interface DayTransfers {
  transfers: { unconfirmed: { count: number; amount: number } };
}

/**
 * Issue 17, item 5: a sale paid by transfer waits for a person. The day close shows it before the day is closed; the
 * admin follows its link to Transfers to confirm, ticks every transfer waiting and confirms them; the day close then
 * shows none left, and the invoice says who confirmed it. On the office till (other specs close the salon's day).
 */
test.use({ timezoneId: STUDIO_TZ, viewport: { width: 1366, height: 900 } });

test('a transfer sale is confirmed from Transfers to confirm, and the day close shows none left', async ({ page }) => {
  const today = studioDay();
  await signIn(page);
  await waitForLoader(page);
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const made = await apiAs<{ data: { id: number } }>(page, 'POST', '/api/products', { outlet: 'office', name: `Brow Gel ${tag}`, sku: `BG-${tag}`, price: 7500, quantity: 10 });
  expect(made.status).toBe(201);
  const sale = await apiAs<{ data: { id: number; invoice_no: string } }>(page, 'POST', '/api/orders', {
    outlet: 'office',
    customer_name: `Transfer ${tag}`,
    items: [{ product_id: made.json.data.id, quantity: 2 }],
    payments: [{ method: 'transfer', amount: 15000, reference: `GTB-${tag}` }],
  });
  expect(sale.status).toBe(201);
  const invoice = sale.json.data.invoice_no;

  // the day close, before the day is closed: this transfer is among those waiting
  await page.goto('/dashboard/point-of-sales/office');
  await waitForLoader(page);
  await page.getByTestId('day-close-button').click();
  const modal = page.getByTestId('day-close-modal');
  const waiting = modal.getByTestId('day-close-transfers');
  await expect(waiting).toContainText('not confirmed yet');
  expect(Number(await waiting.getAttribute('data-count'))).toBeGreaterThanOrEqual(1);
  await waiting.getByRole('link', { name: 'Transfers to confirm' }).click();

  // Transfers to confirm: the sale is listed; tick every transfer waiting and confirm them
  await expect(page).toHaveURL(/\/finances\/transfers$/);
  await expect(page.getByTestId('page-title')).toHaveText('Transfers to confirm');
  const row = page.getByTestId('transfers-row').filter({ hasText: invoice });
  await expect(row).toContainText(`GTB-${tag}`);
  await expect(row).toContainText('₦15,000.00');
  await page.getByTestId('select-all').check();
  await expect(page.getByTestId('transfers-confirm')).toContainText(/Confirm \d+ transfers?/);
  await page.getByTestId('transfers-confirm').click();
  await expect(page.getByTestId('transfers-empty')).toHaveText('Every transfer has been checked: nothing is waiting.');
  await expect(page.getByTestId('transfers-waiting-value')).toHaveText('₦0.00');

  // the day close: none left
  await page.goto('/dashboard/point-of-sales/office');
  await waitForLoader(page);
  await page.getByTestId('day-close-button').click();
  await expect(page.getByTestId('day-close-modal').getByTestId('day-close-transfers')).toHaveText(/No transfer of this day is waiting to be confirmed/);
  const day = await apiAs<{ data: DayTransfers }>(page, 'GET', `/api/day-close/office/${today}`);
  expect(day.json.data.transfers.unconfirmed).toEqual({ count: 0, amount: 0 });

  // and the invoice says who confirmed it
  const order = await apiAs<{ data: { payments: { transfer_status: string; confirmed_by: { name: string } | null }[] } }>(page, 'GET', `/api/orders/${sale.json.data.id}`);
  expect(order.json.data.payments[0]).toMatchObject({ transfer_status: 'confirmed', confirmed_by: { name: 'Studio Admin' } });
});
