import { type Locator, type Page, expect } from '@playwright/test';

export const ADMIN = { username: 'admin', password: 'e2e-admin-pass' };

/** Signs in through the login form and waits to leave it. */
export async function signIn(page: Page, username = ADMIN.username, password = ADMIN.password, path = '/auth/login') {
  await page.goto(path);
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  // the shell refreshes the stored user once it opens: wait for that so a test's own calls come after it
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/user'));
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await refreshed;
}

/** Calls the API with the token this browser stored at sign-in. */
export async function apiAs<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const deviceId = localStorage.getItem('deviceId');
      const tokens = JSON.parse(localStorage.getItem('tokens') ?? '[]') as { device_id: string; api_token: string }[];
      const token = tokens.find((t) => t.device_id === deviceId)?.api_token;
      const res = await fetch(path, {
        method,
        headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json() };
    },
    { method, path, body },
  );
}

/** Waits for the 3 s start-up loader to go, so it does not cover what a test clicks. */
export async function waitForLoader(page: Page) {
  await expect(page.getByTestId('app-loader')).toHaveCount(0, { timeout: 20_000 });
}

/** Types `HH:mm` into a form's clock field (Mantine's TimePicker: hours and minutes named after the field's label). */
export async function fillClock(scope: Locator, label: string, hhmm: string) {
  const [hours, minutes] = hhmm.split(':');
  await scope.getByLabel(`${label}: hours`).fill(hours!);
  await scope.getByLabel(`${label}: minutes`).fill(minutes!);
}
