import { holdServerLock } from './db/server-lock.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/open.js';
import { maintainEmbedded } from './db/maintenance.js';
import { backupDirs } from './db/backup.js';
import { scheduleBackups } from './db/backup-schedule.js';
import { ensureFirstAdmin, ignoredAdminSettings } from './features/auth/index.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { buildApp } from './app.js';
import { crudRegistry } from './crud/registry.js';
import { erasureRecordFile, reapplyErasures } from './resources/clients/index.js';
import type { AppConfig } from './config.js';
import { announceListening, apiProcessCount, forkApiWorkers, isApiWorker } from './cluster.js';

async function main() {
  const config = loadConfig();
  const processes = apiProcessCount(config);
  if (processes > 1 && !isApiWorker()) return primary(config, processes);
  // a worker of several: the primary ran the migrations and made the first admin
  const database = await openDatabase(config, { migrate: !isApiWorker() }).catch((err) => {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  });
  // the embedded database has no autovacuum: VACUUM (ANALYZE) at start and daily (db/maintenance.ts)
  await maintainEmbedded(database);
  // PostgreSQL: the lock a restore checks, held on a connection of its own while this process runs (db/server-lock.ts)
  const releaseLock = database.kind === 'postgres' && config.databaseUrl ? await holdServerLock(config.databaseUrl) : undefined;
  const admin = isApiWorker() ? undefined : await ensureFirstAdmin(database.db, config.adminUsername, config.adminPassword);
  if (!isApiWorker()) await eraseAgain(database.db, config);
  const ignored = isApiWorker() || admin ? undefined : await ignoredAdminSettings(database.db, config.adminUsername, config.adminPassword);
  const app = await buildApp({ database, config, logger: { level: config.logLevel, redact: ['req.headers.authorization'], ...(config.logFile ? { file: config.logFile } : {}) } });
  // hourly and on request (SIGUSR2: `npm run backup`), never holding a sale (db/backup.ts); with several
  // API processes the primary takes them
  const { dir, copyDir } = backupDirs(config);
  const backups = isApiWorker() ? undefined : scheduleBackups({ database, dir, copyDir, dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  if (backups) {
    app.addHook('onRequest', async () => backups.requestStarted());
    app.addHook('onResponse', async () => backups.requestEnded());
    app.addHook('onRequestAbort', (_req, done) => {
      backups.requestEnded();
      done();
    });
  }
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await backups?.stop();
    await database.close();
    await releaseLock?.();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  await app.listen({ port: config.port, host: config.host });
  if (isApiWorker()) return announceListening();
  printBanner(config, database.kind, admin, ignored);
}

/**
 * PostgreSQL with several API processes (cluster.ts): the migrations and the first admin once, here, then
 * the workers (this same script), which share the port.
 */
async function primary(config: AppConfig, processes: number) {
  const database = await openDatabase(config);
  const admin = await ensureFirstAdmin(database.db, config.adminUsername, config.adminPassword);
  await eraseAgain(database.db, config);
  const ignored = admin ? undefined : await ignoredAdminSettings(database.db, config.adminUsername, config.adminPassword);
  await database.close();
  // held by the primary too: between the workers' restarts a restore still sees the studio running
  await holdServerLock(config.databaseUrl!);
  // pg_dump needs only the URL
  scheduleBackups({ database, ...backupDirs(config), dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  await forkApiWorkers(processes);
  printBanner(config, database.kind, admin, ignored, processes);
}

/** Erasures made since the backup this database was restored from are made again (resources/clients/erasure-record.ts). */
async function eraseAgain(db: Parameters<typeof reapplyErasures>[0], config: AppConfig) {
  const again = await reapplyErasures(db, crudRegistry, config.dataDir);
  if (again.length) console.warn(`Erased again ${again.length} client${again.length === 1 ? '' : 's'} erased after the backup this data was restored from (${erasureRecordFile(config.dataDir)}).`);
}

function printBanner(config: AppConfig, kind: 'pglite' | 'postgres', admin: Awaited<ReturnType<typeof ensureFirstAdmin>>, ignored: string | undefined, processes = 1) {
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  const lines = [``, `Studio back office is running at ${url}`, `  database: ${kind === 'pglite' ? `embedded (${config.dataDir})` : `PostgreSQL (DATABASE_URL), ${processes} API process${processes === 1 ? '' : 'es'}`}`, `  API docs: ${url}/api/docs`];
  if (admin) {
    lines.push(`  First admin created. Sign in with username "${admin.username}"` + (admin.password ? ` and password "${admin.password}" (shown only this once: change it under the profile menu).` : ' and the ADMIN_PASSWORD you set.'));
  }
  if (ignored) lines.push(`  ${ignored}`);
  lines.push(config.logFile ? `  log: ${config.logLevel} and above, as JSON lines in ${config.logFile}` : `  log: ${config.logLevel} and above${config.logLevel === 'warn' ? ' (LOG_LEVEL=info for a line per request)' : ''}`);
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
