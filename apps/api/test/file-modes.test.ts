// The data folder holds password hashes and every sale: only the app's user may read it.
// (The embedded database only; its backups' modes are tested in backup.test.ts.)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { openPglite } from '../src/db/client.js';
import { repoRoot } from './helpers/server-process.js';

/** Opens and migrates the folder in a process of its own, as a server start does. */
function openInAProcess(dataDir: string) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/api/test/helpers/open-data-dir.ts'), dataDir], { cwd: repoRoot, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-modes-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** mode -> how many entries, over the whole tree ("d700": 27, "f600": 1000 ...). */
function modes(root: string): Record<string, number> {
  const out: Record<string, number> = {};
  const visit = (p: string) => {
    const st = fs.lstatSync(p);
    const key = `${st.isDirectory() ? 'd' : 'f'}${(st.mode & 0o777).toString(8)}`;
    out[key] = (out[key] ?? 0) + 1;
    if (st.isDirectory()) for (const e of fs.readdirSync(p)) visit(path.join(p, e));
  };
  visit(root);
  return out;
}

describe.skipIf(!!process.env.TEST_DATABASE_URL)('data folder modes (embedded database)', () => {
  it('a new data folder is 0700 folders and 0600 files, the catalogs and WAL included, also for files written later', async () => {
    const dataDir = path.join(tmp, 'new');
    openInAProcess(dataDir); // migrations write new relation files after the start
    expect(modes(dataDir)).toEqual({ d700: expect.any(Number), f600: expect.any(Number) });
    expect(fs.statSync(path.join(dataDir, 'pgdata/global/pg_control')).mode & 0o777).toBe(0o600);
  });

  it('a folder made by an earlier version (files 0666, folders 0755) is made private at start', async () => {
    const dataDir = path.join(tmp, 'old');
    const database = await openPglite(dataDir);
    await database.close();
    const loosen = (p: string) => {
      const st = fs.statSync(p);
      fs.chmodSync(p, st.isDirectory() ? 0o755 : 0o666);
      if (st.isDirectory()) for (const e of fs.readdirSync(p)) loosen(path.join(p, e));
    };
    loosen(dataDir);
    expect(Object.keys(modes(dataDir)).sort()).toEqual(['d755', 'f666']);
    openInAProcess(dataDir);
    expect(Object.keys(modes(dataDir)).sort()).toEqual(['d700', 'f600']);
  });
});
