// `node scripts/measure-offline.mjs`: the offline till (issue 18) under a 5,000-product outlet, in Chromium, on the
// production build with its service worker. Starts the built app on a fresh embedded database, adds OFF_PRODUCTS
// (5000) products to the store through the API, signs in through the login page in a browser profile on disk (an
// installed app's storage: service worker, IndexedDB), opens the till once online, then measures:
//   - receipt: with the network off, from the keydown of Enter on "Confirm sale offline" to the first frame after
//     the provisional receipt (OFF-xxx-nnnn) is shown (OFF_SALES sales);
//   - sync: 100 sales queued on the device (written to its outbox as the till writes them), from the network coming
//     back to the last of them recorded by the server (the header pill "Online · all synced"), checked through the API;
//   - cold start: with the network off, a new window on the till: loader gone, list drawn, main thread free.
// Build first: `npm run build -w apps/web`. Options: OFF_PORT (3315), OFF_PRODUCTS (5000), OFF_SALES (5), OFF_RUNS (3),
// OFF_TRACE (a file: a Chromium trace of the receipt sales, with the JS samples, for DevTools' Performance panel or
// scripts/trace-summary.mjs; each receipt is the user timing mark `receipt-shown`), OFF_DATA (a data folder kept
// between runs: the products are added once, not again at each run), OFF_ONLY=receipt (the receipt sales alone).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { idb, installedTill, median, root, startServer, tillMarks } from './measure-server.mjs';

const PORT = Number(process.env.OFF_PORT ?? 3315);
const PRODUCTS = Number(process.env.OFF_PRODUCTS ?? 5000);
const SALES = Number(process.env.OFF_SALES ?? 5);
const RUNS = Number(process.env.OFF_RUNS ?? 3);
const TRACE = process.env.OFF_TRACE;
const DATA = process.env.OFF_DATA;
const ONLY_RECEIPT = process.env.OFF_ONLY === 'receipt';
const QUEUED = 100;
const ADMIN = { username: 'admin', password: 'measure-admin-pass' };

if (!fs.existsSync(path.join(root, 'apps/web/dist/sw.js'))) {
  console.error('No production build: run `npm run build -w apps/web` first.');
  process.exit(1);
}

const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-measure-offline-profile-'));
if (DATA) fs.mkdirSync(DATA, { recursive: true });
const seeded = DATA && path.join(DATA, `.measure-offline-${PRODUCTS}`);
const { base, stop, ready } = startServer({ name: 'measure-offline', port: PORT, admin: ADMIN, env: { API_PROCESSES: '1' }, dirs: [profile], dataDir: DATA });

async function api(token, method, p, body) {
  const res = await fetch(`${base}${p}`, { method, headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body ? JSON.stringify(body) : undefined });
  return { status: res.status, json: await res.json() };
}

async function seed(token) {
  let next = 0;
  const one = async () => {
    while (next < PRODUCTS) {
      const i = next++;
      const res = await api(token, 'POST', '/api/products', { outlet: 'store', name: `Offline Item ${String(i).padStart(4, '0')}`, sku: `OF-${i}`, price: 1500 + (i % 200) * 50, quantity: 50 });
      if (res.status !== 201) throw new Error(`product ${i}: ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: 4 }, one));
}

/** Records a Chromium trace of what the page does (main thread tasks, layout, paint, JS samples) until `save(file)`. */
async function startTrace(page) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing', 'IndexedDB'];
  await cdp.send('Tracing.start', { categories: categories.join(','), transferMode: 'ReportEvents' });
  return {
    async save(file) {
      const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await done;
      fs.writeFileSync(file, JSON.stringify({ traceEvents: events }));
      console.log(`[measure-offline] trace of the receipt sales: ${file} (${events.length} events)`);
    },
  };
}

let context;
let page;
try {
  await ready();
  const session = (await api(null, 'POST', '/api/login', { ...ADMIN, deviceId: crypto.randomUUID(), deviceInfo: '' })).json.data;
  const token = session.tokens[0].api_token;
  if (seeded && fs.existsSync(seeded)) console.log(`[measure-offline] ${PRODUCTS} products already in ${DATA}`);
  else {
    const t0 = performance.now();
    await seed(token);
    if (seeded) fs.writeFileSync(seeded, '');
    console.log(`[measure-offline] ${PRODUCTS} products added to the store in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }

  ({ context, page } = await installedTill({ base, profile, admin: ADMIN, outlet: 'store', products: PRODUCTS, init: tillMarks }));

  // 1. offline: keystroke to provisional receipt
  await context.setOffline(true);
  await page.reload();
  await page.getByTestId('till-offline').waitFor();
  await page.evaluate(() => {
    document.addEventListener('keydown', (e) => (window.__key = e.timeStamp), { capture: true });
    // Element Timing: when the frame that first drew the provisional receipt's notice was presented (the dialog's
    // content is one commit: the notice and the OFF- number come in the same frame)
    window.__painted = [];
    new PerformanceObserver((list) => window.__painted.push(...list.getEntries().filter((e) => e.identifier === 'provisional-receipt').map((e) => e.renderTime))).observe({ type: 'element' });
  });
  // Playwright compiles its own script in the page at the first waitForFunction (20-25 ms on the main thread): here, not
  // in the first sale's measure
  await page.waitForFunction(() => true);
  const receipts = [];
  const painted = [];
  const trace = TRACE ? await startTrace(page) : null;
  for (let i = 0; i < SALES; i++) {
    await page.getByTestId('pos-search').fill(`OF-${100 + i}`);
    await page.getByRole('button', { name: new RegExp(`^Add Offline Item ${String(100 + i).padStart(4, '0')}`) }).click();
    await page.keyboard.press('F9');
    const confirm = page.getByTestId('checkout-confirm');
    await confirm.waitFor();
    await confirm.focus();
    await page.evaluate(() => {
      window.__shown = null;
      const seen = () => {
        const n = document.querySelector('[data-testid="provisional-receipt"] [data-testid="receipt-invoice-no"]');
        if (n && /OFF-/.test(n.textContent)) requestAnimationFrame(() => ((window.__shown = performance.now()), performance.mark('receipt-shown')));
        else requestAnimationFrame(seen);
      };
      requestAnimationFrame(seen);
    });
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => window.__shown !== null);
    receipts.push(await page.evaluate(() => window.__shown - window.__key));
    // (a browser without Element Timing: NaN)
    await page.waitForFunction(() => window.__painted.some((t) => t > window.__key), null, { timeout: 5000 }).catch(() => undefined);
    painted.push(await page.evaluate(() => (window.__painted.find((t) => t > window.__key) ?? NaN) - window.__key));
    await page.getByTestId('receipt-new-sale').click();
  }
  await trace?.save(TRACE);
  console.log(`[measure-offline] Enter on "Confirm sale offline" to the provisional receipt drawn (${SALES} sales): median ${median(receipts).toFixed(0)} ms, max ${Math.max(...receipts).toFixed(0)} ms (${receipts.map((r) => r.toFixed(0)).join(', ')}); load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log(`[measure-offline]   the same sales, Enter to the frame that painted the receipt (Element Timing): median ${median(painted).toFixed(0)} ms, max ${Math.max(...painted).toFixed(0)} ms (${painted.map((r) => r.toFixed(0)).join(', ')})`);

  if (!ONLY_RECEIPT) {
    // 2. sync: 100 sales queued on the device, as the till queues them
    await idb(
      page,
      async (db, req, { queued }) => {
        const tx = db.transaction(['meta', 'outbox', 'catalogue'], 'readwrite');
        const meta = await req(tx.objectStore('meta').get('device'));
        const snapshot = await req(tx.objectStore('catalogue').get('store'));
        const sample = (await req(tx.objectStore('outbox').getAll()))[0];
        const items = snapshot.items.filter((p) => p.kind === 'product' && p.quantity > 5).slice(1000, 1000 + queued);
        for (let i = 0; i < queued; i++) {
          const seq = meta.seq + 1 + i;
          const p = items[i];
          const no = `OFF-${meta.code}-${String(seq).padStart(4, '0')}`;
          const at = new Date().toISOString();
          const client_ref = crypto.randomUUID();
          tx.objectStore('outbox').put({
            client_ref, outlet: 'store', seq, provisional_no: no, status: 'waiting', attempts: 0, next_try_at: 0, last_error: null, queued_at: at, order: null, review: null,
            body: { outlet: 'store', customer_name: 'Walk-in customer', customer_phone: null, items: [{ product_id: p.id, quantity: 1, unit_price: p.price }], discount: 0, payments: [{ method: 'cash', amount: p.price, reference: null }], note: null, client_ref,
              offline: { ...sample.body.offline, device_seq: seq, provisional_no: no, queued_at: at, prices_as_of: snapshot.prices_as_of } },
          });
        }
        tx.objectStore('meta').put({ ...meta, seq: meta.seq + queued });
        await new Promise((r) => (tx.oncomplete = r));
      },
      { queued: QUEUED },
    );
    const pill = page.getByTestId('sync-pill');
    // written beside Dexie (its live queries do not see it): a reload reads them
    await page.reload();
    await page.waitForFunction((n) => document.querySelector('[data-testid="sync-pill"]')?.getAttribute('data-waiting') === String(n), SALES + QUEUED);
    const s0 = Date.now();
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.waitForFunction(() => document.querySelector('[data-testid="sync-pill"]')?.getAttribute('data-state') === 'synced', null, { timeout: 120_000, polling: 'raf' });
    const syncMs = Date.now() - s0;
    console.log(`[measure-offline] ${SALES + QUEUED} queued sales synced in ${(syncMs / 1000).toFixed(1)} s (${(syncMs / (SALES + QUEUED)).toFixed(0)} ms a sale; pill: ${await pill.textContent()})`);
    const offline = [];
    for (let p = 1; p < 20; p++) {
      const { json } = await api(token, 'GET', `/api/orders?outlet=store&page=${p}`);
      offline.push(...(json.data ?? []).filter((o) => o.offline));
      if (!json.data?.length || p >= (json.last_page ?? json.meta?.last_page ?? 1)) break;
    }
    console.log(`[measure-offline] the server lists ${offline.length} offline sales, ${new Set(offline.map((o) => o.client_ref)).size} distinct client_refs`);

    // 3. cold start offline: a new window of the installed app, the network off
    await context.setOffline(true);
    const starts = [];
    for (let i = 0; i < RUNS; i++) {
      const p = await context.newPage();
      await p.goto('/dashboard/point-of-sales/store');
      await p.waitForFunction(() => window.__pos.free !== undefined, null, { timeout: 60_000 });
      const r = await p.evaluate(() => ({ ...window.__pos, offline: !!document.querySelector('[data-testid="till-offline"]') }));
      starts.push(r);
      console.log(`[measure-offline] cold start ${i + 1} (offline banner: ${r.offline}): loader gone at ${r.loaderGone.toFixed(0)} ms, list drawn at ${r.listDrawn.toFixed(0)} ms, usable ${(r.free - r.loaderGone).toFixed(0)} ms after the loader`);
      await p.close();
    }
    console.log(`[measure-offline] cold start offline: usable after the loader, median ${median(starts.map((r) => Math.max(0, r.free - r.loaderGone))).toFixed(0)} ms; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  }
} finally {
  await context?.close();
  stop();
}
