import { Badge, UnstyledButton } from '@mantine/core';
import { IconCloud, IconCloudOff } from '@tabler/icons-react';
import { type ReactNode, Suspense, lazy, useEffect, useState } from 'react';
import { serverReachable } from '../../lib/api-client';
import { scheduleBackgroundSync, startBackgroundSync } from '../../lib/offline/background-sync';
import type { OutboxEntry } from '../../lib/offline/outbox';
import { syncPill } from '../../lib/offline/sync-pill';
import { outboxCounts, shellOutbox, syncState } from '../../lib/offline/sync-state';
import { useSignal } from '../../lib/signal';
import { onIdle } from '../../lib/when-idle';
import { useLatch } from '../../lib/use-latch';
import { useLogout } from '../../lib/use-logout';

/**
 * The shell's part of the offline till (issue 18; docs/decisions/016-offline-till.md): the header pill with this
 * device's sales, the list of those waiting, and a sign-out that keeps them. The outbox's code (Dexie) and the dialogs
 * load after the page (lib/offline/background-sync.ts, ./offline-sales.modals): the pill's numbers come first from a
 * quick look at the database (issue 20, item 5: the dashboard on a phone).
 */

const modals = () => import('./offline-sales.modals');
const WaitingSalesModal = lazy(() => modals().then((m) => ({ default: m.WaitingSalesModal })));
const LogoutBlockedModal = lazy(() => modals().then((m) => ({ default: m.LogoutBlockedModal })));

/** Starts the outbox's drainer (and its heartbeats) for this page and asks the browser to keep the till's data. */
export function useOfflineSync() {
  useEffect(() => {
    scheduleBackgroundSync();
    // asked once signed in: a browser under storage pressure then never evicts the outbox (Chromium grants it to an installed app)
    void navigator.storage?.persist?.().catch(() => undefined);
    // every outlet's till list on this device, so a till never opened here still sells offline (issue 34, item 2);
    // when the browser is idle, after the page: it is not the page's work
    return onIdle(() => {
      if (typeof indexedDB !== 'undefined') void import('../../lib/offline/till-lists').then((m) => m.downloadTillLists()).catch(() => undefined);
    }, 4000);
  }, []);
}

/** The header pill: "Online · all synced", "Offline · 3 sales waiting", "Syncing 2 of 5", "1 sale needs attention". */
export function SyncPillButton({ compact }: { compact: boolean }) {
  const sync = useSignal(syncState);
  const reachable = useSignal(serverReachable);
  const outbox = useSignal(shellOutbox);
  const [open, setOpen] = useState(false);
  const mounted = useLatch(open);
  const { waiting, attention } = outboxCounts(outbox);
  const pill = syncPill({ ...sync, reachable }, { waiting, attention });
  const offline = pill.state === 'offline' || pill.state === 'paused';
  const show = () => {
    setOpen(true);
    // the list needs the outbox itself
    void startBackgroundSync().catch(() => undefined);
  };
  return (
    <>
      <UnstyledButton onClick={show} aria-label={`Sales on this till: ${pill.label}`} data-testid="sync-pill" data-state={pill.state} data-waiting={waiting}>
        <Badge size="lg" radius="xl" variant="light" color={pill.color} leftSection={offline ? <IconCloudOff size={14} /> : <IconCloud size={14} />} style={{ cursor: 'pointer', textTransform: 'none' }}>
          {compact ? pill.short : pill.label}
        </Badge>
      </UnstyledButton>
      {mounted && (
        <Suspense fallback={null}>
          <WaitingSalesModal opened={open} onClose={() => setOpen(false)} entries={outbox.entries ?? []} />
        </Suspense>
      )}
    </>
  );
}

/**
 * Signing out while sales wait on this device is blocked (Loyverse and Square do the same): the person first downloads
 * them as a file. The outbox itself stays on the device after the sign-out and is sent after the next sign-in.
 * The outbox is read when Log Out is pressed, not watched: the header does not redraw with each sale.
 */
export function useGuardedLogout(): [() => void, ReactNode] {
  const logout = useLogout();
  // the sales still on this device when Log Out was pressed; null: not asking
  const [unsent, setUnsent] = useState<OutboxEntry[] | null>(null);
  const asked = useLatch(unsent !== null);
  const request = () => {
    if (typeof indexedDB === 'undefined') return logout();
    void import('../../lib/offline/outbox')
      .then((m) => m.unsynced())
      .then(
        (entries) => {
          if (entries.length === 0) return logout();
          setUnsent(entries);
        },
        // the device's storage cannot be read: nothing is known to be lost by signing out here
        () => logout(),
      );
  };
  const modal = asked && (
    <Suspense fallback={null}>
      <LogoutBlockedModal unsent={unsent} onClose={() => setUnsent(null)} logout={logout} />
    </Suspense>
  );
  return [request, modal];
}
