// `node scripts/shots-clock.mjs`: screenshots of the studio's clock setting (issue 34, item 7) in
// docs/screenshots/clock-*.png, on the production build (build first: `npm run build -w apps/web`): the Times card on
// Manage Staff at 1366 px, and on the 12-hour clock the bookings list and a booking's time field at 390 px, dark.
// Options: SHOTS_PORT (3521).
import { chromium } from '@playwright/test';
import { startServer } from './measure-server.mjs';
import { adminApi, shooter } from './shots-lib.mjs';

const PORT = Number(process.env.SHOTS_PORT ?? 3521);
const ADMIN = { username: 'admin', password: 'shots-admin-pass' };
const { base, stop, ready } = startServer({ name: 'shots-clock', port: PORT, admin: ADMIN, env: { API_PROCESSES: '1' } });
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());

let browser;
try {
  await ready();
  const send = await adminApi(base, ADMIN);
  await send('PUT', '/api/settings', { time_format: '12h' });
  const pkg = await send('POST', '/api/bridalpackages', { name: 'Full Day Glam', price: 250000 });
  for (const [name, phone, time] of [['Ibiere Harry', '+2348097774242', '14:30'], ['Ngozi Okafor', '+2348031234567', '09:00']]) {
    await send('POST', '/api/bridalbookings', { client_name: name, phone, event_date: today, event_time: time, package_id: pkg.id, price: 250000 });
  }

  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const shot = shooter({ browser, base, admin: ADMIN, label: 'shots-clock' });
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
