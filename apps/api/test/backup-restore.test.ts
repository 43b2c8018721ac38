// Issue 19: backups that restore every time (D1, D4, D5, D6, D7, D11 and the manifest).
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { backupPostgres, backupsToKeep } from '../src/db/backup.js';
import { openPostgres } from '../src/db/client.js';
import { repoRoot } from './helpers/server-process.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-restore-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** `npm run restore -- FILE` as a user runs it, with this environment. */
export function runScript(script: string, args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/api/src/scripts', script), ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: '', INIT_CWD: repoRoot, ...env },
    encoding: 'utf8',
  });
}

describe('D1: the safety copy a restore takes never pushes out the file it restores', () => {
  it('a restore backup of the same hour is kept apart from the hourly buckets', () => {
    const now = new Date(Date.UTC(2026, 10, 25, 10, 30));
    const name = (min: number, reason: string) => `studio-${new Date(now.getTime() - min * 60_000).toISOString().replace(/[:.]/g, '-')}-${reason}.dump`;
    const files = [name(20, 'manual'), name(1, 'restore')].map((n, i) => ({ name: n, at: new Date(now.getTime() - (i === 0 ? 20 : 1) * 60_000) }));
    const kept = backupsToKeep(files, now);
    expect([...kept].sort()).toEqual(files.map((f) => f.name).sort());
  });
});

/** A fresh PostgreSQL database on the test server; dropped by the returned function. */
export async function scratchDatabase(prefix: string) {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  return {
    url,
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

describe.runIf(!!process.env.TEST_DATABASE_URL)('D1 on PostgreSQL: npm run restore of a current-hour file', () => {
  it('restores it and keeps the file', async () => {
    const { url, drop } = await scratchDatabase('studio_d1');
    try {
      const database = openPostgres(url, 2);
      await database.migrate();
      await database.close();
      const dir = path.join(tmp, 'd1-backups');
      const file = await backupPostgres(url, dir, 'manual');
      const r = runScript('restore.ts', [file], { DATABASE_URL: url, BACKUP_DIR: dir, DATA_DIR: path.join(tmp, 'd1-data') });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(fs.existsSync(file)).toBe(true);
    } finally {
      await drop();
    }
  }, 180_000);
});
