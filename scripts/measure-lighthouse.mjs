// `node scripts/measure-lighthouse.mjs`: Lighthouse mobile performance of a signed-in page (the dashboard by default),
// on the production build and the demo studio, as issue 20 item 5 asks. Build first: `npm run build -w apps/web`.
//
//   1. Seeds the demo studio (`npm run seed:demo`) into a data folder: LH_DATA (kept, seeded only when empty) or a
//      temporary one (removed at the end); then starts the built app on it (LH_PORT, 3520).
//   2. For each run (LH_RUNS, 3): Debian's Chromium with a fresh profile and a DevTools port (LH_CDP_PORT, 3521);
//      Playwright signs the admin in through the API on the login page (the session is the app's localStorage, and the
//      login page registers no service worker), then clears the HTTP cache: every run loads the page cold.
//   3. Lighthouse (LH_VERSION, pinned; run with npx from a temporary folder, so the repository's lockfile is not
//      touched) opens LH_PAGE (/dashboard/main) in that Chromium with its defaults for a phone (simulated slow 4G and a
//      4x slower CPU), keeping the storage (--disable-storage-reset) so that the admin stays signed in.
// Prints each run's score, FCP, LCP, TBT, CLS and speed index, the medians, the load average before and after, and
// what the main thread spent its time on; the JSON reports stay in LH_OUT (a temporary folder by default).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { median, root, startServer } from './measure-server.mjs';

const LIGHTHOUSE = `lighthouse@${process.env.LH_VERSION ?? '12.8.2'}`;
const PORT = Number(process.env.LH_PORT ?? 3520);
const CDP_PORT = Number(process.env.LH_CDP_PORT ?? 3521);
const RUNS = Number(process.env.LH_RUNS ?? 3);
const PAGE = process.env.LH_PAGE ?? '/dashboard/main';
const OUT = process.env.LH_OUT ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
const ADMIN = { username: 'admin', password: 'measure-admin-pass' };
const CHROMIUM = '/usr/bin/chromium';

if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.error('No production build: run `npm run build -w apps/web` first.');
  process.exit(1);
}
fs.mkdirSync(OUT, { recursive: true });

const load = () => os.loadavg().map((x) => x.toFixed(2)).join(', ');

/** The demo studio in `dir`, seeded once (seed:demo refuses nothing, but a second seed would double the sales). */
function seed(dir) {
  const marker = path.join(dir, '.seeded-demo');
  if (fs.existsSync(marker)) return;
  fs.mkdirSync(dir, { recursive: true });
  console.log(`seeding the demo studio into ${dir} ...`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/scripts/seed-demo.ts')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DATA_DIR: dir, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  });
  if (result.status !== 0) throw new Error(`seed:demo failed (${result.status})`);
  fs.writeFileSync(marker, new Date().toISOString());
}

const dataDir = process.env.LH_DATA ? path.resolve(process.env.LH_DATA) : fs.mkdtempSync(path.join(os.tmpdir(), 'studio-lighthouse-'));
seed(dataDir);
const { base, stop, ready } = startServer({ name: 'lighthouse', port: PORT, admin: ADMIN, dataDir, dirs: process.env.LH_DATA ? [] : [dataDir] });

async function waitForDevTools() {
  for (let i = 0; i < 200; i++) {
    if (await fetch(`http://127.0.0.1:${CDP_PORT}/json/version`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('Chromium did not open its DevTools port');
}

/** Chromium with a fresh profile, the admin signed in, the HTTP cache empty. Returns a stop function. */
async function signedInChromium(run) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-profile-'));
  const child = spawn(CHROMIUM, ['--headless', '--no-sandbox', '--disable-background-networking', '--disable-gpu', '--no-first-run', '--disable-component-update', '--disable-sync', `--remote-debugging-port=${CDP_PORT}`, `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const close = async () => {
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
  };
  try {
    await waitForDevTools();
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${CDP_PORT}`);
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${base}/auth/login`);
    // what the login form does (lib/auth-store.ts saveSession): the user and this device's token in localStorage
    const ok = await page.evaluate(async (admin) => {
      const deviceId = crypto.randomUUID();
      const res = await fetch('/api/login', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ ...admin, deviceId, deviceInfo: '' }) });
      if (!res.ok) return false;
      const { tokens, ...user } = (await res.json()).data;
      localStorage.setItem('deviceId', deviceId);
      localStorage.setItem('tokens', JSON.stringify(tokens));
      localStorage.setItem('currentUser', JSON.stringify(user));
      return true;
    }, ADMIN);
    if (!ok) throw new Error('sign-in failed');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
    await browser.close(); // disconnects Playwright; Chromium keeps running for Lighthouse
    console.log(`run ${run}: signed in, cache cleared, load ${load()}`);
    return close;
  } catch (error) {
    await close();
    throw error;
  }
}

function lighthouse(run) {
  const output = path.join(OUT, `run-${run}.json`);
  const args = ['--yes', LIGHTHOUSE, `${base}${PAGE}`, `--port=${CDP_PORT}`, '--disable-storage-reset', '--only-categories=performance', '--output=json', `--output-path=${output}`, '--quiet', ...(process.env.LH_ARGS ? process.env.LH_ARGS.split(' ') : [])];
  const result = spawnSync('npx', args, { cwd: os.tmpdir(), stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, npm_config_update_notifier: 'false' } });
  if (result.status !== 0) throw new Error(`lighthouse failed (${result.status})`);
  return JSON.parse(fs.readFileSync(output, 'utf8'));
}

const rows = [];
try {
  await ready();
  console.log(`server ${base}, Lighthouse ${LIGHTHOUSE}, ${RUNS} runs of ${PAGE}, reports in ${OUT}; load ${load()}`);
  for (let run = 1; run <= RUNS; run++) {
    const close = await signedInChromium(run);
    let report;
    try {
      report = lighthouse(run);
    } finally {
      await close();
    }
    const a = report.audits;
    if (report.runtimeError) console.log(`run ${run}: ${report.runtimeError.code} ${report.runtimeError.message}`);
    const row = {
      score: Math.round(report.categories.performance.score * 100),
      fcp: a['first-contentful-paint'].numericValue,
      lcp: a['largest-contentful-paint'].numericValue,
      tbt: a['total-blocking-time'].numericValue,
      cls: a['cumulative-layout-shift'].numericValue,
      si: a['speed-index'].numericValue,
      load: load(),
    };
    rows.push(row);
    console.log(`run ${run}: score ${row.score}  FCP ${ms(row.fcp)}  LCP ${ms(row.lcp)}  TBT ${ms(row.tbt)}  CLS ${row.cls.toFixed(3)}  SI ${ms(row.si)}  (load ${row.load})`);
    if (run === RUNS) explain(report);
  }
  const mid = (k) => median(rows.map((r) => r[k]));
  console.log(`median of ${rows.length}: score ${mid('score')}  FCP ${ms(mid('fcp'))}  LCP ${ms(mid('lcp'))}  TBT ${ms(mid('tbt'))}  CLS ${mid('cls').toFixed(3)}  SI ${ms(mid('si'))}`);
  console.log(`load average now: ${load()}`);
} finally {
  stop();
}

function ms(x) {
  return `${Math.round(x).toLocaleString('en')} ms`;
}

/** Where the last run's time went: the LCP element, the layout shifts, the main thread by kind and by script. */
function explain(report) {
  const a = report.audits;
  const items = (id) => a[id]?.details?.items ?? [];
  const lcp = items('largest-contentful-paint-element')[0]?.items?.[0]?.node;
  if (lcp) console.log(`  LCP element: ${lcp.snippet} (${lcp.nodeLabel})`);
  for (const shift of items('layout-shifts').slice(0, 5)) console.log(`  layout shift ${shift.score?.toFixed(3)}: ${shift.node?.snippet ?? ''}`);
  console.log(`  main thread: ${items('mainthread-work-breakdown').map((i) => `${i.groupLabel} ${Math.round(i.duration)}`).join(', ')} ms`);
  for (const i of items('bootup-time').slice(0, 6)) console.log(`  script ${i.url.replace(base, '')}: ${Math.round(i.total)} ms (run ${Math.round(i.scripting)}, parse ${Math.round(i.scriptParseCompile)})`);
  for (const t of items('long-tasks').slice(0, 10)) console.log(`  long task at ${Math.round(t.startTime)} ms: ${Math.round(t.duration)} ms ${String(t.url ?? '').replace(base, '')}`);
}
