import { type BrowserContext, type Page, expect, test } from '@playwright/test';
import { apiAs, signIn, waitForLoader } from './helpers';
import { ownServerAndProfile } from './own-server';

/*
 * Issue 18: the installable app and the till that keeps selling with no server (docs/decisions/016-offline-till.md).
 * On the production build, in Chromium, against a server of this spec's own that it stops and starts again, in a
 * browser profile on disk (Playwright's usual contexts are incognito, which Chromium never lets install an app).
 */
const own = ownServerAndProfile();
const { server } = own;
let context: BrowserContext;
let page: Page;
test.beforeAll(() => {
  ({ context, page } = own);
});

/** Waits until a service worker controls the page (its files then come from the worker's cache). */
async function controlled(p: Page) {
  await p.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 30_000 });
}

test('the app is installable: Chromium finds no installability error in its manifest and service worker', async () => {
  await signIn(page);
  await waitForLoader(page);
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ name: 'Glam Studio', display: 'standalone', start_url: '/', theme_color: '#C99A4F' });
  expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
  // the worker answers the app's pages and files, never the API
  await page.reload();
  await controlled(page);
  const api = await page.evaluate(async () => (await fetch('/api/settings')).headers.get('content-type'));
  expect(api).toContain('application/json');
});

interface ListedOrder {
  id: number;
  client_ref: string | null;
  total: number;
  offline: { provisional_no: string | null } | null;
}

/** What the till's list on this device holds for an outlet (Dexie's `catalogue` store), read from IndexedDB directly. */
function snapshotCount(p: Page, outlet: string) {
  return p.evaluate(
    (o) =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('studio-till');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('catalogue')) return resolve(0);
          const get = db.transaction('catalogue').objectStore('catalogue').get(o);
          get.onsuccess = () => resolve(get.result?.items?.length ?? 0);
          get.onerror = () => resolve(0);
        };
        open.onerror = () => resolve(0);
      }),
    outlet,
  );
}

async function sellOne(p: Page, name: string) {
  await p.getByTestId('pos-search').fill(name);
  await p.getByRole('button', { name: new RegExp(`^Add ${name}`) }).click();
  await p.getByTestId('cart-charge').click();
  const dialog = p.getByTestId('checkout-modal');
  await expect(dialog.getByTestId('checkout-offline')).toBeVisible();
  await dialog.getByTestId('checkout-confirm').click();
  const receipt = p.getByTestId('provisional-receipt');
  await expect(receipt.getByTestId('provisional-notice')).toContainText('not yet recorded online');
  const number = (await receipt.getByTestId('receipt-invoice-no').textContent()) ?? '';
  expect(number).toMatch(/OFF-[A-Z0-9]{3}-\d{4}/);
  await expect(receipt.getByTestId('receipt-whatsapp')).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=PROVISIONAL/);
  await receipt.getByTestId('receipt-new-sale').click();
  await expect(receipt).toBeHidden();
  return number.match(/OFF-[A-Z0-9]{3}-\d{4}/)![0];
}

test('with the server stopped and the network off the till reloads, sells two sales and keeps them; back online they reach the server exactly once, a second tab open', async () => {
  test.setTimeout(420_000);
  const tag = Date.now().toString(36);
  const name = `Offline Gloss ${tag}`;
  const made = await apiAs<{ data: { id: number } }>(page, 'POST', '/api/products', { outlet: 'store', name, sku: `OFF-${tag}`, price: 2500, quantity: 10 });
  expect(made.status).toBe(201);
  await page.goto('/dashboard/point-of-sales/store');
  await controlled(page);
  await expect(page.getByTestId('sync-pill')).toHaveAttribute('data-state', 'synced');
  await page.getByTestId('pos-search').fill(name);
  await expect(page.getByRole('button', { name: new RegExp(`^Add ${name}`) })).toContainText('10 left');
  // the list is on the device before the server goes
  await expect.poll(() => snapshotCount(page, 'store')).toBeGreaterThan(0);

  await server.stop();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('till-offline')).toContainText(/Prices as of \d\d:\d\d/);
  await expect(page.getByTestId('sync-pill')).toHaveAttribute('data-state', 'offline');
  const first = await sellOne(page, name);
  const second = await sellOne(page, name);
  expect(second).not.toBe(first);
  await expect(page.getByTestId('sync-pill')).toHaveText('Offline · 2 sales waiting');
  // a phone typed offline: the till's client lookup (and its retries) fails in the background, with no error toast
  // (the pill says Offline); the recent customers on the device are still offered
  const lookups: string[] = [];
  page.on('requestfailed', (r) => r.url().includes('/api/clients/by-phone/') && lookups.push(r.url()));
  await page.getByTestId('cart-customer-phone').fill('0803 555 0101');
  await expect.poll(() => lookups.length, { timeout: 15_000 }).toBeGreaterThan(0);
  await page.waitForTimeout(1500);
  await expect(page.locator('[data-toast-type="error"]')).toHaveCount(0);
  await page.getByTestId('cart-customer-phone').fill('');
  // local stock: the snapshot less the two sales waiting
  await page.getByTestId('pos-search').fill(name);
  await expect(page.getByRole('button', { name: new RegExp(`^Add ${name}`) })).toContainText('≈ 8 left');

  // a second reload, still offline: the sales are still there, each with its badge
  await page.reload();
  await expect(page.getByTestId('sync-pill')).toHaveText('Offline · 2 sales waiting');
  await page.getByTestId('sync-pill').click();
  await expect(page.getByTestId('waiting-sale')).toHaveCount(2);
  await expect(page.getByTestId('waiting-badge')).toHaveText(['Waiting', 'Waiting']);
  await page.keyboard.press('Escape');

  // signing out is blocked while they wait
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('logout').click();
  await expect(page.getByRole('dialog', { name: 'Sales not sent yet' })).toBeVisible();
  await expect(page.getByTestId('logout-anyway')).toBeDisabled();
  await page.getByRole('button', { name: 'Stay signed in' }).click();

  // back: a second tab open on the till while the first drains; each sale reaches the server once
  const other = await context.newPage();
  await other.goto('/dashboard/point-of-sales/store');
  await expect(other.getByTestId('sync-pill')).toHaveText('Offline · 2 sales waiting');
  await server.start();
  await context.setOffline(false);
  await Promise.all([page.evaluate(() => window.dispatchEvent(new Event('online'))), other.evaluate(() => window.dispatchEvent(new Event('online')))]);
  await expect(page.getByTestId('sync-pill')).toHaveAttribute('data-state', 'synced', { timeout: 90_000 });
  await expect(other.getByTestId('sync-pill')).toHaveAttribute('data-state', 'synced', { timeout: 30_000 });

  const orders = await apiAs<{ data: ListedOrder[] }>(page, 'GET', '/api/orders?outlet=store&per_page=100');
  const offline = orders.json.data.filter((o) => o.offline && [first, second].includes(o.offline.provisional_no ?? ''));
  expect(offline.map((o) => o.offline!.provisional_no).sort()).toEqual([first, second].sort());
  expect(new Set(offline.map((o) => o.client_ref)).size).toBe(2);
  const product = await apiAs<{ data: { quantity: number } }>(page, 'GET', `/api/products/${made.json.data.id}`);
  expect(product.json.data.quantity).toBe(8);
  await other.close();
});
