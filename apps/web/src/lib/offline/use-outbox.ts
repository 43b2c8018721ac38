import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { type OutboxEntry, tillDb } from './outbox';

/**
 * This device's outbox, oldest first, as it changes (Dexie's liveQuery: a sale queued or sent in another tab shows
 * here too). undefined until first read, and where the browser has no IndexedDB.
 */
export function useOutbox(): OutboxEntry[] | undefined {
  const [entries, setEntries] = useState<OutboxEntry[]>();
  useEffect(() => {
    if (typeof indexedDB === 'undefined') return;
    const subscription = liveQuery(() => tillDb().outbox.orderBy('seq').toArray()).subscribe({ next: setEntries, error: () => setEntries([]) });
    return () => subscription.unsubscribe();
  }, []);
  return entries;
}
