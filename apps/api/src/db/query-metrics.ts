import { PgPreparedQuery } from 'drizzle-orm/pg-core';
import { PgliteSession } from 'drizzle-orm/pglite';

/**
 * Statement counts and database time, for the bench only (`npm run bench` turns it on in its server
 * process; the app never does). Every statement the app sends goes through drizzle's prepared query,
 * whichever the driver; its time is from sending it to having the rows (a round trip on PostgreSQL,
 * the WASM engine's work on PGlite). PGlite runs a transaction's BEGIN and COMMIT itself, outside
 * drizzle: they are counted (two statements a transaction, as node-postgres sends them) but not timed.
 */
export const queryMetrics = { statements: 0, dbMicros: 0 };

let enabled = false;

export function enableQueryMetrics(): void {
  if (enabled) return;
  enabled = true;
  const prepared = PgPreparedQuery.prototype as unknown as { queryWithCache: (...args: unknown[]) => Promise<unknown> };
  const run = prepared.queryWithCache;
  prepared.queryWithCache = async function (this: unknown, ...args: unknown[]) {
    queryMetrics.statements++;
    const t0 = performance.now();
    try {
      return await run.apply(this, args);
    } finally {
      queryMetrics.dbMicros += (performance.now() - t0) * 1000;
    }
  };
  const session = PgliteSession.prototype as unknown as { transaction: (...args: unknown[]) => Promise<unknown> };
  const transaction = session.transaction;
  session.transaction = function (this: unknown, ...args: unknown[]) {
    queryMetrics.statements += 2;
    return transaction.apply(this, args);
  };
}
