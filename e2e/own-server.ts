import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, type Page, chromium, expect, test } from '@playwright/test';

const root = fileURLToPath(new URL('..', import.meta.url));
/** How long a start may take before the spec gives up (a starved CI machine; a normal start takes seconds). */
const START_DEADLINE_MS = 600_000;

/**
 * A server of the spec's own (the built app on a fresh embedded database, as e2e/serve.mjs), on its own port, that
 * the spec may stop and start again on the same data: the offline till (e2e/offline.spec.ts) needs the server gone.
 */
export class OwnServer {
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-e2e-own-'));
  private child: ChildProcess | null = null;

  /** 0: a free port is chosen at the first start and kept for the restarts (the service worker's origin stays). */
  constructor(public port = 0) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    // a port another process holds would answer (or refuse) in this server's place until the deadline: ask the system for
    // a free one (CI in a fresh clone: a fixed E2E_PORT + offset was taken once, and the spec waited 300 s twice)
    if (!this.port) this.port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DATA_DIR: this.dataDir, PORT: String(this.port), HOST: '127.0.0.1', ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'e2e-admin-pass', LOG_LEVEL: 'warn', DATABASE_URL: '', API_PROCESSES: '1' },
    });
    this.child = child;
    // a start on a fresh folder builds the cluster and migrates it: about 15 s of CPU, minutes on a loaded CI machine
    // (the browsers run at nice 10 beside the API lanes: stop 36's CI gave this spec's server more than 300 s)
    const deadline = Date.now() + START_DEADLINE_MS;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the spec's server exited with ${child.exitCode}`);
      // the body read to its end and the connection not kept: a stop later waits for no open answer
      const up = await fetch(`${this.url}/api/docs/json`, { headers: { connection: 'close' } }).then(
        async (r) => (await r.arrayBuffer(), r.ok),
        () => false,
      );
      if (up) return;
      if (Date.now() > deadline) throw new Error(`the spec's server did not start in ${START_DEADLINE_MS / 1000} s`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** A clean stop (SIGTERM: the database closes), waited for. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }

  async dispose(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** A TCP port nobody listens on now, from the system. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A spec's own server (on a free port) and a Chromium profile on disk that lets service workers run, set up
 * once for the file and disposed after it (the offline specs: Playwright's usual contexts are incognito). The spec's
 * own `beforeAll`, registered after this call, finds `page` and `context` filled in.
 */
export function ownServerAndProfile(): { server: OwnServer; context: BrowserContext; page: Page } {
  const own = { server: new OwnServer() } as { server: OwnServer; context: BrowserContext; page: Page };
  let profile = '';
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async ({ browserName }, testInfo) => {
    expect(browserName).toBe('chromium');
    test.setTimeout(START_DEADLINE_MS + 60_000);
    await own.server.start();
    profile = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-e2e-profile-'));
    const use = testInfo.project.use;
    own.context = await chromium.launchPersistentContext(profile, { ...use.launchOptions, baseURL: own.server.url, serviceWorkers: 'allow', viewport: { width: 1366, height: 800 } });
    own.page = own.context.pages()[0] ?? (await own.context.newPage());
  });
  test.afterAll(async () => {
    await own.context?.close();
    await own.server.dispose();
    if (profile) fs.rmSync(profile, { recursive: true, force: true });
  });
  return own;
}
