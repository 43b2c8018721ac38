// `npm run backup`: a backup now, into BACKUP_DIR (default DATA_DIR/backups). While the server owns the
// embedded database's folder, it asks the server for one (SIGUSR2) and waits for the file; on PostgreSQL
// (DATABASE_URL) it runs pg_dump. Prints the file's path.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { openPglite } from '../db/client.js';
import { backupDirFor, backupPglite, backupPostgres, listBackups } from '../db/backup.js';
import { DataDirLockedError, lockOwner } from '../db/data-dir-lock.js';
import { PGDATA } from '../db/data-dir.js';

async function askServer(pid: number, dir: string): Promise<string> {
  const since = Date.now();
  process.kill(pid, 'SIGUSR2');
  console.log(`The server (pid ${pid}) owns the data folder: asked it for a backup...`);
  while (Date.now() - since < 15 * 60_000) {
    await new Promise((r) => setTimeout(r, 500));
    const made = listBackups(dir).find((b) => b.name.includes('-manual.') && b.at.getTime() >= since - 1000);
    if (made) return made.path;
  }
  throw new Error(`The server made no backup within 15 minutes: see its log.`);
}

async function main() {
  const config = loadConfig();
  const dir = backupDirFor(config.dataDir);
  if (config.databaseUrl) return backupPostgres(config.databaseUrl, dir, 'manual');
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
    return await backupPglite(database, dir, 'manual');
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
