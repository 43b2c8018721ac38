import { OUTLETS, type Outlet, type TillList } from '@studio/shared';
import { apiRequest } from '../api-client';
import { tillDb } from './outbox';

/**
 * Each outlet's till list on this device (issue 18; issue 34, item 2): the till writes its list here after each
 * answer, and reads it when the server does not answer. Downloaded for all three outlets as soon as someone signs in
 * online (downloadTillLists), so a till this device never opened still sells offline.
 */

/** A list downloaded this recently is not downloaded again at sign-in (an open till keeps its own copy current). */
const FRESH_MS = 15 * 60_000;

/** The outlet's list as the server gave it at `at`, kept on the device. */
export function saveTillList(outlet: Outlet, list: TillList, at: string): Promise<unknown> {
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  return tillDb()
    .catalogue.put({ outlet, items: list.data, cursor: list.cursor, prices_as_of: at })
    .catch(() => undefined);
}

/** The copy on this device, with when the server last confirmed its prices; null when it was never downloaded here. */
export async function readTillList(outlet: Outlet): Promise<(TillList & { prices_as_of: string }) | null> {
  if (typeof indexedDB === 'undefined') return null;
  const snapshot = await tillDb()
    .catalogue.get(outlet)
    .catch(() => undefined);
  return snapshot ? { data: snapshot.items, cursor: snapshot.cursor, prices_as_of: snapshot.prices_as_of } : null;
}

/**
 * Downloads every outlet's till list this device has no recent copy of, one after the other, quietly (a failure
 * waits for the next sign-in or the till itself). Returns the outlets downloaded.
 */
export async function downloadTillLists(now = Date.now()): Promise<Outlet[]> {
  if (typeof indexedDB === 'undefined') return [];
  const done: Outlet[] = [];
  for (const outlet of OUTLETS) {
    const copy = await readTillList(outlet);
    if (copy && now - Date.parse(copy.prices_as_of) < FRESH_MS) continue;
    try {
      const list = await apiRequest<TillList>(`/api/pos/${outlet}/products`, { quiet: true, background: true });
      await saveTillList(outlet, list, new Date().toISOString());
      done.push(outlet);
    } catch {
      // offline or refused: the next sign-in (or the till when opened) tries again
    }
  }
  return done;
}
