import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openPglite, openPostgres, type Database } from '../src/db/client.js';
import { backupPglite, backupPostgres, backupsToKeep, listBackups, prune, restorePgliteFiles, restorePostgres } from '../src/db/backup.js';
import { ensureFirstAdmin } from '../src/features/auth/first-admin.js';
import { ordersTable } from '../src/db/schema.js';
import { ADMIN } from './helpers/test-app.js';
import { snapshotDatabase } from './helpers/fixtures.js';
import { repoRoot } from './helpers/server-process.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-backup-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const H = 3600_000;
const D = 24 * H;

describe('which backups are kept', () => {
  const at = (ms: number) => new Date(Date.UTC(2026, 10, 23, 12) - ms);
  const name = (d: Date) => `studio-${d.toISOString().replace(/[:.]/g, '-')}-hourly.tar.gz`;

  it('keeps by age: the newest of each of the last 48 hours, 14 days and 12 months', () => {
    const now = at(0);
    // a backup every hour for 400 days
    const files = Array.from({ length: 400 * 24 }, (_, i) => at(i * H)).map((d) => ({ name: name(d), at: d }));
    const kept = [...backupsToKeep(files, now)].map((n) => files.find((f) => f.name === n)!.at);
    const hours = kept.filter((d) => now.getTime() - d.getTime() < 48 * H);
    expect(hours).toHaveLength(48);
    const days = new Set(kept.map((d) => d.toISOString().slice(0, 10)));
    expect(days.size).toBeGreaterThanOrEqual(14);
    const months = new Set(kept.map((d) => d.toISOString().slice(0, 7)));
    expect(months.size).toBe(12);
    expect(kept.length).toBeLessThanOrEqual(48 + 14 + 12);
    // nothing older than a year
    expect(Math.max(...kept.map((d) => now.getTime() - d.getTime()))).toBeLessThan(372 * D);
  });

  it('restarts and manual backups never push out the earlier days (the old "last 7 files" did)', () => {
    const now = at(0);
    const daily = Array.from({ length: 10 }, (_, i) => at(i * D + 5 * H)).map((d) => ({ name: name(d), at: d }));
    const burst = Array.from({ length: 20 }, (_, i) => at(i * 60_000)).map((d) => ({ name: name(d).replace('hourly', 'manual'), at: d }));
    const kept = backupsToKeep([...daily, ...burst], now);
    for (const d of daily) expect(kept.has(d.name)).toBe(true);
  });

  it('prune deletes what no rule keeps, and interrupted copies; leaves other files alone', () => {
    const dir = path.join(tmp, 'prune');
    fs.mkdirSync(dir);
    const now = new Date();
    const old = [1, 2, 3].map((i) => name(new Date(now.getTime() - 400 * D - i * H)));
    const recent = name(new Date(now.getTime() - H));
    for (const f of [...old, recent, 'notes.txt', `${recent}.partial`]) fs.writeFileSync(path.join(dir, f), 'x');
    prune(dir, now);
    expect(fs.readdirSync(dir).sort()).toEqual(['notes.txt', recent].sort());
  });
});

/** Sells through the app, as the till does; returns the order id or throws. */
async function sale(app: Awaited<ReturnType<typeof buildApp>>, token: string, productId: number) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { authorization: `Bearer ${token}` },
    payload: { outlet: 'store', customer_name: 'Walk-in Customer', payment_method: 'cash', items: [{ product_id: productId, quantity: 1 }] },
  });
  if (res.statusCode !== 201) throw new Error(`sale: ${res.statusCode} ${res.body}`);
  return res.json().data.id as number;
}

async function appOn(database: Database, dataDir: string) {
  await ensureFirstAdmin(database.db, ADMIN.username, ADMIN.password);
  const app = await buildApp({ database, config: { ...loadConfig({}), dataDir } });
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: ADMIN.username, password: ADMIN.password, deviceId: crypto.randomUUID(), deviceInfo: '' } });
  const token = login.json().data.tokens[0].api_token as string;
  const product = await app.inject({
    method: 'POST',
    url: '/api/products',
    headers: { authorization: `Bearer ${token}` },
    payload: { outlet: 'store', name: 'Velvet Lipstick', price: 4500.5, cost_price: 2000, quantity: 100000 },
  });
  return { app, token, productId: product.json().data.id as number };
}

describe.skipIf(!!process.env.TEST_DATABASE_URL)('embedded database: backup while selling, restore, start', () => {
  it('a backup taken while sales go on restores into a fresh folder with every sale acknowledged before it began', async () => {
    const dataDir = path.join(tmp, 'live');
    const backups = path.join(tmp, 'live-backups');
    const database = await openPglite(dataDir);
    await database.migrate();
    const { app, token, productId } = await appOn(database, dataDir);
    const before: number[] = [];
    for (let i = 0; i < 20; i++) before.push(await sale(app, token, productId));

    // sales keep going while the backup runs
    let backingUp = true;
    const during: number[] = [];
    const latencies: number[] = [];
    const seller = (async () => {
      while (backingUp) {
        const t0 = performance.now();
        during.push(await sale(app, token, productId));
        latencies.push(performance.now() - t0);
        // a busy till's pace (50 sales a second at most), not a loop that leaves the backup no turn: the sales and the
        // copy share this process, so the seller rests four times as long as its last sale took (at most half a second:
        // a sale that waited for the checkpoint) and leaves the copy most of it. Paced only by a fixed 20 ms, a loaded
        // CI machine (load 20) ran past 10 minutes: each sale took longer, the copy got less of the process, and the
        // longer copy met more sales
        await new Promise((r) => setTimeout(r, Math.min(500, Math.max(20, 4 * latencies.at(-1)!))));
      }
    })();
    const file = await backupPglite(database, backups, 'manual');
    backingUp = false;
    await seller;
    console.log(`backup test: ${during.length} sales during the backup, longest ${Math.max(...latencies).toFixed(0)} ms`);
    expect(during.length).toBeGreaterThan(0);
    await app.close();
    await database.close();

    // only the app's user can read it: it holds password hashes and every sale
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(backups).mode & 0o777).toBe(0o700);
    expect(listBackups(backups).map((b) => b.path)).toEqual([file]);

    const fresh = path.join(tmp, 'restored');
    expect(await restorePgliteFiles(fresh, file)).toBeUndefined();
    const restored = await openPglite(fresh);
    await restored.migrate();
    const found = await restored.db.select({ id: ordersTable.id }).from(ordersTable).where(inArray(ordersTable.id, before));
    expect(found.map((r) => r.id).sort((a, b) => a - b)).toEqual(before);
    // and the restored studio takes sales again
    const again = await appOn(restored, fresh);
    expect(await sale(again.app, again.token, again.productId)).toBeGreaterThan(Math.max(...before));
    await again.app.close();
    await restored.close();
  });

  it('restore keeps the data it replaces aside, and refuses while a server owns the folder', async () => {
    const dataDir = path.join(tmp, 'owned');
    const database = await openPglite(dataDir);
    await database.pglite!.exec('create table marker (v text); insert into marker values ($$before$$)');
    const file = await backupPglite(database, path.join(tmp, 'owned-backups'), 'manual');
    await database.pglite!.exec(`update marker set v = 'after'`);

    // this process holds the lock, as a running server does: the command refuses and changes nothing
    const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/api/src/scripts/restore.ts'), file], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', INIT_CWD: repoRoot },
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/in use by another process/);
    expect((await database.pglite!.query('select v from marker')).rows).toEqual([{ v: 'after' }]);
    await database.close();

    const aside = await restorePgliteFiles(dataDir, file);
    expect(aside).toMatch(/pgdata\.replaced-/);
    const restored = await openPglite(dataDir);
    expect((await restored.pglite!.query('select v from marker')).rows).toEqual([{ v: 'before' }]);
    await restored.close();
    expect(fs.existsSync(path.join(aside!, 'PG_VERSION'))).toBe(true);
  });
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('PostgreSQL: pg_dump and pg_restore', () => {
  it('backs up and restores into another database with every row', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const names = [`studio_bk_${crypto.randomBytes(4).toString('hex')}`, `studio_rs_${crypto.randomBytes(4).toString('hex')}`];
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    for (const n of names) await admin.query(`CREATE DATABASE ${n}`);
    const urls = names.map((n) => Object.assign(new URL(adminUrl), { pathname: `/${n}` }).toString());
    try {
      const source = openPostgres(urls[0]!, 2);
      await source.migrate();
      const { app, token, productId } = await appOn(source, tmp);
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) ids.push(await sale(app, token, productId));
      const file = await backupPostgres(urls[0]!, path.join(tmp, 'pg-backups'), 'manual');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const snapshot = await snapshotDatabase(source.db);
      await app.close();
      await source.close();

      const target = openPostgres(urls[1]!, 2);
      await target.migrate(); // a database already in use: restore replaces its tables
      await restorePostgres(urls[1]!, file);
      expect(await snapshotDatabase(target.db)).toBe(snapshot);
      await target.close();
    } finally {
      for (const n of names) await admin.query(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`);
      await admin.end();
    }
  });
});
