import Dexie, { type EntityTable } from 'dexie';
import type { Order, OrderCreate, Outlet, TillItem } from '@studio/shared';
import { TILL_DATABASE } from './till-database-name';

/**
 * The till's data on the device (issue 18; docs/decisions/016-offline-till.md), in IndexedDB through Dexie:
 * - `outbox`: sales made on this device, keyed by their `client_ref`, until the server has them (FIFO by `seq`);
 * - `catalogue`: each outlet's till list as last loaded, with when its prices were last confirmed by the server;
 * - `customers`: recent customers (name, phone);
 * - `meta`: this device (a random id, a short code, the count of its offline sales).
 * It survives a reload, a sign-out and a dead battery; `navigator.storage.persist()` (asked at sign-in) keeps the
 * browser from evicting it under pressure.
 */
export type OutboxStatus = 'waiting' | 'attention' | 'synced' | 'review';

export interface OutboxEntry {
  client_ref: string;
  outlet: Outlet;
  /** The device's count: first in, first out. */
  seq: number;
  provisional_no: string;
  /** POST /api/orders as it will be sent (with its `offline` block). */
  body: OrderCreate;
  status: OutboxStatus;
  attempts: number;
  /** Not before this (ms since epoch): the backoff after a failed try. */
  next_try_at: number;
  last_error: string | null;
  queued_at: string;
  /** Once the server has it: the sale it recorded, or the review it keeps it in. */
  order: { id: number; invoice_no: string } | null;
  review: { id: number; reason: string; message: string } | null;
  /** The provisional receipt as the till gave it (names and prices shown), to print it again from the waiting list. */
  receipt?: Order;
}

export interface CatalogueSnapshot {
  outlet: Outlet;
  items: TillItem[];
  cursor: string;
  /** When the server last answered for this list (its prices are the server's as of then). */
  prices_as_of: string;
}

export interface RecentCustomer {
  phone: string;
  name: string;
  last_at: string;
}

export interface DeviceInfo {
  key: 'device';
  device_id: string;
  code: string;
  seq: number;
}

export class TillDatabase extends Dexie {
  outbox!: EntityTable<OutboxEntry, 'client_ref'>;
  catalogue!: EntityTable<CatalogueSnapshot, 'outlet'>;
  customers!: EntityTable<RecentCustomer, 'phone'>;
  meta!: EntityTable<DeviceInfo, 'key'>;

  constructor(name = TILL_DATABASE) {
    super(name);
    this.version(1).stores({ outbox: 'client_ref, seq, status, outlet', catalogue: 'outlet', customers: 'phone, last_at', meta: 'key' });
  }
}

let shared: TillDatabase | null = null;
/** The one database of this origin (opened on first use). */
export function tillDb(): TillDatabase {
  return (shared ??= new TillDatabase());
}

const CODE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const random = (n: number) => Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => CODE_CHARS[b % CODE_CHARS.length]).join('');

// the device as this page last read or wrote it, per database: a sale numbers itself from it and checks it in the same
// round trip as its write (enqueueSale)
const known = new WeakMap<TillDatabase, DeviceInfo>();

/** This device: made once (a random id and a three-character code for its receipts), kept across sign-outs. */
export async function deviceInfo(db: TillDatabase = tillDb()): Promise<DeviceInfo> {
  const device = await db.transaction('rw', db.meta, async () => {
    const found = await db.meta.get('device');
    if (found) return found;
    const made: DeviceInfo = { key: 'device', device_id: `till-${random(16)}`, code: random(3), seq: 0 };
    await db.meta.put(made);
    return made;
  });
  known.set(db, device);
  return device;
}

/**
 * Reads this device ahead of the first sale (the till calls it when the browser is idle): the first sale's write is
 * then one round trip, as every later one is.
 */
export function warmDevice(db: TillDatabase = tillDb()): Promise<void> {
  return known.has(db) ? Promise.resolve() : deviceInfo(db).then(() => undefined);
}

const sameDevice = (a: DeviceInfo | undefined, b: DeviceInfo) => a !== undefined && a.device_id === b.device_id && a.code === b.code && a.seq === b.seq;

/** The counter read in a sale's transaction was not the one the sale was numbered from (another tab sold meanwhile). */
class CounterMoved extends Error {
  constructor(readonly device: DeviceInfo | undefined) {
    super('the device counter moved');
  }
}

/** `OFF-7Q2-0004`: the provisional receipt number of the device's n-th offline sale. */
export const provisionalNo = (code: string, seq: number) => `OFF-${code}-${String(seq).padStart(4, '0')}`;

/**
 * Puts a sale in the outbox under its client_ref, with the next number of this device (counted in the same
 * transaction, so two tabs never give one number twice) and, when `how.receipt` is given, its provisional receipt
 * (written with the sale: one write, not two). The sale is the caller's body less the `offline` block, which is added
 * here. A client_ref already queued is answered as it stands (a double tap).
 */
export async function enqueueSale(
  sale: Omit<OrderCreate, 'offline'> & { client_ref: string },
  how: { soldOn: string; soldBy: number; pricesAsOf: string; now?: Date; receipt?: (entry: OutboxEntry) => Order },
  db: TillDatabase = tillDb(),
): Promise<OutboxEntry> {
  // one transaction of one round trip: the counter is read, the counter as this page expects it to be then is written,
  // and the sale added, all at once (a transaction's requests run in order, so the read sees the counter before this
  // write). Another tab may have sold since this page last saw the counter: then the read differs, the transaction is
  // undone and made again from what was read (no number twice, none skipped). A client_ref already queued (a double
  // tap) fails the sale's add, which undoes the whole transaction (no number is used up); that sale is then read and
  // answered as it stands.
  for (let tries = 0; ; tries++) {
    const device = known.get(db) ?? (await deviceInfo(db));
    const seq = device.seq + 1;
    const now = how.now ?? new Date();
    const provisional = provisionalNo(device.code, seq);
    const entry: OutboxEntry = {
      client_ref: sale.client_ref,
      outlet: sale.outlet,
      seq,
      provisional_no: provisional,
      body: {
        ...sale,
        offline: { device_id: device.device_id, device_seq: seq, provisional_no: provisional, sold_on: how.soldOn, sold_by: how.soldBy, queued_at: now.toISOString(), prices_as_of: how.pricesAsOf },
      },
      status: 'waiting',
      attempts: 0,
      next_try_at: 0,
      last_error: null,
      queued_at: now.toISOString(),
      order: null,
      review: null,
    };
    if (how.receipt) entry.receipt = how.receipt(entry);
    const next: DeviceInfo = { ...device, seq };
    try {
      await db.transaction('rw', db.meta, db.outbox, async () => {
        const [stored] = await Promise.all([db.meta.get('device'), db.meta.put(next), db.outbox.add(entry)]);
        if (!sameDevice(stored, device)) throw new CounterMoved(stored);
      });
      known.set(db, next);
      return entry;
    } catch (error) {
      if (error instanceof CounterMoved && tries < 20) {
        if (error.device) known.set(db, error.device);
        else known.delete(db);
        continue;
      }
      const already = error instanceof Dexie.ConstraintError ? await db.outbox.get(sale.client_ref) : undefined;
      if (already) return already;
      throw error;
    }
  }
}

/** Sales not yet on the server (waiting, or refused and kept for a person), oldest first. */
export async function unsynced(db: TillDatabase = tillDb()): Promise<OutboxEntry[]> {
  return (await db.outbox.orderBy('seq').toArray()).filter((e) => e.status === 'waiting' || e.status === 'attention');
}

/** The unsent sales as a file a person can keep (before a sign-out): everything needed to send or enter them later. */
export function outboxFile(entries: readonly OutboxEntry[]): Blob {
  return new Blob([JSON.stringify({ kind: 'studio-offline-sales', exported_at: new Date().toISOString(), sales: entries }, null, 2)], { type: 'application/json' });
}
