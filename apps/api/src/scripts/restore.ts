// `npm run restore -- FILE`: replaces the studio's data with a backup (from `npm run backup` or the server's hourly
// ones), after checking it (docs/decisions/017-backups-that-restore.md).
// Embedded database: refuses while a server owns the data folder; makes DATA_DIR when it does not exist (a restore
// drill into a new folder); unpacks and opens the backup beside the data and compares its rows with its manifest,
// refusing with nothing changed when it does not open or holds fewer; then swaps the cluster and the uploads in,
// moving what they replace aside (DATA_DIR/pgdata.replaced-<time>, never deleted), and compares the counts again.
// PostgreSQL (DATABASE_URL, a .dump file): refuses while a server runs (its advisory lock, db/server-lock.ts);
// checks the file with pg_restore --list; takes a backup of what it replaces first (never pruning FILE).
import path from 'node:path';
import { loadConfig } from '../config.js';
import { openPglite } from '../db/client.js';
import { backupDirFor, backupPostgres, restorePglite, restorePostgres, tableCounts, verifyPostgresDump } from '../db/backup.js';
import { acquireDataDirLock } from '../db/data-dir-lock.js';
import { ensurePrivateDir } from '../db/data-dir.js';
import { takeServerLockExclusively } from '../db/server-lock.js';

async function main() {
  const arg = process.argv[2];
  if (!arg) throw new Error('Usage: npm run restore -- FILE   (a backup file from BACKUP_DIR, default DATA_DIR/backups)');
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
  const config = loadConfig();

  if (config.databaseUrl) {
    if (!file.endsWith('.dump')) throw new Error(`${file} is not a PostgreSQL backup (.dump): the database in use is PostgreSQL (DATABASE_URL).`);
    const release = await takeServerLockExclusively(config.databaseUrl);
    if (!release) throw new Error('A server is running on this database: stop it first (a restore replaces every table under it). Nothing was changed.');
    try {
      await verifyPostgresDump(file);
      const aside = await backupPostgres(config.databaseUrl, backupDirFor(config.dataDir), 'restore', { protect: [file] });
      await restorePostgres(config.databaseUrl, file);
      console.log(`Restored ${file} into the PostgreSQL database. What it replaced is backed up in ${aside}.`);
    } finally {
      await release();
    }
    return;
  }

  // a drill into a folder that does not exist yet: make it (the lock file lives in it)
  ensurePrivateDir(config.dataDir);
  // refuses (DataDirLockedError) while a server owns the folder
  const release = acquireDataDirLock(config.dataDir);
  let result: Awaited<ReturnType<typeof restorePglite>>;
  try {
    result = await restorePglite(config.dataDir, file);
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
