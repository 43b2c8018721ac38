import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, type Page, chromium, expect, test } from '@playwright/test';
import { signIn, waitForLoader } from './helpers';
import { OwnServer } from './own-server';

/*
 * Issue 18: the installable app and the till that keeps selling with no server (docs/decisions/016-offline-till.md).
 * On the production build, in Chromium, against a server of this spec's own that it stops and starts again, in a
 * browser profile on disk (Playwright's usual contexts are incognito, which Chromium never lets install an app).
 */
const server = new OwnServer(Number(process.env.E2E_PORT ?? 3199) + 10);
test.describe.configure({ mode: 'serial' });

let profile: string;
let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browserName }, testInfo) => {
  expect(browserName).toBe('chromium');
  test.setTimeout(180_000);
  await server.start();
  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-e2e-profile-'));
  const use = testInfo.project.use;
  context = await chromium.launchPersistentContext(profile, { ...use.launchOptions, baseURL: server.url, serviceWorkers: 'allow', viewport: { width: 1366, height: 800 } });
  page = context.pages()[0] ?? (await context.newPage());
});
test.afterAll(async () => {
  await context?.close();
  await server.dispose();
  if (profile) fs.rmSync(profile, { recursive: true, force: true });
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
