import { afterLoadAndIdle } from '../after-load';
import { countOutbox, shellOutbox } from './sync-state';

/**
 * The offline till's sync from any page (issue 18), started without holding up the page's first drawing (issue 20,
 * item 5: the dashboard on a phone). The drainer and the outbox's code (Dexie, about 100 KB) are a chunk of their own
 * (./sync-runtime). A quick look at the database (IndexedDB itself) gives the header pill its numbers at once; when
 * sales wait (or the look fails) the drainer loads at once, otherwise once the page has loaded and the browser is idle
 * (within about 3 s of the load). A till page starts it at once too (`startBackgroundSync`).
 */
let loading: Promise<void> | undefined;

/** Loads and starts the drainer and the shell's view of the outbox (once; again after a failed chunk load). */
export function startBackgroundSync(): Promise<void> {
  loading ??= import('./sync-runtime').then(
    (m) => m.startShellSync(),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

let scheduled = false;
/** Called by the shell on every signed-in page; once per page load. */
export function scheduleBackgroundSync(): void {
  if (scheduled || typeof window === 'undefined' || typeof indexedDB === 'undefined') return;
  scheduled = true;
  const start = () => void startBackgroundSync().catch(() => undefined);
  countOutbox().then(
    (counts) => {
      if (shellOutbox.get().entries === undefined) shellOutbox.set({ entries: undefined, counts });
      if (counts.waiting + counts.attention > 0) start();
      else afterLoadAndIdle(start);
    },
    start,
  );
}
