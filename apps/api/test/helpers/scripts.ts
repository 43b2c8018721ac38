import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './server-process.js';

/** A script of apps/api/src/scripts (`npm run restore -- FILE` and the like) as a user runs it, with this environment. */
export function runScript(script: string, args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/api/src/scripts', script), ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: '', INIT_CWD: repoRoot, ...env },
    encoding: 'utf8',
  });
}

/** A backup file's name for the moment `at`, as the app names them. */
export const backupName = (at: Date, reason: string, ext: string) => `studio-${at.toISOString().replace(/[:.]/g, '-')}-${reason}.${ext}`;
