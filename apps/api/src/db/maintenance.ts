import { sql } from 'drizzle-orm';
import type { Database } from './client.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What PostgreSQL's autovacuum does, for the embedded database, which has none: `VACUUM (ANALYZE)` when the server
 * starts and once a day. ANALYZE keeps the planner's statistics fresh; VACUUM marks the pages nothing has changed
 * since as all-visible, so the totals' and lists' index-only scans stop reading the table behind them (the dashboard
 * and the name search at five years of data: decision 018), and lets the space of deleted and updated rows be used
 * again. A vacuum reads only the pages changed since the last one: a day of sales is a few seconds' work; the first
 * on a large database that never had one is longer (the server answers once it is done). PostgreSQL is left to its
 * own autovacuum. Returns a stop function for the daily timer.
 */
export async function maintainEmbedded(database: Database, log: (msg: string) => void = console.error): Promise<() => void> {
  if (database.kind !== 'pglite') return () => {};
  const vacuum = async () => {
    try {
      await database.db.execute(sql`VACUUM (ANALYZE)`);
    } catch (err) {
      log(`VACUUM (ANALYZE) of the embedded database failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  await vacuum();
  const timer = setInterval(() => void vacuum(), DAY_MS).unref();
  return () => clearInterval(timer);
}
