import fs from 'node:fs';
import path from 'node:path';
import { FILE_MODE } from './data-dir.js';

/**
 * What happened to the backups, beside them in BACKUP_DIR as `backup-status.json` (docs/decisions/017): the last
 * backup made and the last that failed, the last copy to BACKUP_COPY_DIR (made or failed), the last drill. The
 * files themselves say which backups exist; this says what the files cannot: a failure, and where the copy went.
 * A file rather than a table: a restore replaces the tables (and with them any record of the backups), and every
 * process that makes a backup (the server, `npm run backup`, a restore's safety copy) reaches the folder.
 */
export interface BackupStatus {
  last_success?: { file: string; at: string };
  last_failure?: { at: string; reason: string; error: string };
  copy?: { dir: string; file: string; at: string; ok: boolean; error: string | null };
  drill?: { at: string; file: string; ok: boolean; summary: string };
}

export const STATUS_FILE = 'backup-status.json';

export function readBackupStatus(dir: string): BackupStatus {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(dir, STATUS_FILE), 'utf8')) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as BackupStatus) : {};
  } catch {
    return {};
  }
}

/** Merges `change` into the folder's status (written whole to a temporary name, then renamed over it). */
export function recordBackupStatus(dir: string, change: Partial<BackupStatus>): void {
  try {
    if (!fs.existsSync(dir)) return;
    const next = { ...readBackupStatus(dir), ...change };
    const tmp = path.join(dir, `${STATUS_FILE}.${process.pid}.tmp`);
    fs.writeFileSync(tmp, JSON.stringify(next, null, 2), { mode: FILE_MODE });
    fs.renameSync(tmp, path.join(dir, STATUS_FILE));
  } catch {
    // the status is a report; a backup never fails because its report could not be written
  }
}
