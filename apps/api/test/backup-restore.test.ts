// Issue 19: backups that restore every time (D1, D4, D5, D6, D7, D11 and the manifest).
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import * as tar from 'tar';
import { backupPglite, backupPostgres, backupsToKeep } from '../src/db/backup.js';
import { openPglite, openPostgres } from '../src/db/client.js';
import { holdServerLock } from '../src/db/server-lock.js';
import { repoRoot } from './helpers/server-process.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-restore-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** `npm run restore -- FILE` as a user runs it, with this environment. */
export function runScript(script: string, args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/api/src/scripts', script), ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: '', INIT_CWD: repoRoot, ...env },
    encoding: 'utf8',
  });
}

describe('D1: the safety copy a restore takes never pushes out the file it restores', () => {
  it('a restore backup of the same hour is kept apart from the hourly buckets', () => {
    const now = new Date(Date.UTC(2026, 10, 25, 10, 30));
    const name = (min: number, reason: string) => `studio-${new Date(now.getTime() - min * 60_000).toISOString().replace(/[:.]/g, '-')}-${reason}.dump`;
    const files = [name(20, 'manual'), name(1, 'restore')].map((n, i) => ({ name: n, at: new Date(now.getTime() - (i === 0 ? 20 : 1) * 60_000) }));
    const kept = backupsToKeep(files, now);
    expect([...kept].sort()).toEqual(files.map((f) => f.name).sort());
  });
});

/** A fresh PostgreSQL database on the test server; dropped by the returned function. */
export async function scratchDatabase(prefix: string) {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  return {
    url,
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

describe.runIf(!!process.env.TEST_DATABASE_URL)('D1 on PostgreSQL: npm run restore of a current-hour file', () => {
  it('restores it and keeps the file', async () => {
    const { url, drop } = await scratchDatabase('studio_d1');
    try {
      const database = openPostgres(url, 2);
      await database.migrate();
      await database.close();
      const dir = path.join(tmp, 'd1-backups');
      const file = await backupPostgres(url, dir, 'manual');
      const r = runScript('restore.ts', [file], { DATABASE_URL: url, BACKUP_DIR: dir, DATA_DIR: path.join(tmp, 'd1-data') });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(fs.existsSync(file)).toBe(true);
    } finally {
      await drop();
    }
  }, 180_000);
});

/** An embedded studio with a table of `rows` rows and a photo; closed, so a script may own the folder. */
async function embeddedStudio(name: string, rows = 3000) {
  const dataDir = path.join(tmp, name);
  const database = await openPglite(dataDir);
  await database.pglite!.exec(`create table marker (v text); insert into marker select 'row ' || g from generate_series(1, ${rows}) g`);
  fs.mkdirSync(path.join(dataDir, 'uploads/profile'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'uploads/profile/1-photo.png'), crypto.randomBytes(2048));
  const file = await backupPglite(database, path.join(tmp, `${name}-backups`), 'manual');
  const relation = (await database.pglite!.query<{ p: string }>(`select pg_relation_filepath('marker') as p`)).rows[0]!.p;
  await database.pglite!.exec(`update marker set v = 'after' where v = 'row 1'`);
  await database.close();
  return { dataDir, file, relation };
}

async function markerRows(dataDir: string) {
  const database = await openPglite(dataDir);
  try {
    return (await database.pglite!.query<{ n: number; after: number }>(`select count(*)::int as n, count(*) filter (where v = 'after')::int as after from marker`)).rows[0]!;
  } finally {
    await database.close();
  }
}

describe.skipIf(!!process.env.TEST_DATABASE_URL)('embedded database: a backup knows what it holds', () => {
  it('D5, D6: photos are inside; a restore into a folder that does not exist works; backup:verify passes it', async () => {
    const { file, dataDir } = await embeddedStudio('d5');
    const verify = runScript('backup-verify.ts', [file], {});
    expect(verify.stderr).toBe('');
    expect(verify.status).toBe(0);
    expect(verify.stdout).toMatch(/marker: 3000 \(manifest 3000\)/);
    expect(verify.stdout).toMatch(/The backup is good/);
    const fresh = path.join(tmp, 'd6-new', 'nested');
    const r = runScript('restore.ts', [file], { DATA_DIR: fresh });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(fs.readFileSync(path.join(fresh, 'uploads/profile/1-photo.png'))).toEqual(fs.readFileSync(path.join(dataDir, 'uploads/profile/1-photo.png')));
    expect(await markerRows(fresh)).toEqual({ n: 3000, after: 0 });
  }, 300_000);

  it('D4: a plausible archive that does not open is refused before anything is swapped; the studio still starts', async () => {
    const { dataDir } = await embeddedStudio('d4', 10);
    const fake = path.join(tmp, 'd4-fake');
    fs.mkdirSync(path.join(fake, 'pgdata/global'), { recursive: true });
    fs.writeFileSync(path.join(fake, 'pgdata/PG_VERSION'), '17\n');
    fs.writeFileSync(path.join(fake, 'pgdata/global/pg_control'), crypto.randomBytes(8192));
    const file = path.join(tmp, 'studio-2026-11-25T10-00-00-000Z-manual.tar.gz');
    await tar.c({ gzip: true, file, cwd: fake }, ['pgdata']);
    const r = runScript('restore.ts', [file], { DATA_DIR: dataDir });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/does not open.*unchanged/s);
    expect(fs.readdirSync(dataDir).filter((n) => n.startsWith('pgdata.replaced'))).toEqual([]);
    expect(await markerRows(dataDir)).toEqual({ n: 10, after: 1 });
    expect(runScript('backup-verify.ts', [file], {}).status).toBe(1);
  }, 300_000);

  it('D11: a backup with a table file cut short fails verify and is refused by restore; the studio keeps its data and starts', async () => {
    const { dataDir, file, relation } = await embeddedStudio('d11', 5000);
    const unpacked = path.join(tmp, 'd11-unpacked');
    fs.mkdirSync(unpacked);
    await tar.x({ file, cwd: unpacked });
    const rel = path.join(unpacked, 'pgdata', relation);
    expect(fs.statSync(rel).size).toBeGreaterThan(8192 * 4);
    fs.truncateSync(rel, 8192);
    const cut = path.join(tmp, 'studio-2026-11-25T10-00-00-000Z-hourly.tar.gz');
    await tar.c({ gzip: true, file: cut, cwd: unpacked }, fs.readdirSync(unpacked));
    const verify = runScript('backup-verify.ts', [cut], {});
    expect(verify.status).toBe(1);
    expect(verify.stderr).toMatch(/table marker has \d+ rows where the backup holds 5000/);
    const r = runScript('restore.ts', [cut], { DATA_DIR: dataDir });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/failed its check.*unchanged/s);
    expect(await markerRows(dataDir)).toEqual({ n: 5000, after: 1 });
  }, 300_000);
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('D7 on PostgreSQL: a running server holds a lock that restore checks, idle or not', () => {
  it('restore refuses while the lock is held (no pool connection open), and runs once it is released', async () => {
    const { url, drop } = await scratchDatabase('studio_d7');
    try {
      const database = openPostgres(url, 2);
      await database.migrate();
      await database.close();
      const dir = path.join(tmp, 'd7-backups');
      const file = await backupPostgres(url, dir, 'manual');
      const release = await holdServerLock(url);
      const refused = runScript('restore.ts', [file], { DATABASE_URL: url, BACKUP_DIR: dir, DATA_DIR: path.join(tmp, 'd7-data') });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/server is running/);
      expect(fs.readdirSync(dir).filter((n) => n.includes('-restore.'))).toEqual([]);
      await release();
      const ok = runScript('restore.ts', [file], { DATABASE_URL: url, BACKUP_DIR: dir, DATA_DIR: path.join(tmp, 'd7-data') });
      expect(ok.stderr).toBe('');
      expect(ok.status).toBe(0);
    } finally {
      await drop();
    }
  }, 180_000);
});
