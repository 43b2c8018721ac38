import pg from 'pg';
import type { Database } from './client.js';

export interface CopyReport {
  tables: Record<string, number>;
  sequences: Record<string, number>;
}

type Q = <T>(text: string, params?: unknown[]) => Promise<T[]>;

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** Tables kept by triggers from other tables: not copied, but counted again from the rows copied (whether the triggers ran or not). */
const DERIVED: Record<string, string> = {
  order_counts: 'insert into public.order_counts (outlet, status, n) select outlet, status, count(*) from public.orders group by outlet, status',
  order_names: 'insert into public.order_names (outlet, customer_name, n) select outlet, customer_name, count(*) from public.orders group by outlet, customer_name',
  daily_totals: 'insert into public.daily_totals select * from public.daily_totals_recount()',
};

/**
 * Copies every row of every table in the embedded database's `public` schema into
 * the PostgreSQL database at `targetUrl`, which must be migrated to the same version
 * and hold no rows (`npm run db:copy-to-postgres`). In one transaction: either all
 * of it lands or none. Generated columns are left to the target to compute; identity
 * values are copied as they are (OVERRIDING SYSTEM VALUE); tables go in foreign-key
 * order. Then every sequence is set to where the embedded one stood (and never below
 * a copied id), so the next row gets the next number and nothing collides.
 */
export async function copyToPostgres(source: Database, targetUrl: string, log: (line: string) => void = () => {}): Promise<CopyReport> {
  if (!source.pglite) throw new Error('The source must be the embedded database.');
  const src: Q = async (text, params) => (await source.pglite!.query(text, params)).rows as never;
  const client = new pg.Client({ connectionString: targetUrl });
  await client.connect();
  const dst: Q = async (text, params) => (await client.query(text, params as unknown[])).rows as never;
  try {
    const tableList = `select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`;
    const tables = (await src<{ t: string }>(tableList)).map((r) => r.t);
    const targetTables = new Set((await dst<{ t: string }>(tableList)).map((r) => r.t));
    const missing = tables.filter((t) => !targetTables.has(t));
    if (missing.length) throw new Error(`The PostgreSQL database lacks tables ${missing.join(', ')}: it is not at this version's migrations.`);
    for (const t of tables) {
      const [{ n }] = await dst<{ n: number }>(`select count(*)::int as n from (select 1 from public.${ident(t)} limit 1) x`);
      if (n > 0) throw new Error(`The PostgreSQL database already holds rows (in ${t}): copy only into an empty, newly migrated database.`);
    }

    // parents before children (a table's own references aside)
    const fks = await dst<{ child: string; parent: string }>(
      `select c.relname as child, p.relname as parent from pg_constraint k
         join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
         join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and c.relname <> p.relname`,
    );
    const ordered: string[] = [];
    const visiting = new Set<string>();
    const visit = (t: string) => {
      if (ordered.includes(t) || visiting.has(t)) return;
      visiting.add(t);
      for (const fk of fks) if (fk.child === t && tables.includes(fk.parent)) visit(fk.parent);
      ordered.push(t);
    };
    tables.forEach(visit);

    const report: CopyReport = { tables: {}, sequences: {} };
    await client.query('begin');
    // triggers (and FK checks) off when the role may do so: rows arrive as they were, not as new events
    await client.query('savepoint r');
    try {
      await client.query('set local session_replication_role = replica');
    } catch {
      await client.query('rollback to savepoint r');
    }
    for (const t of ordered) {
      // kept by triggers: counted again below from the rows copied
      if (t in DERIVED) continue;
      const cols = (
        await src<{ c: string; identity: string }>(
          `select column_name as c, is_identity as identity from information_schema.columns
            where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
          [t],
        )
      );
      const list = cols.map((c) => ident(c.c)).join(', ');
      const overriding = cols.some((c) => c.identity === 'YES') ? 'overriding system value' : '';
      let copied = 0;
      const chunk = 2000;
      for (let offset = 0; ; offset += chunk) {
        const [{ j }] = await src<{ j: string | null }>(`select json_agg(x)::text as j from (select ${list} from public.${ident(t)} order by ctid limit ${chunk} offset ${offset}) x`);
        if (!j) break;
        const r = await client.query(`insert into public.${ident(t)} (${list}) ${overriding} select ${list} from json_populate_recordset(null::public.${ident(t)}, $1::json)`, [j]);
        copied += r.rowCount ?? 0;
        if ((r.rowCount ?? 0) < chunk) break;
      }
      report.tables[t] = copied;
      log(`${t}: ${copied} rows`);
    }

    for (const [t, recount] of Object.entries(DERIVED)) {
      if (!ordered.includes(t)) continue;
      // whether the triggers ran (they do when the role may not turn them off) or not, the figures are the copied rows'
      await client.query(`delete from public.${ident(t)}`);
      const r = await client.query(recount);
      report.tables[t] = r.rowCount ?? 0;
      log(`${t}: ${report.tables[t]} rows (counted from the rows copied)`);
    }

    // sequences: where the embedded database's stood, and past every copied id
    const seqs = await src<{ name: string; last_value: string | null }>(`select sequencename as name, last_value::text from pg_sequences where schemaname = 'public' order by 1`);
    const owners = await dst<{ seq: string; tbl: string; col: string }>(
      `select s.relname as seq, t.relname as tbl, a.attname as col from pg_depend d
         join pg_class s on s.oid = d.objid and s.relkind = 'S'
         join pg_class t on t.oid = d.refobjid
         join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
         join pg_namespace n on n.oid = s.relnamespace
        where n.nspname = 'public' and d.deptype in ('a', 'i')`,
    );
    for (const s of seqs) {
      let value = s.last_value === null ? 0 : Number(s.last_value);
      const owner = owners.find((o) => o.seq === s.name);
      if (owner) {
        const [{ m }] = await dst<{ m: string | null }>(`select max(${ident(owner.col)})::text as m from public.${ident(owner.tbl)}`);
        value = Math.max(value, m === null ? 0 : Number(m));
      }
      if (value > 0) await client.query(`select setval($1, $2, true)`, [`public.${ident(s.name)}`, value]);
      report.sequences[s.name] = value;
    }
    await client.query('commit');

    for (const t of ordered) {
      const [{ n }] = await dst<{ n: number }>(`select count(*)::int as n from public.${ident(t)}`);
      if (n !== report.tables[t]) throw new Error(`${t}: ${report.tables[t]} rows copied but ${n} found`);
    }
    return report;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}
