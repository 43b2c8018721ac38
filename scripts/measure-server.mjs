// What scripts/measure-pos.mjs and scripts/measure-offline.mjs share: the built app on a fresh embedded database of
// its own (removed on stop or Ctrl-C), and the in-page marks of when the till became usable.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts apps/api's server on 127.0.0.1:`port` with a first admin, in a temporary data folder named after `name`.
 * `env` adds to the server's environment; `dirs` are more folders removed with it on stop.
 */
export function startServer({ name, port, admin, env = {}, dirs = [] }) {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `studio-${name}-`));
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
  });
  const stop = () => {
    server.kill('SIGTERM');
    for (const dir of [dataDir, ...dirs]) fs.rmSync(dir, { recursive: true, force: true });
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
