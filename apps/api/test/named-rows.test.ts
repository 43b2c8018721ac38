import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { namedRows, rows } from '../src/db/client.js';
import { signedInApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';

// namedRows (db/client.ts): on PostgreSQL a named prepared statement per text, on PGlite a plain statement; the answer
// is always the plain statement's.

const app = signedInApp();

const named = (db: Parameters<typeof rows>[0]) =>
  rows<{ name: string }>(db, sql`select name from pg_prepared_statements where name like 'probe\\_named\\_%' order by name`).then((r) => r.map((x) => x.name));

describe('namedRows', () => {
  it('answers as rows does, with one prepared statement per text on PostgreSQL and none on PGlite', async () => {
    const db = app.t.database.db;
    const pos = posHelpers(app.t, () => app.admin);
    await pos.product({ outlet: 'store', name: 'Silk Foundation' });
    await pos.product({ outlet: 'salon', name: "O'Neil Edge Control" });
    const byOutlet = (outlet?: string) =>
      sql`select name from products where name ilike ${'%o%'} ${outlet ? sql`and outlet = ${outlet}` : sql``} order by name`;
    await db.transaction(async (tx) => {
      for (let i = 0; i < 7; i++) {
        // past five runs PostgreSQL may switch to a generic plan: the answer stays the data's
        expect(await namedRows(tx, 'probe_named', byOutlet())).toEqual(await rows(tx, byOutlet()));
        expect(await namedRows(tx, 'probe_named', byOutlet('salon'))).toEqual([{ name: "O'Neil Edge Control" }]);
        expect(await namedRows(tx, 'probe_named', byOutlet('store'))).toEqual([{ name: 'Silk Foundation' }]);
      }
      // two texts under one name: two statements (one name for both would be refused by node-postgres)
      expect(await named(tx)).toHaveLength(app.t.database.kind === 'postgres' ? 2 : 0);
    });
    await pos.product({ outlet: 'store', name: 'Gold Highlighter' });
    expect(await namedRows(db, 'probe_named', byOutlet('store'))).toEqual([{ name: 'Gold Highlighter' }, { name: 'Silk Foundation' }]);
  });
});
