// `npm run restore -- FILE [--legacy]`: replaces the studio's data with a backup (from `npm run backup` or the server's hourly
// ones), after checking it (docs/decisions/017-backups-that-restore.md).
// Embedded database: refuses while a server owns the data folder; makes DATA_DIR when it does not exist (a restore
// drill into a new folder); unpacks and opens the backup beside the data and compares its rows with its manifest,
// refusing with nothing changed when it does not open or holds fewer; then swaps the cluster and the uploads in,
// moving what they replace aside (DATA_DIR/pgdata.replaced-<time>, never deleted), and compares the counts again.
// PostgreSQL (DATABASE_URL; a .pg.tar, or an earlier version's bare .dump): refuses while a server runs (its advisory
// lock, db/server-lock.ts); unpacks the backup beside the data (DATA_DIR/restoring) and checks it (photos, the dump
// read through, its rows counted against the manifest), refusing with nothing changed; takes a backup of what it
// replaces (never pruning FILE); restores in one transaction that compares the counts before it commits; then swaps
// the uploads in (the replaced ones moved aside to DATA_DIR/uploads.replaced-<time>).
// A backup without a manifest (or with an earlier version's, without checksums) and a bare .dump are refused unless
// --legacy says it is an earlier version's (decision 028): a manifest-less archive could be cut anywhere.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, type AppConfig } from '../config.js';
import { openPglite } from '../db/client.js';
import { backupDirs, backupKind, backupPostgres, NO_MANIFEST, restorePglite, restorePostgres, restoreStagedPostgres, stagePostgresBackup, tableCounts, verifyPostgresDump } from '../db/backup.js';
import { acquireDataDirLock } from '../db/data-dir-lock.js';
import { ensurePrivateDir, fsyncPath, timestamp } from '../db/data-dir.js';
import { takeServerLockExclusively } from '../db/server-lock.js';
import pg from 'pg';

async function restoreIntoPostgres(config: AppConfig, url: string, file: string, legacy: boolean) {
  if (backupKind(path.basename(file)) !== 'postgres') {
    throw new Error(`${file} is a backup of the embedded database: the database in use is PostgreSQL (DATABASE_URL). Nothing was changed.`);
  }
  const release = await takeServerLockExclusively(url);
  if (!release) throw new Error('A server is running on this database: stop it first (a restore replaces every table under it). Nothing was changed.');
  ensurePrivateDir(config.dataDir);
  const staging = path.join(config.dataDir, 'restoring');
  try {
    const bare = file.endsWith('.dump');
    let check: Awaited<ReturnType<typeof stagePostgresBackup>> | null = null;
    try {
      if (bare && !legacy) throw new Error(`${file} failed its check, so nothing was restored: ${NO_MANIFEST}.`);
      if (bare) await verifyPostgresDump(file);
      else check = await stagePostgresBackup(file, staging, { legacy });
    } catch (err) {
      throw new Error(`${(err as Error).message} The studio's data is unchanged.`, { cause: err });
    }
    if (check?.problems.length) throw new Error(`${file} failed its check, so nothing was restored: ${check.problems.join('; ')}. The studio's data is unchanged.`);
    const aside = await backupPostgres(url, backupDirs(config).dir, 'restore', { protect: [file], dataDir: config.dataDir });
    if (bare) await restorePostgres(url, file, { legacy });
    else await restoreStagedPostgres(url, staging, check!.manifest!);
    // the database is the backup's (counted before it committed); now its photos
    let uploadsAside: string | undefined;
    if (check && fs.existsSync(path.join(staging, 'uploads'))) {
      const uploads = path.join(config.dataDir, 'uploads');
      if (fs.existsSync(uploads)) {
        uploadsAside = path.join(config.dataDir, `uploads.replaced-${timestamp()}`);
        fs.renameSync(uploads, uploadsAside);
      }
      fs.renameSync(path.join(staging, 'uploads'), uploads);
      fsyncPath(config.dataDir);
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const after = await tableCounts((q) => client.query(q)).finally(() => client.end());
    const rows = Object.values(after).reduce((a, b) => a + b, 0);
    console.log(`Restored ${file} into the PostgreSQL database: ${after.orders ?? 0} orders, ${after.users ?? 0} users, ${rows} rows in ${Object.keys(after).length} tables${check ? ', every table matching the backup\'s manifest' : ''}.`);
    console.log(`What it replaced is backed up in ${aside}.`);
    if (uploadsAside) console.log(`The photos it replaced are kept in ${uploadsAside} (delete the folder when you no longer need it).`);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    await release();
  }
}

async function main() {
  const args = process.argv.slice(2);
  const legacy = args.includes('--legacy');
  const arg = args.find((a) => !a.startsWith('--'));
  if (!arg) throw new Error("Usage: npm run restore -- FILE [--legacy]   (a backup file from BACKUP_DIR, default DATA_DIR/backups; --legacy: an earlier version's, without a manifest)");
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
  if (!fs.existsSync(file)) throw new Error(`${file} does not exist. Nothing was changed.`);
  const config = loadConfig();

  if (config.databaseUrl) return restoreIntoPostgres(config, config.databaseUrl, file, legacy);
  if (backupKind(path.basename(file)) === 'postgres') {
    throw new Error(`${file} is a backup of a PostgreSQL database: set DATABASE_URL to restore it there. Nothing was changed.`);
  }

  // a drill into a folder that does not exist yet: make it (the lock file lives in it)
  ensurePrivateDir(config.dataDir);
  // refuses (DataDirLockedError) while a server owns the folder
  const release = acquireDataDirLock(config.dataDir);
  let result: Awaited<ReturnType<typeof restorePglite>>;
  try {
    result = await restorePglite(config.dataDir, file, { legacy });
  } finally {
    release();
  }
  // the first start of the restored copy, and its rows against those of the checked copy
  const database = await openPglite(config.dataDir);
  let after: Record<string, number>;
  try {
    after = await tableCounts((q) => database.pglite!.query(q) as never);
  } finally {
    await database.close();
  }
  const differ = Object.keys(result.check.counts).filter((t) => after[t] !== result.check.counts[t]);
  if (differ.length) throw new Error(`After the swap the tables ${differ.join(', ')} differ from the checked copy: the restored data is in ${config.dataDir}/pgdata; the replaced data is in ${result.aside ?? '(none)'}.`);
  const total = (t: string) => result.check.counts[t] ?? 0;
  console.log(`Restored ${file} into ${config.dataDir}: ${total('orders')} orders, ${total('users')} users, ${Object.keys(after).length} tables checked. The server brings it to this version's tables on its next start.`);
  if (result.aside) console.log(`The data it replaced is kept in ${result.aside} (delete it when you no longer need it).`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
