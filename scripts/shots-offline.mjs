// `node scripts/shots-offline.mjs`: the screenshots of the offline till (issue 18) in docs/screenshots/issue18-*.png, on the
// production build with its service worker (build first: `npm run build -w apps/web`): the till offline with 2 sales
// waiting, the provisional receipt, the waiting list, the recent customers offered, and the header pill's states, at
// 1366 and 390 px, light and dark. Options: SHOTS_PORT (3516).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { idb, installedTill, root, startServer } from './measure-server.mjs';

const PORT = Number(process.env.SHOTS_PORT ?? 3516);
const ADMIN = { username: 'admin', password: 'shots-admin-pass' };
const OUT = path.join(root, 'docs/screenshots');
const PRODUCTS = [
  ['Matte Lipstick Ruby', 'LIP-01', 4500, 12],
  ['Velvet Lip Gloss Nude', 'GLO-02', 3500, 8],
  ['Brow Pencil Dark Brown', 'BRW-03', 2500, 20],
  ['Setting Spray 100 ml', 'SET-04', 7800, 5],
  ['Lash Glue Clear', 'LSH-05', 1800, 30],
  ['Full Coverage Foundation 30 ml (shade 4N, warm undertone)', 'FDN-06', 12500, 6],
];

const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-shots-offline-profile-'));
const { base, stop, ready } = startServer({ name: 'shots-offline', port: PORT, admin: ADMIN, env: { API_PROCESSES: '1' }, dirs: [profile] });
const shot = async (page, name, options = {}) => {
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(OUT, `issue18-${name}.png`), ...options });
  console.log(`[shots-offline] issue18-${name}.png`);
};

/** One sale at the till, paid in cash: the product found by its SKU, the customer given or not; leaves the receipt open. */
async function sell(page, sku, customer) {
  await page.getByTestId('pos-search').fill(sku);
  await page.getByTestId('pos-search').press('Enter');
  const phone = page.viewportSize().width < 600;
  if (phone) await page.getByTestId('pos-open-cart').click();
  const cart = phone ? page.getByTestId('pos-cart-drawer') : page;
  if (customer) {
    await cart.getByTestId('cart-customer-name').fill(customer.name);
    await cart.getByTestId('cart-customer-phone').fill(customer.phone);
  }
  await cart.getByTestId('cart-charge').click();
  await page.getByTestId('checkout-confirm').click();
  await page.getByTestId('provisional-notice').first().waitFor();
}

let context;
try {
  await ready();
  const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...ADMIN, deviceId: 'shots', deviceInfo: '' }) });
  const token = (await login.json()).data.tokens[0].api_token;
  for (const [name, sku, price, quantity] of PRODUCTS) {
    const res = await fetch(`${base}/api/products`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ outlet: 'store', name, sku, price, quantity }) });
    if (res.status !== 201) throw new Error(`${name}: ${res.status}`);
  }
  let page;
  ({ context, page } = await installedTill({ base, profile, admin: ADMIN, outlet: 'store', products: PRODUCTS.length }));
  const pill = page.getByTestId('sync-pill');
  await shot(page, 'pill-synced', { clip: { x: 700, y: 0, width: 666, height: 64 } });

  // offline: the till from the device, two sales
  await context.setOffline(true);
  await page.reload();
  await page.getByTestId('till-offline').waitFor();
  await sell(page, 'lip-01', { name: 'Adaeze Okoro', phone: '0803 123 4567' });
  await shot(page, 'receipt-1366');
  await page.getByTestId('receipt-new-sale').first().click();
  await sell(page, 'fdn-06');
  await page.getByTestId('receipt-new-sale').first().click();
  await page.waitForFunction(() => document.querySelector('[data-testid="sync-pill"]')?.getAttribute('data-waiting') === '2');
  await shot(page, 'till-offline-1366');
  await shot(page, 'pill-offline', { clip: { x: 700, y: 0, width: 666, height: 64 } });
  await page.getByTestId('cart-customer-name').fill('ad');
  await shot(page, 'recent-customers-1366');
  await page.getByTestId('cart-customer-name').fill('');
  await pill.click();
  await page.getByTestId('waiting-list').waitFor();
  await shot(page, 'waiting-1366');
  await page.keyboard.press('Escape');

  // a phone
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByTestId('till-offline').waitFor();
  // the start-up loader covers the page for its first seconds after a reload
  await page.getByTestId('app-loader').waitFor({ state: 'detached' });
  await shot(page, 'till-offline-390', { fullPage: true });
  await pill.click();
  await page.getByTestId('waiting-list').waitFor();
  await shot(page, 'waiting-390');
  await page.keyboard.press('Escape');

  // dark
  await page.getByTestId('color-scheme-toggle').click();
  await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
  await shot(page, 'till-offline-390-dark', { fullPage: true });
  await pill.click();
  await page.getByTestId('waiting-list').waitFor();
  await shot(page, 'waiting-390-dark');
  await page.keyboard.press('Escape');
  await sell(page, 'brw-03');
  await shot(page, 'receipt-390-dark');
  await page.getByTestId('receipt-new-sale').first().click();
  await page.setViewportSize({ width: 1366, height: 768 });
  await shot(page, 'till-offline-1366-dark');

  // a sale the server refused, kept for an admin: the pill says so first
  await idb(page, async (db, req) => {
    const tx = db.transaction('outbox', 'readwrite');
    const all = await req(tx.objectStore('outbox').getAll());
    const first = all.sort((a, b) => a.seq - b.seq)[0];
    tx.objectStore('outbox').put({ ...first, status: 'attention', last_error: 'The day 2026-11-28 of the Makeup store is closed.' });
    await new Promise((r) => (tx.oncomplete = r));
  });
  await page.reload();
  await page.getByTestId('till-offline').waitFor();
  await shot(page, 'pill-attention-dark', { clip: { x: 700, y: 0, width: 666, height: 64 } });
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'pill-attention-390-dark', { clip: { x: 0, y: 0, width: 390, height: 64 } });
} finally {
  await context?.close();
  stop();
}
