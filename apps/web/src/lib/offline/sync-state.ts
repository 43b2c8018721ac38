import { createSignal } from '../signal';
import type { OutboxEntry } from './outbox';
import { TILL_DATABASE } from './till-database-name';

/**
 * What the shell shows of the offline till (the header pill, the waiting list), kept here without Dexie: a screen that
 * is not a till loads the outbox's code after it has been drawn (lib/offline/background-sync.ts).
 */
export interface SyncState {
  /** A 401 stopped the queue until someone signs in. */
  paused: boolean;
  /** While a drain runs: how many of the sales it found it has sent. */
  syncing: { done: number; total: number } | null;
}
export const syncState = createSignal<SyncState>({ paused: false, syncing: null });

/** How many of this device's sales wait to be sent, and how many a person must look at (the pill's numbers). */
export interface OutboxCounts {
  waiting: number;
  attention: number;
}

/**
 * This device's outbox as the shell knows it: `entries` once the outbox has been read (and as it changes, oldest first);
 * before that, `counts` from a quick look at the database (`countOutbox`), or null while even that is not known.
 */
export interface ShellOutbox {
  entries: readonly OutboxEntry[] | undefined;
  counts: OutboxCounts | null;
}
export const shellOutbox = createSignal<ShellOutbox>({ entries: undefined, counts: null });

/** The pill's numbers: from the outbox once read, else from the quick look (zero while nothing is known). */
export function outboxCounts({ entries, counts }: ShellOutbox): OutboxCounts {
  if (!entries) return counts ?? { waiting: 0, attention: 0 };
  return { waiting: entries.filter((e) => e.status === 'waiting').length, attention: entries.filter((e) => e.status === 'attention').length };
}

/**
 * The waiting and refused sales in the till's database, read with IndexedDB itself (no Dexie: a few lines instead of
 * 100 KB before the page is drawn). A device without the database gets zeros, and is not given one.
 */
export function countOutbox(name = TILL_DATABASE): Promise<OutboxCounts> {
  const none: OutboxCounts = { waiting: 0, attention: 0 };
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(name);
    // opened without a version, a missing database would be created empty: cancel that instead
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onerror = (event) => {
      if (open.error?.name === 'AbortError') {
        event.preventDefault();
        resolve(none);
      } else reject(open.error ?? new Error('the till database cannot be opened'));
    };
    open.onblocked = () => reject(new Error('the till database is blocked'));
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('outbox')) {
        db.close();
        return resolve(none);
      }
      const status = db.transaction('outbox', 'readonly').objectStore('outbox').index('status');
      const waiting = status.count('waiting');
      const attention = status.count('attention');
      attention.onsuccess = () => {
        db.close();
        resolve({ waiting: waiting.result, attention: attention.result });
      };
      attention.onerror = () => {
        db.close();
        reject(attention.error ?? new Error('the outbox cannot be read'));
      };
    };
  });
}
