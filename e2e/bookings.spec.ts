import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiAs, fillClock, signIn, waitForLoader } from './helpers';

interface Booking {
  id: number;
  client_name: string;
  price: number;
  amount_paid: number;
  balance: number;
}

const STUDIO_TZ = 'Africa/Lagos';

/** The studio's current month, `YYYY-MM`, and that month's 20th. */
function studioMonthDay20() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: STUDIO_TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const month = today.slice(0, 7);
  const iso = `${month}-20`;
  // how Mantine's date picker names a day: "20 November 2026"
  const monthName = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'long' }).format(new Date(`${iso}T12:00:00Z`));
  return { month, iso, dayLabel: `20 ${monthName} ${month.slice(0, 4)}` };
}

// the browser's clock reads the studio's zone, so the date picker opens on the studio's month
test.use({ timezoneId: STUDIO_TZ });

test.describe('bridal bookings', () => {
  test('books a bride with a deposit, finds her on the calendar and takes the balance', async ({ page }) => {
    await signIn(page);
    await waitForLoader(page);
    const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
    const packageName = `Royal Bridal ${tag}`;
    const client = `Adaeze Nwosu ${tag}`;
    const pkg = await apiAs<{ data: { id: number } }>(page, 'POST', '/api/bridalpackages', { name: packageName, price: 250000 });
    expect(pkg.status).toBe(201);
    const { dayLabel } = studioMonthDay20();

    await page.goto('/bookings/manage');
    await expect(page.getByTestId('page-title')).toHaveText('Manage Bookings');
    await page.getByTestId('create-button').click();
    const form = page.getByTestId('resource-form-body');
    await expect(form).toBeVisible();
    await form.locator('input[name=client_name]').fill(client);
    await form.locator('input[name=phone]').fill('0803 555 1234');
    // the event date: open the picker and pick the 20th
    await form.locator('[data-field=event_date]').click();
    await page.getByRole('button', { name: dayLabel, exact: true }).click();
    await expect(form.locator('[data-field=event_date]')).toContainText(/ 20, /);
    // the package fills in its price
    const packageSelect = form.locator('input[data-field=package_id]');
    await packageSelect.click();
    await packageSelect.fill(tag);
    await page.getByRole('option', { name: packageName }).click();
    await expect(packageSelect).toHaveValue(packageName);
    await expect(form.locator('input[data-field=price]')).toHaveValue('₦250,000.00');
    await form.locator('input[data-field=amount_paid]').fill('100000');
    // nothing is chosen for the desk: the method is picked
    const method = form.locator('input[data-field=payment_method]');
    await expect(method).toHaveValue('');
    await method.click();
    await page.getByRole('option', { name: 'Bank transfer' }).click();
    await expect(method).toHaveValue('Bank transfer');

    const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/bridalbookings'));
    await form.getByTestId('form-submit').click();
    const createdRes = await created;
    expect(createdRes.status()).toBe(201);
    const booking = ((await createdRes.json()) as { data: Booking }).data;
    expect(booking).toMatchObject({ client_name: client, price: 250000, amount_paid: 100000, balance: 150000 });
    await expect(page.getByTestId('resource-form-body')).toHaveCount(0);

    // a booking with a deposit opens on its payments
    const drawer = page.getByTestId('payments-drawer');
    await expect(drawer.getByTestId('payments-title')).toHaveText(client);
    await expect(drawer.getByTestId('payments-paid')).toHaveText('₦100,000.00');
    await expect(drawer.getByTestId('payments-balance')).toHaveText('₦150,000.00');
    await expect(drawer.getByTestId('payment-line')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(drawer.getByTestId('payments-title')).toHaveCount(0);

    // in the month's list and on the calendar's day
    await expect(page.getByTestId('booking-row').filter({ hasText: client })).toHaveCount(1);
    // the calendar shows the day just booked: she is in its list (in the day's cell too, where there is room for names)
    const chip = page.getByTestId('calendar-day-list').getByTestId('day-booking').filter({ hasText: client });
    await expect(chip).toBeVisible();

    // open it from the calendar and take the balance by transfer
    await chip.click();
    const detail = page.getByRole('dialog', { name: client });
    await expect(detail.getByTestId('booking-balance')).toHaveText('₦150,000.00');
    await expect(detail.getByTestId('booking-paid')).toHaveCount(0);
    await expect(detail.getByTestId('booking-payments')).toHaveText('Take payment');
    await detail.getByTestId('booking-payments').click();
    const take = drawer.getByTestId('take-payment');
    await expect(take.locator('input[data-field=amount]')).toHaveValue('₦150,000.00');
    await take.locator('input[data-field=method]').click();
    await page.getByRole('option', { name: 'Bank transfer' }).click();
    await expect(take.locator('input[data-field=method]')).toHaveValue('Bank transfer');
    await take.locator('input[data-field=note]').fill(`GTB ${tag}`);
    await take.getByTestId('take-payment-submit').click();

    const receipt = page.getByTestId('payment-receipt-modal');
    await expect(receipt.getByTestId('payment-receipt').first()).toBeVisible();
    await expect(receipt.getByTestId('payment-receipt-name').first()).toContainText(client);
    await expect(receipt.getByTestId('payment-receipt-amount').first()).toContainText('₦150,000.00');
    await expect(receipt.getByTestId('payment-receipt-paid').first()).toContainText('₦250,000.00');
    await expect(receipt.getByTestId('payment-receipt-no').first()).toContainText(`BKG-${booking.id}-P`);
    // its own close button: Escape would shut the payments drawer under it as well
    await receipt.locator('.mantine-Modal-close').click();
    await expect(receipt.getByTestId('payment-receipt')).toHaveCount(0);

    await expect(drawer.getByTestId('payments-paid')).toHaveText('₦250,000.00');
    await expect(drawer.getByTestId('payments-balance')).toHaveText('Paid in full');
    await expect(drawer.getByTestId('take-payment-closed')).toBeVisible();
    await expect(drawer.getByTestId('payment-line')).toHaveCount(2);
    await page.keyboard.press('Escape');
    await expect(drawer.getByTestId('payments-title')).toHaveCount(0);
    // back on the booking, paid in full
    await expect(detail.getByTestId('booking-balance')).toHaveText('₦0.00');
    await expect(detail.getByTestId('booking-paid')).toHaveText('Paid in full');
    await expect(detail.getByTestId('booking-payments')).toHaveText('Payments');

    // and so says the API
    const after = await apiAs<{ data: Booking }>(page, 'GET', `/api/bridalbookings/${booking.id}`);
    expect(after.status).toBe(200);
    expect(after.json.data).toMatchObject({ amount_paid: 250000, balance: 0 });
    const lines = await apiAs<{ data: { amount: number; method: string }[] }>(page, 'GET', `/api/bridalbookings/${booking.id}/payments`);
    expect(lines.status).toBe(200);
    expect(lines.json.data.map((l) => [l.amount, l.method])).toEqual([
      [100000, 'transfer'],
      [150000, 'transfer'],
    ]);
  });

  test('at phone width the list and the calendar fit the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await waitForLoader(page);
    // a booking this month, so the list has a row and the calendar a chip
    const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
    const { iso } = studioMonthDay20();
    const pkg = await apiAs<{ data: { id: number } }>(page, 'POST', '/api/bridalpackages', { name: `Phone Glam ${tag}`, price: 180000 });
    expect(pkg.status).toBe(201);
    const client = `Temitope Bakare-Williamson ${tag}`;
    const made = await apiAs(page, 'POST', '/api/bridalbookings', { client_name: client, phone: '0812 000 1111', event_date: iso, package_id: pkg.json.data.id });
    expect(made.status).toBe(201);

    await page.goto('/bookings/manage');
    await expect(page.getByTestId('month-view')).toBeVisible();
    await expect(page.getByTestId('booking-row').filter({ hasText: client }).first()).toBeVisible();
    await expect(page.getByTestId('booking-calendar')).toBeVisible();
    await expect(page.getByTestId('booking-calendar')).not.toHaveAttribute('aria-busy', 'true');
    await expect(page.getByTestId(`calendar-day-${iso}`)).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390 + 1);
    // on a phone the calendar comes first, the list under it
    const calendar = (await page.getByTestId('booking-calendar').boundingBox())!;
    const list = (await page.getByTestId('month-view').boundingBox())!;
    expect(calendar.y + calendar.height).toBeLessThanOrEqual(list.y);
  });

  test('on a wide screen: the calendar beside the list, a booked day with a time, search by phone, a full day opens whole', async ({ page }) => {
    // beside the open sidebar the page has 1,600 px here: the calendar beside the list, wide enough for names
    // (a 1366 px laptop with the sidebar open has it above the list: e2e/tables.spec.ts)
    await page.setViewportSize({ width: 1920, height: 1000 });
    await signIn(page);
    await waitForLoader(page);
    const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
    const { iso } = studioMonthDay20();
    const pkg = await apiAs<{ data: { id: number } }>(page, 'POST', '/api/bridalpackages', { name: `Full Day ${tag}`, price: 150000 });
    expect(pkg.status).toBe(201);
    // the 20th already has three brides
    for (const [i, time] of ['07:00', '10:30', null].entries()) {
      const made = await apiAs(page, 'POST', '/api/bridalbookings', { client_name: `Early Bride ${i} ${tag}`, phone: `0813 000 00${i}${i}`, event_date: iso, event_time: time, package_id: pkg.json.data.id });
      expect(made.status).toBe(201);
    }
    await page.goto('/bookings/manage');
    const calendarCard = page.getByTestId('booking-calendar');
    await expect(calendarCard).not.toHaveAttribute('aria-busy', 'true');
    const calendar = (await calendarCard.boundingBox())!;
    const list = (await page.getByTestId('month-view').boundingBox())!;
    expect(calendar.x).toBeGreaterThan(list.x + list.width - 1);
    expect(calendar.y).toBeLessThan(list.y + 200);

    // a fourth, booked from the day itself, with a time
    await page.getByTestId(`calendar-day-${iso}`).getByRole('button', { pressed: false }).first().click();
    await page.getByTestId('calendar-add').click();
    const form = page.getByTestId('resource-form-body');
    const client = `Ibiere Harry ${tag}`;
    await form.locator('input[name=client_name]').fill(client);
    await form.locator('input[name=phone]').fill('0809 777 4242');
    await fillClock(form, 'Event time (ready by)', '14:30');
    const packageSelect = form.locator('input[data-field=package_id]');
    await packageSelect.click();
    await packageSelect.fill(tag);
    await page.getByRole('option', { name: `Full Day ${tag}` }).click();
    const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/bridalbookings'));
    await form.getByTestId('form-submit').click();
    const res = await created;
    expect(res.status(), await res.text()).toBe(201);
    expect(((await res.json()) as { data: { event_date: string; event_time: string } }).data).toMatchObject({ event_date: iso, event_time: '14:30' });

    // the day she was booked on is the one shown, her time with her name; the full cell opens the whole day
    await expect(page.getByTestId('calendar-day-list').getByTestId('day-booking').filter({ hasText: `14:30 ${client}` })).toBeVisible();
    await expect(page.getByTestId('booking-row').filter({ hasText: client }).getByTestId('booking-time')).toHaveText('14:30');
    const day = page.getByTestId(`calendar-day-${iso}`);
    await expect(day.getByTestId('calendar-booking')).toHaveCount(2);
    await day.getByTestId('calendar-more').click();
    const whole = page.getByTestId('calendar-whole-day');
    // in the order of the day (other tests book the 20th too)
    await expect(whole.getByTestId('whole-day-booking').filter({ hasText: tag })).toHaveText([/^07:00 Early Bride 0/, /^10:30 Early Bride 1/, new RegExp(`^14:30 ${client}`), /^Early Bride 2/]);
    await whole.getByTestId('whole-day-booking').filter({ hasText: client }).click();
    await expect(page.getByRole('dialog', { name: client }).getByText(/ at 14:30$/)).toBeVisible();
    await page.keyboard.press('Escape');

    // search by phone: the list's own search, on the server
    const searched = page.waitForResponse((r) => r.url().includes('/api/bridalbookings?') && r.url().includes('q=777'));
    await page.getByTestId('bookings-search').fill('777-4242');
    expect((await searched).status()).toBe(200);
    await expect(page.getByTestId('booking-row')).toHaveCount(1);
    await expect(page.getByTestId('booking-row').first()).toContainText(client);
  });
});
