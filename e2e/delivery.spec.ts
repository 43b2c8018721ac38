import { type Page, expect, test } from '@playwright/test';
import { signIn, waitForLoader } from './helpers';

/*
 * What the login route costs a browser on a fresh visit (no cache): every JavaScript file /auth/login loads, as
 * transferred (headers and the encoded body, Chromium's resource timing `transferSize`), with brotli and gzip on offer.
 * Budget: 150 KB (150,000 bytes). Run against the production build (e2e/serve.mjs).
 */
const LOGIN_JS_BUDGET = 150_000;

interface Loaded {
  name: string;
  transferSize: number;
  encodedBodySize: number;
  decodedBodySize: number;
}

// Chromium offers br; a client that only takes gzip must fit the budget as well
for (const acceptEncoding of ['br, gzip', 'gzip']) {
test(`the login route loads at most 150 KB of JavaScript over the wire (Accept-Encoding: ${acceptEncoding})`, async ({ page }, testInfo) => {
  await page.setExtraHTTPHeaders({ 'Accept-Encoding': acceptEncoding });
  const encodings = new Map<string, string>();
  page.on('response', (res) => {
    if (new URL(res.url()).pathname.endsWith('.js')) encodings.set(new URL(res.url()).pathname, res.headers()['content-encoding'] ?? 'identity');
  });
  await page.goto('/auth/login', { waitUntil: 'networkidle' });
  await expect(page.locator('input[name=username]')).toBeVisible();
  // anything the page fetches after the first paint (lazy chunks) counts too
  await page.waitForLoadState('networkidle');
  const scripts = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => new URL(e.name).pathname.endsWith('.js'))
      .map((e) => ({ name: new URL(e.name).pathname, transferSize: e.transferSize, encodedBodySize: e.encodedBodySize, decodedBodySize: e.decodedBodySize })),
  );
  const total = (key: keyof Omit<Loaded, 'name'>) => scripts.reduce((sum, s) => sum + s[key], 0);
  const summary = {
    files: scripts.map((s) => `${s.name} ${s.transferSize} B (${encodings.get(s.name)}, ${s.decodedBodySize} B decoded)`),
    transferred: total('transferSize'),
    encodedBodies: total('encodedBodySize'),
    decoded: total('decodedBodySize'),
  };
  console.log(`login route JavaScript (${acceptEncoding}): ${JSON.stringify(summary, null, 2)}`);
  await testInfo.attach('login-route-js.json', { body: JSON.stringify(summary, null, 2), contentType: 'application/json' });
  expect(scripts.length).toBeGreaterThan(0);
  expect(summary.transferred, summary.files.join('\n')).toBeLessThanOrEqual(LOGIN_JS_BUDGET);
});
}

/*
 * The app passes its own Content-Security-Policy (apps/api/src/plugins/security-headers.ts): no violation in Chromium
 * on any route of either menu, on the template pages, with a form open, and in the API docs (Swagger UI).
 */
const ROUTES = [
  '/dashboard/main',
  ...['store', 'office', 'salon'].flatMap((o) => [`/dashboard/point-of-sales/${o}`, `/invoices/product-invoices/${o}`, `/products/manage/${o}`]),
  '/invoices/staff-performances',
  '/invoices/my-performance',
  '/students/makeup/list',
  '/students/makeup/insession',
  '/students/makeup/owe',
  '/students/office-students/list',
  '/students/office-students/insession',
  '/students/office-students/owing',
  '/finances/income-expenses',
  '/users/hostel-users',
  '/users/hostel-users/insession',
  '/users/hostel-users/owing',
  '/bookings/manage',
  '/bookings/packages',
  '/users/profile-list',
  '/programs/list-types',
  '/training-session/list-sessions',
  '/programs/extra-list/office',
  '/programs/extra-list/hostel',
];

interface Violation {
  page: string;
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

/** Records every CSP violation the page reports (the event, and Chromium's console line) into `found`. */
async function watchViolations(page: Page, found: Violation[]) {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: unknown[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push({ page: location.pathname, directive: e.effectiveDirective, blocked: e.blockedURI, source: `${e.sourceFile}:${e.lineNumber}`, sample: e.sample }),
    );
  });
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) found.push({ page: new URL(page.url()).pathname, directive: 'console', blocked: '', source: '', sample: msg.text() });
  });
}
async function collect(page: Page, found: Violation[]) {
  found.push(...(await page.evaluate(() => (window as unknown as { __csp: Violation[] }).__csp)));
}

test.describe('Content-Security-Policy', () => {
  test('no violation on the login page, any menu route, the template pages or an open form', async ({ page }) => {
    test.setTimeout(240_000);
    const found: Violation[] = [];
    await watchViolations(page, found);
    const first = await page.goto('/auth/login');
    // the policy is really there (else "no violation" would prove nothing)
    expect(first!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await expect(page.locator('input[name=username]')).toBeVisible();
    await collect(page, found);
    await signIn(page);
    for (const path of [...ROUTES, '/pages/error/404', '/pages/maintenance']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await collect(page, found);
    }
    await page.goto('/products/manage/store');
    await waitForLoader(page);
    await page.getByTestId('create-button').click();
    await expect(page.getByTestId('resource-form-body')).toBeVisible();
    await collect(page, found);
    expect(found).toEqual([]);
  });

  test('no violation in the API docs (Swagger UI)', async ({ page }) => {
    const found: Violation[] = [];
    await watchViolations(page, found);
    await page.goto('/api/docs');
    await expect(page.locator('.swagger-ui .info .title')).toContainText('Studio back office API');
    await expect(page.locator('.swagger-ui .opblock').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await collect(page, found);
    expect(found).toEqual([]);
  });

  test('another page cannot frame the app', async ({ page, baseURL }) => {
    const blocked: string[] = [];
    page.on('console', (msg) => {
      if (/frame-ancestors|X-Frame-Options/i.test(msg.text())) blocked.push(msg.text());
    });
    await page.setContent(`<iframe id="app" src="${baseURL}/auth/login" width="800" height="600"></iframe>`);
    await expect.poll(() => blocked.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(await frame?.locator('input[name=username]').count()).toBe(0);
  });
});
