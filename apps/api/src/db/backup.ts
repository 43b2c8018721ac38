import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import pg from 'pg';
import * as tar from 'tar';
import type { AppConfig } from '../config.js';
import { APPLICATION_NAME, type Database } from './client.js';
import { readBackupStatus, recordBackupStatus } from './backup-status.js';
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
 * PostgreSQL: `pg_dump -Fc` in the snapshot the rows were counted in, inside a tar with the manifest and the
 * uploads (`.pg.tar`), restored with `pg_restore` (earlier versions' bare `.dump` files still restore).
 *
 * Files are named `studio-<UTC time>-<reason>.tar.gz` (or `.pg.tar`, or `.dump`) and kept by age
 * (`prune`): the newest of each of the last 48 hours, 14 days and 12 months. BACKUP_COPY_DIR, when set,
 * gets a copy of each, kept by the same rules (`copyBackup`).
 */

export type BackupReason = 'hourly' | 'close' | 'manual' | 'restore';

export const KEEP = { hours: 48, days: 14, months: 12 };

const NAME = /^studio-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z)-([a-z]+)\.(tar\.gz|pg\.tar|dump)$/;
/** Backups taken by earlier versions (PGlite's dumpDataDir at every start). */
const LEGACY_NAME = /^pgdata-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z)\.tar\.gz$/;

export interface BackupFile {
  name: string;
  path: string;
  at: Date;
}

/**
 * Where the backups go (BACKUP_DIR: another disk, ideally; else DATA_DIR/backups, outside the cluster either way)
 * and where each is copied (BACKUP_COPY_DIR, if set).
 */
export function backupDirs(config: Pick<AppConfig, 'dataDir' | 'backupDir' | 'backupCopyDir'>): { dir: string; copyDir: string | undefined } {
  return { dir: config.backupDir ?? path.join(config.dataDir, 'backups'), copyDir: config.backupCopyDir };
}

/** The kind of database a backup file holds, by its name. */
export function backupKind(name: string): 'pglite' | 'postgres' {
  return name.endsWith('.pg.tar') || name.endsWith('.dump') ? 'postgres' : 'pglite';
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
    if (name.endsWith('.partial') || name.endsWith('.staging')) {
      fs.rmSync(path.join(dir, name), { recursive: true, force: true });
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
  /**
   * 2 (this version): the manifest carries its own checksum (`sha256`), and a PostgreSQL backup's `files` hold the
   * dump's (`database.dump`); 1: earlier versions, without either (decision 028).
   */
  format: 1 | 2;
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
  /**
   * sha256 of each file of the backup by its path in the archive: the photos and uploads, and a PostgreSQL backup's
   * dump. An embedded backup's cluster files are not listed: they are copied while the till sells, so their bytes
   * are known only as read; the archive's gzip checksum (CRC-32 of every byte) covers them, and opening the copy
   * and counting its rows checks what they hold.
   */
  files: Record<string, string>;
  /** Format 2: sha256 of the manifest's JSON without this field (manifestJson). */
  sha256?: string;
}
export const MANIFEST = 'backup-manifest.json';
export const MANIFEST_FORMAT = 2;

const sha256Text = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** The manifest as written into a backup: sealed with the checksum of its own content. */
export function manifestJson(manifest: BackupManifest): string {
  const { sha256: _sealed, ...body } = manifest;
  return JSON.stringify({ ...body, sha256: sha256Text(JSON.stringify(body)) }, null, 2);
}

/** How a check treats a backup that cannot be checked in full: refused, unless told it is an earlier version's. */
export interface CheckOptions {
  /** `--legacy`: the backup is an earlier version's (no manifest, or one without checksums); check what can be. */
  legacy?: boolean;
}

/** Why a backup without a manifest is refused (unless `--legacy`). */
export const NO_MANIFEST = `it has no ${MANIFEST}, so what it should hold cannot be checked (every backup this version makes has one); if it is an earlier version's backup, run again with --legacy`;

/**
 * The manifest unpacked at `root`, checked: damaged (not JSON, or its own checksum differs), or an earlier version's
 * without checksums (refused unless `legacy`). `present: false` when there is none.
 */
function readManifestAt(root: string, opts: CheckOptions): { present: boolean; manifest: BackupManifest | null; problems: string[] } {
  const at = path.join(root, MANIFEST);
  if (!fs.existsSync(at)) return { present: false, manifest: null, problems: [] };
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(at, 'utf8')) as BackupManifest;
    if (!manifest || typeof manifest !== 'object' || typeof manifest.counts !== 'object' || manifest.counts === null) throw new Error('not a manifest');
  } catch {
    return { present: true, manifest: null, problems: [`its ${MANIFEST} is damaged (it cannot be read)`] };
  }
  manifest.files ??= {};
  manifest.volatile ??= [];
  const { sha256: sealed, ...body } = manifest;
  if (sealed !== undefined) {
    return { present: true, manifest, problems: sealed === sha256Text(JSON.stringify(body)) ? [] : [`its ${MANIFEST} is damaged (its checksum differs)`] };
  }
  if (opts.legacy) return { present: true, manifest, problems: [] };
  return {
    present: true,
    manifest,
    problems: [`its manifest is an earlier version's (format ${manifest.format}, without checksums), so not every byte of it can be checked; if it is an earlier version's backup, run again with --legacy`],
  };
}

/** Every file of `files` present at `root` with its checksum, and no upload there that the manifest does not list. */
function checkFiles(root: string, manifest: BackupManifest): string[] {
  const problems: string[] = [];
  for (const [rel, sum] of Object.entries(manifest.files)) {
    const abs = path.join(root, rel);
    if (!fs.existsSync(abs)) problems.push(`${rel} is missing`);
    else if (sha256File(abs) !== sum) problems.push(`${rel} is damaged (its checksum differs)`);
  }
  if (manifest.sha256 !== undefined) {
    for (const rel of uploadEntries(root)) {
      if (fs.statSync(path.join(root, rel)).isFile() && manifest.files[rel] === undefined) problems.push(`${rel} is in the backup but not in its manifest`);
    }
  }
  return problems;
}
export const VOLATILE_TABLES = ['login_throttle', 'api_tokens'];

export function appVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../../package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * A table's name in a manifest: bare in the public schema (the studio's tables), `schema.table` elsewhere (drizzle's
 * `drizzle.__drizzle_migrations`, which says which migrations the data has had: a restore that lost it would make the
 * next start run every migration again on tables that exist).
 */
export const tableKey = (schema: string, table: string) => (schema === 'public' ? table : `${schema}.${table}`);
const splitTableKey = (key: string): [string, string] => {
  const dot = key.indexOf('.');
  return dot < 0 ? ['public', key] : [key.slice(0, dot), key.slice(dot + 1)];
};
const quoteIdent = (id: string) => `"${id.replace(/"/g, '""')}"`;

/**
 * Rows in every table the database holds, the studio's own (public schema) and the system ones beside them (drizzle's
 * migrations), PostgreSQL's catalogs left out; in one snapshot when the caller runs it in one.
 */
export async function tableCounts(query: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>): Promise<Record<string, number>> {
  const { rows } = await query(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname <> 'information_schema' and n.nspname !~ '^pg_'
     order by 1, 2`,
  );
  const tables = rows.map((r) => [String(r.schema), String(r.name)] as const);
  if (!tables.length) return {};
  const counted = await query(`select ${tables.map(([s, t], i) => `(select count(*) from ${quoteIdent(s)}.${quoteIdent(t)})::int as c${i}`).join(', ')}`);
  return Object.fromEntries(tables.map(([s, t], i) => [tableKey(s, t), Number(counted.rows[0]![`c${i}`])]));
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

/** sha256 of a file of any size, read as a stream. */
async function sha256Stream(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The checksums of the files under DATA_DIR/uploads, by archive path. */
function uploadChecksums(dataDir: string, entries: string[]): Record<string, string> {
  return Object.fromEntries(entries.filter((p) => fs.statSync(path.join(dataDir, p)).isFile()).map((p) => [p, sha256File(path.join(dataDir, p))]));
}

/**
 * The copy itself (see the top of this file): the caller has made sure no checkpoint runs meanwhile. The archive
 * holds `pgdata/` (the control file first, the WAL last), `uploads/` and the manifest.
 */
async function tarCluster(dataDir: string, file: string, manifest: BackupManifest): Promise<void> {
  const pgdata = path.join(dataDir, PGDATA);
  const uploads = uploadEntries(dataDir);
  manifest.files = uploadChecksums(dataDir, uploads);
  const manifestPath = path.join(dataDir, MANIFEST);
  fs.writeFileSync(manifestPath, manifestJson(manifest), { mode: FILE_MODE });
  try {
    const cluster = copyOrder(pgdata).map((p) => `${PGDATA}/${p}`);
    const wal = cluster.findIndex((p) => p === `${PGDATA}/pg_wal`);
    const order = [MANIFEST, PGDATA, ...cluster.slice(0, wal), ...uploads, ...cluster.slice(wal)];
    await tar.c({ gzip: { level: 3 }, file, cwd: dataDir, portable: true, noDirRecurse: true, jobs: 1, mode: FILE_MODE }, order);
  } finally {
    fs.rmSync(manifestPath, { force: true });
  }
}

function finalName(dir: string, reason: BackupReason, ext: 'tar.gz' | 'pg.tar'): string {
  return path.join(dir, `studio-${timestamp()}-${reason}.${ext}`);
}

function commit(partial: string, file: string, dir: string) {
  fsyncPath(partial);
  fs.renameSync(partial, file);
  fsyncPath(dir);
}

/** Where a backup also goes, and what to keep. */
export interface BackupOptions {
  /** BACKUP_COPY_DIR: a copy of the backup goes there (`copyBackup`). */
  copyDir?: string;
  /** Paths prune never deletes (the file a restore is reading). */
  protect?: string[];
  /** Where a failed copy is told. */
  warn?: (line: string) => void;
}

/** After a backup is in place: the old ones pruned, the success recorded, the copy made. */
async function afterBackup(file: string, dir: string, opts: BackupOptions): Promise<void> {
  prune(dir, new Date(), opts.protect);
  recordBackupStatus(dir, { last_success: { file: path.basename(file), at: new Date().toISOString() } });
  if (opts.copyDir) await copyBackup(file, opts.copyDir, dir).catch((err: Error) => (opts.warn ?? console.warn)(`The copy of ${path.basename(file)} to ${opts.copyDir} failed: ${err.message}`));
}

/**
 * Copies a backup into `copyDir` (BACKUP_COPY_DIR: a USB drive, a folder a sync client uploads) and prunes that
 * folder by the same age rules. The folder must exist: a drive that is not plugged in leaves its mount point
 * empty, and a copy made there would sit on the studio's own disk. The copy is written under a temporary name,
 * read back and compared (sha256) with the backup, then renamed into place. The outcome, made or failed, is
 * recorded in the backup folder's status (backup-status.ts), which the dashboard shows; a failure throws.
 */
export async function copyBackup(file: string, copyDir: string, dir = path.dirname(file)): Promise<string> {
  const name = path.basename(file);
  const dest = path.join(copyDir, name);
  const partial = `${dest}.partial`;
  const at = new Date().toISOString();
  try {
    if (!fs.existsSync(copyDir)) throw new Error(`the folder ${copyDir} does not exist (is the drive plugged in?)`);
    if (!fs.statSync(copyDir).isDirectory()) throw new Error(`${copyDir} is a file, not a folder: the copy folder must be a folder (on a USB drive or a synced folder)`);
    await fs.promises.copyFile(file, partial);
    try {
      fs.chmodSync(partial, FILE_MODE);
    } catch {
      // a drive without Unix permissions (FAT, exFAT)
    }
    fsyncPath(partial);
    const [want, got] = await Promise.all([sha256Stream(file), sha256Stream(partial)]);
    if (want !== got) throw new Error('the copy read back differs from the backup');
    fs.renameSync(partial, dest);
    try {
      fsyncPath(copyDir);
    } catch {
      // some file systems cannot sync a folder
    }
    prune(copyDir, new Date());
    recordBackupStatus(dir, { copy: { dir: copyDir, file: name, at, ok: true, error: null } });
    return dest;
  } catch (err) {
    // recorded first, whatever failed: the cleanup below can fail too (a copy folder that is a file makes every
    // path under it ENOTDIR), and a failure that throws before it is recorded leaves the dashboard saying nothing
    const error = (err as NodeJS.ErrnoException).code === 'ENOSPC' ? 'the drive is full' : (err as Error).message;
    recordBackupStatus(dir, { copy: { dir: copyDir, file: name, at, ok: false, error } });
    try {
      fs.rmSync(partial, { force: true });
    } catch {
      // nothing was written there, or it cannot be reached: nothing to clean up
    }
    throw new Error(error, { cause: err });
  }
}

/**
 * One embedded-database backup into `dir`: CHECKPOINT, then the copy. `beforeCheckpoint`
 * may wait for a quiet moment (the checkpoint writes and syncs what sales changed
 * since the last one, which holds the database for that long).
 */
export async function backupPglite(database: Database, dir: string, reason: BackupReason, beforeCheckpoint?: () => Promise<void>, opts: BackupOptions = {}): Promise<string> {
  if (!database.pglite || !database.dataDir) throw new Error('Only an embedded database with a data folder can be backed up this way.');
  restrictNewFiles();
  ensurePrivateDir(dir);
  const dataDir = database.dataDir;
  return exclusively(async () => {
    await beforeCheckpoint?.();
    await database.pglite!.query('CHECKPOINT');
    // counted after the checkpoint, before the copy: the copy holds at least these rows
    const counts = await tableCounts((q) => database.pglite!.query(q) as never);
    const manifest: BackupManifest = { format: MANIFEST_FORMAT, app_version: appVersion(), database: 'pglite', created_at: new Date().toISOString(), counts, volatile: VOLATILE_TABLES, files: {} };
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
    await afterBackup(file, dir, opts);
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

/** The database inside a PostgreSQL backup (`.pg.tar`): pg_dump's custom format, what pg_restore reads. */
export const PG_DUMP = 'database.dump';

/**
 * One PostgreSQL backup into `dir`: `studio-<time>-<reason>.pg.tar`, an uncompressed tar (the dump compresses
 * itself) of the manifest, `database.dump` and `uploads/` (from `dataDir`, the server's DATA_DIR). The rows are
 * counted in a repeatable-read transaction whose snapshot pg_dump is given (`--snapshot`), so the manifest's
 * counts are exactly what the dump holds, whatever the till does meanwhile.
 */
export async function backupPostgres(url: string, dir: string, reason: BackupReason, opts: BackupOptions & { dataDir?: string } = {}): Promise<string> {
  if (!(await hasTool('pg_dump'))) throw new Error(PG_TOOLS_MISSING('pg_dump'));
  restrictNewFiles();
  ensurePrivateDir(dir);
  return exclusively(async () => {
    const file = finalName(dir, reason, 'pg.tar');
    const staging = `${file}.staging`;
    const partial = `${file}.partial`;
    ensurePrivateDir(staging);
    try {
      const client = new pg.Client({ connectionString: url, application_name: `${APPLICATION_NAME} (backup)` });
      await client.connect();
      let counts: Record<string, number>;
      try {
        await client.query('begin isolation level repeatable read read only');
        const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
        counts = await tableCounts((q) => client.query(q));
        await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${path.join(staging, PG_DUMP)}`, `--dbname=${url}`]);
        await client.query('commit');
      } finally {
        await client.end().catch(() => {});
      }
      // the dump is whole now: its checksum goes into the manifest, so a flipped byte anywhere in it (its schema
      // part too, which pg_restore reads without complaint) fails verify
      const dumpSum = await sha256Stream(path.join(staging, PG_DUMP));
      for (let attempt = 1; ; attempt++) {
        try {
          const uploads = opts.dataDir ? uploadEntries(opts.dataDir) : [];
          const manifest: BackupManifest = {
            format: MANIFEST_FORMAT,
            app_version: appVersion(),
            database: 'postgres',
            created_at: new Date().toISOString(),
            counts,
            volatile: VOLATILE_TABLES,
            files: { [PG_DUMP]: dumpSum, ...(opts.dataDir ? uploadChecksums(opts.dataDir, uploads) : {}) },
          };
          fs.writeFileSync(path.join(staging, MANIFEST), manifestJson(manifest), { mode: FILE_MODE });
          await tar.c({ file: partial, cwd: staging, portable: true, noDirRecurse: true, mode: FILE_MODE }, [MANIFEST, PG_DUMP]);
          if (uploads.length) await tar.r({ file: partial, cwd: opts.dataDir, portable: true, noDirRecurse: true }, uploads);
          break;
        } catch (err) {
          // a photo replaced while it was read: again
          fs.rmSync(partial, { force: true });
          if (attempt >= 3) throw err;
        }
      }
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
    }
    fs.chmodSync(partial, FILE_MODE);
    commit(partial, file, dir);
    await afterBackup(file, dir, opts);
    return file;
  });
}

/** A backup of whichever database this is. */
export function backupDatabase(
  database: Database,
  opts: { databaseUrl?: string; dir: string; reason: BackupReason; beforeCheckpoint?: () => Promise<void>; dataDir?: string; copyDir?: string; warn?: (line: string) => void },
): Promise<string> {
  const more = { copyDir: opts.copyDir, warn: opts.warn };
  if (database.kind === 'postgres') {
    if (!opts.databaseUrl) throw new Error('backupDatabase: the PostgreSQL URL is needed');
    return backupPostgres(opts.databaseUrl, opts.dir, opts.reason, { ...more, dataDir: opts.dataDir });
  }
  return backupPglite(database, opts.dir, opts.reason, opts.beforeCheckpoint, more);
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

/**
 * The rows per table (named as tableCounts names them) a pg_dump file holds, read from the whole script pg_restore
 * makes of it, its schema and its data (`COPY ... FROM stdin;`, one line a row, `\.` at the end), no database
 * touched. A file cut short or damaged where pg_restore can tell makes it fail: that throws. (A changed byte in the
 * schema's text it cannot tell: the manifest's checksum of the dump does.)
 */
export async function dumpRowCounts(dump: string): Promise<Record<string, number>> {
  if (!(await hasTool('pg_restore'))) throw new Error(PG_TOOLS_MISSING('pg_restore'));
  const p = spawn('pg_restore', ['--file=-', dump], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  p.stderr.on('data', (b: Buffer) => (err += b.toString()));
  const exited = new Promise<number | null>((resolve, reject) => {
    p.on('error', reject);
    p.on('close', resolve);
  });
  const counts: Record<string, number> = {};
  const unquote = (id: string) => (id.startsWith('"') ? id.slice(1, -1).replace(/""/g, '"') : id);
  let table: string | null = null;
  let rows = 0;
  for await (const line of readline.createInterface({ input: p.stdout, crlfDelay: Infinity })) {
    if (table === null) {
      const m = /^COPY ("(?:[^"]|"")+"|[^ ."]+)\.("(?:[^"]|"")+"|[^ ."]+)(?: \(.*\))? FROM stdin;$/.exec(line);
      if (m) {
        table = tableKey(unquote(m[1]!), unquote(m[2]!));
        rows = 0;
      }
    } else if (line === '\\.') {
      if (table) counts[table] = (counts[table] ?? 0) + rows;
      table = null;
    } else rows++;
  }
  const code = await exited;
  if (code !== 0 || table !== null) throw new Error(`${path.basename(dump)} cannot be read to its end${err.trim() ? ` (${err.trim().split('\n')[0]})` : ''}.`);
  return counts;
}

/**
 * Unpacks a PostgreSQL backup (`.pg.tar`) into `root` (`root/database.dump`, `root/uploads`, the manifest) and checks
 * it without touching any database: the photos against their checksums, the dump read through by pg_restore, and its
 * rows per table counted from the data against the manifest (exactly: they were counted in the dump's snapshot).
 * Throws when the archive cannot be unpacked or holds no manifest or no dump.
 */
export async function stagePostgresBackup(file: string, root: string, opts: CheckOptions = {}): Promise<BackupCheck> {
  restrictNewFiles();
  fs.rmSync(root, { recursive: true, force: true });
  ensurePrivateDir(root);
  try {
    await tar.x({ file, cwd: root, strict: true });
  } catch (err) {
    throw new Error(`${file} could not be unpacked (${(err as Error).message}): it is damaged or not a backup.`, { cause: err });
  }
  restrictTree(root);
  const dump = path.join(root, PG_DUMP);
  const read = readManifestAt(root, opts);
  if (!read.present || !fs.existsSync(dump)) throw new Error(`${file} is not a backup of a PostgreSQL studio (no ${MANIFEST} or ${PG_DUMP} in it).`);
  const manifest = read.manifest;
  const problems: string[] = [];
  if (manifest && manifest.database !== 'postgres') problems.push('it is a backup of the embedded database, not of a PostgreSQL one');
  // the dump read through, schema and data, and its rows counted; then every file against its checksum
  let counts: Record<string, number> = {};
  let readable = true;
  try {
    await verifyPostgresDump(dump);
    counts = await dumpRowCounts(dump);
  } catch (err) {
    readable = false;
    problems.push(`its database ${(err as Error).message.replace(/^\S+ /, '')}`);
  }
  if (readable && manifest) problems.push(...compareCounts(manifest, counts));
  problems.push(...read.problems);
  if (manifest) problems.push(...checkFiles(root, manifest));
  return { manifest, counts, problems };
}

/** `npm run backup:verify` of a PostgreSQL backup: checked in a temporary folder, then removed. */
export async function verifyPostgresBackup(file: string, opts: CheckOptions = {}): Promise<BackupCheck> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-verify-'));
  try {
    return await stagePostgresBackup(file, path.join(root, 'data'), opts);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/**
 * The SQL run after the restored tables, in the restore's own transaction: every table of the manifest must hold
 * exactly its rows, else it raises and the whole restore rolls back.
 */
function restoreCheckSql(manifest: BackupManifest): string {
  const want = Object.entries(manifest.counts)
    .filter(([t]) => !manifest.volatile.includes(t))
    .map(([t, n]) => [...splitTableKey(t), t, n]);
  const json = JSON.stringify(want).replace(/'/g, "''");
  return `
DO $studio_restore_check$
DECLARE
  want jsonb := '${json}'::jsonb;
  w jsonb;
  n bigint;
  problems text := '';
BEGIN
  FOR w IN SELECT jsonb_array_elements(want) LOOP
    IF to_regclass(format('%I.%I', w->>0, w->>1)) IS NULL THEN
      problems := problems || format('table %s is missing (the backup holds %s rows of it); ', w->>2, w->>3);
    ELSE
      EXECUTE format('select count(*) from %I.%I', w->>0, w->>1) INTO n;
      IF n <> (w->>3)::bigint THEN
        problems := problems || format('table %s has %s rows where the backup holds %s; ', w->>2, n, w->>3);
      END IF;
    END IF;
  END LOOP;
  IF problems <> '' THEN
    RAISE EXCEPTION 'STUDIO-RESTORE-CHECK: %', rtrim(problems, '; ');
  END IF;
END
$studio_restore_check$;
`;
}

/**
 * pg_restore of a dump into the database at `url`, replacing what it holds, in ONE transaction that ends with the
 * count check (restoreCheckSql): pg_restore writes the SQL, psql runs it with the check after it, and a mismatch or
 * any error rolls everything back, so the database is either the backup's, counted, or unchanged.
 */
async function restoreDumpChecked(url: string, dump: string, manifest: BackupManifest): Promise<void> {
  for (const tool of ['pg_restore', 'psql']) if (!(await hasTool(tool))) throw new Error(PG_TOOLS_MISSING(tool));
  const restore = spawn('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--file=-', dump], { stdio: ['ignore', 'pipe', 'pipe'] });
  const psql = spawn('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '-f', '-', `--dbname=${url}`], { stdio: ['pipe', 'ignore', 'pipe'] });
  let restoreErr = '';
  let psqlErr = '';
  restore.stderr.on('data', (b: Buffer) => (restoreErr += b.toString()));
  psql.stderr.on('data', (b: Buffer) => (psqlErr += b.toString()));
  psql.stdin.on('error', () => {}); // psql stopped at an error: its exit says why
  const ended = (p: { on(event: 'error', l: (err: Error) => void): unknown; on(event: 'close', l: (code: number | null) => void): unknown }) =>
    new Promise<number | null>((resolve, reject) => {
      p.on('error', reject);
      p.on('close', resolve);
    });
  const [restoreEnd, psqlEnd] = [ended(restore), ended(psql)];
  restore.stdout.pipe(psql.stdin, { end: false });
  const restoreCode = await restoreEnd;
  if (restoreCode === 0) psql.stdin.end(restoreCheckSql(manifest));
  else psql.kill('SIGTERM'); // nothing committed: psql commits only at the end of its input
  const psqlCode = await psqlEnd;
  if (restoreCode !== 0) throw new Error(`pg_restore failed (${restoreCode}): ${restoreErr.trim()}`);
  if (psqlCode !== 0) {
    const check = /STUDIO-RESTORE-CHECK: (.*)/.exec(psqlErr);
    if (check) throw new Error(`the restored tables differ from the backup's manifest (${check[1]!.trim()}), so the restore was rolled back`);
    const first = psqlErr.split('\n').find((l) => /ERROR/.test(l)) ?? psqlErr.trim();
    throw new Error(`the restore failed and was rolled back: ${first.trim()}`);
  }
}

/**
 * Restores a PostgreSQL backup into the database at `url` (replacing what it holds). A `.pg.tar` is checked first
 * (stagePostgresBackup, in a temporary folder): refused with nothing changed when the check finds a problem; then
 * restored in one transaction that compares the counts before it commits (restoreStagedPostgres). An earlier
 * version's bare `.dump` has no manifest: restored with `pg_restore --single-transaction`. The photos are not
 * touched here (the restore script swaps them in). Returns the check (null for a bare `.dump`).
 */
export async function restorePostgres(url: string, file: string, opts: CheckOptions = {}): Promise<BackupCheck | null> {
  if (!(await hasTool('pg_restore'))) throw new Error(PG_TOOLS_MISSING('pg_restore'));
  if (file.endsWith('.dump')) {
    if (!opts.legacy) throw new Error(`${file} failed its check, so nothing was restored: ${NO_MANIFEST}.`);
    await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${url}`, file]);
    return null;
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-restore-'));
  try {
    const root = path.join(tmp, 'data');
    const check = await stagePostgresBackup(file, root, opts);
    if (check.problems.length) throw new Error(`${file} failed its check, so nothing was restored: ${check.problems.join('; ')}.`);
    await restoreStagedPostgres(url, root, check.manifest!);
    return check;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** The restore of a backup stagePostgresBackup unpacked into `root` and checked: one transaction, counted before it commits. */
export function restoreStagedPostgres(url: string, root: string, manifest: BackupManifest): Promise<void> {
  return restoreDumpChecked(url, path.join(root, PG_DUMP), manifest);
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
export async function stagePgliteBackup(file: string, root: string, opts: CheckOptions = {}): Promise<BackupCheck> {
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
  const read = readManifestAt(root, opts);
  const manifest = read.manifest;
  const problems: string[] = [...read.problems];
  if (!read.present && !opts.legacy) problems.push(NO_MANIFEST);
  if (manifest?.database === 'postgres') problems.push('it is a backup of a PostgreSQL database, not of the embedded one');
  if (manifest) problems.push(...checkFiles(root, manifest));
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
export async function verifyPgliteBackup(file: string, opts: CheckOptions = {}): Promise<BackupCheck> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-verify-'));
  try {
    return await stagePgliteBackup(file, path.join(root, 'data'), opts);
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
export async function restorePgliteFiles(dataDir: string, file: string, opts: CheckOptions = {}): Promise<string | undefined> {
  return (await restorePglite(dataDir, file, opts)).aside;
}

export async function restorePglite(dataDir: string, file: string, opts: CheckOptions = {}): Promise<{ aside?: string; check: BackupCheck }> {
  ensurePrivateDir(dataDir);
  const staging = path.join(dataDir, 'restoring');
  let check: BackupCheck;
  try {
    check = await stagePgliteBackup(file, staging, opts);
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

/**
 * Asks the server that owns an embedded database's folder for a backup (SIGUSR2, as `npm run backup` does) and
 * waits for the file.
 */
export async function askServerForBackup(pid: number, dir: string, waitMs = 15 * 60_000): Promise<string> {
  const since = Date.now();
  process.kill(pid, 'SIGUSR2');
  while (Date.now() - since < waitMs) {
    await new Promise((r) => setTimeout(r, 500));
    const made = listBackups(dir).find((b) => b.name.includes('-manual.') && b.at.getTime() >= since - 1000);
    if (made) return made.path;
  }
  throw new Error(`The server made no backup within ${Math.round(waitMs / 60_000)} minutes: see its log.`);
}

/** How old the newest backup may be before the dashboard warns (hourly backups; a day and a bit of slack). */
export const BACKUP_STALE_HOURS = 26;

/** The card's warnings while no copy leaves the machine, or no restore test has passed: what to do, not how. */
export const NO_COPY_WARNING =
  'No copy of the backups has left this computer: if its disk fails or the computer is stolen, the backups go with it. Plug in a USB drive and set it as the backup copy folder (ask whoever installed the app).';
export const NO_DRILL_WARNING =
  'No restore test has been run, so nobody knows yet that these backups can be brought back. Run a restore test (ask whoever installed the app): it checks the newest backup in a temporary place and changes nothing.';

/** What the dashboard shows of the backups (GET /api/dashboard `backups`; its shape is the shared dashboardSchema's). */
export interface BackupOverview {
  dir: string;
  last: { file: string; at: string; size: number; database: 'pglite' | 'postgres' } | null;
  age_hours: number | null;
  last_failure: { at: string; error: string } | null;
  copy: { configured: boolean; dir: string | null; file: string | null; at: string | null; ok: boolean | null; error: string | null };
  drill: { at: string; file: string; ok: boolean; summary: string } | null;
  stale_after_hours: number;
  warnings: string[];
}

/**
 * The backups as the dashboard shows them: the newest file in the folder, the copy of it in BACKUP_COPY_DIR, a
 * failure since (backup-status.json), the last drill, and a warning for each thing an owner should act on.
 */
export function backupOverview(dir: string, copyDir: string | undefined, now = new Date()): BackupOverview {
  const status = readBackupStatus(dir);
  const newest = listBackups(dir)[0];
  let last: BackupOverview['last'] = null;
  if (newest) {
    let size = 0;
    try {
      size = fs.statSync(newest.path).size;
    } catch {
      // pruned meanwhile
    }
    last = { file: newest.name, at: newest.at.toISOString(), size, database: backupKind(newest.name) };
  }
  const age = newest ? (now.getTime() - newest.at.getTime()) / 3600_000 : null;
  const failure = status.last_failure && (!newest || new Date(status.last_failure.at) > newest.at) ? { at: status.last_failure.at, error: status.last_failure.error } : null;

  const copy: BackupOverview['copy'] = { configured: !!copyDir, dir: copyDir ?? null, file: null, at: null, ok: null, error: null };
  if (copyDir && newest) {
    const there = path.join(copyDir, newest.name);
    let copied: fs.Stats | undefined;
    try {
      copied = fs.statSync(there);
    } catch {
      copied = undefined;
    }
    if (copied && copied.size === last!.size) {
      Object.assign(copy, { file: newest.name, at: (status.copy?.file === newest.name ? status.copy.at : undefined) ?? copied.mtime.toISOString(), ok: true });
    } else if (status.copy && !status.copy.ok && status.copy.file === newest.name) {
      Object.assign(copy, { file: newest.name, at: status.copy.at, ok: false, error: status.copy.error });
    }
  }

  const warnings: string[] = [];
  if (!newest) warnings.push('No backup has been made yet.');
  else if (age! > BACKUP_STALE_HOURS) warnings.push(`The last backup is ${Math.floor(age!)} hours old: the server makes one every hour while it runs.`);
  if (failure) warnings.push(`The last backup failed: ${failure.error}`);
  // until a copy has left the machine and a restore test has passed, the card warns, in words an owner can act on
  // (decision 028): the backups alone sit on the same disk as the data, and a backup nobody has restored is a hope
  if (!copyDir) warnings.push(NO_COPY_WARNING);
  else if (status.copy && !status.copy.ok) warnings.push(`The copy to ${copyDir} failed: ${status.copy.error ?? 'unknown error'}.`);
  // a fresh backup's copy is under way; one never copied, or older than a quarter of an hour, is not
  else if (newest && copy.ok !== true && (age! > 0.25 || !status.copy)) warnings.push(`The last backup has no copy in ${copyDir} yet: is the drive plugged in?`);
  if (!status.drill) warnings.push(NO_DRILL_WARNING);
  else if (!status.drill.ok) warnings.push(`The last restore test failed: ${status.drill.summary} Ask whoever installed the app to look at it, then run a restore test again.`);
  return {
    dir,
    last,
    age_hours: age === null ? null : Math.round(age * 10) / 10,
    last_failure: failure,
    copy,
    drill: status.drill ?? null,
    stale_after_hours: BACKUP_STALE_HOURS,
    warnings,
  };
}

/** Records a backup that failed (the schedule calls it), so the dashboard can say so. */
export function recordBackupFailure(dir: string, reason: string, error: string): void {
  recordBackupStatus(dir, { last_failure: { at: new Date().toISOString(), reason, error } });
}
