import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { maintainEmbedded } from '../src/db/maintenance.js';
import { signedInApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';

// The embedded database has no autovacuum (decision 018): the server vacuums it at start and daily, so the pages of
// the sales tables are marked all-visible (index-only scans stop reading the table) and their statistics are fresh.
// PostgreSQL is left to its own autovacuum.

const app = signedInApp();

/** Manual vacuums of orders so far (PostgreSQL's statistics; autovacuum counts apart). */
const manualVacuums = async () => {
  await app.t.database.db.execute(sql`select pg_stat_clear_snapshot()`);
  return Number((await rows<{ n: string }>(app.t.database.db, sql`select vacuum_count::text as n from pg_stat_user_tables where relname = 'orders'`))[0]?.n ?? 0);
};
const visibility = async () =>
  (await rows<{ pages: number; visible: number; tuples: number }>(app.t.database.db, sql`select relpages as pages, relallvisible as visible, reltuples::int as tuples from pg_class where relname = 'orders'`))[0]!;

describe('maintainEmbedded', () => {
  it('vacuums and analyzes the embedded database at once (orders all-visible, counted); leaves PostgreSQL to autovacuum', async () => {
    const pos = posHelpers(app.t, () => app.admin);
    const product = await pos.product({ outlet: 'store', price: 1000, quantity: 500 });
    for (let i = 0; i < 30; i++) expect((await pos.sell(app.admin, { outlet: 'store', payment_method: 'cash', items: [{ product_id: product.id, quantity: 1 }] })).statusCode).toBe(201);
    const before = await visibility();
    const vacuumsBefore = app.t.database.kind === 'postgres' ? await manualVacuums() : 0;
    const stop = await maintainEmbedded(app.t.database, (msg) => {
      throw new Error(msg);
    });
    stop();
    const after = await visibility();
    if (app.t.database.kind === 'pglite') {
      expect(before.visible).toBe(0);
      expect(after.visible).toBeGreaterThan(0);
      expect(after.visible).toBe(after.pages);
      expect(after.tuples).toBe(30);
    } else {
      // a no-op here: no manual vacuum was run (autovacuum keeps its own count)
      expect(await manualVacuums()).toBe(vacuumsBefore);
    }
  });
});
