import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3199);

/** Debian's Chromium only (`scripts/ensure-chromium.sh`); Playwright never downloads a browser here. */
export default defineConfig({
  testDir: 'e2e',
  // generous on a shared two-core machine: a wait that ends early costs nothing, a timeout that is too short fails a sound test
  // (in CI the flows, the sweep and the API tests share two cores at load 15-22: a flow of a minute took more than 60 s,
  // a drawer more than 10 s to show its figures)
  timeout: 180_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    // the app's service worker (issue 18) is tested where it is the subject (e2e/offline.spec.ts allows it); elsewhere
    // it would stand between a spec's page.route and the network
    serviceWorkers: 'block',
    // a click or a navigation that cannot happen fails on its own line, with its call log, instead of using up the test's
    // 180 s (stop 28's CI on the checking machine: two tests timed out whole and the log named no step)
    actionTimeout: 60_000,
    navigationTimeout: 90_000,
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  // `npm test` runs the accessibility sweep and the flows (in two shards) at once, each run with its own server and
  // database (scripts/test-all.mjs): the sweep is mostly browser CPU, the flows mostly waiting; `npx playwright test` runs all
  projects: [
    { name: 'a11y', testMatch: 'a11y.spec.ts' },
    { name: 'flows', testIgnore: 'a11y.spec.ts' },
  ],
  webServer: {
    command: 'node e2e/serve.mjs',
    url: `http://127.0.0.1:${PORT}/api/docs/json`,
    // a start on a fresh data folder costs about 16 s of CPU (PGlite's initdb and the migrations): minutes at load 20
    timeout: 300_000,
    reuseExistingServer: false,
    // a clean stop, so the server's temporary data folder is removed (the default is SIGKILL)
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: { E2E_PORT: String(PORT) },
  },
});
