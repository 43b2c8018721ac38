import crypto from 'node:crypto';
import { type Locator, type Page, expect, test } from '@playwright/test';
import { apiAs, signIn, waitForLoader } from './helpers';

// Issue 17, item 1: clicking the already-chosen "Deposit paid by" option used to empty it, and the ledger then
// recorded a bank transfer as cash. Now a chosen method stays chosen, and what the ledger keeps is checked.

test.use({ timezoneId: 'Africa/Lagos' });

/** How Mantine's date picker names the 20th of the studio's month: "20 November 2026". */
function dayLabel20() {
  const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);
  const monthName = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'long' }).format(new Date(`${month}-20T12:00:00Z`));
  return `20 ${monthName} ${month.slice(0, 4)}`;
}

/** Opens a select and clicks an option; twice for the same option is the click that used to empty it. */
async function choose(page: Page, input: Locator, option: string) {
  await input.click();
  await page.getByRole('option', { name: option }).click();
}

test('a deposit by bank transfer stays a transfer after its option is clicked again (booking and makeup student)', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page);
  await waitForLoader(page);
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const pkg = await apiAs<{ data: { id: number } }>(page, 'POST', '/api/bridalpackages', { name: `Transfer Gold ${tag}`, price: 400000 });
  expect(pkg.status).toBe(201);

  // a booking with a ₦150,000 deposit by transfer
  await page.goto('/bookings/manage');
  await page.getByTestId('create-button').click();
  const form = page.getByTestId('resource-form-body');
  const client = `Ibiere Georgewill ${tag}`;
  await form.locator('input[name=client_name]').fill(client);
  await form.locator('input[name=phone]').fill('0803 555 7788');
  await form.locator('[data-field=event_date]').click();
  await page.getByRole('button', { name: dayLabel20(), exact: true }).click();
  const packageSelect = form.locator('input[data-field=package_id]');
  await packageSelect.click();
  await packageSelect.fill(tag);
  await page.getByRole('option', { name: `Transfer Gold ${tag}` }).click();
  await form.locator('input[data-field=amount_paid]').fill('150000');
  const method = form.locator('input[data-field=payment_method]');
  await expect(method).toHaveValue('');
  await choose(page, method, 'Bank transfer');
  await choose(page, method, 'Bank transfer');
  await expect(method).toHaveValue('Bank transfer');
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/bridalbookings'));
  await form.getByTestId('form-submit').click();
  const res = await created;
  expect(res.status()).toBe(201);
  const booking = ((await res.json()) as { data: { id: number; amount_paid: number } }).data;
  expect(booking.amount_paid).toBe(150000);
  const lines = await apiAs<{ data: { amount: number; method: string }[] }>(page, 'GET', `/api/bridalbookings/${booking.id}/payments`);
  expect(lines.json.data.map((l) => [l.amount, l.method])).toEqual([[150000, 'transfer']]);

  // a makeup student with a deposit by transfer, on the same mechanism
  await page.keyboard.press('Escape');
  const program = await apiAs<{ data: { id: number } }>(page, 'POST', '/api/training-programs', { name: `Transfer Course ${tag}`, duration: '1 month', fee: 200000 });
  expect(program.status).toBe(201);
  const session = await apiAs<{ data: { id: number } }>(page, 'POST', '/api/training-session', { name: `Transfer Class ${tag}`, start_date: '2026-01-05', end_date: '2027-12-20' });
  expect(session.status).toBe(201);
  await page.goto('/students/makeup/list');
  await page.getByTestId('create-button').click();
  const studentForm = page.getByTestId('resource-form-body');
  const name = `Tamuno Briggs ${tag}`;
  await studentForm.locator('input[name=name]').fill(name);
  await studentForm.locator('input[name=phone]').fill('0803 555 9900');
  const programSelect = studentForm.locator('input[data-field=program_id]');
  await programSelect.click();
  await programSelect.fill(tag);
  await page.getByRole('option', { name: `Transfer Course ${tag}` }).click();
  const sessionSelect = studentForm.locator('input[data-field=session_id]');
  await sessionSelect.click();
  await sessionSelect.fill(tag);
  await page.getByRole('option', { name: new RegExp(`Transfer Class ${tag}`) }).click();
  await studentForm.locator('input[data-field=amount_paid]').fill('80000');
  const studentMethod = studentForm.locator('input[data-field=payment_method]');
  await choose(page, studentMethod, 'Bank transfer');
  await choose(page, studentMethod, 'Bank transfer');
  await expect(studentMethod).toHaveValue('Bank transfer');
  const enrolled = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/students'));
  await studentForm.getByTestId('form-submit').click();
  const enrolledRes = await enrolled;
  expect(enrolledRes.status(), await enrolledRes.text()).toBe(201);
  const student = ((await enrolledRes.json()) as { data: { id: number } }).data;
  const studentLines = await apiAs<{ data: { amount: number; method: string }[] }>(page, 'GET', `/api/students/${student.id}/payments`);
  expect(studentLines.json.data.map((l) => [l.amount, l.method])).toEqual([[80000, 'transfer']]);
});
