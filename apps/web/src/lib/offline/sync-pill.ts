import type { SyncState } from './sync-state';

/** What the header pill says about this device's sales (issue 18), and in which colour. */
export interface SyncPill {
  state: 'synced' | 'waiting' | 'offline' | 'syncing' | 'attention' | 'paused';
  label: string;
  /** The same on a phone's header, where the full label would be cut ("Offline · 3", "Syncing 2/5"); the full one is its name. */
  short: string;
  color: 'teal' | 'orange' | 'blue' | 'red' | 'gray';
}

const sales = (n: number) => `${n} ${n === 1 ? 'sale' : 'sales'}`;

/**
 * "Online · all synced" / "Offline · 3 sales waiting" / "Syncing 2 of 5" / "1 sale needs attention". A sale that
 * needs a person comes first (it will not send itself), then a sync under way, then whether the server answers.
 */
export function syncPill(sync: SyncState & { reachable: boolean | null }, counts: { waiting: number; attention: number }): SyncPill {
  const { waiting, attention } = counts;
  if (attention > 0) return { state: 'attention', label: `${sales(attention)} ${attention === 1 ? 'needs' : 'need'} attention`, short: `${attention} to check`, color: 'red' };
  if (sync.syncing && waiting > 0) {
    const total = Math.max(sync.syncing.total, sync.syncing.done + 1);
    const at = Math.min(sync.syncing.done + 1, total);
    return { state: 'syncing', label: `Syncing ${at} of ${total}`, short: `Syncing ${at}/${total}`, color: 'blue' };
  }
  if (sync.paused) return { state: 'paused', label: waiting ? `Sign in to send ${sales(waiting)}` : 'Signed out', short: waiting ? `Sign in · ${waiting}` : 'Signed out', color: 'orange' };
  if (sync.reachable === false) return { state: 'offline', label: waiting ? `Offline · ${sales(waiting)} waiting` : 'Offline · nothing waiting', short: waiting ? `Offline · ${waiting}` : 'Offline', color: 'orange' };
  if (waiting > 0) return { state: 'waiting', label: `Online · ${sales(waiting)} waiting`, short: `${waiting} waiting`, color: 'blue' };
  return { state: 'synced', label: 'Online · all synced', short: 'Online', color: 'teal' };
}
