// Issue 34, item 5 (decision 028): backups that tell the truth. The card warns until a copy has left the machine and
// a restore test has passed, in words an owner can act on; a copy folder that is a file is recorded as a failed copy;
// backup:verify checks every file against the manifest's checksums (a flipped byte in a PostgreSQL dump's schema
// part passed) and refuses a backup without a manifest unless told it is an earlier version's (--legacy).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSchema, type Dashboard } from '@studio/shared';
import { backupPglite, backupPostgres, MANIFEST, NO_COPY_WARNING, NO_DRILL_WARNING } from '../src/db/backup.js';
import { readBackupStatus, recordBackupStatus } from '../src/db/backup-status.js';
import { openPglite, type Database } from '../src/db/client.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { runScript } from './helpers/scripts.js';

let t: TestApp;
let admin: string;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-truth-'));
const dir = path.join(tmp, 'backups');
/** The embedded runs' studio on disk (the tests' own database lives in memory, with no folder to back up). */
const pgliteDir = path.join(tmp, 'studio');
let studio: Database | undefined;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  Object.assign(t.app.config, { backupDir: dir, backupCopyDir: undefined });
  if (!t.databaseUrl) {
    studio = await openPglite(pgliteDir);
    await studio.pglite!.exec(`create table marker (v text); insert into marker select 'row ' || g from generate_series(1, 500) g`);
  }
});
afterAll(async () => {
  await studio?.close();
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A backup of this run's database into `dir`, copied to `copy`; what a failed copy says is collected. */
async function backup(copy: string | undefined, warned: string[] = []) {
  const warn = (l: string) => warned.push(l);
  return t.databaseUrl ? backupPostgres(t.databaseUrl, dir, 'manual', { dataDir: t.dataDir, copyDir: copy, warn }) : backupPglite(studio!, dir, 'manual', undefined, { copyDir: copy, warn });
}

async function backupsCard(): Promise<Dashboard['backups']> {
  const res = await t.call(admin, { method: 'GET', url: '/api/dashboard' });
  expect(res.statusCode, res.body).toBe(200);
  return dashboardSchema.strict().parse(res.json().data).backups;
}

describe('the Backups card tells the truth', () => {
  it('warns while no copy leaves the computer and no restore test has run, in words an owner can act on; quiet once both are done', async () => {
    await backup(undefined);
    let card = await backupsCard();
    expect(card.last).not.toBeNull();
    expect(card.copy.configured).toBe(false);
    expect(card.warnings).toEqual([NO_COPY_WARNING, NO_DRILL_WARNING]);
    expect(NO_COPY_WARNING).toContain('Plug in a USB drive and set it as the backup copy folder (ask whoever installed the app)');
    expect(NO_DRILL_WARNING).toContain('Run a restore test');
    for (const w of card.warnings) expect(w).not.toMatch(/BACKUP_COPY_DIR|npm run|backup:drill|env/);

    // a copy folder set, the copy made: only the restore test is missing
    const usb = path.join(tmp, 'usb');
    fs.mkdirSync(usb);
    Object.assign(t.app.config, { backupCopyDir: usb });
    const file = await backup(usb);
    card = await backupsCard();
    expect(card.copy).toMatchObject({ configured: true, file: path.basename(file), ok: true });
    expect(card.warnings).toEqual([NO_DRILL_WARNING]);

    // a restore test that failed warns; one that passed ends the warnings
    recordBackupStatus(dir, { drill: { at: new Date().toISOString(), file: path.basename(file), ok: false, summary: 'FAILED: it could not be unpacked.' } });
    expect((await backupsCard()).warnings).toEqual(['The last restore test failed: FAILED: it could not be unpacked. Ask whoever installed the app to look at it, then run a restore test again.']);
    recordBackupStatus(dir, { drill: { at: new Date().toISOString(), file: path.basename(file), ok: true, summary: 'PASSED' } });
    expect((await backupsCard()).warnings).toEqual([]);
  });

  it('a copy folder that is a file: every copy fails, and each failure is recorded and shown (it was thrown before it was recorded)', async () => {
    const notAFolder = path.join(tmp, 'usb-file');
    fs.writeFileSync(notAFolder, 'a file where the folder should be');
    Object.assign(t.app.config, { backupCopyDir: notAFolder });
    const warned: string[] = [];
    const file = await backup(notAFolder, warned);
    expect(fs.existsSync(file)).toBe(true);
    expect(warned.join('\n')).toContain('is a file, not a folder');
    expect(readBackupStatus(dir).copy).toMatchObject({ dir: notAFolder, file: path.basename(file), ok: false });
    const card = await backupsCard();
    expect(card.copy).toMatchObject({ configured: true, file: path.basename(file), ok: false });
    expect(card.copy.error).toContain(`${notAFolder} is a file, not a folder`);
    expect(card.warnings).toEqual([`The copy to ${notAFolder} failed: ${card.copy.error}.`]);
    expect(fs.readFileSync(notAFolder, 'utf8')).toBe('a file where the folder should be');
  });
});

/** Flips one bit of the byte at `at` in `file`. */
function flipByte(file: string, at: number) {
  const bytes = fs.readFileSync(file);
  bytes[at] = bytes[at]! ^ 0x01;
  fs.writeFileSync(file, bytes);
}

describe.runIf(!!process.env.TEST_DATABASE_URL)('PostgreSQL: verify checks the dump and the manifest byte for byte', () => {
  const markers = async (url: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return Number((await c.query<{ n: string }>('select count(*) as n from marker')).rows[0]!.n);
    } finally {
      await c.end();
    }
  };

  it('one flipped byte in the schema part of the dump fails verify (it said "The backup is good.") and restore refuses it', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `studio_truth_${crypto.randomBytes(4).toString('hex')}`;
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
    try {
      const s = new pg.Client({ connectionString: url });
      await s.connect();
      await s.query(`create table marker (v text); insert into marker select 'row ' || g from generate_series(1, 1110) g`);
      await s.end();
      const backups = path.join(tmp, 'pg-flip-backups');
      const file = await backupPostgres(url, backups, 'manual');
      const good = runScript('backup-verify.ts', [file], {});
      expect(good.stderr).toBe('');
      expect(good.stdout).toContain('The backup is good.');

      const unpacked = path.join(tmp, 'pg-flip');
      fs.mkdirSync(unpacked);
      await tar.x({ file, cwd: unpacked });
      const dump = path.join(unpacked, 'database.dump');
      // the table's CREATE statement: text in the dump's table of contents, before any data
      const at = fs.readFileSync(dump).indexOf('CREATE TABLE public.marker');
      expect(at).toBeGreaterThan(0);
      flipByte(dump, at + 'CREATE TABLE public.'.length); // marker -> larker
      const flipped = path.join(tmp, 'studio-2026-11-25T10-00-00-000Z-hourly.pg.tar');
      await tar.c({ file: flipped, cwd: unpacked }, fs.readdirSync(unpacked));
      const verify = runScript('backup-verify.ts', [flipped], {});
      expect(verify.status).toBe(1);
      expect(verify.stderr).toContain('database.dump is damaged (its checksum differs)');
      expect(verify.stdout).not.toContain('The backup is good.');
      await (async () => {
        const s2 = new pg.Client({ connectionString: url });
        await s2.connect();
        await s2.query(`delete from marker where v = 'row 7'`);
        await s2.end();
      })();
      const refused = runScript('restore.ts', [flipped], { DATABASE_URL: url, BACKUP_DIR: backups, DATA_DIR: path.join(tmp, 'pg-flip-data') });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/failed its check.*database\.dump is damaged.*unchanged/s);
      expect(await markers(url)).toBe(1109);

      // a flipped byte in the manifest (its app version, which nothing else reads) fails too
      fs.rmSync(unpacked, { recursive: true });
      fs.mkdirSync(unpacked);
      await tar.x({ file, cwd: unpacked });
      const manifest = path.join(unpacked, MANIFEST);
      flipByte(manifest, fs.readFileSync(manifest).indexOf('"created_at": "') + '"created_at": "'.length + 3);
      const flippedManifest = path.join(tmp, 'studio-2026-11-25T11-00-00-000Z-hourly.pg.tar');
      await tar.c({ file: flippedManifest, cwd: unpacked }, fs.readdirSync(unpacked));
      const verify2 = runScript('backup-verify.ts', [flippedManifest], {});
      expect(verify2.status).toBe(1);
      expect(verify2.stderr).toContain(`${MANIFEST} is damaged (its checksum differs)`);

      // an earlier version's bare .dump (no manifest): refused unless --legacy
      const bare = path.join(tmp, 'studio-2026-11-25T12-00-00-000Z-hourly.dump');
      fs.copyFileSync(path.join(unpacked, 'database.dump'), bare);
      const refusedBare = runScript('backup-verify.ts', [bare], {});
      expect(refusedBare.status).toBe(1);
      expect(refusedBare.stderr).toContain('--legacy');
      const legacy = runScript('backup-verify.ts', [bare, '--legacy'], {});
      expect(legacy.stderr).toBe('');
      expect(legacy.status).toBe(0);
      expect(legacy.stdout).toContain('marker: 1110');
    } finally {
      const d = new pg.Client({ connectionString: adminUrl });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    }
  });
});

describe.skipIf(!!process.env.TEST_DATABASE_URL)('embedded database: verify refuses what it cannot check', () => {
  /** A closed embedded studio with an orders table of 1,110 rows and its backup. */
  async function studioWithOrders(name: string) {
    const dataDir = path.join(tmp, name);
    const database = await openPglite(dataDir);
    await database.pglite!.exec(`create table orders (id serial primary key, note text); insert into orders (note) select 'sale ' || g from generate_series(1, 1110) g`);
    const file = await backupPglite(database, path.join(tmp, `${name}-backups`), 'manual');
    await database.pglite!.exec(`insert into orders (note) values ('after')`);
    await database.close();
    return { dataDir, file };
  }
  const ordersIn = async (dataDir: string) => {
    const database = await openPglite(dataDir);
    try {
      return (await database.pglite!.query<{ n: number }>('select count(*)::int as n from orders')).rows[0]!.n;
    } finally {
      await database.close();
    }
  };

  it('a backup with its manifest removed and its orders cut from 1,110 to 35 fails verify and is refused by restore (both exited 0); --legacy checks what it can', async () => {
    const { dataDir, file } = await studioWithOrders('cut-orders');
    const unpacked = path.join(tmp, 'cut-orders-unpacked');
    fs.mkdirSync(unpacked);
    await tar.x({ file, cwd: unpacked });
    fs.rmSync(path.join(unpacked, MANIFEST));
    const copy = await openPglite(unpacked);
    await copy.pglite!.exec('delete from orders where id > 35');
    await copy.close();
    fs.rmSync(path.join(unpacked, 'studio.lock'), { force: true });
    const cut = path.join(tmp, 'studio-2026-11-25T10-00-00-000Z-hourly.tar.gz');
    await tar.c({ gzip: true, file: cut, cwd: unpacked }, fs.readdirSync(unpacked));

    const verify = runScript('backup-verify.ts', [cut], {});
    expect(verify.status).toBe(1);
    expect(verify.stderr).toContain(`it has no ${MANIFEST}`);
    expect(verify.stderr).toContain('--legacy');
    const r = runScript('restore.ts', [cut], { DATA_DIR: dataDir });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/failed its check.*has no backup-manifest\.json.*unchanged/s);
    expect(await ordersIn(dataDir)).toBe(1111);

    // told it is an earlier version's: it opens and is counted, and verify says what it could not check
    const legacy = runScript('backup-verify.ts', [cut, '--legacy'], {});
    expect(legacy.stderr).toBe('');
    expect(legacy.status).toBe(0);
    expect(legacy.stdout).toContain('orders: 35');
    expect(legacy.stdout).toContain('no manifest');
    expect(legacy.stdout).not.toContain('The backup is good.');
  });

  it('one flipped byte anywhere in the archive, in the manifest, or an earlier version\'s manifest without checksums: verify fails', async () => {
    const { file } = await studioWithOrders('flip');
    const good = runScript('backup-verify.ts', [file], {});
    expect(good.stderr).toBe('');
    expect(good.stdout).toContain('The backup is good.');

    // the gzip checksum covers every byte of the archive, the cluster's files too
    const size = fs.statSync(file).size;
    for (const at of [Math.floor(size / 2), size - 20]) {
      const flipped = path.join(tmp, `flip-${at}.tar.gz`);
      fs.copyFileSync(file, flipped);
      flipByte(flipped, at);
      const r = runScript('backup-verify.ts', [flipped], {});
      expect(r.status, `byte ${at} of ${size}: ${r.stdout}`).toBe(1);
    }

    // the manifest's own checksum: a changed byte in it, even in what nothing else reads
    const unpacked = path.join(tmp, 'flip-unpacked');
    fs.mkdirSync(unpacked);
    await tar.x({ file, cwd: unpacked });
    const manifest = path.join(unpacked, MANIFEST);
    const original = fs.readFileSync(manifest, 'utf8');
    flipByte(manifest, original.indexOf('"created_at": "') + '"created_at": "'.length + 3);
    const repack = async (name: string) => {
      const out = path.join(tmp, name);
      await tar.c({ gzip: true, file: out, cwd: unpacked }, fs.readdirSync(unpacked));
      return out;
    };
    const flippedManifest = runScript('backup-verify.ts', [await repack('studio-2026-11-25T11-00-00-000Z-hourly.tar.gz')], {});
    expect(flippedManifest.status).toBe(1);
    expect(flippedManifest.stderr).toContain(`${MANIFEST} is damaged (its checksum differs)`);

    // an earlier version's manifest (format 1, no checksum): refused unless --legacy
    const { sha256: _sealed, ...body } = JSON.parse(original) as Record<string, unknown>;
    fs.writeFileSync(manifest, JSON.stringify({ ...body, format: 1 }, null, 2));
    const old = await repack('studio-2026-11-25T12-00-00-000Z-hourly.tar.gz');
    const refused = runScript('backup-verify.ts', [old], {});
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/earlier version's .*--legacy/);
    const legacy = runScript('backup-verify.ts', [old, '--legacy'], {});
    expect(legacy.stderr).toBe('');
    expect(legacy.status).toBe(0);
    expect(legacy.stdout).toContain('orders: 1110 (manifest 1110)');
  });
});
