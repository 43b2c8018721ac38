// `node scripts/measure-pos.mjs`: the POS under a big catalogue, measured in Chromium against the production build.
// Starts the built app on a fresh embedded database, adds POS_PRODUCTS (5000) products to the store through the
// API, then opens the till in Debian's Chromium and measures, in the page:
//   - usable: from the start-up loader hiding to the till's list drawn and the main thread free again
//     (0 when the list was drawn before the loader went);
//   - keystroke: from each key's keydown in the search box to the first frame after the list shows that text.
// Build first: `npm run build -w apps/web`. Options: POS_PORT (3217), POS_PRODUCTS (5000), POS_RUNS (3),
// POS_VIEWPORT (1366x768; 390x844 for a phone), POS_CPU_SLOWDOWN (1; 4 is a slow phone, by CDP emulation).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { median, root, startServer, tillMarks } from './measure-server.mjs';

const PORT = Number(process.env.POS_PORT ?? 3217);
const PRODUCTS = Number(process.env.POS_PRODUCTS ?? 5000);
const RUNS = Number(process.env.POS_RUNS ?? 3);
const [W, H] = (process.env.POS_VIEWPORT ?? '1366x768').split('x').map(Number);
const SLOWDOWN = Number(process.env.POS_CPU_SLOWDOWN ?? 1);
const ADMIN = { username: 'admin', password: 'measure-admin-pass' };

if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.error('No production build: run `npm run build -w apps/web` first.');
  process.exit(1);
}

const { base, stop, ready } = startServer({ name: 'measure-pos', port: PORT, admin: ADMIN });

const deviceId = crypto.randomUUID();
async function login() {
  const res = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ ...ADMIN, deviceId, deviceInfo: '' }) });
  const body = await res.json();
  return { token: body.data.tokens[0].api_token, user: body.data };
}

const WORDS = ['Matte', 'Velvet', 'Glow', 'Radiant', 'Nude', 'Sunset', 'Rose', 'Bronze', 'Silk', 'Pearl', 'Coral', 'Berry'];
const KINDS = ['Lipstick', 'Eyeshadow Palette', 'Eyeshadow Blush', 'Foundation', 'Concealer', 'Primer', 'Setting Spray', 'Lip Gloss', 'Highlighter', 'Mascara'];

async function seed(token) {
  let next = 0;
  const one = async () => {
    while (next < PRODUCTS) {
      const i = next++;
      const name = `${WORDS[i % WORDS.length]} ${KINDS[Math.floor(i / WORDS.length) % KINDS.length]} ${String(i).padStart(4, '0')}`;
      const res = await fetch(`${base}/api/products`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ outlet: 'store', name, sku: `M-${i}`, category: KINDS[i % KINDS.length], price: 1500 + (i % 200) * 50, cost_price: 900, quantity: 5 + (i % 40) }),
      });
      if (res.status !== 201) throw new Error(`product ${i}: ${res.status} ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 4 }, one));
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

async function measure(browser, session) {
  const context = await browser.newContext({ viewport: { width: W, height: H } });
  await context.addInitScript(
    ({ user, token, deviceId }) => {
      localStorage.setItem('currentUser', JSON.stringify(user));
      localStorage.setItem('tokens', JSON.stringify([{ device_id: deviceId, api_token: token }]));
      localStorage.setItem('deviceId', deviceId);
    },
    { user: session.user, token: session.token, deviceId },
  );
  await context.addInitScript(tillMarks);
  const page = await context.newPage();
  if (SLOWDOWN > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  await page.goto(`${base}/dashboard/point-of-sales/store`);
  await page.waitForFunction(() => window.__pos.free !== undefined, null, { timeout: 60_000 });
  const usable = await page.evaluate(() => ({ loaderGone: window.__pos.loaderGone, listDrawn: window.__pos.listDrawn, free: window.__pos.free }));
  const count = await page.getByTestId('pos-results').getAttribute('data-count');

  // keystrokes: each from keydown to the first frame after the list shows the typed text
  const search = page.getByTestId('pos-search');
  await search.click();
  await page.evaluate(() => {
    const w = window;
    w.__keys = [];
    const input = document.querySelector('[data-testid="pos-search"]');
    input.addEventListener('keydown', (e) => {
      const start = e.timeStamp;
      const done = () => {
        const shown = document.querySelector('[data-testid="pos-results"]')?.getAttribute('data-query');
        if (shown === input.value) {
          requestAnimationFrame(() => w.__keys.push({ value: input.value, ms: performance.now() - start }));
        } else requestAnimationFrame(done);
      };
      // after the key has changed the input's value
      setTimeout(() => requestAnimationFrame(done), 0);
    });
  });
  const typed = [];
  for (const text of ['velvet lip', 'eyeshadow pa', 'glow 00', 'm-12']) {
    for (const ch of text) {
      await page.keyboard.type(ch);
      await page.waitForTimeout(120); // a quick typist: about 8 keys a second
    }
    await page.waitForTimeout(300);
    typed.push(...(await page.evaluate(() => window.__keys.splice(0))));
    await search.fill('');
    await page.waitForTimeout(300);
    await page.evaluate(() => window.__keys.splice(0));
  }
  await context.close();
  return { ...usable, count: Number(count), keys: typed.map((k) => k.ms) };
}

let browser;
try {
  await ready();
  const session = await login();
  const t0 = performance.now();
  await seed(session.token);
  console.log(`[measure-pos] ${PRODUCTS} products added to the store through the API in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const list = await fetch(`${base}/api/pos/store/products`, { headers: { authorization: `Bearer ${session.token}`, 'accept-encoding': 'gzip, deflate, br, zstd' } });
  const json = (await list.arrayBuffer()).byteLength;
  const wire = Number(list.headers.get('content-length'));
  console.log(`[measure-pos] GET /api/pos/store/products: ${list.status}, ${(json / 1024).toFixed(0)} KB of JSON, ${(wire / 1024).toFixed(0)} KB on the wire (${list.headers.get('content-encoding')})`);
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await measure(browser, session);
    runs.push(r);
    console.log(
      `[measure-pos] run ${i + 1}: ${r.count} items listed; loader gone at ${r.loaderGone.toFixed(0)} ms, list drawn at ${r.listDrawn.toFixed(0)} ms, ` +
        `usable (list drawn, main thread free) ${(r.free - r.loaderGone).toFixed(0)} ms after the loader; keystrokes (${r.keys.length}) p50 ${median(r.keys).toFixed(1)} ms, p95 ${pct(r.keys, 95).toFixed(1)} ms, max ${Math.max(...r.keys).toFixed(1)} ms`,
    );
  }
  const keys = runs.flatMap((r) => r.keys);
  const usable = runs.map((r) => Math.max(0, r.free - r.loaderGone));
  console.log(
    `[measure-pos] ${W}x${H}, CPU slowdown ${SLOWDOWN}x, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}: ` +
      `usable after the loader: median ${median(usable).toFixed(0)} ms (runs: ${usable.map((u) => u.toFixed(0)).join(', ')}); ` +
      `keystroke to list: p50 ${median(keys).toFixed(1)} ms, p95 ${pct(keys, 95).toFixed(1)} ms, max ${Math.max(...keys).toFixed(1)} ms over ${keys.length} keys`,
  );
} finally {
  await browser?.close();
  stop();
}
