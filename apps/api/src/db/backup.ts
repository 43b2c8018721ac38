import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import type { Database } from './client.js';
import { ensurePrivateDir, FILE_MODE, fsyncPath, PGDATA, restrictNewFiles, restrictTree, timestamp } from './data-dir.js';

/**
 * Backups of the studio's data (docs/decisions/009-durability.md).
 *
 * Embedded database: an online file-level copy of the cluster, taken without
 * stopping the till. A CHECKPOINT (at a quiet moment) first, then `global/pg_control`,
 * then every data file, and the WAL last, into a gzipped tarball, while sales go on.
 * That is PostgreSQL's base-backup rule: PGlite runs no checkpoint of its own (it
 * is a single backend), so none moves the control file's redo point during the
 * copy, no WAL segment is recycled, and the WAL copied last holds every change
 * made to a page after the checkpoint (with a full-page image for its first one),
 * so a page read half-written is repaired by the crash recovery that a restored
 * copy goes through on its first start. The files are read by libuv's threads,
 * never by the JavaScript thread the database runs on.
 *
 * PostgreSQL: `pg_dump -Fc`, restored with `pg_restore`.
 *
 * Files are named `studio-<UTC time>-<reason>.tar.gz` (or `.dump`) and kept by age
 * (`prune`): the newest of each of the last 48 hours, 14 days and 12 months.
 */

export type BackupReason = 'hourly' | 'close' | 'manual' | 'restore';

export const KEEP = { hours: 48, days: 14, months: 12 };

const NAME = /^studio-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z)-([a-z]+)\.(tar\.gz|dump)$/;
/** Backups taken by earlier versions (PGlite's dumpDataDir at every start). */
const LEGACY_NAME = /^pgdata-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z)\.tar\.gz$/;

export interface BackupFile {
  name: string;
  path: string;
  at: Date;
}

/** BACKUP_DIR (another disk, ideally), else `DATA_DIR/backups`: outside the cluster either way. */
export function backupDirFor(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  const userCwd = env.INIT_CWD ?? process.cwd();
  return env.BACKUP_DIR ? path.resolve(userCwd, env.BACKUP_DIR) : path.join(dataDir, 'backups');
}

function parseStamp(s: string): Date {
  // 2026-11-23T22-57-11-123Z -> 2026-11-23T22:57:11.123Z
  return new Date(s.replace(/T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z$/, 'T$1:$2:$3.$4Z'));
}

/** The backups in a folder, newest first. */
export function listBackups(dir: string): BackupFile[] {
  if (!fs.existsSync(dir)) return [];
  const out: BackupFile[] = [];
  for (const name of fs.readdirSync(dir)) {
    const m = NAME.exec(name) ?? LEGACY_NAME.exec(name);
    if (m) out.push({ name, path: path.join(dir, name), at: parseStamp(m[1]!) });
  }
  return out.sort((a, b) => b.at.getTime() - a.at.getTime());
}

/** A backup's reason, from its name (`hourly`, `close`, `manual`, `restore`; `legacy` for earlier versions' files). */
export function backupReason(name: string): string {
  return NAME.exec(name)?.[2] ?? 'legacy';
}

/**
 * Which backups to keep: the newest one of each of the last `hours` hours, `days`
 * days and `months` months (UTC), counted back from `now`, and always the newest
 * backup of all. Returns the names to keep.
 *
 * The safety copies a restore takes of what it replaces (`-restore.`) are kept apart:
 * the last `days` days of them (and always the newest), never counted in the buckets.
 * Counted, one taken a minute after a backup of the same hour was "the newest of the
 * hour" and pushed it out, and that backup was often the very file being restored.
 */
export function backupsToKeep(files: { name: string; at: Date }[], now: Date, keep = KEEP): Set<string> {
  const newestFirst = [...files].sort((a, b) => b.at.getTime() - a.at.getTime());
  const safety = newestFirst.filter((f) => backupReason(f.name) === 'restore');
  const regular = newestFirst.filter((f) => backupReason(f.name) !== 'restore');
  const kept = new Set<string>();
  if (regular[0]) kept.add(regular[0].name);
  if (safety[0]) kept.add(safety[0].name);
  for (const f of safety) if (now.getTime() - f.at.getTime() < keep.days * 86400_000) kept.add(f.name);
  // how many hours, days, months (UTC calendar) back a backup lies, and its bucket
  const hour = (d: Date) => Math.floor(d.getTime() / 3600_000);
  const day = (d: Date) => Math.floor(d.getTime() / 86400_000);
  const month = (d: Date) => d.getUTCFullYear() * 12 + d.getUTCMonth();
  const rules = [
    { unit: hour, limit: keep.hours },
    { unit: day, limit: keep.days },
    { unit: month, limit: keep.months },
  ];
  for (const { unit, limit } of rules) {
    const seen = new Set<number>();
    for (const f of regular) {
      const b = unit(f.at);
      if (unit(now) - b >= limit) break;
      if (seen.has(b)) continue;
      seen.add(b);
      kept.add(f.name);
    }
  }
  return kept;
}

/**
 * Deletes the backups no rule keeps, and leftovers of interrupted ones. `protect`: paths
 * never deleted whatever their age (the file a restore is reading). Returns the names deleted.
 */
export function prune(dir: string, now = new Date(), protect: string[] = []): string[] {
  const files = listBackups(dir);
  const keep = backupsToKeep(files, now);
  const kept = new Set(protect.map((p) => path.resolve(p)));
  const gone: string[] = [];
  for (const f of files) {
    if (keep.has(f.name) || kept.has(path.resolve(f.path))) continue;
    fs.rmSync(f.path, { force: true });
    gone.push(f.name);
  }
  for (const name of fs.readdirSync(dir)) {
    if (name.endsWith('.partial')) {
      fs.rmSync(path.join(dir, name), { force: true });
      gone.push(name);
    }
  }
  return gone;
}

/**
 * The cluster's files in the order a consistent copy needs: the control file first,
 * the WAL last. Folders are listed too (PostgreSQL needs its empty ones); the lock
 * file is left out.
 */
export function copyOrder(pgdata: string): string[] {
  const first = ['global/pg_control'];
  const middle: string[] = [];
  const last: string[] = [];
  const skip = new Set(['postmaster.pid', 'postmaster.opts', 'global/pg_control']);
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(pgdata, rel), { withFileTypes: true })) {
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (skip.has(p)) continue;
      const into = p === 'pg_wal' || p.startsWith('pg_wal/') ? last : middle;
      into.push(p);
      if (e.isDirectory()) walk(p);
    }
  };
  walk('');
  return [...first, ...middle, ...last];
}

/** What a backup holds, written into it as `backup-manifest.json` (docs/decisions/017-backups-that-restore.md). */
export interface BackupManifest {
  format: 1;
  app_version: string;
  database: 'pglite' | 'postgres';
  created_at: string;
  /**
   * Rows per table. Embedded database: counted at the backup's checkpoint, before the online copy, so the copy holds
   * at least these (sales go on during it); PostgreSQL: counted in pg_dump's own snapshot, exactly what it holds.
   */
  counts: Record<string, number>;
  /** Tables whose rows come and go by themselves (sign-in windows, tokens): not compared. */
  volatile: string[];
  /** sha256 of each file beside the database (photos and uploads), by path in the archive. */
  files: Record<string, string>;
}
export const MANIFEST = 'backup-manifest.json';
export const VOLATILE_TABLES = ['login_throttle', 'api_tokens'];

export function appVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../../package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Rows in every table of the public schema, in one snapshot when the caller runs it in one. */
export async function tableCounts(query: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>): Promise<Record<string, number>> {
  const { rows } = await query(`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`);
  const names = rows.map((r) => String(r.name));
  if (!names.length) return {};
  const counted = await query(`select ${names.map((n, i) => `(select count(*) from "${n.replace(/"/g, '""')}")::int as c${i}`).join(', ')}`);
  return Object.fromEntries(names.map((n, i) => [n, Number(counted.rows[0]![`c${i}`])]));
}

/** Every file under DATA_DIR/uploads (profile photos and the like), as archive paths `uploads/...`. */
function uploadEntries(dataDir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    const abs = path.join(dataDir, rel);
    if (!fs.existsSync(abs)) return;
    out.push(rel);
    for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
      const p = `${rel}/${e.name}`;
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) out.push(p);
    }
  };
  walk('uploads');
  return out;
}

function sha256File(file: string): string {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/**
 * The copy itself (see the top of this file): the caller has made sure no checkpoint runs meanwhile. The archive
 * holds `pgdata/` (the control file first, the WAL last), `uploads/` and the manifest.
 */
async function tarCluster(dataDir: string, file: string, manifest: BackupManifest): Promise<void> {
  const pgdata = path.join(dataDir, PGDATA);
  const uploads = uploadEntries(dataDir);
  manifest.files = Object.fromEntries(uploads.filter((p) => fs.statSync(path.join(dataDir, p)).isFile()).map((p) => [p, sha256File(path.join(dataDir, p))]));
  const manifestPath = path.join(dataDir, MANIFEST);
  fs.writeFileSync(manifestPath, JSON.stringify(manifest, null, 2), { mode: FILE_MODE });
  try {
    const cluster = copyOrder(pgdata).map((p) => `${PGDATA}/${p}`);
    const wal = cluster.findIndex((p) => p === `${PGDATA}/pg_wal`);
    const order = [MANIFEST, PGDATA, ...cluster.slice(0, wal), ...uploads, ...cluster.slice(wal)];
    await tar.c({ gzip: { level: 3 }, file, cwd: dataDir, portable: true, noDirRecurse: true, jobs: 1, mode: FILE_MODE }, order);
  } finally {
    fs.rmSync(manifestPath, { force: true });
  }
}

function finalName(dir: string, reason: BackupReason, ext: 'tar.gz' | 'dump'): string {
  return path.join(dir, `studio-${timestamp()}-${reason}.${ext}`);
}

function commit(partial: string, file: string, dir: string) {
  fsyncPath(partial);
  fs.renameSync(partial, file);
  fsyncPath(dir);
}

/**
 * One embedded-database backup into `dir`: CHECKPOINT, then the copy. `beforeCheckpoint`
 * may wait for a quiet moment (the checkpoint writes and syncs what sales changed
 * since the last one, which holds the database for that long).
 */
export async function backupPglite(database: Database, dir: string, reason: BackupReason, beforeCheckpoint?: () => Promise<void>): Promise<string> {
  if (!database.pglite || !database.dataDir) throw new Error('Only an embedded database with a data folder can be backed up this way.');
  restrictNewFiles();
  ensurePrivateDir(dir);
  const dataDir = database.dataDir;
  return exclusively(async () => {
    await beforeCheckpoint?.();
    await database.pglite!.query('CHECKPOINT');
    // counted after the checkpoint, before the copy: the copy holds at least these rows
    const counts = await tableCounts((q) => database.pglite!.query(q) as never);
    const manifest: BackupManifest = { format: 1, app_version: appVersion(), database: 'pglite', created_at: new Date().toISOString(), counts, volatile: VOLATILE_TABLES, files: {} };
    const file = finalName(dir, reason, 'tar.gz');
    const partial = `${file}.partial`;
    for (let attempt = 1; ; attempt++) {
      try {
        await tarCluster(dataDir, partial, manifest);
        break;
      } catch (err) {
        // a file dropped or truncated while it was read (a table rewritten meanwhile): copy again
        fs.rmSync(partial, { force: true });
        if (attempt >= 3) throw err;
      }
    }
    fs.chmodSync(partial, FILE_MODE);
    commit(partial, file, dir);
    prune(dir);
    return file;
  });
}

/**
 * A CHECKPOINT of the embedded database between backups, at a quiet moment, never during a backup's copy
 * (it would move the redo point the copy relies on): the next backup's own checkpoint then has only the
 * minutes since to write, not the hour, so a sale that meets it waits less.
 */
export function checkpointPglite(database: Database, beforeCheckpoint?: () => Promise<void>): Promise<void> {
  if (!database.pglite) return Promise.resolve();
  return exclusively(async () => {
    await beforeCheckpoint?.();
    await database.pglite!.query('CHECKPOINT');
  });
}

/** Only one backup at a time in a process, and the database is not closed during one (see `whenIdle`). */
let chain: Promise<unknown> = Promise.resolve();
function exclusively<T>(fn: () => Promise<T>): Promise<T> {
  const run = chain.then(fn, fn);
  chain = run.catch(() => {});
  return run;
}
/** Resolves once no backup is running: closing the database in the middle of one would end it with a checkpoint. */
export function whenIdle(): Promise<void> {
  return chain.then(() => {});
}

/** pg_dump / pg_restore on PATH? */
export async function hasTool(tool: string): Promise<boolean> {
  return new Promise((resolve) => {
    const p = spawn(tool, ['--version'], { stdio: 'ignore' });
    p.on('error', () => resolve(false));
    p.on('exit', (code) => resolve(code === 0));
  });
}

export const PG_TOOLS_MISSING = (tool: string) =>
  `${tool} was not found. Install the PostgreSQL client tools of your server's major version (Debian/Ubuntu: apt install postgresql-client-NN), or back up the database with the tools of your PostgreSQL host (managed databases have their own point-in-time backups).`;

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'pipe'], env });
    let err = '';
    p.stderr.on('data', (b: Buffer) => (err += b.toString()));
    p.on('error', reject);
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} failed (${code}): ${err.trim()}`))));
  });
}

/** One PostgreSQL backup into `dir` with pg_dump's custom format (what pg_restore reads). */
export async function backupPostgres(url: string, dir: string, reason: BackupReason, opts: { protect?: string[] } = {}): Promise<string> {
  if (!(await hasTool('pg_dump'))) throw new Error(PG_TOOLS_MISSING('pg_dump'));
  restrictNewFiles();
  ensurePrivateDir(dir);
  return exclusively(async () => {
    const file = finalName(dir, reason, 'dump');
    const partial = `${file}.partial`;
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${url}`]);
    fs.chmodSync(partial, FILE_MODE);
    commit(partial, file, dir);
    prune(dir, new Date(), opts.protect);
    return file;
  });
}

/** A backup of whichever database this is. */
export function backupDatabase(database: Database, opts: { databaseUrl?: string; dir: string; reason: BackupReason; beforeCheckpoint?: () => Promise<void> }): Promise<string> {
  if (database.kind === 'postgres') {
    if (!opts.databaseUrl) throw new Error('backupDatabase: the PostgreSQL URL is needed');
    return backupPostgres(opts.databaseUrl, opts.dir, opts.reason);
  }
  return backupPglite(database, opts.dir, opts.reason, opts.beforeCheckpoint);
}

/** Reads a `.dump` through with pg_restore --list (no database touched); returns how many entries it lists. */
export async function verifyPostgresDump(file: string): Promise<number> {
  if (!(await hasTool('pg_restore'))) throw new Error(PG_TOOLS_MISSING('pg_restore'));
  const out = await new Promise<string>((resolve, reject) => {
    const p = spawn('pg_restore', ['--list', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    let err = '';
    p.stdout.on('data', (b: Buffer) => (text += b.toString()));
    p.stderr.on('data', (b: Buffer) => (err += b.toString()));
    p.on('error', reject);
    p.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`${file} is not a readable PostgreSQL backup: ${err.trim()}`))));
  });
  return out.split('\n').filter((l) => /^\d+;/.test(l)).length;
}

/** pg_restore of a `.dump` into the database at `url` (replacing what it holds). */
export async function restorePostgres(url: string, file: string): Promise<void> {
  if (!(await hasTool('pg_restore'))) throw new Error(PG_TOOLS_MISSING('pg_restore'));
  await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${url}`, file]);
}

/** What a check of a backup found: the rows in the copy, and every problem (none: the backup is good). */
export interface BackupCheck {
  manifest: BackupManifest | null;
  counts: Record<string, number>;
  problems: string[];
}

/** The differences between what a manifest says a backup holds and what a copy of it holds. */
export function compareCounts(manifest: BackupManifest, counts: Record<string, number>): string[] {
  const problems: string[] = [];
  for (const [table, want] of Object.entries(manifest.counts)) {
    if (manifest.volatile.includes(table)) continue;
    const got = counts[table];
    if (got === undefined) problems.push(`table ${table} is missing (the backup holds ${want} rows of it)`);
    else if (manifest.database === 'postgres' ? got !== want : got < want) problems.push(`table ${table} has ${got} rows where the backup holds ${want}`);
  }
  return problems;
}

/**
 * Unpacks an embedded-database backup into `root` (`root/pgdata`, `root/uploads`) and checks it without touching
 * the studio's data: the photos against their checksums, then the cluster opened (PostgreSQL's recovery runs, as
 * on a restored start) and every table counted against the manifest. Reads earlier versions' backups too (the
 * cluster at the archive's top, no manifest: then only the opening is checked). Throws when the archive cannot be
 * unpacked or the copy cannot be opened.
 */
export async function stagePgliteBackup(file: string, root: string): Promise<BackupCheck> {
  restrictNewFiles();
  fs.rmSync(root, { recursive: true, force: true });
  ensurePrivateDir(root);
  try {
    await tar.x({ file, cwd: root, strict: true });
  } catch (err) {
    throw new Error(`${file} could not be unpacked (${(err as Error).message}): it is damaged or not a backup.`, { cause: err });
  }
  restrictTree(root);
  const pgdata = path.join(root, PGDATA);
  if (!fs.existsSync(pgdata) && fs.existsSync(path.join(root, 'PG_VERSION'))) {
    // an earlier version's backup: the cluster at the top of the archive
    const tmp = `${root}.cluster`;
    fs.renameSync(root, tmp);
    ensurePrivateDir(root);
    fs.renameSync(tmp, pgdata);
  }
  if (!fs.existsSync(path.join(pgdata, 'PG_VERSION')) || !fs.existsSync(path.join(pgdata, 'global/pg_control'))) {
    throw new Error(`${file} is not a backup of the embedded database (no PG_VERSION or global/pg_control in it).`);
  }
  fs.rmSync(path.join(pgdata, 'postmaster.pid'), { force: true });
  const manifestPath = path.join(root, MANIFEST);
  const manifest = fs.existsSync(manifestPath) ? (JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as BackupManifest) : null;
  const problems: string[] = [];
  if (manifest?.database === 'postgres') problems.push('it is a backup of a PostgreSQL database, not of the embedded one');
  for (const [rel, sum] of Object.entries(manifest?.files ?? {})) {
    const abs = path.join(root, rel);
    if (!fs.existsSync(abs)) problems.push(`${rel} is missing`);
    else if (sha256File(abs) !== sum) problems.push(`${rel} is damaged (its checksum differs)`);
  }
  let counts: Record<string, number>;
  const { openPglite } = await import('./client.js');
  let copy;
  try {
    copy = await openPglite(root, { log: () => {} });
  } catch (err) {
    throw new Error(`${file} holds a database that does not open (${(err as Error).message}).`, { cause: err });
  }
  try {
    counts = await tableCounts((q) => copy.pglite!.query(q) as never);
  } catch (err) {
    throw new Error(`${file} holds a database whose tables cannot be read (${(err as Error).message}).`, { cause: err });
  } finally {
    await copy.close().catch(() => {});
  }
  fs.rmSync(path.join(root, 'studio.lock'), { force: true });
  if (manifest) problems.push(...compareCounts(manifest, counts));
  return { manifest, counts, problems };
}

/** `npm run backup:verify`: checks an embedded-database backup in a temporary folder, then removes it. */
export async function verifyPgliteBackup(file: string): Promise<BackupCheck> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-verify-'));
  try {
    return await stagePgliteBackup(file, path.join(root, 'data'));
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/**
 * Restores an embedded-database backup into `dataDir` (made when it does not exist); the caller holds the
 * data-folder lock. The backup is unpacked and checked first (stagePgliteBackup): a backup that does not open or
 * holds fewer rows than its manifest is refused and nothing is changed. Then the cluster and the uploads are
 * swapped in; what they replace is moved aside (`pgdata.replaced-<time>`, `uploads.replaced-<time>`), never
 * deleted. Returns where the replaced data went, if there was any, and the check.
 */
export async function restorePgliteFiles(dataDir: string, file: string): Promise<string | undefined> {
  return (await restorePglite(dataDir, file)).aside;
}

export async function restorePglite(dataDir: string, file: string): Promise<{ aside?: string; check: BackupCheck }> {
  ensurePrivateDir(dataDir);
  const staging = path.join(dataDir, 'restoring');
  let check: BackupCheck;
  try {
    check = await stagePgliteBackup(file, staging);
    if (check.problems.length) throw new Error(`${file} failed its check, so nothing was restored: ${check.problems.join('; ')}.`);
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw new Error(`${(err as Error).message} The studio's data is unchanged.`, { cause: err });
  }
  const stamp = timestamp();
  const pgdata = path.join(dataDir, PGDATA);
  let aside: string | undefined;
  if (fs.existsSync(pgdata)) {
    aside = path.join(dataDir, `pgdata.replaced-${stamp}`);
    fs.renameSync(pgdata, aside);
  }
  fs.renameSync(path.join(staging, PGDATA), pgdata);
  const uploads = path.join(dataDir, 'uploads');
  if (fs.existsSync(path.join(staging, 'uploads'))) {
    if (fs.existsSync(uploads)) fs.renameSync(uploads, path.join(dataDir, `uploads.replaced-${stamp}`));
    fs.renameSync(path.join(staging, 'uploads'), uploads);
  }
  fs.rmSync(staging, { recursive: true, force: true });
  fsyncPath(dataDir);
  return { aside, check };
}
