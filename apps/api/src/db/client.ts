import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';
import { acquireDataDirLock } from './data-dir-lock.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: a tarball of the whole data folder (gzipped unless told otherwise). */
  dump?(compression?: 'gzip' | 'none'): Promise<Blob>;
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** PostgreSQL through a pool; `DATABASE_URL` selects it. */
export function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  let closing = false;
  // An idle connection the server drops (a restart, an admin terminating it) is an 'error' on the
  // pool; without a listener it would crash the process. The pool opens a new one when needed.
  pool.on('error', (err) => {
    if (!closing) console.warn(`PostgreSQL dropped an idle connection (a new one is opened when needed): ${err.message}`);
  });
  // NUMERIC arrives as text; drizzle's numeric mode turns it into a number per column.
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(db as never, { migrationsFolder }),
    close: () => {
      closing = true;
      return pool.end();
    },
  };
}

/**
 * The embedded database. With a `dataDir` it persists there and the folder is
 * locked to this process (PGlite has no lock of its own and two writers corrupt it);
 * without one it lives in memory (tests). `loadDataDir` starts it from a `dump()`
 * instead of an empty cluster (tests copy one migrated database that way).
 */
export async function openPglite(dataDir?: string, { loadDataDir }: { loadDataDir?: Blob } = {}): Promise<Database> {
  let release = () => {};
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    release = acquireDataDirLock(dataDir);
  }
  try {
    const options = loadDataDir ? { loadDataDir } : {};
    const client = dataDir ? await PGlite.create(path.join(dataDir, 'pgdata'), options) : await PGlite.create(options);
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      migrate: () => migratePglite(db as never, { migrationsFolder }),
      close: async () => {
        await client.close();
        release();
      },
      dump: (compression = 'gzip') => client.dumpDataDir(compression),
    };
  } catch (err) {
    release();
    throw err;
  }
}
