// A real server process killed with SIGKILL at moments of its start-up (a power cut, the OOM killer, a
// supervisor's hard stop) starts again by itself and has every order it acknowledged before. The
// embedded database only: crash recovery of a PostgreSQL server is that server's own business, so
// the PostgreSQL run of the suite skips this file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/client.js';
import { api, killAndWait, login, repoRoot, sell, startServer, type ServerProcess } from './helpers/server-process.js';

const PORT = 3215;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-recovery-'));
const running: ServerProcess[] = [];
const start = (dataDir: string, extra: Partial<Parameters<typeof startServer>[0]> = {}) => {
  const s = startServer({ dataDir, port: PORT, ...extra });
  running.push(s);
  return s;
};
afterAll(async () => {
  for (const s of running) await killAndWait(s);
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The first start (which builds the cluster) is killed at each of these moments. */
const KILL_AFTER_MS = [100, 300, 600, 1000, 2000];
/**
 * A started database is killed at each of these moments, then started fully and sold to: each round costs a full
 * start (about 8 s of CPU), so three moments, early, middle and late in the start, not five.
 */
const RESTART_KILL_AFTER_MS = [100, 600, 2000];

describe.skipIf(!!process.env.TEST_DATABASE_URL)('start-up after a crash (embedded database)', () => {
  it('comes back with every acknowledged order after SIGKILLs at any moment of start-up, the first one included', async () => {
    const dataDir = path.join(tmp, 'kills');
    const report: string[] = [];

    // the very first start (building the cluster) killed at each moment
    for (const ms of KILL_AFTER_MS) {
      const s = start(dataDir);
      await sleep(ms);
      const { signal } = await killAndWait(s);
      report.push(`first start killed after ${ms} ms (${signal})`);
    }
    let s = start(dataDir);
    await s.ready;
    let token = await login(s.url);
    const { productId, orderIds } = await sell(s.url, token, 3);
    await killAndWait(s); // killed right after acknowledging: nothing was closed cleanly

    // a started database killed at each moment of its start-up; a sale between the kills
    for (const ms of RESTART_KILL_AFTER_MS) {
      s = start(dataDir);
      await sleep(ms);
      await killAndWait(s);
      s = start(dataDir);
      await s.ready;
      token = await login(s.url);
      orderIds.push(...(await sell(s.url, token, 1, productId)).orderIds);
      await killAndWait(s);
      report.push(`restart killed after ${ms} ms, started again with every order`);
    }

    s = start(dataDir);
    await s.ready;
    token = await login(s.url);
    for (const id of orderIds) {
      const res = await api(s.url, token, 'GET', `/api/orders/${id}`);
      expect(res.status, `order ${id}`).toBe(200);
      expect(res.body.data).toMatchObject({ id, total: 4500.5 });
    }
    const product = await api(s.url, token, 'GET', `/api/products/${productId}`);
    expect(product.body.data!.quantity).toBe(100000 - orderIds.length);
    await killAndWait(s, 'SIGTERM');
    console.log(report.join('\n'));
  }, 1_200_000);

  it('clears an empty postmaster.pid (a kill between its creation and its write) instead of refusing to start forever', async () => {
    const dataDir = path.join(tmp, 'empty-pid');
    const first = await openPglite(dataDir);
    await first.pglite!.exec('create table t (n int); insert into t values (42)');
    await first.close();
    fs.writeFileSync(path.join(dataDir, 'pgdata/postmaster.pid'), '');
    const lines: string[] = [];
    const again = await openPglite(dataDir, { log: (l) => lines.push(l) });
    expect((await again.pglite!.query('select n from t')).rows).toEqual([{ n: 42 }]);
    await again.close();
    expect(lines.join('\n')).toMatch(/removed a stale .*postmaster\.pid/);
  });

  it('says what PostgreSQL said when the database truly cannot start', async () => {
    const dataDir = path.join(tmp, 'broken');
    const first = await openPglite(dataDir);
    await first.close();
    fs.writeFileSync(path.join(dataDir, 'pgdata/global/pg_control'), 'not a control file');
    await expect(openPglite(dataDir)).rejects.toThrow(/could not start[\s\S]*PostgreSQL said:[\s\S]*pg_control/);
    // and the lock is released: the next attempt meets the same cause, not "in use"
    await expect(openPglite(dataDir)).rejects.toThrow(/pg_control/);
  });
});

describe('npm start (scripts/start.mjs)', () => {
  it('exits non-zero when its server is killed, so a supervisor restarts it', async () => {
    const dataDir = path.join(tmp, 'start-mjs');
    const s = start(dataDir, { entry: [path.join(repoRoot, 'scripts/start.mjs')], env: { STUDIO_NO_BUILD: '1' } });
    await s.ready;
    const serverPid = Number(fs.readFileSync(path.join(dataDir, 'studio.lock'), 'utf8'));
    expect(serverPid).not.toBe(s.child.pid);
    process.kill(serverPid, 'SIGKILL');
    const { code } = await s.exited;
    expect(code).toBe(128 + os.constants.signals.SIGKILL);
  });
});
