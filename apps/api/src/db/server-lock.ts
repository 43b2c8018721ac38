import pg from 'pg';
import { APPLICATION_NAME } from './client.js';

/**
 * A running server on PostgreSQL holds this advisory lock (shared: every API process of one studio holds it) on a
 * connection of its own, for as long as it runs, idle or not; `npm run restore` takes it exclusively or refuses.
 * The pool's connections come and go (10 s idle), so "is the app connected?" was no answer (issue 19, D7).
 */
export const SERVER_LOCK_KEY = 7_301_900_019;

/** Takes the lock for this process; resolves with its release. */
export async function holdServerLock(url: string, warn: (line: string) => void = console.warn): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: url, application_name: `${APPLICATION_NAME} (lock)` });
  client.on('error', (err) => warn(`The server's lock connection to PostgreSQL failed: ${err.message}`));
  await client.connect();
  await client.query('select pg_advisory_lock_shared($1)', [SERVER_LOCK_KEY]);
  return async () => {
    await client.end().catch(() => {});
  };
}

/**
 * For a restore: takes the lock exclusively on a connection of its own, or answers null when a server holds it.
 * The returned release ends that connection.
 */
export async function takeServerLockExclusively(url: string): Promise<(() => Promise<void>) | null> {
  const client = new pg.Client({ connectionString: url, application_name: `${APPLICATION_NAME} (restore)` });
  await client.connect();
  const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [SERVER_LOCK_KEY]);
  if (!rows[0]?.ok) {
    await client.end();
    return null;
  }
  return async () => {
    await client.end().catch(() => {});
  };
}
