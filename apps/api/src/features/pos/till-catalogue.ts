import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { compareTillItems, tillInsertIndex, type Outlet, type TillItem } from '@studio/shared';
import type { Db } from '../../db/client.js';
import { productRemovalsTable, productsTable } from '../../resources/products/products.table.js';

const T = productsTable;
const R = productRemovalsTable;

/** A snapshot that sees nothing: "everything since the beginning". */
const ORIGIN = '1:1:';

interface Entry {
  item: TillItem;
  json: string;
  /** The catalogue revision that last changed it. */
  rev: number;
}

interface Body {
  rev: number;
  json: string;
  gzip?: Promise<Buffer>;
  br?: Promise<Buffer>;
}

export type Encoding = 'br' | 'gzip' | 'identity';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * gzip at level 4: 5,000 items (750 KB of JSON) in about 3 ms to 58 KB on an idle core. Brotli makes 21 KB
 * but takes several times longer, and a changed list is compressed again at every change: a till on the
 * studio's network gains more from the milliseconds. Brotli only for a client that takes no gzip.
 */
export function compress(body: string, encoding: Exclude<Encoding, 'identity'>): Promise<Buffer> {
  return encoding === 'gzip'
    ? gzip(body, { level: 4 })
    : brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body) } });
}

/** gzip, else br, else none, as the client's Accept-Encoding allows (q=0 refuses). */
export function pickEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name!, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return ok('gzip') ? 'gzip' : ok('br') ? 'br' : 'identity';
}

interface Changes {
  changed: (Omit<TillItem, 'price'> & { price: number | string; archived: boolean })[];
  removed: number[];
  cursor: string;
  /** The cursor is ahead of the database (a restored backup): start again from nothing. */
  future: boolean;
}

/**
 * One outlet's sellable items, mirrored in memory and kept in step with the database by one indexed
 * query per request: the rows written by transactions the last read did not see (each product row
 * carries the id of the transaction that last wrote it, `changed_xid`; deleted ones leave a line in
 * `product_removals`). A transaction still running at the last read is caught when it commits, whatever
 * its id, because the cursor is the whole snapshot (`pg_current_snapshot()`), not a number.
 *
 * Each change bumps the catalogue's revision: the ETag and the till's `?since=` cursor are revisions, so
 * an unchanged list is a 304 after one small query, and a till asks for what changed since its revision.
 */
class OutletCatalogue {
  private cursor = ORIGIN;
  private readonly entries = new Map<number, Entry>();
  private sorted: Entry[] = [];
  /** Ids dropped, with the revision that dropped them, newest last (kept for tills a few polls behind). */
  private removedLog: { id: number; rev: number }[] = [];
  /** Tills older than this revision start again (the removed log was trimmed past them). */
  private floor = 0;
  revision = 0;
  private body: Body | null = null;
  private running: Promise<void> | null = null;
  private next: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly outlet: Outlet,
    private readonly counter: { n: number },
  ) {}

  /**
   * Brings the mirror up to the database as of a moment after this call began: a request never sees
   * the list from before a sale it knows of. Calls that arrive while a read runs share the next one.
   */
  sync(): Promise<void> {
    if (this.next) return this.next;
    if (!this.running) return (this.running = this.read().finally(() => (this.running = null)));
    this.next = this.running.then(() => {
      this.next = null;
      return (this.running = this.read().finally(() => (this.running = null)));
    });
    return this.next;
  }

  private async read(): Promise<void> {
    const since = this.cursor;
    const result = (await this.db.execute(sql`
      with s as (select ${since}::pg_snapshot as snap),
      ch as (
        select p.id, p.name, p.kind, p.sku, p.category, p.price, p.quantity, p.reorder_level, p.archived_at is not null as archived
        from ${T} p, s
        where p.outlet = ${this.outlet} and p.changed_xid >= pg_snapshot_xmin(s.snap) and not pg_visible_in_snapshot(p.changed_xid, s.snap)
      ),
      rm as (
        select r.product_id from ${R} r, s
        where r.outlet = ${this.outlet} and r.removed_xid >= pg_snapshot_xmin(s.snap) and not pg_visible_in_snapshot(r.removed_xid, s.snap)
      )
      select (select coalesce(json_agg(ch), '[]') from ch)::text as changed,
             (select coalesce(json_agg(rm.product_id), '[]') from rm)::text as removed,
             pg_current_snapshot()::text as cursor,
             pg_snapshot_xmin(s.snap) > pg_snapshot_xmax(pg_current_snapshot()) as future
      from s`)) as unknown as { rows: { changed: string; removed: string; cursor: string; future: boolean }[] };
    const row = result.rows[0]!;
    const changes: Changes = { changed: JSON.parse(row.changed), removed: JSON.parse(row.removed), cursor: row.cursor, future: row.future };
    if (changes.future) {
      // the database went back in time (a restore): read everything again
      this.reset();
      return this.read();
    }
    this.apply(changes);
  }

  private reset() {
    for (const id of this.entries.keys()) this.removedLog.push({ id, rev: this.counter.n + 1 });
    this.entries.clear();
    this.sorted = [];
    this.cursor = ORIGIN;
    this.bump();
  }


  private bump() {
    this.counter.n += 1;
    this.revision = this.counter.n;
    this.body = null;
  }

  private apply({ changed, removed, cursor }: Changes) {
    this.cursor = cursor;
    const rev = this.counter.n + 1;
    let touched = false;
    /** New or renamed: they need a place in the order. */
    const placed: Entry[] = [];
    let moved = false;
    const drop = (id: number) => {
      if (!this.entries.delete(id)) return;
      this.removedLog.push({ id, rev });
      moved = true;
      touched = true;
    };
    for (const id of removed) drop(id);
    for (const { archived, ...raw } of changed) {
      const item: TillItem = { ...raw, price: Number(raw.price) };
      // an archived product is no longer sold (products.module.ts: a DELETE with history archives)
      if (archived || !(item.kind === 'service' || (item.quantity ?? 0) > 0)) {
        drop(item.id);
        continue;
      }
      const before = this.entries.get(item.id);
      const entry: Entry = { item, json: JSON.stringify(item), rev };
      this.entries.set(item.id, entry);
      touched = true;
      // a sale or a restock keeps the name, so the item keeps its place
      if (before && before.item.name === item.name) {
        const at = this.sorted.indexOf(before);
        if (at >= 0) this.sorted[at] = entry;
        else placed.push(entry);
      } else {
        if (before) moved = true;
        placed.push(entry);
      }
    }
    if (!touched) return;
    this.bump();
    if (moved) this.sorted = this.sorted.filter((e) => this.entries.get(e.item.id) === e);
    if (placed.length > 500) {
      this.sorted = [...this.entries.values()].sort((a, b) => compareTillItems(a.item, b.item));
    } else {
      for (const e of placed) this.sorted.splice(tillInsertIndex(this.sorted, e.item, (x) => x.item), 0, e);
    }
    // a till more than 5,000 removals behind starts again
    if (this.removedLog.length > 10_000) {
      const cut = this.removedLog.length - 5_000;
      this.floor = this.removedLog[cut - 1]!.rev;
      this.removedLog = this.removedLog.slice(cut);
    }
  }

  /** The whole list as the answer's JSON text (built once per revision). */
  list(): Body {
    if (!this.body || this.body.rev !== this.revision) {
      const json = `{"data":[${this.sorted.map((e) => e.json).join(',')}],"cursor":${JSON.stringify(cursorOf(this.revision))}}`;
      this.body = { rev: this.revision, json };
    }
    return this.body;
  }

  encoded(encoding: Exclude<Encoding, 'identity'>): Promise<Buffer> {
    const body = this.list();
    return (body[encoding] ??= compress(body.json, encoding));
  }

  /** What changed after revision `rev`, or null when the till is too far behind (it loads the list again). */
  changesSince(rev: number): { data: TillItem[]; removed: number[] } | null {
    if (rev < this.floor || rev > this.revision) return null;
    const data = this.sorted.filter((e) => e.rev > rev).map((e) => e.item);
    const present = new Set(data.map((i) => i.id));
    const removed = [...new Set(this.removedLog.filter((r) => r.rev > rev && !this.entries.has(r.id) && !present.has(r.id)).map((r) => r.id))];
    return { data, removed };
  }
}

/** This process's catalogue revisions are named by a boot id: a till that saw another process's (or a restart's) starts again. */
const BOOT = crypto.randomBytes(6).toString('hex');
export const cursorOf = (rev: number) => `${BOOT}.${rev}`;
/** The revision in a cursor from this process, or null. */
export function revisionOf(cursor: string): number | null {
  const [boot, rev] = cursor.split('.');
  return boot === BOOT && rev !== undefined ? Number(rev) : null;
}

/** The three outlets' catalogues of one app (one database). */
export class TillCatalogues {
  private readonly outlets = new Map<Outlet, OutletCatalogue>();
  private readonly counter = { n: 0 };
  constructor(private readonly db: Db) {}

  async get(outlet: Outlet): Promise<OutletCatalogue> {
    let c = this.outlets.get(outlet);
    if (!c) this.outlets.set(outlet, (c = new OutletCatalogue(this.db, outlet, this.counter)));
    await c.sync();
    return c;
  }
}
