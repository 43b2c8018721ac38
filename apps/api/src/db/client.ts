import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, NodePgSession } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import { clearStaleState, ensurePrivateDir, fsyncPath, PGDATA, PGDATA_INITIALIZING, restrictNewFiles, restrictTree } from './data-dir.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * The rows of a raw SQL query (`sql\`...\``), typed by the caller: what each column is called and holds is the
 * query's to say (numeric sums come back as text). PGlite's and node-postgres' results both carry `rows`.
 */
export async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

type RenderedQuery = { sql: string; params: unknown[] };

/** The SQL text and the values drizzle sends for `query` (its dialect's own rendering). */
export function renderedQuery(db: DbOrTx, query: SQL): RenderedQuery {
  return (db as unknown as { dialect: { sqlToQuery(query: SQL): RenderedQuery } }).dialect.sqlToQuery(query);
}

/**
 * `rows`, as a named prepared statement on PostgreSQL: each pool connection parses the statement once, and after five
 * runs PostgreSQL may keep a generic plan, instead of parsing and planning a long statement on every request (the
 * customer-name search at 16 connections: decision 025). The name gets a hash of the text, so a statement whose text
 * varies (an optional filter) is one prepared statement per text, never two texts under one name. On PGlite a plain
 * statement (its one session is shared, and drizzle's PGlite driver does not name statements).
 */
export async function namedRows<T>(db: DbOrTx, name: string, query: SQL): Promise<T[]> {
  const { session } = db as unknown as { session: unknown };
  if (!(session instanceof NodePgSession)) return rows<T>(db, query);
  const built = renderedQuery(db, query);
  const named = `${name}_${createHash('sha1').update(built.sql).digest('hex').slice(0, 16)}`;
  return ((await session.prepareQuery(built, undefined, named, false).execute()) as { rows: T[] }).rows;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: a tarball of the whole data folder (gzipped unless told otherwise). */
  dump?(compression?: 'gzip' | 'none'): Promise<Blob>;
  /** PGlite only: the client itself (online backups run their own statements on it). */
  pglite?: PGlite;
  /** PGlite with a data folder: that folder (DATA_DIR). */
  dataDir?: string;
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** How the app's sessions name themselves on PostgreSQL (`npm run restore` refuses while one is connected). */
export const APPLICATION_NAME = 'studio-back-office';

/** PostgreSQL through a pool; `DATABASE_URL` selects it. */
export function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: APPLICATION_NAME });
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

export interface PgliteOptions {
  /** Start from a `dump()` instead of an empty cluster (tests copy one migrated database that way). */
  loadDataDir?: Blob;
  /**
   * Make every commit reach the disk before it is acknowledged (PostgreSQL's fsync,
   * which PGlite turns off and its Node file system ignores). Default: on for a data
   * folder; see docs/decisions/009-durability.md.
   */
  fsync?: boolean;
  /** Where to report what start-up repaired (a stale lock file, an interrupted first start). */
  log?: (line: string) => void;
}

type NodeFsOps = Record<string, (...args: never[]) => unknown>;

/**
 * PGlite's Node file system, made to keep the data safe:
 *
 * - a real fsync: Emscripten's NODEFS has no fsync operation (PostgreSQL's fsync()
 *   calls return 0 and do nothing) and its fdatasync is a no-op, so PostgreSQL runs
 *   with `wal_sync_method=fsync` and NODEFS gets an fsync that reaches the disk. One
 *   that fails returns EIO, and PostgreSQL stops rather than carry on with data it
 *   could not write. Left out when `fsync` is false.
 * - private files: Emscripten sets a new file's mode itself (0666, or 0644 under its
 *   own umask) after creating it, whatever the process umask; every mode it sets here
 *   loses its group and other bits (0600 files, 0700 folders).
 */
class StudioNodeFS extends NodeFS {
  constructor(
    dataDir: string,
    private readonly fsync: boolean,
  ) {
    super(dataDir);
  }

  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, opts);
    const preRun = result.emscriptenOpts.preRun ?? [];
    const fsync = this.fsync;
    result.emscriptenOpts.preRun = [
      ...(Array.isArray(preRun) ? preRun : [preRun]),
      (mod: { NODEFS: { stream_ops: NodeFsOps; node_ops: NodeFsOps } }) => {
        const { stream_ops, node_ops } = mod.NODEFS;
        for (const ops of [stream_ops, node_ops]) {
          const setattr = ops.setattr!;
          ops.setattr = ((target: unknown, attr: { mode?: number }) =>
            setattr(target as never, (attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ~0o077 }) as never)) as never;
        }
        if (fsync) {
          stream_ops.fsync = ((stream: { nfd: number }) => {
            try {
              fs.fsyncSync(stream.nfd);
              return 0;
            } catch {
              return 29; // EIO
            }
          }) as never;
        }
      },
    ] as never;
    return result;
  }
}

/** PGlite's start parameters with fsync on (it passes -F, "fsync off", by default). */
const durableStartParams = [...PGlite.defaultStartParams.filter((p) => p !== '-F'), '-c', 'fsync=on', '-c', 'wal_sync_method=fsync'];

/** The last lines PostgreSQL wrote to stderr: PGlite hides them and only says "failed to initialize". */
function stderrTail() {
  const lines: string[] = [];
  return {
    onStderr: (text: string) => {
      lines.push(text);
      if (lines.length > 50) lines.shift();
      return false;
    },
    explain: () => lines.filter((l) => /FATAL|PANIC|ERROR|HINT|DETAIL/.test(l)).join('\n') || lines.slice(-10).join('\n'),
  };
}

async function createPglite(pgdata: string | undefined, options: PgliteOptions): Promise<PGlite> {
  const tail = stderrTail();
  const durable = pgdata !== undefined && options.fsync !== false;
  try {
    return await PGlite.create({
      ...(pgdata ? { fs: new StudioNodeFS(pgdata, durable) } : {}),
      ...(durable ? { startParams: durableStartParams } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      onStderr: tail.onStderr,
      // trigram indexes (the orders' name search, migration 0020), as PostgreSQL's contrib has them
      extensions: { pg_trgm },
    });
  } catch (err) {
    const said = tail.explain();
    const where = pgdata ? ` in ${pgdata}` : '';
    throw new Error(`The embedded database${where} could not start: ${(err as Error).message}${said ? `\nPostgreSQL said:\n${said}` : ''}`, { cause: err });
  }
}

/**
 * The embedded database. With a `dataDir` it persists in `dataDir/pgdata` and the
 * folder is locked to this process (PGlite has no lock of its own and two writers
 * corrupt it); without one it lives in memory (tests).
 *
 * Start-up recovers from a crash at any moment: holding the lock, it clears what a
 * killed process leaves (data-dir.ts), builds a new cluster aside and renames it into
 * place (so a kill during the first start leaves nothing half-made), and lets
 * PostgreSQL replay its WAL. The folder and its files are made private to the user.
 */
export async function openPglite(dataDir?: string, options: PgliteOptions = {}): Promise<Database> {
  let release = () => {};
  let pgdata: string | undefined;
  if (dataDir) {
    restrictNewFiles();
    ensurePrivateDir(dataDir);
    release = acquireDataDirLock(dataDir);
  }
  try {
    if (dataDir) {
      const log = options.log ?? ((line: string) => console.warn(line));
      restrictTree(dataDir);
      for (const line of clearStaleState(dataDir)) log(`Start-up: ${line}`);
      pgdata = path.join(dataDir, PGDATA);
      if (!fs.existsSync(pgdata)) {
        const building = path.join(dataDir, PGDATA_INITIALIZING);
        const fresh = await createPglite(building, options);
        await fresh.close();
        fs.rmSync(path.join(building, 'postmaster.pid'), { force: true });
        restrictTree(building); // PGlite writes the new cluster's files 0666 where no umask applies
        fs.renameSync(building, pgdata);
        fsyncPath(dataDir);
      }
    }
    const client = await createPglite(pgdata, options);
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
      pglite: client,
      dataDir,
    };
  } catch (err) {
    release();
    throw err;
  }
}
