import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiAs, signIn, waitForLoader } from './helpers';
import { STUDIO_TZ, studioDay } from './seed';

/**
 * Issue 34, item 4: an appointment reminder sent from one device shows as sent, with who sent it and when, on every
 * other device (it was kept in one browser's storage). Two browser contexts stand for two phones.
 */
test.use({ timezoneId: STUDIO_TZ, viewport: { width: 1366, height: 900 } });

test('a reminder sent from one device is sent on another, with who sent it', async ({ page, context, browser }) => {
  // WhatsApp itself is not part of the test: its page answers from here
  await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }));
  await signIn(page);
  await waitForLoader(page);
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const me = await apiAs<{ data: { id: number } }>(page, 'GET', '/api/user');
  const service = await apiAs<{ data: { id: number } }>(page, 'POST', '/api/products', { outlet: 'salon', kind: 'service', name: `Cornrows ${tag}`, sku: `CR-${tag}`, price: 12000, duration_minutes: 60 });
  expect(service.status).toBe(201);
  const client = `Zainab Musa ${tag}`;
  const booked = await apiAs<{ data: { id: number } }>(page, 'POST', '/api/appointments', {
    client_name: client,
    client_phone: `0813${String(crypto.randomInt(1_000_000, 9_999_999))}`,
    service_id: service.json.data.id,
    artist_id: me.json.data.id,
    starts_at: `${studioDay(1)}T10:00:00+01:00`,
  });
  expect(booked.status, JSON.stringify(booked.json)).toBe(201);

  // the desk's device: tomorrow's reminders, this one sent
  await page.goto('/appointments/reminders');
  await waitForLoader(page);
  const row = page.getByTestId('reminder-row').filter({ hasText: client });
  await expect(row.getByTestId('reminder-sent-by')).toHaveCount(0);
  const recorded = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/reminders/appointments/sent'));
  const popup = page.waitForEvent('popup');
  await row.getByTestId('reminder-send').click();
  await (await popup).close();
  expect((await recorded).status()).toBe(200);
  await expect(row.getByTestId('reminder-sent-by')).toContainText('by Studio Admin');

  // another device (its own storage): the same reminder is sent there too
  const other = await browser.newContext({ timezoneId: STUDIO_TZ, viewport: { width: 390, height: 844 } });
  const phone = await other.newPage();
  await signIn(phone);
  await waitForLoader(phone);
  await phone.goto('/appointments/reminders');
  await waitForLoader(phone);
  await expect(phone.getByTestId('reminder-row').filter({ hasText: client }).getByTestId('reminder-sent-by')).toContainText(/Sent \d{1,2}:\d\d.* by Studio Admin/);
  await other.close();
});
