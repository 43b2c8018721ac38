import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './client.js';

const KEEP = 7;

/**
 * PGlite runs without fsync, so a copy of the data folder is taken at every start
 * and then daily into `DATA_DIR/backups`, keeping the last seven.
 */
export async function backupDataDir(database: Database, dataDir: string): Promise<string | undefined> {
  if (!database.dump) return undefined;
  const dir = path.join(dataDir, 'backups');
  fs.mkdirSync(dir, { recursive: true });
  const blob = await database.dump();
  const file = path.join(dir, `pgdata-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`);
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  const old = fs
    .readdirSync(dir)
    .filter((f) => f.startsWith('pgdata-'))
    .sort()
    .slice(0, -KEEP);
  for (const f of old) fs.rmSync(path.join(dir, f));
  return file;
}
