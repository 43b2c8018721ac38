// Issue 19, item 4: backups that leave the building. Each backup is copied to BACKUP_COPY_DIR (kept by the same age
// rules, a failed copy recorded), the dashboard shows the last backup and its copy and warns, and `npm run
// backup:drill` restores the newest backup into a temporary place and compares it with the live counts.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSchema, type Dashboard } from '@studio/shared';
import { backupPglite, backupPostgres, listBackups, NO_COPY_WARNING, NO_DRILL_WARNING } from '../src/db/backup.js';
import { openPglite, type Database } from '../src/db/client.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { backupName, runScript } from './helpers/scripts.js';

let t: TestApp;
let admin: string;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-drill-'));
const dir = path.join(tmp, 'backups');
const copyDir = path.join(tmp, 'usb');
/** The embedded runs' studio on disk (the tests' own database lives in memory, with no folder to back up). */
const pgliteDir = path.join(tmp, 'studio');
let studio: Database | undefined;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  fs.mkdirSync(copyDir);
  Object.assign(t.app.config, { backupDir: dir, backupCopyDir: copyDir });
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

/** A backup of this run's database into `dir`, copied to `copy`. */
function backup(copy: string | undefined) {
  return t.databaseUrl ? backupPostgres(t.databaseUrl, dir, 'manual', { dataDir: t.dataDir, copyDir: copy, warn: () => {} }) : backupPglite(studio!, dir, 'manual', undefined, { copyDir: copy, warn: () => {} });
}

async function backupsCard(): Promise<Dashboard['backups']> {
  const res = await t.call(admin, { method: 'GET', url: '/api/dashboard' });
  expect(res.statusCode, res.body).toBe(200);
  return dashboardSchema.strict().parse(res.json().data).backups;
}

/** A backup file's name for a moment `hoursAgo` hours back. */
const nameAgo = (hoursAgo: number, ext: string) => backupName(new Date(Date.now() - hoursAgo * 3600_000), 'hourly', ext);

describe('BACKUP_COPY_DIR and the dashboard', () => {
  it('each backup is copied, byte for byte, and the copies are pruned by the same age rules; the dashboard shows both', async () => {
    const ext = t.databaseUrl ? 'pg.tar' : 'tar.gz';
    // in the copy folder: copies a year old, and an older one of this hour (the new one replaces it in every bucket)
    const stale = [...[400, 401, 402].map((d) => nameAgo(d * 24, ext)), nameAgo(0.01, ext)];
    for (const n of stale) fs.writeFileSync(path.join(copyDir, n), 'old copy');
    const file = await backup(copyDir);
    const name = path.basename(file);
    expect(fs.readdirSync(copyDir).sort()).toEqual([name]);
    expect(fs.readFileSync(path.join(copyDir, name))).toEqual(fs.readFileSync(file));

    const card = await backupsCard();
    expect(card).toMatchObject({ dir, last: { file: name, database: t.databaseUrl ? 'postgres' : 'pglite' }, copy: { configured: true, dir: copyDir, file: name, ok: true, error: null }, last_failure: null, warnings: [NO_DRILL_WARNING], stale_after_hours: 26 });
    expect(card.age_hours).toBeLessThan(1);
    expect(card.last!.size).toBe(fs.statSync(file).size);
  });

  it('a copy that fails (the drive is not there) is recorded: the backup is kept, the dashboard warns', async () => {
    const missing = path.join(tmp, 'unplugged-usb');
    Object.assign(t.app.config, { backupCopyDir: missing });
    try {
      const file = await backup(missing);
      expect(fs.existsSync(file)).toBe(true);
      expect(fs.existsSync(missing)).toBe(false);
      const card = await backupsCard();
      expect(card.last!.file).toBe(path.basename(file));
      expect(card.copy).toMatchObject({ configured: true, file: path.basename(file), ok: false, error: `the folder ${missing} does not exist (is the drive plugged in?)` });
      expect(card.warnings).toEqual([`The copy to ${missing} failed: the folder ${missing} does not exist (is the drive plugged in?).`, NO_DRILL_WARNING]);
      // the drive is back: the next backup's copy clears the warning
      await backup(copyDir);
    } finally {
      Object.assign(t.app.config, { backupCopyDir: copyDir });
    }
    expect((await backupsCard()).warnings).toEqual([NO_DRILL_WARNING]);
  });

  it('warns when there is no backup, or the newest is more than 26 hours old; staff may not see it', async () => {
    const empty = path.join(tmp, 'no-backups');
    Object.assign(t.app.config, { backupDir: empty, backupCopyDir: undefined });
    try {
      expect(await backupsCard()).toMatchObject({ last: null, age_hours: null, copy: { configured: false, ok: null }, warnings: ['No backup has been made yet.', NO_COPY_WARNING, NO_DRILL_WARNING] });
      fs.mkdirSync(empty);
      fs.writeFileSync(path.join(empty, nameAgo(30, 'tar.gz')), 'x');
      const card = await backupsCard();
      expect(card.age_hours).toBeGreaterThanOrEqual(30);
      expect(card.warnings).toEqual(['The last backup is 30 hours old: the server makes one every hour while it runs.', NO_COPY_WARNING, NO_DRILL_WARNING]);
      fs.writeFileSync(path.join(empty, nameAgo(25, 'tar.gz')), 'x');
      expect((await backupsCard()).warnings).toEqual([NO_COPY_WARNING, NO_DRILL_WARNING]);
    } finally {
      Object.assign(t.app.config, { backupDir: dir, backupCopyDir: copyDir });
    }
    const staff = await t.staff();
    expect((await t.call(staff.token, { method: 'GET', url: '/api/dashboard' })).statusCode).toBe(403);
  });
});

describe('npm run backup:drill', () => {
  const env = (): Record<string, string> => (t.databaseUrl ? { DATABASE_URL: t.databaseUrl, BACKUP_DIR: dir, DATA_DIR: t.dataDir } : { BACKUP_DIR: dir, DATA_DIR: pgliteDir });
  const drillDatabases = async () => {
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    try {
      return (await c.query(`select datname from pg_database where datname like 'studio_drill_%'`)).rows.length;
    } finally {
      await c.end();
    }
  };

  it('restores the newest backup into a temporary place, compares it with its manifest and the live counts: PASSED; the dashboard shows it', async () => {
    const before = t.databaseUrl ? await drillDatabases() : 0;
    // rows made after the newest backup: the drill says restoring it would take them back
    if (t.databaseUrl) {
      for (let i = 0; i < 3; i++) expect((await t.call(admin, { method: 'POST', url: '/api/clients', payload: { name: `Drill ${i} ${crypto.randomUUID().slice(0, 6)}`, phone: `0803${String(1000000 + i)}` } })).statusCode).toBe(201);
    } else {
      await studio!.pglite!.exec(`insert into marker values ('after 1'), ('after 2'), ('after 3')`);
      await studio!.close();
      studio = undefined; // the drill opens the folder: no server owns it
    }
    const r = runScript('backup-drill.ts', [], env());
    if (r.status !== 0 || !/PASSED/.test(r.stdout)) console.error(r.stdout, r.stderr);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const newest = listBackups(dir)[0]!.name;
    expect(r.stdout).toContain(`Backup drill of ${newest}`);
    expect(r.stdout).toMatch(/Against its manifest \(app [^)]+\): every table matches\./);
    const table = t.databaseUrl ? 'clients' : 'marker';
    expect(r.stdout).toMatch(new RegExp(`  ${table} +[\\d,]+ in the backup +[\\d,]+ live  \\(\\+3 since\\)`));
    expect(r.stdout).toMatch(new RegExp(`PASSED: ${newest.replace(/\./g, '\\.')} restores and holds what its manifest says .*restoring it would take back .*\\b3 ${table}\\b`));
    if (t.databaseUrl) expect(await drillDatabases()).toBe(before);
    expect((await backupsCard()).drill).toMatchObject({ file: newest, ok: true });
  });

  it('a backup that does not restore: FAILED, exit 1, recorded for the dashboard', async () => {
    const newest = listBackups(dir)[0]!;
    const cut = path.join(tmp, `cut-${newest.name}`);
    fs.writeFileSync(cut, fs.readFileSync(newest.path).subarray(0, Math.floor(fs.statSync(newest.path).size / 3)));
    const r = runScript('backup-drill.ts', [cut], env());
    expect(r.status, r.stdout + r.stderr).toBe(1);
    // cut inside the archive: tar refuses it, or (depending on where the cut falls) what it unpacked does not read or open
    expect(r.stdout, r.stderr).toMatch(/FAILED: cut-studio-\S+ .*(could not be unpacked|cannot be read|does not open|is not a backup)/);
    const card = await backupsCard();
    expect(card.drill).toMatchObject({ ok: false });
    expect(card.warnings.some((w) => w.startsWith('The last restore test failed: FAILED: cut-'))).toBe(true);
  });
});
