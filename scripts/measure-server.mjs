// What scripts/measure-pos.mjs, scripts/measure-offline.mjs and scripts/shots-offline.mjs share: the built app on a fresh
// embedded database of its own (removed on stop or Ctrl-C), the in-page marks of when the till became usable, and an
// installed till (a browser profile on disk with the service worker and the till's data).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts apps/api's server on 127.0.0.1:`port` with a first admin, in a temporary data folder named after `name`
 * (or in `dataDir`, which is then kept on stop). `env` adds to the server's environment; `dirs` are more folders
 * removed with it on stop.
 */
export function startServer({ name, port, admin, env = {}, dirs = [], dataDir: given }) {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = given ?? fs.mkdtempSync(path.join(os.tmpdir(), `studio-${name}-`));
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
  });
  const stop = () => {
    server.kill('SIGTERM');
    for (const dir of [...(given ? [] : [dataDir]), ...dirs]) fs.rmSync(dir, { recursive: true, force: true });
  };
  process.on('SIGINT', () => {
    stop();
    process.exit(130);
  });
  /** A loaded machine may take minutes to start the server (migrations, a start-up backup). */
  const ready = async () => {
    for (let i = 0; i < 1200; i++) {
      if (await fetch(`${base}/api/docs/json`).then((r) => r.ok, () => false)) return;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error('the server did not start');
  };
  return { base, stop, ready };
}

/**
 * In the page before any script (`context.addInitScript(tillMarks)`): marks in `window.__pos` when the loader goes,
 * when the till's list is first drawn, and then when the main thread is free (a tap would be handled).
 */
export function tillMarks() {
  const w = window;
  w.__pos = { loaderGone: null, listDrawn: null };
  const check = () => {
    const now = performance.now();
    if (w.__pos.loaderGone === null && w.__pos.seenLoader && !document.querySelector('[data-testid="app-loader"]')) w.__pos.loaderGone = now;
    if (document.querySelector('[data-testid="app-loader"]')) w.__pos.seenLoader = true;
    if (w.__pos.listDrawn === null && document.querySelector('[data-testid="pos-result"]')) w.__pos.listDrawn = now;
    // both done: the first task that runs after the next frame is when a tap would be handled
    if (w.__pos.loaderGone !== null && w.__pos.listDrawn !== null && !w.__pos.asked) {
      w.__pos.asked = true;
      requestAnimationFrame(() => setTimeout(() => (w.__pos.free = performance.now()), 0));
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
}

/** The middle value (the lower of the two middle ones), NaN for none. */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};

/**
 * Chromium in a profile on disk (an installed app's storage), signed in as `admin`, on the outlet's till, controlled by
 * the service worker, once the till's list on the device holds `products` items. `init` runs in each page first.
 */
export async function installedTill({ base, profile, admin, outlet, products, init, viewport = { width: 1366, height: 768 } }) {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    serviceWorkers: 'allow',
    // idb() below reads IndexedDB with a function it sends (the app's CSP allows no eval)
    bypassCSP: true,
    viewport,
    baseURL: base,
  });
  if (init) await context.addInitScript(init);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/auth/login');
  await page.locator('input[name=username]').fill(admin.username);
  await page.locator('input[name=password]').fill(admin.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
  await page.goto(`/dashboard/point-of-sales/${outlet}`);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  for (let i = 0; i < 600; i++) {
    const n = await idb(page, (db, req, o) => (db.objectStoreNames.contains('catalogue') ? req(db.transaction('catalogue').objectStore('catalogue').get(o)).then((s) => s?.items.length ?? 0) : 0), outlet);
    if (n >= products) break;
    await page.waitForTimeout(200);
  }
  return { context, page };
}

/** Reads or writes the till's IndexedDB (Dexie's `studio-till`) in the page, without the app's code. */
export function idb(page, fn, arg) {
  return page.evaluate(
    async ({ source, arg }) => {
      const db = await new Promise((resolve, reject) => {
        const open = indexedDB.open('studio-till');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const req = (r) => new Promise((resolve, reject) => ((r.onsuccess = () => resolve(r.result)), (r.onerror = () => reject(r.error))));
      try {
        return await new Function('db', 'req', 'arg', `return (${source})(db, req, arg)`)(db, req, arg);
      } finally {
        db.close();
      }
    },
    { source: fn.toString(), arg },
  );
}
