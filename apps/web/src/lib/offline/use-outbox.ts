import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { whenIdle } from '../when-idle';
import { type OutboxEntry, tillDb } from './outbox';

/**
 * This device's outbox, oldest first, as it changes (Dexie's liveQuery: a sale queued or sent in another tab shows
 * here too). undefined until first read, and where the browser has no IndexedDB. `idle`: each change is taken up
 * when the browser is next idle (whenIdle), so the component is not drawn again in the frames right after a sale.
 */
export function useOutbox({ idle = false }: { idle?: boolean } = {}): OutboxEntry[] | undefined {
  const [entries, setEntries] = useState<OutboxEntry[]>();
  useEffect(() => {
    if (typeof indexedDB === 'undefined') return;
    let cancel = () => {};
    const take = (next: OutboxEntry[]) => {
      if (!idle) return setEntries(next);
      cancel();
      cancel = whenIdle(() => setEntries(next));
    };
    const subscription = liveQuery(() => tillDb().outbox.orderBy('seq').toArray()).subscribe({ next: take, error: () => take([]) });
    return () => {
      cancel();
      subscription.unsubscribe();
    };
  }, [idle]);
  return entries;
}
