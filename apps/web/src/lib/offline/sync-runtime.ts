import { liveQuery } from 'dexie';
import { startSync } from './drainer';
import { tillDb } from './outbox';
import { shellOutbox } from './sync-state';

let watching = false;
/**
 * Starts the drainer and watches the outbox for the shell (a sale queued or sent in another tab shows here too); loaded
 * by lib/offline/background-sync.ts. Once per page.
 */
export function startShellSync(): void {
  startSync();
  if (watching) return;
  watching = true;
  liveQuery(() => tillDb().outbox.orderBy('seq').toArray()).subscribe({
    next: (entries) => shellOutbox.set((s) => ({ ...s, entries })),
    error: () => shellOutbox.set((s) => ({ ...s, entries: [] })),
  });
}
