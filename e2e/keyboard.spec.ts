import crypto from 'node:crypto';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { ADMIN, apiAs } from './helpers';

/**
 * Issue 9 item 3: a whole sale at the POS with the keyboard alone, at 1366 px. From the login page to the
 * receipt, the only input is the keyboard (Tab, Shift+Tab, Enter, Space, arrows, typing): no clicks. The
 * product is made through the API beforehand; the sale is checked through the API afterwards.
 */

/** Signs in through the API (not the browser) and makes a product to sell. */
async function productToSell(request: APIRequestContext, tag: string) {
  const login = await request.post('/api/login', { data: { username: ADMIN.username, password: ADMIN.password, deviceId: `kbd-${tag}` } });
  expect(login.status()).toBe(200);
  const token = ((await login.json()) as { data: { tokens: { device_id: string; api_token: string }[] } }).data.tokens.find((t) => t.device_id === `kbd-${tag}`)!.api_token;
  const res = await request.post('/api/products', {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    data: { outlet: 'store', name: `Keyboard Kohl Liner ${tag}`, sku: `KBD-${tag}`, price: 3500, quantity: 6 },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { id: number; name: string } }).data;
}

/** What has the focus, said for a failure message. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    return `${el.tagName.toLowerCase()} ${el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.getAttribute('name') ?? el.textContent?.trim().slice(0, 40) ?? ''}`;
  });

/** Presses Tab (or Shift+Tab) until the focused element matches `selector` (and holds `text`); fails after `max` presses. */
async function tabTo(page: Page, selector: string, { max = 60, back = false, text = '' } = {}) {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    const there = await page.evaluate(([s, t]) => (document.activeElement?.matches(s!) ?? false) && (document.activeElement?.textContent ?? '').includes(t!), [selector, text]);
    if (there) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    seen.push(await focused(page));
  }
  throw new Error(`Tab never reached ${selector}; focus went through: ${seen.join(' | ')}`);
}

test('a whole sale at the POS with the keyboard alone (1366 px)', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const product = await productToSell(request, tag);

  // sign in: the loader goes by itself after 3 s; the form is then reached with Tab
  await page.goto('/auth/login');
  await expect(page.getByTestId('app-loader')).toHaveCount(0, { timeout: 20_000 });
  await tabTo(page, 'input[name=username]');
  await page.keyboard.type(ADMIN.username);
  await tabTo(page, 'input[name=password]');
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await expect(page.getByTestId('sidebar-menu')).toBeVisible();

  // the Point of Sales group in the sidebar: a button Tab reaches, Enter opens
  const group = '[data-testid=sidebar-menu] [data-group="Point of Sales"]';
  await tabTo(page, group);
  await expect(page.locator(group)).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(page.locator(group)).toHaveAttribute('aria-expanded', 'true');
  await tabTo(page, '[data-testid=sidebar-menu] a[data-path="/dashboard/point-of-sales/store"]', { max: 10 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/point-of-sales\/store$/);

  // search the product and add it from the results
  await tabTo(page, '[data-testid=pos-search]');
  await page.keyboard.type(tag);
  // a person looks at the results before tabbing to one: on a busy machine they come a moment after the typing
  await expect(page.getByTestId('pos-result').filter({ hasText: product.name })).toBeVisible();
  await tabTo(page, 'button[data-testid=pos-result]', { max: 20, text: product.name });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-total')).toHaveText('₦3,500.00');

  // checkout: cash, the whole amount, confirmed with the keyboard
  await tabTo(page, '[data-testid=cart-charge]');
  await page.keyboard.press('Enter');
  const checkout = page.getByRole('dialog', { name: /Charge/ });
  await expect(checkout).toBeVisible();
  await expect(checkout.getByTestId('payment-method').first()).toHaveValue('Cash');
  await tabTo(page, '[data-testid=checkout-confirm]', { max: 30 });
  await page.keyboard.press('Enter');

  const invoiceNo = (await page.getByTestId('receipt-invoice-no').first().textContent())!;
  expect(invoiceNo).toMatch(/^STO-\d{6}$/);

  // the sale is there, as the API tells it
  const found = await apiAs<{ data: { invoice_no: string; total: number; payment_method: string; items: { product_id: number; quantity: number }[] }[] }>(page, 'GET', `/api/orders/search/${invoiceNo}`);
  expect(found.status).toBe(200);
  expect(found.json.data).toHaveLength(1);
  expect(found.json.data[0]).toMatchObject({ invoice_no: invoiceNo, total: 3500, payment_method: 'cash', items: [{ product_id: product.id, quantity: 1 }] });
});
