import { Alert, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { OUTLET_LABELS } from '@studio/shared';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { isAdmin, useCurrentUser } from '../../lib/auth-store';
import { formatDateTime, formatMoney } from '../../lib/format';
import { drainOutbox } from '../../lib/offline/drainer';
import { type OutboxEntry, deviceInfo, outboxFile } from '../../lib/offline/outbox';
import { syncState } from '../../lib/offline/sync-state';
import { useSignal } from '../../lib/signal';

/**
 * The shell's dialogs of the offline till (issue 18; docs/decisions/016-offline-till.md), a chunk of their own: loaded
 * when first opened (app/shell/offline-sales.tsx), so that no page waits for them or for the outbox's code.
 */

const STATUS_BADGES: Record<OutboxEntry['status'], { label: string; color: string }> = {
  waiting: { label: 'Waiting', color: 'orange' },
  attention: { label: 'Needs attention', color: 'red' },
  synced: { label: 'Sent', color: 'teal' },
  review: { label: 'Kept for review', color: 'grape' },
};

const onDevice = (e: OutboxEntry) => e.status === 'waiting' || e.status === 'attention';

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
export function WaitingSalesModal({ opened, onClose, entries }: { opened: boolean; onClose: () => void; entries: readonly OutboxEntry[] }) {
  const admin = isAdmin(useCurrentUser());
  // a phone: two columns (the sale, with its time and customer under it; its total, with its state under it), no sideways scroll
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
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
          <Table.ScrollContainer minWidth={phone ? 0 : 480}>
            <Table verticalSpacing={4} data-testid="waiting-list" data-layout={phone ? 'phone' : 'table'}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{phone ? 'Sale' : 'Receipt'}</Table.Th>
                  {!phone && <Table.Th>When</Table.Th>}
                  {!phone && <Table.Th>Customer</Table.Th>}
                  <Table.Th ta="right">Total</Table.Th>
                  {!phone && <Table.Th>State</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((e) => {
                  const state = (
                    <>
                      <Badge color={STATUS_BADGES[e.status].color} variant="light" data-testid="waiting-badge">
                        {STATUS_BADGES[e.status].label}
                      </Badge>
                      {e.status !== 'synced' && e.last_error && (
                        <Text size="xs" c="dimmed" maw={220} ta="left">
                          {e.status === 'review' ? e.review?.message : e.last_error}
                        </Text>
                      )}
                    </>
                  );
                  const total = <Text size="sm">{e.receipt ? formatMoney(e.receipt.total) : '—'}</Text>;
                  return (
                    <Table.Tr key={e.client_ref} data-testid="waiting-sale" data-status={e.status}>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {e.order?.invoice_no ?? e.provisional_no}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {OUTLET_LABELS[e.outlet]}
                          {e.order ? ` · was ${e.provisional_no}` : ''}
                        </Text>
                        {phone && (
                          <Text size="xs" c="dimmed">
                            {formatDateTime(e.queued_at)} · {e.body.customer_name}
                          </Text>
                        )}
                      </Table.Td>
                      {!phone && (
                        <Table.Td>
                          <Text size="sm">{formatDateTime(e.queued_at)}</Text>
                        </Table.Td>
                      )}
                      {!phone && (
                        <Table.Td>
                          <Text size="sm">{e.body.customer_name}</Text>
                        </Table.Td>
                      )}
                      <Table.Td ta="right">
                        {total}
                        {phone && state}
                      </Table.Td>
                      {!phone && <Table.Td>{state}</Table.Td>}
                    </Table.Tr>
                  );
                })}
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

/** Sales still on this device when Log Out was pressed: download them first, then the sign-out is allowed. */
export function LogoutBlockedModal({ unsent, onClose, logout }: { unsent: readonly OutboxEntry[] | null; onClose: () => void; logout: () => void }) {
  // downloaded: these very sales (a new press of Log Out asks again)
  const [downloadedFor, setDownloadedFor] = useState<readonly OutboxEntry[] | null>(null);
  const downloaded = unsent !== null && downloadedFor === unsent;
  const count = unsent?.length ?? 0;
  return (
    <Modal opened={unsent !== null} onClose={onClose} title="Sales not sent yet" centered data-testid="logout-blocked">
      <Stack>
        <Text size="sm">
          {count} {count === 1 ? 'sale made on this till has' : 'sales made on this till have'} not reached the server yet. Download{' '}
          {count === 1 ? 'it' : 'them'} as a file before signing out, so that nothing is lost if this browser&apos;s data is cleared. They stay on this
          till and are sent after the next sign-in.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Stay signed in
          </Button>
          <Button
            leftSection={<IconDownload size={16} />}
            variant={downloaded ? 'default' : 'filled'}
            onClick={() => void downloadOutbox(unsent ?? []).then(() => setDownloadedFor(unsent))}
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
}
