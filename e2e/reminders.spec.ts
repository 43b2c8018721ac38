import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiAs, signIn, waitForLoader } from './helpers';
import { STUDIO_TZ, studioDay } from './seed';

interface Due {
  kind: string;
  id: number;
  name: string;
  balance: number;
  last_reminder: { at: string; by: { name: string } | null; balance: number } | null;
  recently_reminded: boolean;
}
interface Dues {
  data: Due[];
  summary: { skipped: number; skip_days: number };
}

/**
 * Issue 17, item 7: a student who owes is on Payment reminders with her WhatsApp message; the admin opens it, marks
 * it sent, and the API keeps when and by whom; she is then left out of a run (reminded within the skip window),
 * counted, and listed again only when asked.
 */
test.use({ timezoneId: STUDIO_TZ, viewport: { width: 1366, height: 900 } });

test('a student who owes is reminded from Payment reminders, recorded, and skipped afterwards', async ({ page, context }) => {
  // WhatsApp itself is not part of the test: its page answers from here
  await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }));
  await signIn(page);
  await waitForLoader(page);
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const program = await apiAs<{ data: { id: number } }>(page, 'POST', '/api/training-programs', { name: `Reminder Course ${tag}`, duration: '2 months', fee: 250000 });
  expect(program.status).toBe(201);
  const session = await apiAs<{ data: { id: number } }>(page, 'POST', '/api/training-session', { name: `Reminder Class ${tag}`, start_date: studioDay(-10), end_date: studioDay(80) });
  expect(session.status).toBe(201);
  const name = `Ebiere Dokubo ${tag}`;
  const student = await apiAs<{ data: { id: number; balance: number } }>(page, 'POST', '/api/students', {
    name,
    phone: '0803 555 6161',
    program_id: program.json.data.id,
    session_id: session.json.data.id,
    amount_paid: 100000,
    payment_method: 'cash',
  });
  expect(student.status, JSON.stringify(student.json)).toBe(201);
  expect(student.json.data.balance).toBe(150000);
  const id = student.json.data.id;

  // the page lists her, with the message to her phone in the 234 form
  await page.goto('/finances/reminders');
  await expect(page.getByTestId('page-title')).toHaveText('Payment reminders');
  const row = page.getByTestId('reminder-row').filter({ hasText: name });
  await expect(row).toContainText('owes ₦150,000.00');
  await expect(row).toContainText(`Makeup training, Reminder Course ${tag}, Reminder Class ${tag}`);
  const send = row.getByTestId('reminder-send');
  const href = new URL((await send.getAttribute('href'))!);
  expect(href.origin + href.pathname).toBe('https://wa.me/2348035556161');
  expect(href.searchParams.get('text')).toContain(`Hello ${name}, this is a reminder from`);
  expect(href.searchParams.get('text')).toContain('a balance of ₦150,000.00 is due for');

  // open (WhatsApp in a new tab), then mark sent
  const popup = page.waitForEvent('popup');
  await send.click();
  await (await popup).close();
  const recorded = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/reminders/sent'));
  await page.getByTestId('reminders-mark-sent').filter({ hasText: name }).click();
  expect((await recorded).status()).toBe(200);
  await expect(row).toContainText('Sent');
  await expect(row.getByTestId('reminder-last')).toContainText('by Studio Admin');

  // the API keeps when and by whom, and what she owed then
  const all = await apiAs<Dues>(page, 'GET', '/api/reminders/dues?include_reminded=true');
  const mine = all.json.data.find((r) => r.kind === 'student' && r.id === id);
  expect(mine).toMatchObject({ recently_reminded: true, last_reminder: { by: { name: 'Studio Admin' }, balance: 150000 } });
  expect(Date.now() - Date.parse(mine!.last_reminder!.at)).toBeLessThan(120_000);
  const run = await apiAs<Dues>(page, 'GET', '/api/reminders/dues');
  expect(run.json.data.some((r) => r.kind === 'student' && r.id === id)).toBe(false);
  expect(run.json.summary.skipped).toBeGreaterThanOrEqual(1);

  // a new run leaves her out and counts her; asked for, she is listed, flagged
  await page.reload();
  await waitForLoader(page);
  await expect(page.getByTestId('reminders-skipped-value')).not.toHaveText('0');
  await expect(page.getByTestId('reminders-list')).not.toContainText(name);
  await page.getByTestId('reminders-include').check();
  await expect(page.getByTestId('reminder-row').filter({ hasText: name })).toContainText('Reminded lately');
});
