import type { SyncState } from './drainer';

/** What the header pill says about this device's sales (issue 18), and in which colour. */
export interface SyncPill {
  state: 'synced' | 'waiting' | 'offline' | 'syncing' | 'attention' | 'paused';
  label: string;
  color: 'teal' | 'orange' | 'blue' | 'red' | 'gray';
}

const sales = (n: number) => `${n} ${n === 1 ? 'sale' : 'sales'}`;

/**
 * "Online · all synced" / "Offline · 3 sales waiting" / "Syncing 2 of 5" / "1 sale needs attention". A sale that
 * needs a person comes first (it will not send itself), then a sync under way, then whether the server answers.
 */
export function syncPill(sync: SyncState, counts: { waiting: number; attention: number }): SyncPill {
  const { waiting, attention } = counts;
  if (attention > 0) return { state: 'attention', label: `${sales(attention)} ${attention === 1 ? 'needs' : 'need'} attention`, color: 'red' };
  if (sync.syncing && waiting > 0) {
    const total = Math.max(sync.syncing.total, sync.syncing.done + 1);
    return { state: 'syncing', label: `Syncing ${Math.min(sync.syncing.done + 1, total)} of ${total}`, color: 'blue' };
  }
  if (sync.paused) return { state: 'paused', label: waiting ? `Sign in to send ${sales(waiting)}` : 'Signed out', color: 'orange' };
  if (sync.reachable === false) return { state: 'offline', label: waiting ? `Offline · ${sales(waiting)} waiting` : 'Offline · nothing waiting', color: 'orange' };
  if (waiting > 0) return { state: 'waiting', label: `Online · ${sales(waiting)} waiting`, color: 'blue' };
  return { state: 'synced', label: 'Online · all synced', color: 'teal' };
}
