import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openPostgres, type Database } from '../../src/db/client.js';
import type { TestApp } from './test-app.js';

export interface OtherApp {
  app: FastifyInstance;
  /** `app.inject` with a bearer token, as `TestApp.call`. */
  call(token: string | null, opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * Another app instance on the test file's database, as a second server process (or the same server
 * after a restart) would be: nothing in memory shared with the first. On PostgreSQL it has its own
 * connection pool; PGlite is one process's embedded database, so there the instances share it.
 */
export async function appOnSameDatabase(t: TestApp): Promise<OtherApp> {
  const database: Database = t.databaseUrl ? openPostgres(t.databaseUrl, 10) : t.database;
  const app = await buildApp({ database, config: { ...loadConfig({}), dataDir: t.dataDir } });
  await app.ready();
  return {
    app,
    call: (token, o) => app.inject({ ...o, headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(o.headers ?? {}) } }),
    close: async () => {
      await app.close();
      if (database !== t.database) await database.close();
    },
  };
}
