import type { Database } from './client.js';
import { backupDatabase, checkpointPglite, hasTool, listBackups, PG_TOOLS_MISSING, recordBackupFailure, whenIdle, type BackupReason } from './backup.js';

export interface BackupScheduleOptions {
  database: Database;
  /** Where backups go (backupDirs). */
  dir: string;
  databaseUrl?: string;
  /** DATA_DIR: a PostgreSQL backup takes its uploads from there (the embedded database knows its own). */
  dataDir?: string;
  /** BACKUP_COPY_DIR: each backup is copied there too. */
  copyDir?: string;
  /** How old the newest backup may be before the next one is taken. */
  everyMs?: number;
  /** How often that is checked. */
  checkMs?: number;
  log?: (line: string) => void;
  warn?: (line: string) => void;
}

export interface BackupSchedule {
  /** Takes a backup now (after a quiet moment on the embedded database); resolves with its path. */
  now(reason: BackupReason): Promise<string>;
  /** Request hooks: a backup's checkpoint waits until no request is in flight. */
  requestStarted(): void;
  requestEnded(): void;
  stop(): Promise<void>;
}

let current: BackupSchedule | undefined;

/**
 * Asks the running server's schedule for a backup, without waiting for it (the day close
 * calls this after a successful close). Does nothing where no schedule runs (tests, scripts).
 */
export function backupSoon(reason: BackupReason): void {
  current?.now(reason).catch(() => {});
}

/**
 * Backups while the server runs: when the newest is an hour old (checked every five
 * minutes and at start), on `backupSoon` (the day close), and on SIGUSR2 (`npm run
 * backup` while the server owns the data folder). The embedded database's checkpoint
 * waits for a moment without requests (at most `quietWaitMs`), so that it does not
 * hold a sale; the copy itself never does. Between backups, each check that finds trade
 * since the last checkpoint takes one (quietly too), so a backup's has little to write.
 */
export function scheduleBackups(opts: BackupScheduleOptions): BackupSchedule {
  const everyMs = opts.everyMs ?? 3600_000;
  const checkMs = opts.checkMs ?? 5 * 60_000;
  const log = opts.log ?? ((l: string) => console.log(l));
  const warn = opts.warn ?? ((l: string) => console.warn(l));
  const quietMs = 1000;
  const quietWaitMs = 10 * 60_000;
  let inFlight = 0;
  let lastActivity = 0;
  let checkpointAt = 0;
  let stopped = false;

  const quietMoment = async () => {
    const since = Date.now();
    while (!stopped && (inFlight > 0 || Date.now() - lastActivity < quietMs) && Date.now() - since < quietWaitMs) {
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  const now = async (reason: BackupReason) => {
    try {
      const file = await backupDatabase(opts.database, {
        databaseUrl: opts.databaseUrl,
        dir: opts.dir,
        reason,
        beforeCheckpoint: quietMoment,
        dataDir: opts.dataDir,
        copyDir: opts.copyDir,
        warn,
      });
      log(`Backed up the database to ${file}`);
      return file;
    } catch (err) {
      warn(`The ${reason} backup failed: ${(err as Error).message}`);
      recordBackupFailure(opts.dir, reason, (err as Error).message);
      throw err;
    }
  };

  let disabled = false;
  const check = async () => {
    if (stopped || disabled) return;
    if (opts.database.kind === 'postgres' && !(await hasTool('pg_dump'))) {
      disabled = true;
      warn(`No hourly backups of the PostgreSQL database: ${PG_TOOLS_MISSING('pg_dump')}`);
      recordBackupFailure(opts.dir, 'hourly', PG_TOOLS_MISSING('pg_dump'));
      return;
    }
    const newest = listBackups(opts.dir)[0];
    if (!newest || Date.now() - newest.at.getTime() >= everyMs - checkMs / 2) {
      await now('hourly').catch(() => {});
      checkpointAt = Date.now();
    } else if (opts.database.pglite && lastActivity > checkpointAt) {
      // between backups, when there was trade since the last one: the embedded database has no checkpointer
      // of its own, so without this the hourly backup's checkpoint writes the whole hour's changes at once
      checkpointAt = Date.now();
      await checkpointPglite(opts.database, quietMoment).catch((err) => warn(`A checkpoint between backups failed: ${(err as Error).message}`));
    }
  };

  const timer = setInterval(() => void check(), checkMs);
  timer.unref();
  const first = setTimeout(() => void check(), 0);
  const onSignal = () => void now('manual').catch(() => {});
  process.on('SIGUSR2', onSignal);

  const schedule: BackupSchedule = {
    now,
    requestStarted: () => {
      inFlight++;
      lastActivity = Date.now();
    },
    requestEnded: () => {
      inFlight = Math.max(0, inFlight - 1);
      lastActivity = Date.now();
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      clearTimeout(first);
      process.off('SIGUSR2', onSignal);
      if (current === schedule) current = undefined;
      await whenIdle();
    },
  };
  current = schedule;
  return schedule;
}
