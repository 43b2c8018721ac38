// `npm run backup`: a backup now, into BACKUP_DIR (default DATA_DIR/backups), and a copy into BACKUP_COPY_DIR when
// set. While the server owns the embedded database's folder, it asks the server for one (SIGUSR2) and waits for the
// file; on PostgreSQL (DATABASE_URL) it runs pg_dump (with the manifest and DATA_DIR/uploads). Prints the file's path.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { openPglite } from '../db/client.js';
import { askServerForBackup, backupDirs, backupPglite, backupPostgres } from '../db/backup.js';
import { DataDirLockedError, lockOwner } from '../db/data-dir-lock.js';
import { PGDATA } from '../db/data-dir.js';

async function askServer(pid: number, dir: string): Promise<string> {
  console.log(`The server (pid ${pid}) owns the data folder: asked it for a backup...`);
  return askServerForBackup(pid, dir);
}

async function main() {
  const config = loadConfig();
  const { dir, copyDir } = backupDirs(config);
  if (config.databaseUrl) return backupPostgres(config.databaseUrl, dir, 'manual', { dataDir: config.dataDir, copyDir });
  if (!fs.existsSync(path.join(config.dataDir, PGDATA))) throw new Error(`There is no embedded database in ${config.dataDir} to back up.`);
  const owner = lockOwner(config.dataDir);
  if (owner) return askServer(owner, dir);
  let database;
  try {
    database = await openPglite(config.dataDir);
  } catch (err) {
    const pid = err instanceof DataDirLockedError ? lockOwner(config.dataDir) : undefined;
    if (pid) return askServer(pid, dir);
    throw err;
  }
  try {
    return await backupPglite(database, dir, 'manual', undefined, { copyDir });
  } finally {
    await database.close();
  }
}

main().then(
  (file) => console.log(`Backed up to ${file}`),
  (err: Error) => {
    console.error(err.message);
    process.exit(1);
  },
);
