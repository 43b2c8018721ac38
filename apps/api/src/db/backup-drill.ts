import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import * as tar from 'tar';
import type { AppConfig } from '../config.js';
import {
  askServerForBackup,
  backupDirs,
  backupKind,
  compareCounts,
  listBackups,
  MANIFEST,
  NO_MANIFEST,
  restorePostgres,
  restoreStagedPostgres,
  stagePgliteBackup,
  stagePostgresBackup,
  tableCounts,
  VOLATILE_TABLES,
  type BackupCheck,
  type CheckOptions,
  type BackupManifest,
} from './backup.js';
import { recordBackupStatus } from './backup-status.js';
import { openPglite } from './client.js';
import { lockOwner } from './data-dir-lock.js';
import { PGDATA } from './data-dir.js';

/**
 * `npm run backup:drill` (docs/decisions/017-backups-that-restore.md): restores the newest backup (or the one
 * given) into a temporary place, counts what it holds, and compares that with its manifest and with the live
 * database counted now. PASSED: the backup restores and holds what its manifest says. The live comparison says
 * what restoring it would take back (rows added since); a table with more rows in the backup than live, or one
 * missing from it, is pointed out. The result is recorded beside the backups (the dashboard shows it).
 */
export interface DrillResult {
  ok: boolean;
  file: string;
  /** The report, line by line, as printed. */
  lines: string[];
  /** One sentence: the verdict. */
  summary: string;
}

type Live = { counts: Record<string, number>; source: string };

/** Rows per table of the live database, in one snapshot. */
async function liveCounts(config: AppConfig, log: (line: string) => void): Promise<Live> {
  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      await client.query('begin isolation level repeatable read read only');
      const counts = await tableCounts((q) => client.query(q));
      await client.query('commit');
      return { counts, source: 'the PostgreSQL database, counted now' };
    } finally {
      await client.end().catch(() => {});
    }
  }
  if (!fs.existsSync(path.join(config.dataDir, PGDATA))) throw new Error(`There is no embedded database in ${config.dataDir} to compare with.`);
  const owner = lockOwner(config.dataDir);
  if (owner) {
    // the server owns the folder (one process per embedded database): it counts, in a backup of its own made now
    log(`The server (pid ${owner}) owns ${config.dataDir}: asking it for a backup to count the live rows...`);
    const file = await askServerForBackup(owner, backupDirs(config).dir);
    const manifest = await readManifest(file);
    if (!manifest) throw new Error(`${file} has no manifest to read the live counts from.`);
    return { counts: manifest.counts, source: `the live database at ${manifest.created_at} (the server's backup ${path.basename(file)}, made for this drill)` };
  }
  const database = await openPglite(config.dataDir, { log: () => {} });
  try {
    return { counts: await tableCounts((q) => database.pglite!.query(q) as never), source: `the embedded database in ${config.dataDir}, counted now` };
  } finally {
    await database.close();
  }
}

/** The manifest inside a backup, read without unpacking the rest (null for an earlier version's backup). */
export async function readManifest(file: string): Promise<BackupManifest | null> {
  let text: string | null = null;
  await tar.t({
    file,
    filter: (p) => p === MANIFEST,
    onReadEntry: (entry) => {
      const chunks: Buffer[] = [];
      entry.on('data', (c: Buffer) => chunks.push(c));
      entry.on('end', () => (text = Buffer.concat(chunks).toString('utf8')));
    },
  });
  return text ? (JSON.parse(text) as BackupManifest) : null;
}

/** A database of its own on the server at `url` for the drill's restore; dropped by the returned function. */
async function scratchPostgres(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `studio_drill_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE template0`);
  } finally {
    await admin.end();
  }
  return {
    url: Object.assign(new URL(url), { pathname: `/${name}` }).toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** Restores `file` into a temporary place and counts it: a folder for the embedded database, a database of its own for PostgreSQL. */
async function restoreSomewhere(config: AppConfig, file: string, root: string, log: (line: string) => void, opts: CheckOptions): Promise<BackupCheck & { place: string }> {
  if (backupKind(path.basename(file)) === 'pglite') {
    const check = await stagePgliteBackup(file, path.join(root, 'data'), opts);
    return { ...check, place: `a temporary folder (${root}), opened with its recovery run` };
  }
  if (!config.databaseUrl) throw new Error(`${file} is a PostgreSQL backup: set DATABASE_URL to the studio's database to drill it.`);
  const check = file.endsWith('.pg.tar') ? await stagePostgresBackup(file, path.join(root, 'data'), opts) : { manifest: null, counts: {}, problems: opts.legacy ? [] : [NO_MANIFEST] };
  if (check.problems.length) return { ...check, place: `a temporary folder (${root}), not restored: it failed its check` };
  let scratch: Awaited<ReturnType<typeof scratchPostgres>>;
  try {
    scratch = await scratchPostgres(config.databaseUrl);
  } catch (err) {
    if (!check.manifest) throw new Error(`No temporary database could be made to restore ${file} into (${(err as Error).message}).`, { cause: err });
    log(`No temporary database could be made (${(err as Error).message}): the rows were counted from the backup's dump instead.`);
    return { ...check, place: `a temporary folder (${root}), its dump read through (no temporary database)` };
  }
  try {
    // the restore's own transaction compares the counts with the manifest before it commits
    if (check.manifest) await restoreStagedPostgres(scratch.url, path.join(root, 'data'), check.manifest);
    else await restorePostgres(scratch.url, file, opts);
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    const counts = await tableCounts((q) => client.query(q)).finally(() => client.end());
    const problems = check.manifest ? compareCounts(check.manifest, counts) : [];
    return { manifest: check.manifest, counts, problems, place: `a temporary database on the same server (dropped afterwards)` };
  } catch (err) {
    return { ...check, problems: [`it did not restore: ${(err as Error).message}`], place: 'a temporary database on the same server (dropped afterwards)' };
  } finally {
    await scratch.drop().catch((err: Error) => log(`The temporary database could not be dropped: ${err.message}`));
  }
}

const fmt = (n: number) => n.toLocaleString('en-GB');
function ago(ms: number): string {
  const h = ms / 3600_000;
  return h < 1 ? `${Math.max(0, Math.round(ms / 60_000))} minutes` : h < 48 ? `${h.toFixed(1)} hours` : `${Math.round(h / 24)} days`;
}

/** The drill itself; `file` defaults to the newest backup in BACKUP_DIR. Never changes the studio's data. */
export async function backupDrill(config: AppConfig, opts: { file?: string; legacy?: boolean; log?: (line: string) => void } = {}): Promise<DrillResult> {
  const lines: string[] = [];
  const say = (line: string) => {
    lines.push(line);
    opts.log?.(line);
  };
  const { dir } = backupDirs(config);
  const file = opts.file ?? listBackups(dir).find((b) => (config.databaseUrl ? backupKind(b.name) === 'postgres' : backupKind(b.name) === 'pglite'))?.path;
  if (!file) throw new Error(`There is no backup in ${dir} to drill (make one with npm run backup).`);
  const name = path.basename(file);
  const size = fs.statSync(file).size;
  const at = listBackups(path.dirname(file)).find((b) => b.name === name)?.at ?? fs.statSync(file).mtime;
  say(`Backup drill of ${name} (taken ${at.toISOString()}, ${ago(Date.now() - at.getTime())} ago, ${(size / 1e6).toFixed(1)} MB)`);

  // restored first: on the embedded database the live counts come from a backup the server makes now, which
  // replaces this one in its hour's bucket when both are of the same hour (prune), so this one is read before
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-drill-'));
  let restored: Awaited<ReturnType<typeof restoreSomewhere>>;
  try {
    restored = await restoreSomewhere(config, file, root, say, { legacy: opts.legacy });
  } catch (err) {
    restored = { manifest: null, counts: {}, problems: [(err as Error).message], place: 'nowhere: it did not restore' };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
  const live = await liveCounts(config, say);

  const tables = Object.keys(restored.counts);
  const rows = Object.values(restored.counts).reduce((a, b) => a + b, 0);
  say(`Restored into ${restored.place}: ${tables.length} tables, ${fmt(rows)} rows.`);
  if (restored.manifest) say(restored.problems.length ? `Against its manifest: ${restored.problems.join('; ')}.` : `Against its manifest (app ${restored.manifest.app_version}): every table matches.`);
  else if (!restored.problems.length) say('It has no manifest (an earlier version made it): only the restore itself is checked.');
  else say(`Problems: ${restored.problems.join('; ')}.`);

  // against the live database: what restoring it would take back, and anything odd
  const notes: string[] = [];
  const gained: string[] = [];
  say(`Against the live database (${live.source}):`);
  const width = Math.max(10, ...[...tables, ...Object.keys(live.counts)].map((t) => t.length));
  let same = 0;
  for (const t of [...new Set([...tables, ...Object.keys(live.counts)])].sort()) {
    if (VOLATILE_TABLES.includes(t)) continue;
    const b = restored.counts[t];
    const l = live.counts[t];
    if (b === undefined) {
      if (tables.length) notes.push(`table ${t} (${fmt(l!)} rows live) is not in the backup: made by an upgrade since?`);
      continue;
    }
    if (l === undefined) {
      notes.push(`table ${t} is in the backup (${fmt(b)} rows) but not live`);
      continue;
    }
    if (b === l) {
      same++;
      continue;
    }
    say(`  ${t.padEnd(width)} ${fmt(b).padStart(9)} in the backup ${fmt(l).padStart(9)} live  (${l > b ? '+' : ''}${fmt(l - b)} since)`);
    if (l > b) gained.push(`${fmt(l - b)} ${t}`);
    else notes.push(`table ${t} has ${fmt(b - l)} more rows in the backup than live (deleted since?)`);
  }
  if (same) say(`  ${same} other table${same === 1 ? '' : 's'}: the same in the backup and live.`);
  for (const n of notes) say(`Note: ${n}.`);
  if (!fs.existsSync(file)) say(`Note: ${name} was pruned meanwhile: the server's backup for the live counts is newer and takes its place in the hourly, daily and monthly backups.`);

  const ok = restored.problems.length === 0;
  const summary = ok
    ? `PASSED: ${name} restores and holds what its manifest says (${fmt(rows)} rows in ${tables.length} tables)${gained.length ? `; restoring it would take back ${gained.slice(0, 4).join(', ')}${gained.length > 4 ? ' and more' : ''} made since` : '; the live database has nothing newer'}.`
    : `FAILED: ${name} ${restored.problems.join('; ')}.`;
  say(summary);
  recordBackupStatus(dir, { drill: { at: new Date().toISOString(), file: name, ok, summary } });
  return { ok, file, lines, summary };
}
