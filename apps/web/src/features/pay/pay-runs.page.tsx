import { Badge, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { monthRange, type PayRun } from '@studio/shared';
import { IconDownload, IconLock, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '../../lib/format';
import { notify } from '../../lib/notify';
import { studioMonth } from '../../lib/studio-time';
import { PageHeader } from '../../lib/ui/page-header';
import { downloadBankTransfers, useClosePayRun, useDraftPayRun, usePayRun, usePayRuns } from './pay.queries';

/** The month before this one: the run an owner drafts at the start of a month. */
function lastMonth(): { from: string; to: string } {
  const [y, m] = studioMonth().split('-').map(Number) as [number, number];
  return monthRange(m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`);
}

/**
 * /staff/pay-runs (admin): draft a run for a period, see one line per person, close it, download the bank list and
 * open each person's payslip (issue 32; GET/POST /api/pay-runs).
 */
export function PayRunsPage({ title }: { title: string }) {
  const [period, setPeriod] = useState(lastMonth);
  const [openId, setOpenId] = useState<number | null>(null);
  const runs = usePayRuns();
  const run = usePayRun(openId);
  const draft = useDraftPayRun();
  const close = useClosePayRun();

  const onDraft = () =>
    draft.mutate(period, {
      onSuccess: (r) => {
        setOpenId(r.id);
        notify.success(`Pay run of ${formatDate(r.from)} to ${formatDate(r.to)} drafted.`);
      },
    });
  const onClose = (r: PayRun) =>
    close.mutate(r.id, {
      onSuccess: () => {
        void run.refetch();
        notify.success('The pay run is closed: later refunds and voids go to the next run.');
      },
    });

  return (
    <div data-testid="pay-runs-page">
      <PageHeader title={title} />
      <Stack gap="md">
        <Card withBorder radius="md">
          <Group align="flex-end">
            <TextInput type="date" label="From" value={period.from} onChange={(e) => setPeriod({ ...period, from: e.currentTarget.value })} data-testid="pay-from" />
            <TextInput type="date" label="To" value={period.to} onChange={(e) => setPeriod({ ...period, to: e.currentTarget.value })} data-testid="pay-to" />
            <Button leftSection={<IconPlus size={18} />} loading={draft.isPending} onClick={onDraft} data-testid="pay-draft">
              Draft pay run
            </Button>
          </Group>
        </Card>
        <Card withBorder radius="md">
          <Title order={3} size="h5" mb="sm">
            Pay runs
          </Title>
          <Table striped highlightOnHover data-testid="pay-runs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Period</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th>Drafted by</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(runs.data ?? []).map((r) => (
                <Table.Tr key={r.id} onClick={() => setOpenId(r.id)} style={{ cursor: 'pointer' }} data-testid={`pay-run-${r.id}`}>
                  <Table.Td>
                    {formatDate(r.from)} – {formatDate(r.to)}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={r.status === 'closed' ? 'gray' : 'gold'}>{r.status === 'closed' ? 'Closed' : 'Draft'}</Badge>
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(r.total)}</Table.Td>
                  <Table.Td>{r.created_by.name}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {runs.data?.length === 0 && <Text c="dimmed">No pay runs yet.</Text>}
        </Card>
        {run.data && (
          <Card withBorder radius="md" data-testid="pay-run">
            <Group justify="space-between" mb="sm">
              <Title order={3} size="h5">
                {formatDate(run.data.from)} – {formatDate(run.data.to)} ({run.data.status === 'closed' ? `closed by ${run.data.closed_by?.name ?? ''}` : 'draft'})
              </Title>
              <Group>
                <Button variant="default" leftSection={<IconDownload size={18} />} onClick={() => downloadBankTransfers(run.data).catch((e: Error) => notify.error(e.message))}>
                  Bank transfer list (CSV)
                </Button>
                {run.data.status === 'draft' && (
                  <Button leftSection={<IconLock size={18} />} color="dark" loading={close.isPending} onClick={() => onClose(run.data)} data-testid="pay-close">
                    Close run
                  </Button>
                )}
              </Group>
            </Group>
            <Table striped data-testid="pay-lines">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Staff</Table.Th>
                  <Table.Th ta="right">Base pay</Table.Th>
                  <Table.Th ta="right">Commission</Table.Th>
                  <Table.Th ta="right">Adjustments</Table.Th>
                  <Table.Th ta="right">Net</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {run.data.lines.map((l) => (
                  <Table.Tr key={l.staff.id}>
                    <Table.Td>{l.staff.name}</Table.Td>
                    <Table.Td ta="right">{formatMoney(l.base_pay)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(l.commission)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(l.adjustments)}</Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {formatMoney(l.net)}
                    </Table.Td>
                    <Table.Td>
                      <Button component={Link} to={`/staff/pay-runs/${run.data.id}/payslip/${l.staff.id}`} size="xs" variant="light" data-testid={`payslip-${l.staff.id}`}>
                        Payslip
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {run.data.lines.length === 0 && <Text c="dimmed">Nobody has base pay or commission in this period.</Text>}
          </Card>
        )}
      </Stack>
    </div>
  );
}
