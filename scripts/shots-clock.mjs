// `node scripts/shots-clock.mjs`: screenshots of the studio's clock setting (issue 34, item 7) in
// docs/screenshots/clock-*.png, on the production build (build first: `npm run build -w apps/web`): the Times card on
// Manage Staff at 1366 px, and on the 12-hour clock the bookings list and a booking's time field at 390 px, dark.
// Options: SHOTS_PORT (3521).
import path from 'node:path';
import { chromium } from '@playwright/test';
import { root, startServer } from './measure-server.mjs';

const PORT = Number(process.env.SHOTS_PORT ?? 3521);
const ADMIN = { username: 'admin', password: 'shots-admin-pass' };
const OUT = path.join(root, 'docs/screenshots');
const { base, stop, ready } = startServer({ name: 'shots-clock', port: PORT, admin: ADMIN, env: { API_PROCESSES: '1' } });
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());

let browser;
try {
  await ready();
  const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...ADMIN, deviceId: 'shots', deviceInfo: '' }) });
  const token = (await login.json()).data.tokens[0].api_token;
  const send = async (method, url, body) => {
    const res = await fetch(`${base}${url}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) });
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()).data;
  };
  await send('PUT', '/api/settings', { time_format: '12h' });
  const pkg = await send('POST', '/api/bridalpackages', { name: 'Full Day Glam', price: 250000 });
  for (const [name, phone, time] of [['Ibiere Harry', '+2348097774242', '14:30'], ['Ngozi Okafor', '+2348031234567', '09:00']]) {
    await send('POST', '/api/bridalbookings', { client_name: name, phone, event_date: today, event_time: time, package_id: pkg.id, price: 250000 });
  }

  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const shot = async ({ width, height, url, ready: readyTestId, name, dark = false, act }) => {
    const context = await browser.newContext({ baseURL: base, viewport: { width, height }, timezoneId: 'Africa/Lagos' });
    if (dark) await context.addInitScript(() => localStorage.setItem('color-scheme', 'dark'));
    const page = await context.newPage();
    await page.goto('/auth/login');
    await page.locator('input[name=username]').fill(ADMIN.username);
    await page.locator('input[name=password]').fill(ADMIN.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
    await page.goto(url);
    await page.getByTestId(readyTestId).first().waitFor();
    await page.getByTestId('app-loader').waitFor({ state: 'detached' });
    if (act) await act(page);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: path.join(OUT, name), fullPage: !act });
    console.log(`[shots-clock] ${name}`);
    await context.close();
  };
  await shot({ width: 1366, height: 900, url: '/users/profile-list', ready: 'clock-setting', name: 'clock-setting-1366.png', act: (p) => p.getByTestId('clock-setting').scrollIntoViewIfNeeded() });
  await shot({ width: 390, height: 844, url: '/bookings/manage', ready: 'page-title', name: 'clock-bookings-390-dark.png', dark: true });
  await shot({
    width: 390,
    height: 844,
    url: '/bookings/manage',
    ready: 'page-title',
    name: 'clock-booking-form-390-dark.png',
    dark: true,
    act: async (p) => {
      await p.getByRole('button', { name: /new|add/i }).first().click();
      await p.getByLabel('Event time (ready by): hours').scrollIntoViewIfNeeded();
    },
  });
} finally {
  await browser?.close();
  await stop();
}
