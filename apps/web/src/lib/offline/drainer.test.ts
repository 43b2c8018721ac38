import 'fake-indexeddb/auto';
import type { OrderCreate } from '@studio/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serverReachable, sessionTimedOut } from '../api-client';
import { STORAGE_KEYS } from '../storage';
import { type Locks, type Send, type SendOutcome, clearBackoff, drainOutbox, sendHeartbeat } from './drainer';
import { syncState } from './sync-state';
import { TillDatabase, enqueueSale, unsynced } from './outbox';

// Issue 18: the outbox and its drainer, against a server stand-in that records each client_ref once (as the API does).
let db: TillDatabase;
let n = 0;

beforeEach(async () => {
  db = new TillDatabase(`test-till-${++n}`);
  syncState.set({ paused: false, syncing: null });
  serverReachable.set(null);
});
afterEach(async () => {
  await db.delete();
});

/** The server: each client_ref recorded once; a repeat answers the first sale. Counts every POST it sees. */
function fakeServer() {
  const orders = new Map<string, { id: number; invoice_no: string }>();
  const posts: string[] = [];
  const record = (body: OrderCreate) => {
    posts.push(body.client_ref!);
    let order = orders.get(body.client_ref!);
    if (!order) orders.set(body.client_ref!, (order = { id: orders.size + 1, invoice_no: `STO-${String(orders.size + 1).padStart(6, '0')}` }));
    return order;
  };
  return { orders, posts, record };
}

/** The Web Locks API as Chromium has it, shared by "tabs": ifAvailable gives null while another holds the name. */
function sharedLocks(): Locks {
  const held = new Set<string>();
  return {
    async request(name, _o, callback) {
      if (held.has(name)) return callback(null);
      held.add(name);
      try {
        await callback({});
      } finally {
        held.delete(name);
      }
    },
  };
}

const tick = () => new Promise((r) => setTimeout(r, 5));

async function queue(count: number) {
  const refs: string[] = [];
  for (let i = 0; i < count; i++) {
    const ref = crypto.randomUUID();
    refs.push(ref);
    await enqueueSale(
      { outlet: 'store', customer_name: `Customer ${i}`, items: [{ product_id: 1, quantity: 1, unit_price: 1000 }], payment_method: 'cash', client_ref: ref },
      { soldOn: '2026-11-25', soldBy: 7, pricesAsOf: '2026-11-25T08:00:00.000Z' },
      db,
    );
  }
  return refs;
}

describe('the outbox', () => {
  it('numbers the sales of this device one after another, with its code, and keeps each under its client_ref', async () => {
    const refs = await queue(2);
    const [a, b] = await unsynced(db);
    expect(a!.client_ref).toBe(refs[0]);
    expect(a!.provisional_no).toMatch(/^OFF-[A-Z2-9]{3}-0001$/);
    expect(b!.provisional_no).toBe(a!.provisional_no.replace('0001', '0002'));
    expect(a!.body.offline).toMatchObject({ device_seq: 1, sold_on: '2026-11-25', sold_by: 7, provisional_no: a!.provisional_no });
    // the same client_ref queued again (a double tap) is the same sale, and uses up no number
    const again = await enqueueSale({ outlet: 'store', customer_name: 'x', items: [{ product_id: 1, quantity: 1, unit_price: 1 }], payment_method: 'cash', client_ref: refs[0]! }, { soldOn: '2026-11-25', soldBy: 7, pricesAsOf: '' }, db);
    expect(again).toMatchObject({ provisional_no: a!.provisional_no, body: { customer_name: 'Customer 0' } });
    expect(await db.outbox.count()).toBe(2);
    await queue(1);
    expect((await unsynced(db))[2]!.provisional_no).toBe(a!.provisional_no.replace('0001', '0003'));
  });
  it('two tabs selling at once never give one number twice, nor skip one (each numbers from the counter it last saw)', async () => {
    // a second tab: its own connection to the same database, its own idea of the counter
    const other = new TillDatabase(db.name);
    const sell = (on: TillDatabase, ref: string) =>
      enqueueSale({ outlet: 'store', customer_name: ref, items: [{ product_id: 1, quantity: 1, unit_price: 1000 }], payment_method: 'cash', client_ref: ref }, { soldOn: '2026-11-25', soldBy: 7, pricesAsOf: '' }, on);
    await sell(db, 'a1');
    await sell(other, 'b1');
    // the first tab saw the counter at 1: its next sale finds 2 and is numbered 3
    await sell(db, 'a2');
    await Promise.all([sell(db, 'a3'), sell(other, 'b2'), sell(db, 'a4'), sell(other, 'b3')]);
    const all = await unsynced(db);
    expect(all.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(all.map((e) => e.provisional_no)).size).toBe(7);
    expect(all.every((e) => e.body.offline!.device_seq === e.seq && e.provisional_no.endsWith(String(e.seq).padStart(4, '0')))).toBe(true);
    expect(all.find((e) => e.client_ref === 'a2')!.seq).toBe(3);
    expect((await db.meta.get('device'))!.seq).toBe(7);
    other.close();
  });
});

describe('the drainer', () => {
  it('two drainers at once (two tabs) send each sale once, first in first out', async () => {
    const refs = await queue(4);
    const server = fakeServer();
    const send: Send = async (body) => {
      await tick();
      return { kind: 'order', order: server.record(body) };
    };
    const locks = sharedLocks();
    await Promise.all([drainOutbox({ db, send, locks }), drainOutbox({ db, send, locks })]);
    expect(server.posts).toEqual(refs);
    expect((await db.outbox.toArray()).every((e) => e.status === 'synced')).toBe(true);
    expect((await db.outbox.get(refs[3]!))!.order).toEqual({ id: 4, invoice_no: 'STO-000004' });
  });

  it('the first answer lost: the sale is sent again later and the server answers the sale it made, once', async () => {
    const [ref] = await queue(1);
    const server = fakeServer();
    let calls = 0;
    let clock = 1_000_000;
    const send: Send = async (body) => {
      server.record(body);
      // the server recorded it, but the answer never came back
      if (++calls === 1) return { kind: 'retry', message: 'The server could not be reached.', offline: true };
      return { kind: 'order', order: server.record(body) };
    };
    await drainOutbox({ db, send, now: () => clock });
    expect(serverReachable.get()).toBe(false);
    const waiting = (await db.outbox.get(ref!))!;
    expect(waiting).toMatchObject({ status: 'waiting', attempts: 1 });
    expect(waiting.next_try_at).toBeGreaterThan(clock);
    // within its backoff: not sent again
    await drainOutbox({ db, send, now: () => clock });
    expect(calls).toBe(1);
    clock = waiting.next_try_at;
    await drainOutbox({ db, send, now: () => clock });
    expect(calls).toBe(2);
    expect(server.orders.size).toBe(1);
    expect((await db.outbox.get(ref!))!).toMatchObject({ status: 'synced', order: { id: 1 } });
    expect(serverReachable.get()).toBe(true);
  });

  it('the server back (an answer after none) ends the backoff: the waiting sales go at once, still once each', async () => {
    const refs = await queue(2);
    const server = fakeServer();
    let up = false;
    const send: Send = async (body) => (up ? { kind: 'order', order: server.record(body) } : { kind: 'retry', message: 'no answer', offline: true });
    const clock = 5_000_000;
    await drainOutbox({ db, send, now: () => clock });
    expect((await db.outbox.get(refs[0]!))!.next_try_at).toBeGreaterThan(clock);
    up = true;
    // still in its backoff: nothing goes
    await drainOutbox({ db, send, now: () => clock });
    expect(server.posts).toEqual([]);
    await clearBackoff(db);
    await drainOutbox({ db, send, now: () => clock });
    expect(server.posts).toEqual(refs);
    expect((await unsynced(db)).length).toBe(0);
  });

  it('a 401 in the middle of the queue pauses it and drops nothing; after a sign-in the rest goes, each once', async () => {
    const refs = await queue(3);
    const server = fakeServer();
    // the session runs out after the first sale is sent
    let renewed = false;
    const send: Send = async (body): Promise<SendOutcome> => {
      if (body.client_ref !== refs[0] && !renewed) return { kind: 'unauthorized' };
      return { kind: 'order', order: server.record(body) };
    };
    await drainOutbox({ db, send });
    expect(syncState.get().paused).toBe(true);
    expect(server.posts).toEqual([refs[0]]);
    expect((await unsynced(db)).map((e) => e.client_ref)).toEqual([refs[1], refs[2]]);
    // paused: nothing is sent
    await drainOutbox({ db, send });
    expect(server.posts).toHaveLength(1);
    // someone signs in again
    renewed = true;
    syncState.set((s) => ({ ...s, paused: false }));
    await drainOutbox({ db, send });
    expect(server.posts).toEqual(refs);
    expect(await unsynced(db)).toEqual([]);
  });

  it('a 422 keeps the sale as needing attention and goes on with the next; a review (202) has reached the server', async () => {
    const refs = await queue(3);
    const send: Send = async (body) => {
      if (body.client_ref === refs[0]) return { kind: 'refused', message: 'The payments do not cover the total.' };
      if (body.client_ref === refs[1]) return { kind: 'review', review: { id: 9, reason: 'day_closed', message: 'Closed.' } };
      return { kind: 'order', order: { id: 1, invoice_no: 'STO-000001' } };
    };
    await drainOutbox({ db, send });
    expect((await db.outbox.get(refs[0]!))!).toMatchObject({ status: 'attention', last_error: 'The payments do not cover the total.' });
    expect((await db.outbox.get(refs[1]!))!).toMatchObject({ status: 'review', review: { reason: 'day_closed' } });
    expect((await db.outbox.get(refs[2]!))!.status).toBe('synced');
    expect((await unsynced(db)).map((e) => e.client_ref)).toEqual([refs[0]]);
  });
});

describe('the heartbeat', () => {
  it("a 401 to the background heartbeat does not raise the 'Session TimeOut' modal (a person who closed it is not asked again every 30 s)", async () => {
    localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify({ id: 1, name: 'Ada' }));
    sessionTimedOut.set(false);
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ message: 'Unauthenticated.' }), { status: 401 })));
    vi.stubGlobal('fetch', fetchMock);
    try {
      await sendHeartbeat(db);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(sessionTimedOut.get()).toBe(false);
    } finally {
      vi.unstubAllGlobals();
      localStorage.removeItem(STORAGE_KEYS.currentUser);
    }
  });
});
