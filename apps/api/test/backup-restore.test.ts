// Issue 19: backups that restore every time (D1, D4, D5, D6, D7, D11 and the manifest).
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import * as tar from 'tar';
import { backupPglite, backupPostgres, backupsToKeep, MANIFEST, restoreStagedPostgres, stagePostgresBackup, type BackupManifest } from '../src/db/backup.js';
import { openPglite, openPostgres } from '../src/db/client.js';
import { holdServerLock } from '../src/db/server-lock.js';
import { backupName, runScript } from './helpers/scripts.js';
import { killAndWait, startServer } from './helpers/server-process.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-restore-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));


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
  });
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
  it('D5: photos are inside: a restore brings back a photo lost since the backup; backup:verify passes the backup', async () => {
    const { file, dataDir } = await embeddedStudio('d5');
    const verify = runScript('backup-verify.ts', [file], {});
    expect(verify.stderr).toBe('');
    expect(verify.status).toBe(0);
    expect(verify.stdout).toMatch(/marker: 3000 \(manifest 3000\)/);
    expect(verify.stdout).toMatch(/The backup is good/);
    const photo = path.join(dataDir, 'uploads/profile/1-photo.png');
    const original = fs.readFileSync(photo);
    fs.rmSync(photo);
    const r = runScript('restore.ts', [file], { DATA_DIR: dataDir });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(fs.existsSync(photo)).toBe(true);
    expect(fs.readFileSync(photo)).toEqual(original);
    expect(await markerRows(dataDir)).toEqual({ n: 3000, after: 0 });
  });

  it('D6: a restore into a folder that does not exist works (the documented drill), photos included', async () => {
    const { file, dataDir } = await embeddedStudio('d6');
    const fresh = path.join(tmp, 'd6-new', 'nested');
    const r = runScript('restore.ts', [file], { DATA_DIR: fresh });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(fs.readFileSync(path.join(fresh, 'uploads/profile/1-photo.png'))).toEqual(fs.readFileSync(path.join(dataDir, 'uploads/profile/1-photo.png')));
    expect(await markerRows(fresh)).toEqual({ n: 3000, after: 0 });
  });

  // both layouts: this version's (pgdata/ in the archive) and an earlier version's (the cluster at its top), which
  // restore still reads
  for (const layout of ['pgdata', '.'] as const) {
    it(`D4: a plausible archive (${layout === '.' ? "an earlier version's layout" : 'pgdata/'}) that does not open is refused before anything is swapped; the studio still starts`, async () => {
      const name = layout === '.' ? 'd4-top' : 'd4';
      const { dataDir } = await embeddedStudio(name, 10);
      const fake = path.join(tmp, `${name}-fake`);
      fs.mkdirSync(path.join(fake, layout, 'global'), { recursive: true });
      fs.writeFileSync(path.join(fake, layout, 'PG_VERSION'), '17\n');
      fs.writeFileSync(path.join(fake, layout, 'global/pg_control'), crypto.randomBytes(8192));
      const file = path.join(tmp, `studio-2026-11-25T10-0${layout === '.' ? 1 : 0}-00-000Z-manual.tar.gz`);
      await tar.c({ gzip: true, file, cwd: fake }, fs.readdirSync(fake));
      const r = runScript('restore.ts', [file], { DATA_DIR: dataDir });
      expect(r.status).toBe(1);
      expect(fs.readdirSync(dataDir).filter((n) => n.startsWith('pgdata.replaced'))).toEqual([]);
      expect(await markerRows(dataDir)).toEqual({ n: 10, after: 1 });
      expect(r.stderr).toMatch(/does not open.*unchanged/s);
      expect(runScript('backup-verify.ts', [file], {}).status).toBe(1);
    });
  }

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
  });
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
  });
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('D7 on PostgreSQL: a real server, idle past its pool\'s 10 s', () => {
  it('makes npm run restore refuse while it runs; once it stops the restore runs', async () => {
    const { url, drop } = await scratchDatabase('studio_d7srv');
    const dir = path.join(tmp, 'd7srv-backups');
    const env = { DATABASE_URL: url, API_PROCESSES: '1', BACKUP_DIR: dir, DATA_DIR: path.join(tmp, 'd7srv-data') };
    const server = startServer({ dataDir: env.DATA_DIR, port: 3400 + Math.floor(Math.random() * 20), env });
    try {
      await server.ready;
      const made = runScript('backup.ts', [], env);
      expect(made.status, made.stderr).toBe(0);
      // as an hourly backup of three hours ago: the safety backup's pruning (D1) stays out of this test
      const taken = /Backed up to (.*)$/m.exec(made.stdout)![1]!;
      const file = path.join(dir, backupName(new Date(Date.now() - 3 * 3_600_000), 'hourly', taken.endsWith('.pg.tar') ? 'pg.tar' : 'dump'));
      fs.renameSync(taken, file);
      // no request for 12 s: the pool has closed its connections, the server still runs
      await new Promise((r) => setTimeout(r, 12_000));
      const refused = runScript('restore.ts', [file], env);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/server is running/);
      await killAndWait(server, 'SIGTERM');
      const ok = runScript('restore.ts', [file], env);
      expect(ok.stderr).toBe('');
      expect(ok.status).toBe(0);
    } finally {
      await killAndWait(server);
      await drop();
    }
  });
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('PostgreSQL: a backup knows what it holds (manifest, photos, checked restore)', () => {
  const markers = async (url: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return Number((await c.query<{ n: string }>('select count(*) as n from marker')).rows[0]!.n);
    } finally {
      await c.end();
    }
  };
  const sql = async (url: string, text: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(text).finally(() => c.end());
  };

  it('the .pg.tar holds the manifest and the photos; verify counts the dump; restore brings both back; a damaged dump or a count that differs changes nothing', async () => {
    const { url, drop } = await scratchDatabase('studio_pgm');
    try {
      const dataDir = path.join(tmp, 'pgm-data');
      const dir = path.join(tmp, 'pgm-backups');
      const photo = path.join(dataDir, 'uploads/profile/1-photo.png');
      fs.mkdirSync(path.dirname(photo), { recursive: true });
      const original = crypto.randomBytes(2048);
      fs.writeFileSync(photo, original);
      await sql(url, `create table marker (v text); insert into marker select 'row ' || g from generate_series(1, 3000) g`);
      const file = await backupPostgres(url, dir, 'manual', { dataDir });
      expect(file).toMatch(/-manual\.pg\.tar$/);

      const verify = runScript('backup-verify.ts', [file], {});
      expect(verify.stderr).toBe('');
      expect(verify.status).toBe(0);
      expect(verify.stdout).toMatch(/postgres, taken .*, 1 uploaded files/);
      expect(verify.stdout).toMatch(/marker: 3000 \(manifest 3000\)/);

      // the studio moves on: rows go, the photo is replaced
      await sql(url, `delete from marker where v like 'row 1%'`);
      fs.writeFileSync(photo, crypto.randomBytes(100));
      const r = runScript('restore.ts', [file], { DATABASE_URL: url, BACKUP_DIR: dir, DATA_DIR: dataDir });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(/every table matching the backup's manifest/);
      expect(await markers(url)).toBe(3000);
      expect(fs.readFileSync(photo)).toEqual(original);
      const aside = fs.readdirSync(dataDir).filter((n) => n.startsWith('uploads.replaced-'));
      expect(aside).toHaveLength(1);
      expect(fs.statSync(path.join(dataDir, aside[0]!, 'profile/1-photo.png')).size).toBe(100);
      expect(fs.existsSync(path.join(dataDir, 'restoring'))).toBe(false);

      // a dump cut short: verify fails, restore refuses before its safety backup, the data stays
      await sql(url, `delete from marker where v = 'row 7'`);
      const unpacked = path.join(tmp, 'pgm-unpacked');
      fs.mkdirSync(unpacked);
      await tar.x({ file, cwd: unpacked });
      const dump = path.join(unpacked, 'database.dump');
      fs.truncateSync(dump, Math.floor(fs.statSync(dump).size / 2));
      const cut = path.join(tmp, 'studio-2026-11-25T10-00-00-000Z-hourly.pg.tar');
      await tar.c({ file: cut, cwd: unpacked }, fs.readdirSync(unpacked));
      const badVerify = runScript('backup-verify.ts', [cut], {});
      expect(badVerify.status).toBe(1);
      expect(badVerify.stderr).toMatch(/failed its check: its database .*cannot be read to its end/);
      const safetyBefore = fs.readdirSync(dir).filter((n) => n.includes('-restore.')).length;
      const refused = runScript('restore.ts', [cut], { DATABASE_URL: url, BACKUP_DIR: dir, DATA_DIR: dataDir });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/failed its check.*unchanged/s);
      expect(fs.readdirSync(dir).filter((n) => n.includes('-restore.')).length).toBe(safetyBefore);
      expect(await markers(url)).toBe(2999);

      // rows that differ from the manifest after the restore roll the whole restore back
      const staged = path.join(tmp, 'pgm-staged');
      const check = await stagePostgresBackup(file, staged);
      expect(check.problems).toEqual([]);
      const wrong: BackupManifest = { ...check.manifest!, counts: { ...check.manifest!.counts, marker: 2998 } };
      await expect(restoreStagedPostgres(url, staged, wrong)).rejects.toThrow(/table marker has 3000 rows where the backup holds 2998.*rolled back/);
      expect(await markers(url)).toBe(2999);
      expect(JSON.parse(fs.readFileSync(path.join(staged, MANIFEST), 'utf8')).database).toBe('postgres');
    } finally {
      await drop();
    }
  });
});

// Item 3: the manifest counts the system tables too. drizzle.__drizzle_migrations says which migrations the data has
// had; a restore that lost its rows would have the next start run every migration again on tables that exist.
const MIGRATIONS = 'drizzle.__drizzle_migrations';
const migrationsOnDisk = () => fs.readdirSync(path.resolve(import.meta.dirname, '../drizzle')).filter((n) => n.endsWith('.sql')).length;

describe.skipIf(!!process.env.TEST_DATABASE_URL)('embedded database: the manifest counts the system tables', () => {
  it("a backup whose migrations table lost its rows fails verify and is refused by restore", async () => {
    const dataDir = path.join(tmp, 'sys-pgl');
    const database = await openPglite(dataDir);
    await database.migrate();
    const file = await backupPglite(database, path.join(tmp, 'sys-pgl-backups'), 'manual');
    await database.close();
    const unpacked = path.join(tmp, 'sys-pgl-unpacked');
    fs.mkdirSync(unpacked);
    await tar.x({ file, cwd: unpacked });
    const manifest = JSON.parse(fs.readFileSync(path.join(unpacked, MANIFEST), 'utf8')) as BackupManifest;
    expect(manifest.counts[MIGRATIONS]).toBe(migrationsOnDisk());
    expect(manifest.counts.users).toBeDefined();
    // the copy loses its migrations' rows (the studio's own tables intact)
    const copy = await openPglite(unpacked);
    await copy.pglite!.exec(`delete from ${MIGRATIONS}`);
    await copy.close();
    fs.rmSync(path.join(unpacked, 'studio.lock'), { force: true });
    const cut = path.join(tmp, 'studio-2026-11-25T11-00-00-000Z-hourly.tar.gz');
    await tar.c({ gzip: true, file: cut, cwd: unpacked }, fs.readdirSync(unpacked));
    const verify = runScript('backup-verify.ts', [cut], {});
    expect(verify.status).toBe(1);
    expect(verify.stderr).toContain(`table ${MIGRATIONS} has 0 rows where the backup holds ${migrationsOnDisk()}`);
    const r = runScript('restore.ts', [cut], { DATA_DIR: dataDir });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/failed its check.*unchanged/s);
    const after = await openPglite(dataDir);
    try {
      expect((await after.pglite!.query<{ n: number }>(`select count(*)::int as n from ${MIGRATIONS}`)).rows[0]!.n).toBe(migrationsOnDisk());
    } finally {
      await after.close();
    }
  });
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('PostgreSQL: the manifest counts the system tables', () => {
  it('a dump without the migrations table fails verify and is refused; a count that differs rolls the restore back', async () => {
    const { url, drop } = await scratchDatabase('studio_sys');
    try {
      const database = openPostgres(url, 2);
      await database.migrate();
      await database.close();
      const dir = path.join(tmp, 'sys-pg-backups');
      const file = await backupPostgres(url, dir, 'manual');
      const unpacked = path.join(tmp, 'sys-pg-unpacked');
      fs.mkdirSync(unpacked);
      await tar.x({ file, cwd: unpacked });
      const manifest = JSON.parse(fs.readFileSync(path.join(unpacked, MANIFEST), 'utf8')) as BackupManifest;
      expect(manifest.counts[MIGRATIONS]).toBe(migrationsOnDisk());
      expect(runScript('backup-verify.ts', [file], {}).stdout).toContain(`${MIGRATIONS}: ${migrationsOnDisk()} (manifest ${migrationsOnDisk()})`);

      // the same snapshot dumped without drizzle's schema: every studio table is there, the migrations are not
      const dump = path.join(unpacked, 'database.dump');
      fs.rmSync(dump);
      const pgDump = spawnSync('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--exclude-schema=drizzle', `--file=${dump}`, `--dbname=${url}`], { encoding: 'utf8' });
      expect(pgDump.status, pgDump.stderr).toBe(0);
      const cut = path.join(tmp, 'studio-2026-11-25T11-00-00-000Z-hourly.pg.tar');
      await tar.c({ file: cut, cwd: unpacked }, fs.readdirSync(unpacked));
      const verify = runScript('backup-verify.ts', [cut], {});
      expect(verify.status).toBe(1);
      expect(verify.stderr).toContain(`table ${MIGRATIONS} is missing (the backup holds ${migrationsOnDisk()} rows of it)`);
      const refused = runScript('restore.ts', [cut], { DATABASE_URL: url, BACKUP_DIR: dir, DATA_DIR: path.join(tmp, 'sys-pg-data') });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/failed its check.*unchanged/s);

      // the check inside the restore's transaction counts it too
      const staged = path.join(tmp, 'sys-pg-staged');
      const check = await stagePostgresBackup(file, staged);
      expect(check.problems).toEqual([]);
      const wrong: BackupManifest = { ...check.manifest!, counts: { ...check.manifest!.counts, [MIGRATIONS]: migrationsOnDisk() + 1 } };
      await expect(restoreStagedPostgres(url, staged, wrong)).rejects.toThrow(new RegExp(`table ${MIGRATIONS} has ${migrationsOnDisk()} rows where the backup holds ${migrationsOnDisk() + 1}.*rolled back`));
    } finally {
      await drop();
    }
  });
});
