// `node scripts/measure-book.mjs`: how long the appointment book takes to draw a busy day (issue 21: a day of 200
// appointments in under 200 ms in Chromium), on the production build (build first: `npm run build -w apps/web`).
// Starts the built app on a fresh embedded database, books BOOK_COUNT (200) appointments on one day over 8 artists
// through the API, opens /appointments/book on the day before (empty), then steps to the busy day with "Next day"
// BOOK_RUNS (5) times: from the click to the last card drawn (the list's answer included, and apart, from the answer
// to the cards drawn). Options: BOOK_PORT (3597), BOOK_COUNT, BOOK_RUNS.
import { chromium } from '@playwright/test';
import os from 'node:os';
import { median, startServer } from './measure-server.mjs';

const PORT = Number(process.env.BOOK_PORT ?? 3597);
const COUNT = Number(process.env.BOOK_COUNT ?? 200);
const RUNS = Number(process.env.BOOK_RUNS ?? 5);
const ADMIN = { username: 'admin', password: 'measure-book-pass' };
const DAY = '2027-03-10';
const BEFORE = '2027-03-09';

const { base, stop, ready } = startServer({ name: 'measure-book', port: PORT, admin: ADMIN });
const log = (msg) => console.log(`[measure-book] ${msg}`);

async function api(token, method, path, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { accept: 'application/json', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({}));
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

try {
  await ready();
  const login = await api(null, 'POST', '/api/login', { username: ADMIN.username, password: ADMIN.password, deviceId: 'measure-book', deviceInfo: '' });
  const token = login.data.tokens[0].api_token;
  const service = (await api(token, 'POST', '/api/products', { outlet: 'salon', name: 'Gel Manicure', kind: 'service', sku: 'SVC-BOOK', category: 'Nails', price: 8000, duration_minutes: 45 })).data;
  const artists = [];
  for (let i = 0; i < 8; i++) {
    const u = (await api(token, 'POST', '/api/users', { name: `Artist ${i + 1}`, username: `artist${i + 1}`, password: 'artist-long-pass-1', role: 'Stylist' })).data;
    artists.push(u.id);
  }
  const t0 = performance.now();
  for (let i = 0; i < COUNT; i++) {
    const minutes = 8 * 60 + ((i * 7) % (11 * 60));
    const at = `${DAY}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00+01:00`;
    await api(token, 'POST', '/api/appointments', { client_name: `Client ${i + 1}`, client_phone: `0803${String(1000000 + i).padStart(7, '0')}`, service_id: service.id, artist_id: artists[i % artists.length], starts_at: at });
  }
  log(`${COUNT} appointments booked on ${DAY} over ${artists.length} artists in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await page.goto('/auth/login');
  await page.locator('input[name=username]').fill(ADMIN.username);
  await page.locator('input[name=password]').fill(ADMIN.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
  const total = [];
  const drawn = [];
  for (let run = 0; run < RUNS; run++) {
    await page.goto(`/appointments/book?day=${BEFORE}&view=day`);
    await page.getByTestId('book-empty').waitFor();
    await page.getByTestId('app-loader').waitFor({ state: 'detached' });
    // a new list each run: the answer is not in the query cache
    const times = await page.evaluate(
      ({ count }) =>
        new Promise((resolve) => {
          const started = performance.now();
          let answered = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) if (e.name.includes('/api/appointments/day/')) answered = e.responseEnd;
          }).observe({ type: 'resource' });
          const done = () => {
            if (document.querySelectorAll('[data-testid="book-item"]').length < count) return false;
            const end = performance.now();
            resolve({ total: end - started, drawn: answered ? end - answered : null });
            return true;
          };
          new MutationObserver((_, obs) => done() && obs.disconnect()).observe(document.body, { childList: true, subtree: true });
          document.querySelector('[data-testid="book-next"]').click();
        }),
      { count: COUNT },
    );
    total.push(times.total);
    if (times.drawn !== null) drawn.push(times.drawn);
  }
  const ms = (xs) => xs.map((x) => x.toFixed(0)).join(', ');
  log(`"Next day" to ${COUNT} cards drawn: median ${median(total).toFixed(0)} ms (${ms(total)}); from the list's answer: median ${median(drawn).toFixed(0)} ms (${ms(drawn)}); load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}`);
  await browser.close();
} finally {
  stop();
}
