import path from 'node:path';
import { fileURLToPath } from 'node:url';
import dotenv from 'dotenv';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** npm runs workspace scripts inside the workspace; paths given by the user are relative to where they typed. */
const userCwd = process.env.INIT_CWD ?? process.cwd();

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  tzStudio: string;
  currency: string;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  /** pino's level for the request log: `warn` by default (errors and refusals only), `info` for a line per request. */
  logLevel: string;
  /** Where the JSON log goes: a file (appended) instead of standard output. */
  logFile: string | undefined;
  webDist: string;
  repoRoot: string;
  /** BACKUP_DIR when set; else backups go to DATA_DIR/backups (backupDirs in db/backup.ts). */
  backupDir: string | undefined;
  /** BACKUP_COPY_DIR: a USB drive or a folder a sync client uploads, which gets a copy of each backup. */
  backupCopyDir: string | undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  dotenv.config({ path: path.join(repoRoot, '.env'), quiet: true });
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    dataDir: path.resolve(userCwd, env.DATA_DIR ?? path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    tzStudio: env.TZ_STUDIO ?? 'Africa/Lagos',
    currency: env.CURRENCY ?? 'NGN',
    adminUsername: env.ADMIN_USERNAME || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL || 'warn',
    logFile: env.LOG_FILE ? path.resolve(userCwd, env.LOG_FILE) : undefined,
    webDist: path.join(repoRoot, 'apps/web/dist'),
    repoRoot,
    backupDir: env.BACKUP_DIR ? path.resolve(userCwd, env.BACKUP_DIR) : undefined,
    backupCopyDir: env.BACKUP_COPY_DIR ? path.resolve(userCwd, env.BACKUP_COPY_DIR) : undefined,
  };
}
