import { Alert, Badge, Button, Group, Modal, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { OUTLET_LABELS } from '@studio/shared';
import { IconCloud, IconCloudOff, IconDownload, IconRefresh } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { isAdmin, useCurrentUser } from '../../lib/auth-store';
import { formatDateTime, formatMoney } from '../../lib/format';
import { drainOutbox, startSync, syncState } from '../../lib/offline/drainer';
import { type OutboxEntry, deviceInfo, outboxFile } from '../../lib/offline/outbox';
import { syncPill } from '../../lib/offline/sync-pill';
import { useOutbox } from '../../lib/offline/use-outbox';
import { useSignal } from '../../lib/signal';
import { useLogout } from '../../lib/use-logout';

/**
 * The shell's part of the offline till (issue 18; docs/decisions/016-offline-till.md): the header pill with this
 * device's sales, the list of those waiting, and a sign-out that keeps them.
 */

const STATUS_BADGES: Record<OutboxEntry['status'], { label: string; color: string }> = {
  waiting: { label: 'Waiting', color: 'orange' },
  attention: { label: 'Needs attention', color: 'red' },
  synced: { label: 'Sent', color: 'teal' },
  review: { label: 'Kept for review', color: 'grape' },
};

const onDevice = (e: OutboxEntry) => e.status === 'waiting' || e.status === 'attention';

/** Starts the outbox's drainer (and its heartbeats) for this page and asks the browser to keep the till's data. */
export function useOfflineSync() {
  useEffect(() => {
    startSync();
    // asked once signed in: a browser under storage pressure then never evicts the outbox (Chromium grants it to an installed app)
    void navigator.storage?.persist?.().catch(() => undefined);
  }, []);
}

/** The header pill: "Online · all synced", "Offline · 3 sales waiting", "Syncing 2 of 5", "1 sale needs attention". */
export function SyncPillButton({ compact }: { compact: boolean }) {
  const sync = useSignal(syncState);
  const entries = useOutbox();
  const [open, setOpen] = useState(false);
  const waiting = entries?.filter((e) => e.status === 'waiting').length ?? 0;
  const attention = entries?.filter((e) => e.status === 'attention').length ?? 0;
  const pill = syncPill(sync, { waiting, attention });
  const offline = pill.state === 'offline' || pill.state === 'paused';
  return (
    <>
      <UnstyledButton onClick={() => setOpen(true)} aria-label={`Sales on this till: ${pill.label}`} data-testid="sync-pill" data-state={pill.state} data-waiting={waiting}>
        <Badge size="lg" radius="xl" variant="light" color={pill.color} leftSection={offline ? <IconCloudOff size={14} /> : <IconCloud size={14} />} style={{ cursor: 'pointer', textTransform: 'none' }}>
          {compact && pill.state === 'synced' ? 'Online' : pill.label}
        </Badge>
      </UnstyledButton>
      <WaitingSalesModal opened={open} onClose={() => setOpen(false)} entries={entries ?? []} />
    </>
  );
}

/** Saves the sales still on this device as a file (to send or enter later, if the browser's storage is lost). */
async function downloadOutbox(entries: readonly OutboxEntry[]) {
  const device = await deviceInfo();
  const url = URL.createObjectURL(outboxFile(entries));
  const a = document.createElement('a');
  a.href = url;
  a.download = `offline-sales-${device.code}-${new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-')}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The sales made on this device while offline: each with its badge; those needing attention shown to admins, never deleted. */
function WaitingSalesModal({ opened, onClose, entries }: { opened: boolean; onClose: () => void; entries: readonly OutboxEntry[] }) {
  const admin = isAdmin(useCurrentUser());
  const sync = useSignal(syncState);
  const shown = entries.filter((e) => (e.status === 'attention' ? admin : true)).slice().reverse();
  const hiddenAttention = admin ? 0 : entries.filter((e) => e.status === 'attention').length;
  const unsent = entries.filter(onDevice);
  return (
    <Modal opened={opened} onClose={onClose} title="Sales on this till" size="lg" centered data-testid="waiting-sales">
      <Stack>
        <Text size="sm" c="dimmed">
          Sales made while the server could not be reached are kept here and sent, oldest first, as soon as it answers.
          Sent sales stay listed for a week.
        </Text>
        {hiddenAttention > 0 && (
          <Alert color="red" variant="light" data-testid="waiting-attention-staff">
            {hiddenAttention} {hiddenAttention === 1 ? 'sale was' : 'sales were'} refused by the server and {hiddenAttention === 1 ? 'is' : 'are'} kept on this till: ask an admin to sign in and look.
          </Alert>
        )}
        {shown.length === 0 ? (
          <Text data-testid="waiting-empty">No offline sales on this till.</Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing={4} data-testid="waiting-list">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Receipt</Table.Th>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th>State</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((e) => (
                  <Table.Tr key={e.client_ref} data-testid="waiting-sale" data-status={e.status}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {e.order?.invoice_no ?? e.provisional_no}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {OUTLET_LABELS[e.outlet]}
                        {e.order ? ` · was ${e.provisional_no}` : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(e.queued_at)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{e.body.customer_name}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm">{e.receipt ? formatMoney(e.receipt.total) : '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_BADGES[e.status].color} variant="light" data-testid="waiting-badge">
                        {STATUS_BADGES[e.status].label}
                      </Badge>
                      {e.status !== 'synced' && e.last_error && (
                        <Text size="xs" c="dimmed" maw={220}>
                          {e.status === 'review' ? e.review?.message : e.last_error}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="flex-end">
          <Button variant="default" leftSection={<IconDownload size={16} />} disabled={unsent.length === 0} onClick={() => void downloadOutbox(unsent)} data-testid="waiting-download">
            Download as a file
          </Button>
          <Button leftSection={<IconRefresh size={16} />} disabled={unsent.length === 0 || sync.syncing !== null} onClick={() => void drainOutbox()} data-testid="waiting-send">
            Send now
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Signing out while sales wait on this device is blocked (Loyverse and Square do the same): the person first downloads
 * them as a file. The outbox itself stays on the device after the sign-out and is sent after the next sign-in.
 */
export function useGuardedLogout(): [() => void, ReactNode] {
  const logout = useLogout();
  const entries = useOutbox();
  const [asking, setAsking] = useState(false);
  const [downloaded, setDownloaded] = useState(false);
  const unsent = (entries ?? []).filter(onDevice);
  const request = () => {
    if (unsent.length === 0) return logout();
    setDownloaded(false);
    setAsking(true);
  };
  const modal = (
    <Modal opened={asking} onClose={() => setAsking(false)} title="Sales not sent yet" centered data-testid="logout-blocked">
      <Stack>
        <Text size="sm">
          {unsent.length} {unsent.length === 1 ? 'sale made on this till has' : 'sales made on this till have'} not reached the server yet. Download{' '}
          {unsent.length === 1 ? 'it' : 'them'} as a file before signing out, so that nothing is lost if this browser&apos;s data is cleared. They stay on this
          till and are sent after the next sign-in.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setAsking(false)}>
            Stay signed in
          </Button>
          <Button
            leftSection={<IconDownload size={16} />}
            variant={downloaded ? 'default' : 'filled'}
            onClick={() => void downloadOutbox(unsent).then(() => setDownloaded(true))}
            data-testid="logout-download"
          >
            Download the sales
          </Button>
          <Button color="red" disabled={!downloaded} onClick={logout} data-testid="logout-anyway">
            Sign out
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return [request, modal];
}
