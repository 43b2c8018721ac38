import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiAs, signIn, waitForLoader } from './helpers';

// Issue 28, item 4: cancelling a booking with a deposit asks what becomes of the money, and the cancelled booking then
// says it ("Cancelled · deposit refunded"), never "Paid in full".

const STUDIO_TZ = 'Africa/Lagos';
test.use({ timezoneId: STUDIO_TZ });

/** The studio's current month's 20th, `YYYY-MM-20`: the booking shows in the month Manage Bookings opens on. */
function studioDay20() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: STUDIO_TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  return `${today.slice(0, 7)}-20`;
}

test('cancelling a booking with a deposit asks what becomes of it; the booking then shows the outcome', async ({ page }) => {
  await signIn(page);
  await waitForLoader(page);
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const client = `Ngozi Eze ${tag}`;
  const pkg = await apiAs<{ data: { id: number } }>(page, 'POST', '/api/bridalpackages', { name: `Classic Bridal ${tag}`, price: 150000 });
  expect(pkg.status).toBe(201);
  const created = await apiAs<{ data: { id: number } }>(page, 'POST', '/api/bridalbookings', {
    client_name: client,
    phone: '0803 555 9876',
    event_date: studioDay20(),
    package_id: pkg.json.data.id,
    amount_paid: 50000,
    payment_method: 'cash',
    client_ref: crypto.randomUUID(),
  });
  expect(created.status).toBe(201);
  const id = created.json.data.id;

  await page.goto('/bookings/manage');
  await page.getByTestId('booking-row').filter({ hasText: client }).click();
  const detail = page.getByRole('dialog', { name: client });
  await expect(detail.getByTestId('booking-status')).toHaveText('Confirmed');
  await detail.getByTestId('booking-step-cancelled').click();

  // the question: nothing is sent until it is answered
  const settle = page.getByTestId('settle-deposit-modal');
  await expect(settle).toContainText('paid ₦50,000.00');
  await settle.getByTestId('settle-confirm').click();
  await expect(settle).toContainText('What becomes of the money');
  expect((await apiAs<{ data: { status: string } }>(page, 'GET', `/api/bridalbookings/${id}`)).json.data.status).toBe('confirmed');

  // refunded, in cash: the method is asked for too
  await settle.locator('[data-testid=settle-outcome]').click();
  await page.getByRole('option', { name: 'Refunded to the client' }).click();
  await settle.getByTestId('settle-confirm').click();
  await expect(settle).toContainText(/refund method is required|Paid back by/);
  await settle.locator('[data-testid=settle-refund-method]').click();
  await page.getByRole('option', { name: 'Cash' }).click();
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/bridalbookings/${id}`));
  await settle.getByTestId('settle-confirm').click();
  expect((await saved).status()).toBe(200);

  // the booking says what became of the money, not "Paid in full"
  await expect(detail.getByTestId('booking-status')).toHaveText('Cancelled · deposit refunded');
  await expect(detail.getByTestId('booking-paid')).toHaveCount(0);
  await expect(detail).not.toContainText('Paid in full');
  await expect(page.getByTestId('booking-row').filter({ hasText: client })).toContainText('Cancelled · deposit refunded');
  // its payments: the deposit and the refund, no balance
  await detail.getByTestId('booking-payments').click();
  const drawer = page.getByTestId('payments-drawer');
  await expect(drawer.getByTestId('payments-balance')).toHaveText('Cancelled · deposit refunded');
  await expect(drawer.getByTestId('payment-line')).toHaveCount(2);

  const after = await apiAs<{ data: { status: string; deposit_outcome: string; amount_paid: number } }>(page, 'GET', `/api/bridalbookings/${id}`);
  expect(after.json.data).toMatchObject({ status: 'cancelled', deposit_outcome: 'refunded', amount_paid: 0 });
});
