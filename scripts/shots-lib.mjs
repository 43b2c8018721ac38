// What the screenshot scripts (scripts/shots-*.mjs) share: an admin's API calls, and one screenshot of a page signed in
// as that admin, in a fresh browser context at a width and colour scheme, once its page is ready and the loader gone.
import path from 'node:path';
import { root } from './measure-server.mjs';

export const SHOTS_DIR = path.join(root, 'docs/screenshots');

/** Signs the admin in through the API and answers `send(method, url, body)`, which answers the envelope's data. */
export async function adminApi(base, admin) {
  const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...admin, deviceId: 'shots', deviceInfo: '' }) });
  const token = (await login.json()).data.tokens[0].api_token;
  return async (method, url, body) => {
    const res = await fetch(`${base}${url}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) });
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()).data;
  };
}

/** A shooter for `browser` on `base` as `admin`: `shot({ width, height, url, ready, name, dark, act })` writes SHOTS_DIR/name. */
export function shooter({ browser, base, admin, label }) {
  return async ({ width, height, url, ready, name, dark = false, act, settle = 1500 }) => {
    const context = await browser.newContext({ baseURL: base, viewport: { width, height }, timezoneId: 'Africa/Lagos' });
    if (dark) await context.addInitScript(() => localStorage.setItem('color-scheme', 'dark'));
    const page = await context.newPage();
    await page.goto('/auth/login');
    await page.locator('input[name=username]').fill(admin.username);
    await page.locator('input[name=password]').fill(admin.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
    await page.goto(url);
    await page.getByTestId(ready).first().waitFor();
    await page.getByTestId('app-loader').waitFor({ state: 'detached' });
    if (act) await act(page);
    await page.waitForTimeout(settle);
    await page.screenshot({ path: path.join(SHOTS_DIR, name), fullPage: !act });
    console.log(`[${label}] ${name}`);
    await context.close();
  };
}
