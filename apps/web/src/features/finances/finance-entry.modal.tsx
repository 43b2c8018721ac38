import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type FinanceEntry, OUTLET_LABELS, finances, users } from '@studio/shared';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { hooksFor } from '../../crud/create-resource-hooks';
import { useReferenceOptions } from '../../crud/reference-options';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { notify } from '../../lib/notify';
import { FINANCE_TYPE_LABELS, FinanceTypeBadge } from './finances.ui';

/** An entry opened from the list: its details, Edit, and Delete after a confirmation. */
export function FinanceEntryModal({ entry, hidden, onClose, onEdit }: { entry: FinanceEntry | null; hidden: boolean; onClose: () => void; onEdit: (entry: FinanceEntry) => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const remove = hooksFor(finances).useDelete();
  const [confirming, setConfirming] = useState(false);
  const e = entry;
  const close = () => {
    setConfirming(false);
    onClose();
  };

  async function confirmDelete() {
    if (!e) return;
    try {
      await remove.mutateAsync(e.id);
      notify.success(`${FINANCE_TYPE_LABELS[e.type]} “${e.category}” of ${formatMoney(e.amount)} deleted.`);
      close();
    } catch {
      // the API client reported it; the entry stays open
    }
  }

  return (
    <>
      <Modal
        opened={e !== null && !hidden && !confirming}
        onClose={close}
        title={e ? <Text fw={700}>{`${FINANCE_TYPE_LABELS[e.type]}: ${e.category}`}</Text> : null}
        fullScreen={phone}
        centered
        data-testid="entry-detail"
      >
        {e && (
          <Stack gap="md">
            <Group justify="space-between">
              <FinanceTypeBadge type={e.type} />
              <Text fw={700} fz={22} c={e.type === 'expense' ? 'red.7' : 'teal.7'} data-testid="entry-amount">
                {formatMoney(e.amount)}
              </Text>
            </Group>
            <EntryFacts entry={e} />
            {e.description && (
              <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="entry-description">
                {e.description}
              </Text>
            )}
            <Group gap="xs">
              <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => onEdit(e)} data-testid="entry-edit">
                Edit
              </Button>
              <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)} data-testid="entry-delete">
                Delete
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <Modal opened={e !== null && confirming} onClose={() => setConfirming(false)} title="Delete Entry" centered data-testid="delete-confirm">
        {e && (
          <>
            <Text size="sm">
              Delete the {e.type} <b>{e.category}</b> of <b>{formatMoney(e.amount)}</b> dated {formatDate(e.date)}? This cannot be undone.
            </Text>
            <Group justify="flex-end" mt="lg">
              <Button variant="default" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
              <Button color="red" onClick={() => void confirmDelete()} loading={remove.isPending} data-testid="confirm-delete">
                Delete
              </Button>
            </Group>
          </>
        )}
      </Modal>
    </>
  );
}

/** Date, category, outlet and who recorded it (staff names are fetched only once an entry is open). */
function EntryFacts({ entry: e }: { entry: FinanceEntry }) {
  const staff = useReferenceOptions(users);
  const rows: [string, string][] = [
    ['Date', formatDate(e.date)],
    ['Category', e.category],
    ['Outlet', e.outlet ? OUTLET_LABELS[e.outlet] : 'The whole studio'],
    ['Recorded by', staff.labelOf(e.recorded_by) ?? '—'],
    ['Recorded at', formatDateTime(e.created_at)],
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
      {rows.map(([label, value]) => (
        <div key={label}>
          <Text fz="xs" c="dimmed">
            {label}
          </Text>
          <Text fz="sm">{value}</Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
