import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { compareTillItems, tillInsertIndex, type Outlet, type TillItem } from '@studio/shared';
import { type Db, rows } from '../../db/client.js';
import { productRemovalsTable, productsTable } from '../../db/schema.js';

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
  etag: string;
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
  /** The snapshot this read saw (pg_current_snapshot()). */
  snapshot: string;
  /** The cursor to hand a till: the same snapshot, trimmed to this outlet's rows (see `tillCursor`). */
  cursor: string;
  /** The cursor is ahead of the database (a restored backup): start again from nothing. */
  future: boolean;
}

/** A pg_snapshot as text (`xmin:xmax:xip,...`), checked the way PostgreSQL reads it, so a bad one is a 422 and never a 500. */
export function parseSnapshot(text: string): { xmin: bigint; xmax: bigint; xip: bigint[] } | null {
  const m = /^(\d{1,19}):(\d{1,19}):((?:\d{1,19})(?:,\d{1,19})*)?$/.exec(text);
  if (!m || text.length > 2000) return null;
  const xmin = BigInt(m[1]!);
  const xmax = BigInt(m[2]!);
  const xip = m[3] ? m[3].split(',').map(BigInt) : [];
  if (xmin < 1n || xmax < xmin || xmax > 0x7fffffffffffffffn) return null;
  for (let i = 0; i < xip.length; i++) if (xip[i]! < xmin || xip[i]! >= xmax || (i > 0 && xip[i]! <= xip[i - 1]!)) return null;
  return { xmin, xmax, xip };
}

/**
 * The cursor a till gets: the database snapshot of the read, with everything past the last transaction that
 * wrote one of this outlet's rows cut off. It sees exactly the same rows of this outlet as the whole snapshot
 * (no visible row has a later writer; an in-flight writer before the cut stays in the list, one after it is
 * past the end, both invisible), so every question asked from it has the same answer; but it does not move
 * when the rest of the database (another outlet, another database on the server) does, so two app processes,
 * or two reads with nothing new between them, give the same cursor. It is derived from the database alone.
 */
export function tillCursor(snapshot: string, lastWriter: string | null): string {
  const s = parseSnapshot(snapshot)!;
  const end = lastWriter === null ? 1n : BigInt(lastWriter) + 1n;
  const xmax = end < s.xmax ? end : s.xmax;
  const xip = s.xip.filter((x) => x < xmax);
  const xmin = xip[0] ?? xmax;
  return `${xmin}:${xmax}:${xip.join(',')}`;
}

/**
 * The outlet's rows written by transactions `since` does not see (each product row carries the id of the
 * transaction that last wrote it, `changed_xid`; deleted ones leave a line in `product_removals`), in one
 * indexed statement, with the snapshot it read at. A transaction still running at `since` is caught when it
 * commits, whatever its id, because the cursor is a whole snapshot, not a number.
 */
async function readChanges(db: Db, outlet: Outlet, since: string): Promise<Changes> {
  const [row] = await rows<{ changed: string; removed: string; snapshot: string; last_writer: string | null; future: boolean }>(
    db,
    sql`
    with s as (select ${since}::pg_snapshot as snap),
    ch as (
      select p.id, p.name, p.kind, p.sku, p.category, p.price, p.quantity, p.reorder_level, p.archived_at is not null as archived
      from ${T} p, s
      where p.outlet = ${outlet} and p.changed_xid >= pg_snapshot_xmin(s.snap) and not pg_visible_in_snapshot(p.changed_xid, s.snap)
    ),
    rm as (
      select r.product_id from ${R} r, s
      where r.outlet = ${outlet} and r.removed_xid >= pg_snapshot_xmin(s.snap) and not pg_visible_in_snapshot(r.removed_xid, s.snap)
    )
    select (select coalesce(json_agg(ch), '[]') from ch)::text as changed,
           (select coalesce(json_agg(rm.product_id), '[]') from rm)::text as removed,
           pg_current_snapshot()::text as snapshot,
           greatest((select max(${T.changed_xid}) from ${T} where ${T.outlet} = ${outlet}),
                    (select max(${R.removed_xid}) from ${R} where ${R.outlet} = ${outlet}))::text as last_writer,
           pg_snapshot_xmin(s.snap) > pg_snapshot_xmax(pg_current_snapshot()) as future
    from s`,
  );
  return { changed: JSON.parse(row!.changed), removed: JSON.parse(row!.removed), snapshot: row!.snapshot, cursor: tillCursor(row!.snapshot, row!.last_writer), future: row!.future };
}

/** An item the till sells: a service, or a product in stock, not archived. */
const sellable = (item: { kind: string; quantity: number | null }, archived: boolean) => !archived && (item.kind === 'service' || (item.quantity ?? 0) > 0);

/**
 * What changed at an outlet since a till's cursor, read from the database (any app process answers any
 * process's cursor the same): items to add or update, in list order, and ids to drop (sold out, archived,
 * deleted, moved). The cursor comes back unchanged when nothing changed. Null for a cursor from the future
 * (the database was restored from a backup): the till loads the list again.
 */
export async function tillChanges(db: Db, outlet: Outlet, since: string): Promise<{ data: TillItem[]; removed: number[]; cursor: string } | null> {
  const changes = await readChanges(db, outlet, since);
  if (changes.future) return null;
  const data: TillItem[] = [];
  const removed = new Set(changes.removed);
  for (const { archived, ...raw } of changes.changed) {
    if (sellable(raw, archived)) data.push({ ...raw, price: Number(raw.price) });
    else removed.add(raw.id);
  }
  for (const item of data) removed.delete(item.id);
  if (!data.length && !removed.size) return { data, removed: [], cursor: since };
  return { data: data.sort(compareTillItems), removed: [...removed], cursor: changes.cursor };
}

/**
 * One outlet's sellable items, mirrored in memory and kept in step with the database by one indexed
 * query per request (`readChanges` from the snapshot of the last read). Each change bumps the mirror's
 * revision, which only says when to build the answer again: the ETag is a hash of the list itself and the
 * cursor comes from the database, so they mean the same in every app process.
 */
class OutletCatalogue {
  private cursor = ORIGIN;
  private readonly entries = new Map<number, Entry>();
  private sorted: Entry[] = [];
  /** The till's cursor as of the last read (the database's, trimmed to this outlet). */
  private tillCursor = ORIGIN;
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
    const changes = await readChanges(this.db, this.outlet, this.cursor);
    if (changes.future) {
      // the database went back in time (a restore): read everything again
      this.reset();
      return this.read();
    }
    this.apply(changes);
  }

  private reset() {
    this.entries.clear();
    this.sorted = [];
    this.cursor = ORIGIN;
    this.tillCursor = ORIGIN;
    this.bump();
  }


  private bump() {
    this.counter.n += 1;
    this.revision = this.counter.n;
    this.body = null;
  }

  private apply({ changed, removed, snapshot, cursor }: Changes) {
    this.cursor = snapshot;
    // the list's cursor moves only with the list: a cursor from before writes that changed none of its rows
    // is as good, and keeps the same list the same answer
    if (this.tillCursor === ORIGIN) this.tillCursor = cursor;
    const rev = this.counter.n + 1;
    let touched = false;
    /** New or renamed: they need a place in the order. */
    const placed: Entry[] = [];
    let moved = false;
    const drop = (id: number) => {
      if (!this.entries.delete(id)) return;
      moved = true;
      touched = true;
    };
    for (const id of removed) drop(id);
    for (const { archived, ...raw } of changed) {
      const item: TillItem = { ...raw, price: Number(raw.price) };
      // an archived product is no longer sold (products.module.ts: a DELETE with history archives)
      if (!sellable(item, archived)) {
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
    this.tillCursor = cursor;
    this.bump();
    if (moved) this.sorted = this.sorted.filter((e) => this.entries.get(e.item.id) === e);
    if (placed.length > 500) {
      this.sorted = [...this.entries.values()].sort((a, b) => compareTillItems(a.item, b.item));
    } else {
      for (const e of placed) this.sorted.splice(tillInsertIndex(this.sorted, e.item, (x) => x.item), 0, e);
    }
  }

  /** The whole list as the answer's JSON text and its ETag (built once per revision). */
  list(): Body {
    if (!this.body || this.body.rev !== this.revision) {
      const data = `[${this.sorted.map((e) => e.json).join(',')}]`;
      // the same items give the same ETag in any process; the cursor is not in it (any cursor of the list is valid)
      const etag = `W/"pos-${crypto.createHash('sha256').update(data).digest('base64url').slice(0, 22)}"`;
      this.body = { rev: this.revision, etag, json: `{"data":${data},"cursor":${JSON.stringify(this.tillCursor)}}` };
    }
    return this.body;
  }

  encoded(encoding: Exclude<Encoding, 'identity'>): Promise<Buffer> {
    const body = this.list();
    return (body[encoding] ??= compress(body.json, encoding));
  }

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
