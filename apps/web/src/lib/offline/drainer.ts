import type { Order, OrderCreate, Outlet } from '@studio/shared';
import { ApiError, apiRequest, serverReachable, sessionTimedOut } from '../api-client';
import { type SyncState, syncState } from './sync-state';
import { type OutboxEntry, type TillDatabase, deviceInfo, tillDb } from './outbox';

/**
 * Sends the outbox to the server (issue 18; docs/decisions/016-offline-till.md):
 * - one drainer across the tabs and windows of this browser (the Web Locks API: a second tab finds the lock taken
 *   and leaves it to the first), first in first out;
 * - an answer is "online" (any HTTP answer; `navigator.onLine` is not asked: `serverReachable`); no answer, or a
 *   proxy's 502-504, is offline: the sale stays and is tried again after a backoff (1 s doubling to a minute, with jitter);
 * - 2xx: recorded (or kept by the server for an admin's review, 202): it has reached the server;
 * - 401: the queue pauses (nothing is dropped) and the app asks for a sign-in; it goes on once someone signs in;
 * - 422: the sale is kept as "needs attention" for an admin, never deleted; the queue goes on.
 */
const patch = (p: Partial<SyncState>) => syncState.set((s) => ({ ...s, ...p }));
const markReachable = (reachable: boolean) => serverReachable.set(reachable);

/** Every waiting sale may be tried now (the server is back): the backoff was for a server that did not answer. */
export async function clearBackoff(db: TillDatabase = tillDb()): Promise<void> {
  await db.outbox.where('status').equals('waiting').modify({ next_try_at: 0 });
}

/** What one send came to. */
export type SendOutcome =
  | { kind: 'order'; order: Pick<Order, 'id' | 'invoice_no'> }
  | { kind: 'review'; review: { id: number; reason: string; message: string } }
  | { kind: 'refused'; message: string }
  | { kind: 'unauthorized' }
  | { kind: 'retry'; message: string; offline: boolean };
export type Send = (body: OrderCreate) => Promise<SendOutcome>;

/** POST /api/orders, read as an outcome. */
export const sendSale: Send = async (body) => {
  try {
    const answer = await apiRequest<{ data: Order | null; review?: { id: number; reason: string; message: string } }>('/api/orders', { method: 'POST', body, quiet: true, background: true });
    if (answer.review) return { kind: 'review', review: { id: answer.review.id, reason: answer.review.reason, message: answer.review.message } };
    return { kind: 'order', order: { id: answer.data!.id, invoice_no: answer.data!.invoice_no } };
  } catch (error) {
    if (!(error instanceof ApiError)) return { kind: 'retry', message: String(error), offline: false };
    if (error.status === 401) return { kind: 'unauthorized' };
    if (error.status === 422) return { kind: 'refused', message: error.message };
    const offline = error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504;
    return { kind: 'retry', message: error.message, offline };
  }
};

/** The lock manager's one call the drainer uses (navigator.locks; a stand-in where there is none). */
export interface Locks {
  request(name: string, options: { ifAvailable: boolean }, callback: (lock: unknown) => Promise<void>): Promise<void>;
}

/** Without the Web Locks API (an old browser): one drainer in this tab at least. */
const tabLocks: Locks = (() => {
  const held = new Set<string>();
  return {
    async request(name, _options, callback) {
      if (held.has(name)) return callback(null);
      held.add(name);
      try {
        await callback({});
      } finally {
        held.delete(name);
      }
    },
  };
})();

const defaultLocks = (): Locks => (typeof navigator !== 'undefined' && navigator.locks ? (navigator.locks as unknown as Locks) : tabLocks);

/** 1 s, 2 s, 4 s ... up to a minute, times 0.5 to 1.5 so that tills back at once do not all knock together. */
export const backoffMs = (attempts: number, random = Math.random) => Math.min(60_000, 1000 * 2 ** Math.max(0, attempts - 1)) * (0.5 + random());

export interface DrainOptions {
  db?: TillDatabase;
  send?: Send;
  locks?: Locks;
  now?: () => number;
}

/**
 * Sends what waits, oldest first, while the server answers; returns when the outbox is empty, the server is out of
 * reach (the rest waits for its backoff), the queue is paused (401), or another tab holds the lock.
 */
export async function drainOutbox({ db = tillDb(), send = sendSale, locks = defaultLocks(), now = Date.now }: DrainOptions = {}): Promise<void> {
  if (syncState.get().paused) return;
  await locks.request('studio-outbox', { ifAvailable: true }, async (lock) => {
    if (!lock) return;
    const waiting = () => db.outbox.where('status').equals('waiting').sortBy('seq');
    const total = (await waiting()).length;
    let done = 0;
    try {
      for (;;) {
        if (syncState.get().paused) return;
        const head = (await waiting())[0];
        if (!head || head.next_try_at > now()) return;
        patch({ syncing: { done, total: Math.max(total, done + 1) } });
        const outcome = await send(head.body);
        const update = (changes: Partial<OutboxEntry>) => db.outbox.update(head.client_ref, changes);
        switch (outcome.kind) {
          case 'order':
            await update({ status: 'synced', order: outcome.order, last_error: null });
            break;
          case 'review':
            await update({ status: 'review', review: outcome.review, last_error: null });
            break;
          case 'refused':
            // the server said no (a 422): kept for a person, never deleted; the next sale goes on
            await update({ status: 'attention', last_error: outcome.message, attempts: head.attempts + 1 });
            break;
          case 'unauthorized':
            patch({ paused: true });
            markReachable(true);
            return;
          case 'retry':
            await update({ attempts: head.attempts + 1, next_try_at: now() + backoffMs(head.attempts + 1), last_error: outcome.message });
            markReachable(!outcome.offline);
            return;
        }
        markReachable(true);
        done++;
      }
    } finally {
      patch({ syncing: null });
    }
  });
}

/** How many sales wait, per outlet, and how many need a person: what a heartbeat reports and the pill shows. */
export async function outboxCounts(db: TillDatabase = tillDb()) {
  const all = await db.outbox.toArray();
  const waiting: Partial<Record<Outlet, number>> = {};
  let attention = 0;
  for (const e of all) {
    if (e.status === 'waiting') waiting[e.outlet] = (waiting[e.outlet] ?? 0) + 1;
    if (e.status === 'attention') attention++;
  }
  return { waiting, attention, total: Object.values(waiting).reduce((a, b) => a + (b ?? 0), 0) };
}

/**
 * POST /api/devices/heartbeat: this device's outbox as it stands (the day close warns about devices with sales waiting).
 * A report in the background: its 401 never raises the 'Session TimeOut' modal by itself (a person who closed it is
 * not asked again every 30 s); the person's next request, or a sale the drainer sends, does.
 */
export async function sendHeartbeat(db: TillDatabase = tillDb()): Promise<void> {
  const device = await deviceInfo(db);
  const { waiting, attention } = await outboxCounts(db);
  // whether it answered is recorded by the API client (serverReachable)
  await apiRequest('/api/devices/heartbeat', { method: 'POST', body: { device_id: device.device_id, code: device.code, waiting, attention }, quiet: true, background: true, ignoreUnauthorized: true }).catch(() => undefined);
}

/** Synced sales are kept a week (their receipts may be asked for again), then dropped from the device. */
const KEEP_SYNCED_MS = 7 * 24 * 60 * 60 * 1000;

let started = false;
/**
 * Drains on start, when the browser says it is back online, when the server answers after none (any call: the waiting
 * sales go at once, not after what is left of their backoff), when the page is shown again, and every 30 s; sends a
 * heartbeat each time the server answers; goes on after a sign-in that ends a 401's pause. Once per page.
 */
export function startSync(): void {
  if (started || typeof window === 'undefined' || typeof indexedDB === 'undefined') return;
  started = true;
  const run = async () => {
    await drainOutbox().catch(() => undefined);
    if (!syncState.get().paused) await sendHeartbeat().catch(() => undefined);
    const cutoff = new Date(Date.now() - KEEP_SYNCED_MS).toISOString();
    await tillDb()
      .outbox.filter((e) => (e.status === 'synced' || e.status === 'review') && e.queued_at < cutoff)
      .delete()
      .catch(() => undefined);
  };
  void run();
  const again = () => void clearBackoff().then(run, run);
  let was = serverReachable.get();
  serverReachable.subscribe(() => {
    const now = serverReachable.get();
    if (now && was === false) again();
    was = now;
  });
  // the browser's word that the network is back is a hint, not an answer: the drain finds out
  window.addEventListener('online', again);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void run();
  });
  window.setInterval(() => void run(), 30_000);
  sessionTimedOut.subscribe(() => {
    if (!sessionTimedOut.get() && syncState.get().paused) {
      patch({ paused: false });
      void run();
    }
  });
}
