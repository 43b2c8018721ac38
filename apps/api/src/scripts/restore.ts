// `npm run restore -- FILE`: replaces the studio's data with a backup (from `npm run backup` or the
// server's hourly ones). Embedded database: refuses while a server owns the data folder; the data it
// replaces is moved aside to DATA_DIR/pgdata.replaced-<time>, never deleted. PostgreSQL (DATABASE_URL,
// a .dump file): refuses while the app is connected; takes a backup of what it replaces first.
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../config.js';
import { APPLICATION_NAME, openPglite } from '../db/client.js';
import { backupDirFor, backupPostgres, restorePgliteFiles, restorePostgres } from '../db/backup.js';
import { acquireDataDirLock } from '../db/data-dir-lock.js';

async function countOrders(db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> }) {
  const r = (await db.execute(sql`select (select count(*) from orders) as orders, (select count(*) from users) as users`)) as { rows: { orders: string | number; users: string | number }[] };
  return r.rows[0]!;
}

async function main() {
  const arg = process.argv[2];
  if (!arg) throw new Error('Usage: npm run restore -- FILE   (a backup file from BACKUP_DIR, default DATA_DIR/backups)');
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
  const config = loadConfig();

  if (config.databaseUrl) {
    if (!file.endsWith('.dump')) throw new Error(`${file} is not a PostgreSQL backup (.dump): the database in use is PostgreSQL (DATABASE_URL).`);
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      const others = await client.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`, [APPLICATION_NAME]);
      if (others.rows[0].n > 0) throw new Error('The server is connected to this database: stop it first (a restore replaces every table under it).');
    } finally {
      await client.end();
    }
    const aside = await backupPostgres(config.databaseUrl, backupDirFor(config.dataDir), 'restore', { protect: [file] });
    await restorePostgres(config.databaseUrl, file);
    console.log(`Restored ${file} into the PostgreSQL database. What it replaced is backed up in ${aside}.`);
    return;
  }

  // refuses (DataDirLockedError) while a server owns the folder
  const release = acquireDataDirLock(config.dataDir);
  let aside: string | undefined;
  try {
    aside = await restorePgliteFiles(config.dataDir, file);
  } finally {
    release();
  }
  // the first start of the restored copy: PostgreSQL's recovery, then a look at what it holds
  const database = await openPglite(config.dataDir);
  try {
    const n = await countOrders(database.db as never).catch(() => undefined); // a backup older than the orders table
    console.log(`Restored ${file} into ${config.dataDir}${n ? `: ${n.orders} orders, ${n.users} users` : ''}. The server brings it to this version's tables on its next start.`);
  } finally {
    await database.close();
  }
  if (aside) console.log(`The data it replaced is kept in ${aside} (delete it when you no longer need it).`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
