import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiAs, signIn, waitForLoader } from './helpers';
import { STUDIO_TZ, studioDay } from './seed';

/**
 * Issue 33: a makeup student enrolled on a plan with her deposit, 40 days ago (so her first instalment is 10 days past
 * its date), is marked on the class register on a phone, is in the overdue list, pays, gets her certificate, and
 * anyone can check it from its serial and code (a wrong code is not valid).
 */
test.use({ timezoneId: STUDIO_TZ, viewport: { width: 390, height: 844 } });

test('enrol on a plan, mark attendance on a phone, overdue, pay, issue and verify the certificate', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await waitForLoader(page);
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const program = await apiAs<{ data: { id: number } }>(page, 'POST', '/api/training-programs', {
    name: `Plan Course ${tag}`,
    duration: '3 months',
    fee: 300000,
    min_attendance_percent: 50,
    plan: { deposit: { share: 40, due_days: 0 }, instalments: [{ share: 30, due_days: 30 }, { share: 30, due_days: 60 }] },
  });
  expect(program.status, JSON.stringify(program.json)).toBe(201);
  const session = await apiAs<{ data: { id: number } }>(page, 'POST', '/api/training-session', { name: `Plan Class ${tag}`, start_date: studioDay(-40), end_date: studioDay(60) });
  const name = `Ibinabo Jack ${tag}`;
  const student = await apiAs<{ data: { id: number } }>(page, 'POST', '/api/students', {
    name,
    phone: '0803 777 1212',
    program_id: program.json.data.id,
    session_id: session.json.data.id,
    start_date: studioDay(-40),
    end_date: studioDay(50),
    amount_paid: 120000,
    payment_method: 'cash',
  });
  expect(student.status, JSON.stringify(student.json)).toBe(201);
  const id = student.json.data.id;

  // the register on a phone: she is in today's class; a tap marks her present
  await page.goto('/students/register');
  const row = page.getByTestId('register-row').filter({ hasText: name });
  await row.getByText('Present', { exact: true }).click();
  await expect(row.getByTestId('register-status')).toHaveText('Present');
  // an overdue instalment gives a warning (the studio's default gate)
  await expect(page.getByText(/overdue on her instalments/).first()).toBeVisible();

  // the overdue list: 90,000 of her first instalment is past its date
  await page.goto('/students/overdue');
  const late = page.getByTestId('overdue-row').filter({ hasText: name });
  await expect(late.getByTestId('overdue-amount')).toHaveText('₦90,000.00');

  // her plan: the deposit paid, the first instalment overdue; the certificate waits for the balance
  await page.goto(`/students/plan/students/${id}`);
  await expect(page.getByTestId('schedule-status')).toHaveText(['Paid', 'Overdue', 'Due']);
  await page.getByTestId('issue-certificate').click();
  await expect(page.getByTestId('certificate-missing')).toContainText('balance of ₦180,000.00');

  // she pays the rest: all paid, and the overdue list no longer has her
  const paid = await apiAs(page, 'POST', `/api/students/${id}/payments`, { amount: 180000, method: 'cash', date: studioDay(0) });
  expect(paid.status).toBe(201);
  await page.reload();
  await expect(page.getByTestId('schedule-status')).toHaveText(['Paid', 'Paid', 'Paid']);
  await page.getByTestId('issue-certificate').click();
  await page.getByTestId('open-certificate').click();
  await expect(page.getByTestId('app-shell').getByTestId('certificate-name')).toHaveText(name);
  await expect(page.getByTestId('app-shell').getByTestId('certificate-qr')).toBeVisible();
  const certs = await apiAs<{ data: { serial: string; verify_code: string }[] }>(page, 'GET', `/api/students/${id}/certificates`);
  const { serial, verify_code } = certs.json.data[0]!;
  await page.goto('/students/overdue');
  await expect(page.getByTestId('overdue-trainees')).toBeVisible();
  await expect(page.getByTestId('overdue-row').filter({ hasText: name })).toHaveCount(0);

  // an employer, signed in nowhere, scans the QR code
  const employer = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const scan = await employer.newPage();
  await scan.goto(`/verify/${encodeURIComponent(serial)}?code=${verify_code}`);
  await expect(scan.getByTestId('verify-valid')).toContainText(name);
  await expect(scan.getByTestId('verify-valid')).toContainText(`Plan Course ${tag}`);
  await scan.goto(`/verify/${encodeURIComponent(serial)}?code=WRONG${verify_code.slice(5)}`);
  await expect(scan.getByTestId('verify-invalid')).toBeVisible();
  await expect(scan.getByText(name)).toHaveCount(0);
  await employer.close();
});
