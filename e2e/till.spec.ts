import crypto from 'node:crypto';
import { type Page, expect, test } from '@playwright/test';
import { apiAs, signIn, waitForLoader } from './helpers';

const PHONE = { width: 390, height: 844 };
/** The till's list of an outlet, whichever call loads it, and its polls for what changed. */
const tillList = (outlet: string) => new RegExp(`/api/(get-products/${outlet}|pos/${outlet}/products(/changes)?)(\\?|$)`);

async function createProduct(page: Page, body: Record<string, unknown>) {
  const res = await apiAs<{ data: { id: number; name: string } }>(page, 'POST', '/api/products', body);
  expect(res.status).toBe(201);
  return res.json.data;
}

/**
 * The outlet answers with nothing to sell (the e2e database is shared by every spec, so no outlet stays empty), and
 * its polls (every 3 s) with nothing changed since: a real poll from the mocked cursor would bring the outlet's real
 * products into the list (on a slow machine the first poll came before the check, and the empty outlet filled up).
 */
async function emptyOutlet(page: Page, outlet: string) {
  await page.route(tillList(outlet), (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: [], removed: [], cursor: '1:1:' }) }));
}

test.describe('the till on a phone (390 px)', () => {
  test('shows long names in full and confirms each add', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page);
    await waitForLoader(page);
    const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
    const blush = await createProduct(page, { outlet: 'store', name: `Eyeshadow Blush Radiant Sunset Collection ${tag}`, sku: `EB-${tag}`, price: 6500, quantity: 8 });
    const palette = await createProduct(page, { outlet: 'store', name: `Eyeshadow Palette Nude Matte Collection ${tag}`, sku: `EP-${tag}`, price: 12500, quantity: 8 });

    await page.goto('/dashboard/point-of-sales/store');
    await page.getByTestId('pos-search').fill(tag);
    const names = page.getByTestId('pos-result-name');
    await expect(names).toHaveCount(2);
    for (const [i, p] of [blush, palette].entries()) {
      const name = names.nth(i);
      await expect(name).toHaveText(p.name);
      // not ellipsized: the whole text fits its box (it wraps instead)
      const fits = await name.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, overflow: getComputedStyle(el).textOverflow }));
      expect(fits.scroll).toBeLessThanOrEqual(fits.client);
      expect(fits.overflow).not.toBe('ellipsis');
      const box = (await name.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }

    // two adds of the palette: the cashier sees it happen without opening the cart
    const add = page.getByRole('button', { name: `Add ${palette.name}` });
    await add.click();
    await expect(page.getByTestId('pos-added')).toHaveText(`Added ${palette.name} ×1`);
    await page.getByTestId('pos-search').fill(tag);
    await add.click();
    const added = page.getByTestId('pos-added');
    await expect(added).toBeVisible();
    await expect(added).toHaveText(`Added ${palette.name} ×2`);
    // in view, above the bottom bar with the cart
    const pill = (await added.boundingBox())!;
    const bar = (await page.getByTestId('pos-open-cart').boundingBox())!;
    expect(pill.y + pill.height).toBeLessThanOrEqual(bar.y);
    expect(pill.x).toBeGreaterThanOrEqual(0);
    expect(pill.x + pill.width).toBeLessThanOrEqual(PHONE.width);
    await expect(page.getByTestId('pos-open-cart')).toHaveText('Cart (2)');
    // and it goes away by itself
    await expect(added).toHaveCount(0, { timeout: 5000 });
  });

  test('an empty outlet shows an admin the way to add products', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page);
    await waitForLoader(page);
    await emptyOutlet(page, 'office');
    await page.goto('/dashboard/point-of-sales/office');
    await expect(page.getByTestId('pos-no-results')).toContainText('Nothing to sell at this outlet yet.');
    const go = page.getByTestId('pos-empty-add');
    await expect(go).toBeVisible();
    await expect(page.getByTestId('pos-empty-ask')).toHaveCount(0);
    await go.click();
    await expect(page).toHaveURL(/\/products\/manage\/office$/);
    await expect(page.getByTestId('products-page')).toBeVisible();
  });

  test('an empty outlet tells staff whom to ask', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page);
    await waitForLoader(page);
    const username = `till_${crypto.randomBytes(3).toString('hex')}`;
    const created = await apiAs(page, 'POST', '/api/users', { name: 'Till Staff', username, role: 'Sales', password: 'till-staff-pass-1' });
    expect(created.status).toBe(201);
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());

    await signIn(page, username, 'till-staff-pass-1');
    await emptyOutlet(page, 'store');
    await page.goto('/dashboard/point-of-sales/store');
    await waitForLoader(page);
    await expect(page.getByTestId('pos-empty-ask')).toHaveText('Ask an admin to add products to this outlet, or to restock the ones that have run out.');
    await expect(page.getByTestId('pos-empty-add')).toHaveCount(0);
  });
});

test.describe('the till follows the stock', () => {
  test('shows another till’s sale and a restock within seconds, without loading the whole list again', async ({ page }) => {
    await signIn(page);
    await waitForLoader(page);
    const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
    const serum = await createProduct(page, { outlet: 'salon', name: `Follow Serum ${tag}`, sku: `FS-${tag}`, price: 9000, quantity: 10 });
    const fullLoads: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/pos\/salon\/products(\?|$)/.test(r.url())) fullLoads.push(r.url());
    });
    await page.goto('/dashboard/point-of-sales/salon');
    await page.getByTestId('pos-search').fill(tag);
    const row = page.getByRole('button', { name: `Add ${serum.name}` });
    await expect(row).toContainText('10 left');

    // another till sells three
    const sale = await apiAs(page, 'POST', '/api/orders', { outlet: 'salon', customer_name: 'Other till', items: [{ product_id: serum.id, quantity: 3 }], payment_method: 'cash', amount_paid: 27000 });
    expect(sale.status).toBe(201);
    await expect(row).toContainText('7 left', { timeout: 8000 });
    // a restock
    expect((await apiAs(page, 'PUT', `/api/products/quantity/${serum.id}`, { quantity: 5 })).status).toBe(200);
    await expect(row).toContainText('12 left', { timeout: 8000 });
    // sold out elsewhere: it leaves the list
    expect((await apiAs(page, 'PUT', `/api/products/quantity/${serum.id}`, { quantity: -12 })).status).toBe(200);
    await expect(row).toHaveCount(0, { timeout: 8000 });
    expect(fullLoads).toHaveLength(1);
  });
});
