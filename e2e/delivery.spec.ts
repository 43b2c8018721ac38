import { expect, test } from '@playwright/test';

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
