import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiAs, fillClock, signIn, waitForLoader } from './helpers';
import { STUDIO_TZ, studioDay } from './seed';

// Issue 21 end to end: a PMU appointment for a new client found by phone, the patch test recorded on the client,
// arrived, done, checked out at the till with the deposit counted, and the sale in the client's history.

test.use({ timezoneId: STUDIO_TZ });

/** How Mantine's date picker names a day: "25 November 2026". */
function dayLabel(iso: string) {
  const month = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'long' }).format(new Date(`${iso}T12:00:00Z`));
  return `${Number(iso.slice(8))} ${month} ${iso.slice(0, 4)}`;
}

test('books a PMU appointment for a new client, records the patch test, checks it out and finds it in the history', async ({ page }) => {
  await signIn(page);
  await waitForLoader(page);
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const serviceName = `Ombre brows ${tag}`;
  const artistName = `Tamuno ${tag}`;
  const clientName = `Ifeoma Obi ${tag}`;
  const phone = `0809${String(crypto.randomInt(1_000_000, 9_999_999))}`;
  const service = await apiAs<{ data: { id: number } }>(page, 'POST', '/api/products', { outlet: 'office', kind: 'service', name: serviceName, price: 85000, duration_minutes: 120 });
  expect(service.status).toBe(201);
  const artist = await apiAs(page, 'POST', '/api/users', { name: artistName, username: `tam${tag.toLowerCase()}`, role: 'PMU Specialist', password: 'tamuno-pass-1', is_admin: 0, active: true });
  expect(artist.status).toBe(201);

  // book: the phone finds nobody, so the name makes a new client; the service fills its length; a deposit by transfer
  await page.goto('/appointments/book');
  await expect(page.getByTestId('page-title')).toHaveText('Appointments');
  await page.getByTestId('create-button').click();
  const form = page.getByTestId('resource-form-body');
  await form.locator('input[name=client_phone]').fill(phone);
  await expect(form.getByTestId('client-new')).toBeVisible();
  await form.locator('input[name=client_name]').fill(clientName);
  const serviceSelect = form.locator('input[data-field=service_id]');
  await serviceSelect.click();
  await serviceSelect.fill(tag);
  await page.getByRole('option', { name: serviceName }).click();
  await expect(form.locator('input[name=duration_minutes]')).toHaveValue('120');
  const artistSelect = form.locator('input[data-field=artist_id]');
  await artistSelect.click();
  await artistSelect.fill(tag);
  await page.getByRole('option', { name: artistName }).click();
  await fillClock(form, 'Starts time', '11:30');
  await form.locator('input[data-field=amount_paid]').fill('20000');
  await form.locator('input[data-field=payment_method]').click();
  await page.getByRole('option', { name: 'Bank transfer' }).click();
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/appointments'));
  await form.getByTestId('form-submit').click();
  const res = await created;
  expect(res.status()).toBe(201);
  const booked = (await res.json()) as { data: { id: number; client_id: number; outlet: string; price: number; amount_paid: number }; warnings: string[] };
  expect(booked.data).toMatchObject({ outlet: 'office', price: 85000, amount_paid: 20000 });
  // no patch test on record for a PMU service: a warning, not a refusal
  expect(booked.warnings.join(' ')).toMatch(/no patch test/);
  await expect(page.getByText(/has no patch test on record/).first()).toBeVisible();
  // a deposit opens the ledger at once
  await expect(page.getByTestId('payments-drawer').getByTestId('payment-line')).toHaveCount(1);
  await page.keyboard.press('Escape');

  // on the book, in the artist's column
  const card = page.getByTestId('book-item').filter({ hasText: clientName });
  await expect(card).toBeVisible();
  await card.click();
  const detail = page.getByTestId('appointment-detail');
  await expect(detail.getByTestId('appointment-deposit')).toHaveText('₦20,000.00');

  // the client's page: record the patch test
  await detail.getByTestId('appointment-client').click();
  await expect(page.getByTestId('page-title')).toHaveText(clientName);
  await expect(page.getByTestId('client-patch-test')).toHaveText('None on record');
  await page.getByTestId('client-edit').click();
  const clientForm = page.getByTestId('resource-form-body');
  await clientForm.locator('[data-field=patch_test_date]').click();
  await page.getByRole('button', { name: dayLabel(studioDay()), exact: true }).click();
  await clientForm.locator('input[data-field=patch_test_result]').click();
  await page.getByRole('option', { name: 'Passed (no reaction)' }).click();
  await clientForm.getByTestId('form-submit').click();
  await expect(page.getByTestId('client-patch-test')).toContainText('Passed (no reaction)');

  // back on the book: arrived, then done, then check out
  await page.goto(`/appointments/book?day=${studioDay()}`);
  await page.getByTestId('book-item').filter({ hasText: clientName }).click();
  await detail.getByTestId('appointment-step-arrived').click();
  await expect(detail.getByTestId('appointment-status')).toHaveText('Arrived');
  await detail.getByTestId('appointment-step-done').click();
  await expect(detail.getByTestId('appointment-status')).toHaveText('Done');
  await detail.getByTestId('appointment-checkout').click();

  // the PMU till, the service and the client filled in, the deposit counted
  await expect(page).toHaveURL(/\/dashboard\/point-of-sales\/office$/);
  const cart = page.getByTestId('pos-cart');
  await expect(cart.getByTestId('cart-appointment')).toContainText(serviceName);
  await expect(cart.getByTestId('cart-line')).toHaveCount(1);
  await expect(cart.getByTestId('cart-customer-name')).toHaveValue(clientName);
  await expect(cart.getByTestId('till-client-link')).toHaveText(clientName);
  await expect(cart.getByTestId('cart-deposit')).toHaveText('-₦20,000.00');
  await cart.getByTestId('cart-charge').click();
  const checkout = page.getByTestId('checkout-modal');
  await expect(checkout.getByTestId('checkout-total')).toHaveText('₦65,000.00');
  const sold = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/api/appointments/${booked.data.id}/checkout`));
  await checkout.getByTestId('checkout-confirm').click();
  const sale = (await (await sold).json()) as { data: { invoice_no: string; total: number; deposit: number; amount_paid: number } };
  expect(sale.data).toMatchObject({ total: 85000, deposit: 20000, amount_paid: 65000 });
  await expect(page.getByText(`Sale ${sale.data.invoice_no} recorded`)).toBeVisible();

  // the client's history: the sale and the appointment, checked out
  await page.goto(`/clients/${booked.data.client_id}`);
  const history = page.getByTestId('client-history-table');
  await expect(history.getByText(`Sale ${sale.data.invoice_no}`)).toBeVisible();
  await expect(history.getByText(serviceName)).toBeVisible();
  await expect(history.getByText('checked out')).toBeVisible();
  await expect(page.getByTestId('client-total-spent')).toHaveText('₦85,000.00');
});
