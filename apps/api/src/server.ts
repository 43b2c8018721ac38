import { sql } from 'drizzle-orm';
import { loadConfig } from './config.js';
import { openDatabase } from './db/open.js';
import { backupDataDir } from './db/backup.js';
import { ensureFirstAdmin } from './db/first-admin.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { buildApp } from './app.js';

const DAY_MS = 24 * 60 * 60 * 1000;

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config).catch((err) => {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  });
  if (database.kind === 'pglite') {
    // the embedded database has no autovacuum: refresh the planner's statistics at start and daily
    const analyze = () => database.db.execute(sql`ANALYZE`).catch((err) => console.error('ANALYZE failed', err));
    await analyze();
    const file = await backupDataDir(database, config.dataDir);
    setInterval(() => void analyze().then(() => backupDataDir(database, config.dataDir)), DAY_MS).unref();
    if (file) console.log(`Backed up the embedded database to ${file}`);
  }
  const admin = await ensureFirstAdmin(database.db, config.adminUsername, config.adminPassword);
  const app = await buildApp({ database, config, logger: { level: config.logLevel, redact: ['req.headers.authorization'] } });
  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  await app.listen({ port: config.port, host: config.host });
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  const lines = [``, `Studio back office is running at ${url}`, `  database: ${database.kind === 'pglite' ? `embedded (${config.dataDir})` : 'PostgreSQL (DATABASE_URL)'}`, `  API docs: ${url}/api/docs`];
  if (admin) {
    lines.push(`  First admin created. Sign in with username "${admin.username}"` + (admin.password ? ` and password "${admin.password}" (shown only this once: change it under the profile menu).` : ' and the ADMIN_PASSWORD you set.'));
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
