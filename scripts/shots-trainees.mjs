// `node scripts/shots-trainees.mjs`: the screenshots of issue 33 in docs/screenshots/issue33-*.png, on the production
// build (build first: `npm run build -w apps/web`): a makeup student's schedule with an instalment overdue (1366 px),
// the class register on a phone (390 px), her statement and a certificate with its QR code (A4, on screen), and the
// public check the QR code opens (390 px). Options: SHOTS_PORT (3518).
import path from 'node:path';
import { chromium } from '@playwright/test';
import { root, startServer } from './measure-server.mjs';

const PORT = Number(process.env.SHOTS_PORT ?? 3518);
const ADMIN = { username: 'admin', password: 'shots-admin-pass' };
const OUT = path.join(root, 'docs/screenshots');
const { base, stop, ready } = startServer({ name: 'shots-trainees', port: PORT, admin: ADMIN, env: { API_PROCESSES: '1' } });

const lagos = (d) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(d);
const today = lagos(new Date());
const daysFrom = (day, n) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const start = daysFrom(today, -40);

let browser;
try {
  await ready();
  const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...ADMIN, deviceId: 'shots', deviceInfo: '' }) });
  const token = (await login.json()).data.tokens[0].api_token;
  const send = async (method, url, body) => {
    const res = await fetch(`${base}${url}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()).data;
  };
  await send('PUT', '/api/settings', { bank_account: { bank: 'GTBank', number: '0123456789', name: 'Glam Studio Ltd' } });
  const program = await send('POST', '/api/training-programs', {
    name: 'Professional Makeup',
    duration: '3 months',
    fee: 350000,
    min_attendance_percent: 75,
    plan: { deposit: { share: 40, due_days: 0 }, instalments: [{ share: 30, due_days: 30 }, { share: 30, due_days: 60 }] },
  });
  const session = await send('POST', '/api/training-session', { name: 'Morning class', start_date: start, end_date: daysFrom(today, 60) });
  const enrol = (name, phone) => send('POST', '/api/students', { name, phone, program_id: program.id, session_id: session.id, start_date: start, end_date: daysFrom(start, 90), amount_paid: 140000, payment_method: 'transfer' });
  const ada = await enrol('Adaeze Okoro', '08031234567');
  const bimpe = await enrol('Bimpe Adeyemi', '08037654321');
  await enrol('Chioma Nwosu', '08051112222');
  await enrol('Damilola Bello', '08062223333');
  await send('POST', `/api/students/${bimpe.id}/payments`, { amount: 210000, method: 'cash', date: today });
  for (let d = 1; d <= 6; d++) {
    await send('POST', '/api/attendance', { trainee_kind: 'student', trainee_id: bimpe.id, date: daysFrom(today, -d), status: d === 3 ? 'late' : 'present' });
    await send('POST', '/api/attendance', { trainee_kind: 'student', trainee_id: ada.id, date: daysFrom(today, -d), status: d % 3 === 0 ? 'absent' : 'present' });
  }
  await send('POST', '/api/attendance', { trainee_kind: 'student', trainee_id: bimpe.id, date: today, status: 'late' });
  const cert = await send('POST', `/api/students/${bimpe.id}/certificate`);

  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const shot = async ({ width, height, url, ready: readyTestId, name, signIn = true }) => {
    const context = await browser.newContext({ baseURL: base, viewport: { width, height }, timezoneId: 'Africa/Lagos' });
    const page = await context.newPage();
    if (signIn) {
      await page.goto('/auth/login');
      await page.locator('input[name=username]').fill(ADMIN.username);
      await page.locator('input[name=password]').fill(ADMIN.password);
      await page.getByTestId('login-submit').click();
      await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
    }
    await page.goto(url);
    await page.getByTestId(readyTestId).first().waitFor();
    await page.waitForTimeout(3500);
    await page.screenshot({ path: path.join(OUT, name), fullPage: true });
    console.log(`[shots-trainees] ${name}`);
    await context.close();
  };
  await shot({ width: 1366, height: 900, url: `/students/plan/students/${ada.id}`, ready: 'schedule-row', name: 'issue33-schedule-1366.png' });
  await shot({ width: 390, height: 844, url: '/students/register', ready: 'register-row', name: 'issue33-register-390.png' });
  await shot({ width: 1366, height: 900, url: `/students/plan/students/${ada.id}/statement`, ready: 'statement-line', name: 'issue33-statement-1366.png' });
  await shot({ width: 1366, height: 1100, url: `/students/plan/students/${bimpe.id}/certificate/${encodeURIComponent(cert.serial)}`, ready: 'certificate-qr', name: 'issue33-certificate-1366.png' });
  await shot({ width: 390, height: 844, url: `/verify/${encodeURIComponent(cert.serial)}?code=${cert.verify_code}`, ready: 'verify-valid', name: 'issue33-verify-390.png', signIn: false });
} finally {
  await browser?.close();
  stop();
}
