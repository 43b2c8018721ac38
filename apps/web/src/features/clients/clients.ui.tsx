import { route } from '@studio/shared';
import { Alert, Badge, Button, Card, Group, Modal, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  type Client,
  PREPAID_LINE_LABELS,
  type ClientHistoryEntry,
  type ClientMergeRecord,
  type DuplicateReason,
  OUTLET_LABELS,
  PATCH_TEST_RESULTS,
  PATCH_TEST_RESULT_LABELS,
  clients,
  formatPhone,
} from '@studio/shared';
import { IconCalendarPlus, IconCash, IconDownload, IconEraser, IconGitMerge, IconPencil } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { hooksFor, resourceKeys } from '../../crud/create-resource-hooks';
import { DataTable, dataTableIds } from '../../crud/data-table';
import { ResourceForm } from '../../crud/resource-form';
import { ResourceListPage } from '../../crud/resource-list-page';
import { type ColumnDef, defineResourceUi } from '../../crud/resource-ui';
import { api } from '../../lib/api-client';
import { isAdmin, useCurrentUser } from '../../lib/auth-store';
import { useClientHistory } from '../../lib/clients-queries';
import { formatDate, formatMoney } from '../../lib/format';
import { TakePaymentModal, type Owing } from '../../lib/orders/take-payment.modal';
import { notify } from '../../lib/notify';
import { Figure } from '../../lib/ui/figure';
import { PageHeader } from '../../lib/ui/page-header';
import { appointmentsUi } from './appointments.ui';
import { ClientPackages } from './client-packages';
import { ClientTouchUps } from './client-touch-ups';

const resultOptions = PATCH_TEST_RESULTS.map((r) => ({ value: r, label: PATCH_TEST_RESULT_LABELS[r] }));

/** Clients: one record per person, by phone; PMU notes with the patch test and consent. */
export const clientsUi = defineResourceUi({
  resource: clients,
  columns: [
    { key: 'name', label: 'Name' },
    { key: 'phone', label: 'Phone', kind: 'phone', nowrap: true, priority: 1 },
    { key: 'email', label: 'Email', priority: 5 },
    { key: 'birthday', label: 'Birthday', kind: 'date', priority: 4 },
    {
      key: 'patch_test_date',
      label: 'Patch test',
      kind: 'date',
      priority: 3,
      csv: (c) => (c.patch_test_date ? `${c.patch_test_date} ${c.patch_test_result ? PATCH_TEST_RESULT_LABELS[c.patch_test_result] : ''}`.trim() : null),
    },
    { key: 'allergies', label: 'Allergies', only: 'csv' },
    { key: 'consent_date', label: 'Consent', kind: 'date', only: 'csv' },
    { key: 'notes', label: 'Notes', only: 'csv' },
    { key: 'created_at', label: 'Added', kind: 'date', priority: 4 },
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, placeholder: 'Chioma Okafor' },
    { name: 'phone', label: 'Phone', kind: 'phone', required: true, placeholder: '0803 123 4567', description: 'One client per phone number.' },
    { name: 'email', label: 'Email', kind: 'email' },
    { name: 'birthday', label: 'Birthday', kind: 'date' },
    { name: 'allergies', label: 'Allergies or skin notes', kind: 'textarea', placeholder: 'e.g. sensitive to latex; keloid scarring' },
    { name: 'patch_test_date', label: 'Patch test date', kind: 'date', description: 'PMU: the day the patch test was done.' },
    { name: 'patch_test_result', label: 'Patch test result', kind: 'select', options: resultOptions, placeholder: 'Not read yet' },
    { name: 'consent_date', label: 'Consent signed on', kind: 'date', description: 'Who recorded it is kept with it.' },
    { name: 'notes', label: 'Notes', kind: 'textarea' },
  ],
});

/** /clients/list: search (name, phone, email), CSV, add and edit; a row opens the client's page. */
export function ClientsPage({ title }: { title: string }) {
  const navigate = useNavigate();
  return (
    <ResourceListPage
      ui={clientsUi}
      title={title}
      csv={{ name: 'clients' }}
      onOpen={(c) => void navigate(`/clients/${c.id}`)}
      summaryCards={[{ key: 'count', label: 'Clients', format: 'count' }]}
    />
  );
}

const KIND_LABELS: Record<string, string> = {
  sale: 'Sale',
  booking: 'Bridal booking',
  student: 'Makeup training',
  'office-student': 'PMU training',
  'hostel-student': 'Hostel',
  appointment: 'Appointment',
};

const STATUS_COLORS: Record<string, string> = {
  paid: 'teal',
  void: 'gray',
  done: 'teal',
  'checked out': 'teal',
  completed: 'teal',
  booked: 'blue',
  arrived: 'grape',
  confirmed: 'blue',
  pending: 'yellow',
  no_show: 'orange',
  cancelled: 'gray',
  suspended: 'orange',
  enrolled: 'blue',
};

type HistoryRow = ClientHistoryEntry & { key: string };

const historyColumns: ColumnDef<HistoryRow>[] = [
  { key: 'date', label: 'Date', kind: 'date', priority: 1 },
  {
    key: 'title',
    label: 'What',
    render: (e) => (
      <Stack gap={0}>
        <Text fz="sm" fw={600}>
          {e.title}
        </Text>
        <Text fz="xs" c="dimmed">
          {KIND_LABELS[e.kind] ?? e.title}
        </Text>
      </Stack>
    ),
  },
  { key: 'outlet', label: 'Outlet', render: (e) => (e.outlet ? OUTLET_LABELS[e.outlet] : '—'), priority: 3 },
  {
    key: 'status',
    label: 'Status',
    render: (e) => (
      <Badge variant="light" color={STATUS_COLORS[e.status] ?? 'gray'}>
        {e.status.replace('_', '-')}
      </Badge>
    ),
  },
  { key: 'amount', label: 'Amount', kind: 'money', adminOnly: true },
  { key: 'balance', label: 'Owed', kind: 'money' },
];

/** A client's page (`/clients/:id`): details, PMU notes, history across outlets; admins merge, export and erase. */
/** The client's store credit (issue 31, item 3): its balance and every line, newest last; nothing shown when none. */
function StoreCredit({ clientId }: { clientId: number }) {
  const credit = useQuery({ queryKey: ['clients', clientId, 'credit'], queryFn: ({ signal }) => api.get(route('/api/clients/{id}/credit', { id: clientId }), undefined, signal) });
  const c = credit.data;
  if (!c || c.lines.length === 0) return null;
  return (
    <Card withBorder radius="md" data-testid="client-credit">
      <Group justify="space-between" mb="xs">
        <Title order={4}>Store credit</Title>
        <Text fw={700} data-testid="client-credit-balance">
          {formatMoney(c.balance)}
        </Text>
      </Group>
      <Table fz="sm">
        <Table.Tbody>
          {c.lines.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td>{formatDate(l.date)}</Table.Td>
              <Table.Td>
                {PREPAID_LINE_LABELS[l.kind]}
                {l.invoice_no ? ` · ${l.invoice_no}` : ''}
                {l.note ? ` · ${l.note}` : ''}
              </Table.Td>
              <Table.Td ta="right">{formatMoney(l.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

export function ClientPage({ title }: { title: string }) {
  const id = Number(useParams().id);
  const admin = isAdmin(useCurrentUser());
  const history = useClientHistory(Number.isInteger(id) && id > 0 ? id : null);
  const [editing, setEditing] = useState(false);
  const [booking, setBooking] = useState(false);
  const [merging, setMerging] = useState(false);
  const [erasing, setErasing] = useState(false);
  const client = history.data?.client ?? null;
  const summary = history.data?.summary;
  const gone = client?.erased_at != null || client?.merged_into_id != null;
  const rows: HistoryRow[] = (history.data?.entries ?? []).map((e) => ({ ...e, key: `${e.kind}-${e.id}` }));
  // sales whose transfer never came (issue 28): each owes its balance, taken here as at the invoice
  const owingSales: Owing[] = rows.filter((e) => e.kind === 'sale' && e.status === 'paid' && e.balance > 0).map((e) => ({ id: e.id, invoice_no: e.title.replace(/^Sale /, ''), balance: e.balance }));
  const [paying, setPaying] = useState<Owing | null>(null);
  const columns = historyColumns.filter((c) => admin || !c.adminOnly);

  async function exportData() {
    if (!client) return;
    const data = await api.get(route('/api/clients/{id}/export', { id: client.id }));
    const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `client-${client.id}-export.json`;
    a.click();
    URL.revokeObjectURL(url);
    notify.success(`${client.name}: everything the studio holds was exported.`);
  }

  return (
    <div data-testid="client-page">
      <PageHeader
        title={client ? client.name : title}
        actions={
          client &&
          !gone && (
            <>
              <Button leftSection={<IconCalendarPlus size={16} />} onClick={() => setBooking(true)} data-testid="client-book">
                Book appointment
              </Button>
              <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)} data-testid="client-edit">
                Edit
              </Button>
            </>
          )
        }
      />
      {history.isError && (
        <Alert color="red" title="The client could not be loaded" data-testid="client-error">
          <Button size="xs" variant="light" onClick={() => void history.refetch()}>
            Retry
          </Button>
        </Alert>
      )}
      {client && (
        <Stack gap="md">
          {client.erased_at && <Alert color="gray">This client was erased on request on {formatDate(client.erased_at.slice(0, 10))}: their money records are kept, without their details.</Alert>}
          {client.merged_into_id && <Alert color="gray">This record was merged into client #{client.merged_into_id}: its phone number finds that client.</Alert>}
          <Card withBorder radius="md">
            <SimpleGrid cols={{ base: 2, sm: admin ? 5 : 4 }} spacing="sm">
              {admin && <Figure label="Total spent" value={formatMoney(summary?.total_spent ?? 0)} testId="client-total-spent" />}
              <Figure label="Visits" value={String(summary?.visits ?? 0)} testId="client-visits" />
              <Figure label="Last visit" value={summary?.last_visit ? formatDate(summary.last_visit) : '—'} testId="client-last-visit" />
              <Figure label="Balance owed" value={formatMoney(summary?.balance_owed ?? 0)} testId="client-balance" />
              <Figure label="Deposits held" value={formatMoney(summary?.deposits_held ?? 0)} />
            </SimpleGrid>
          </Card>
          {admin && !gone && <MergeUndo client={client} />}
          <StoreCredit clientId={client.id} />
          <ClientPackages clientId={client.id} canSell={!gone} />
          <ClientTouchUps clientId={client.id} />
          {owingSales.map((o) => (
            <Alert key={o.id} color="red" variant="light" data-testid="client-owes">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Text size="sm">
                  Sale {o.invoice_no}: <b>Owes {formatMoney(o.balance)}</b> (a transfer that never arrived)
                </Text>
                <Button size="xs" color="red" leftSection={<IconCash size={14} />} onClick={() => setPaying(o)} data-testid="client-take-payment">
                  Take payment
                </Button>
              </Group>
            </Alert>
          ))}
          <TakePaymentModal order={paying} onClose={() => setPaying(null)} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Card withBorder radius="md">
              <Title order={3} size="h5" mb="xs">
                Contact
              </Title>
              <SimpleGrid cols={2} spacing="xs">
                <Detail label="Phone" value={client.phone ?? '—'} testId="client-phone" />
                <Detail label="Email" value={client.email ?? '—'} />
                <Detail label="Birthday" value={client.birthday ? formatDate(client.birthday) : '—'} />
                <Detail label="Client since" value={formatDate(client.created_at.slice(0, 10))} />
              </SimpleGrid>
              {client.notes && (
                <Text fz="sm" mt="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {client.notes}
                </Text>
              )}
            </Card>
            <Card withBorder radius="md" data-testid="client-pmu">
              <Title order={3} size="h5" mb="xs">
                PMU notes
              </Title>
              <SimpleGrid cols={2} spacing="xs">
                <Detail label="Allergies or skin notes" value={client.allergies ?? 'None recorded'} />
                <Detail
                  label="Patch test"
                  value={client.patch_test_date ? `${formatDate(client.patch_test_date)} · ${client.patch_test_result ? PATCH_TEST_RESULT_LABELS[client.patch_test_result] : 'not read yet'}` : 'None on record'}
                  testId="client-patch-test"
                />
                <Detail
                  label="Consent"
                  value={client.consent_date ? `Signed ${formatDate(client.consent_date)}${client.consent_recorded_by_name ? `, recorded by ${client.consent_recorded_by_name}` : ''}` : 'Not signed'}
                  testId="client-consent"
                />
              </SimpleGrid>
              {client.patch_test_result === 'reaction' && (
                <Alert color="red" mt="sm" p="xs">
                  The patch test showed a reaction.
                </Alert>
              )}
            </Card>
          </SimpleGrid>
          <Card withBorder radius="md" padding={0}>
            <Group justify="space-between" p="md" pb="xs">
              <Title order={3} size="h5">
                History across outlets
              </Title>
              <Text fz="sm" c="dimmed">
                {rows.length} {rows.length === 1 ? 'record' : 'records'}
              </Text>
            </Group>
            <DataTable<HistoryRow>
              columns={columns}
              rows={rows}
              rowKey={(r) => r.key}
              loading={false}
              emptyText="Nothing yet: sales, bookings, training and appointments show here."
              ids={dataTableIds('client-history')}
            />
          </Card>
          {admin && !gone && (
            <Card withBorder radius="md">
              <Title order={3} size="h5" mb="xs">
                Records and data protection
              </Title>
              <Group gap="xs" wrap="wrap">
                <Button variant="default" leftSection={<IconGitMerge size={16} />} onClick={() => setMerging(true)} data-testid="client-merge">
                  Merge a duplicate into this client
                </Button>
                <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => void exportData().catch(() => {})} data-testid="client-export">
                  Export their data
                </Button>
                <Button variant="light" color="red" leftSection={<IconEraser size={16} />} onClick={() => setErasing(true)} data-testid="client-erase">
                  Erase on request
                </Button>
              </Group>
            </Card>
          )}
        </Stack>
      )}
      {client && (
        <>
          <ResourceForm ui={clientsUi} opened={editing} record={client} onClose={() => setEditing(false)} />
          <ResourceForm
            ui={appointmentsUi}
            opened={booking}
            onClose={() => setBooking(false)}
            defaults={{ client_phone: client.phone ?? '', client_name: client.name }}
          />
          {admin && <MergeModal keep={client} opened={merging} onClose={() => setMerging(false)} />}
          {admin && <EraseModal client={client} opened={erasing} onClose={() => setErasing(false)} />}
        </>
      )}
    </div>
  );
}

function Detail({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" data-testid={testId} style={{ whiteSpace: 'pre-wrap' }}>
        {value}
      </Text>
    </div>
  );
}

const REASON_LABELS: Record<DuplicateReason, string> = { same_name: 'Same name', similar_phone: 'Similar phone' };

/**
 * Merge (admin): another record of the same person moves here; its phone then finds this client. The likely
 * duplicates are offered first (issue 34, item 3), the chosen record's history is shown before confirming, and the
 * merge can be undone for 7 days from this page.
 */
function MergeModal({ keep, opened, onClose }: { keep: Client; opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [mergeId, setMergeId] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const duplicates = useQuery({
    queryKey: [...clientMergeKey(keep.id), 'duplicates'],
    queryFn: ({ signal }) => api.get(route('/api/clients/{id}/duplicates', { id: keep.id }), undefined, signal),
    enabled: opened,
  });
  const found = hooksFor(clients).useList({ q: q || undefined, perPage: 20 });
  const likely = duplicates.data ?? [];
  const searched = (found.data?.rows ?? []).filter((c) => c.id !== keep.id && !likely.some((d) => d.client.id === c.id));
  const options = [
    ...(likely.length ? [{ group: 'Likely duplicates', items: likely.map((d) => ({ value: String(d.client.id), label: `${d.client.name} · ${formatPhone(d.client.phone) || 'no phone'} (${d.reasons.map((r) => REASON_LABELS[r]).join(', ')})` })) }] : []),
    { group: 'Other clients', items: searched.map((c) => ({ value: String(c.id), label: `${c.name} · ${formatPhone(c.phone) || 'no phone'}` })) },
  ];
  const chosen = likely.find((d) => String(d.client.id) === mergeId)?.client ?? found.data?.rows.find((c) => String(c.id) === mergeId);
  const chosenHistory = useClientHistory(chosen ? chosen.id : null);
  async function merge() {
    if (!mergeId) return;
    setSaving(true);
    try {
      await api.post('/api/clients/merge', { keep_id: keep.id, merge_id: Number(mergeId) });
      await queryClient.invalidateQueries({ queryKey: resourceKeys(clients.name).all });
      await queryClient.invalidateQueries({ queryKey: clientMergeKey(keep.id) });
      notify.success(`Merged into ${keep.name}. It can be undone for 7 days from this page.`);
      setMergeId(null);
      onClose();
    } catch {
      // the API client showed why
    } finally {
      setSaving(false);
    }
  }
  const entries = chosenHistory.data?.entries ?? [];
  return (
    <Modal opened={opened} onClose={onClose} title="Merge a duplicate" size="lg" fullScreen={phone} centered data-testid="merge-modal">
      <Stack>
        <Text fz="sm">
          Every sale, booking, training record and appointment of the record you choose moves to <b>{keep.name}</b>. Its phone number then finds {keep.name}.
          Empty details here are filled from it; notes and allergies are joined.
        </Text>
        {likely.length > 0 && (
          <Stack gap={6} data-testid="merge-likely">
            <Text fz="sm" fw={600}>
              Likely duplicates
            </Text>
            {likely.map((d) => (
              <Button
                key={d.client.id}
                variant={String(d.client.id) === mergeId ? 'light' : 'default'}
                justify="space-between"
                fullWidth
                onClick={() => setMergeId(String(d.client.id))}
                rightSection={
                  <Group gap={4}>
                    {d.reasons.map((r) => (
                      <Badge key={r} size="sm" variant="light" color={r === 'same_name' ? 'blue' : 'grape'}>
                        {REASON_LABELS[r]}
                      </Badge>
                    ))}
                  </Group>
                }
                data-testid="merge-likely-row"
              >
                {d.client.name} · {formatPhone(d.client.phone) || 'no phone'}
              </Button>
            ))}
          </Stack>
        )}
        <Select
          label={likely.length ? 'Or search for another record' : 'The duplicate record'}
          placeholder="Search by name or phone"
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: o }) => o}
          data={options}
          value={mergeId}
          onChange={setMergeId}
          nothingFoundMessage={found.isFetching ? 'Searching...' : 'Nothing matches'}
          data-testid="merge-pick"
        />
        {chosen && (
          <Card withBorder radius="md" data-testid="merge-candidate">
            <Text fz="sm" fw={600} mb={4}>
              {chosen.name} · {formatPhone(chosen.phone) || 'no phone'}
              {chosen.email ? ` · ${chosen.email}` : ''}
            </Text>
            {chosenHistory.isPending ? (
              <Text fz="sm" c="dimmed">
                Loading their history...
              </Text>
            ) : (
              <>
                <Text fz="sm" data-testid="merge-candidate-summary">
                  {chosenHistory.data?.summary.visits ?? 0} visits, last {chosenHistory.data?.summary.last_visit ? formatDate(chosenHistory.data.summary.last_visit) : 'never'} · owes{' '}
                  {formatMoney(chosenHistory.data?.summary.balance_owed ?? 0)}
                </Text>
                {entries.slice(0, 5).map((e) => (
                  <Text key={`${e.kind}-${e.id}`} fz="xs" c="dimmed" data-testid="merge-candidate-entry">
                    {formatDate(e.date)} · {e.title} · {e.status}
                  </Text>
                ))}
                {entries.length > 5 && (
                  <Text fz="xs" c="dimmed">
                    and {entries.length - 5} more
                  </Text>
                )}
              </>
            )}
          </Card>
        )}
        {chosen && (
          <Alert color="orange" data-testid="merge-summary">
            {chosen.name} ({formatPhone(chosen.phone) || 'no phone'}) will be merged into {keep.name} ({formatPhone(keep.phone) || 'no phone'}). You can undo it from this page for 7 days.
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button color="orange" disabled={!mergeId} loading={saving} onClick={() => void merge()} data-testid="merge-confirm">
            Merge
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const clientMergeKey = (id: number) => ['clients', 'merges', id] as const;

/** The merges into this client that may still be undone (admin), each with its Undo (issue 34, item 3). */
function MergeUndo({ client }: { client: Client }) {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState<number | null>(null);
  const merges = useQuery({
    queryKey: clientMergeKey(client.id),
    queryFn: ({ signal }) => api.get(route('/api/clients/{id}/merges', { id: client.id }), undefined, signal),
  });
  const open = (merges.data ?? []).filter((m) => m.keep_id === client.id && m.can_undo);
  async function undo(m: ClientMergeRecord) {
    setSaving(m.id);
    try {
      await api.post(route('/api/clients/merges/{id}/undo', { id: m.id }), {});
      await queryClient.invalidateQueries({ queryKey: resourceKeys(clients.name).all });
      await queryClient.invalidateQueries({ queryKey: clientMergeKey(client.id) });
      await queryClient.invalidateQueries({ queryKey: ['clients'] });
      notify.success(`Merge undone: client #${m.merge_id} and their records are separate again.`);
    } catch {
      // the API client showed why
    } finally {
      setSaving(null);
    }
  }
  return open.map((m) => (
    <Alert key={m.id} color="blue" variant="light" data-testid="client-merge-undo">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">
          Client #{m.merge_id} was merged into this one on {formatDate(m.merged_at.slice(0, 10))}
          {m.merged_by ? ` by ${m.merged_by.name}` : ''} ({Object.values(m.moved).reduce((a, b) => a + b, 0)} records moved). It can be undone until{' '}
          {formatDate(m.undo_until.slice(0, 10))}.
        </Text>
        <Button size="xs" variant="default" loading={saving === m.id} onClick={() => void undo(m)} data-testid="client-merge-undo-button">
          Undo merge
        </Button>
      </Group>
    </Alert>
  ));
}

/** Erase on request (admin, NDPA 2023): personal details go, money records stay anonymised; the reason is logged. */
function EraseModal({ client, opened, onClose }: { client: Client; opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [confirmName, setConfirmName] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function erase() {
    setSaving(true);
    setError(null);
    try {
      await api.post(route('/api/clients/{id}/erase', { id: client.id }), { reason: reason.trim() }, { quiet: true });
      await queryClient.invalidateQueries({ queryKey: resourceKeys(clients.name).all });
      notify.success('The client’s personal details were erased; their money records are kept.');
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  }
  const ready = reason.trim().length > 0 && confirmName.trim() === client.name.trim();
  return (
    <Modal opened={opened} onClose={onClose} title="Erase this client" centered data-testid="erase-modal">
      <Stack>
        <Text fz="sm">
          Their name, phone, email, birthday, notes and PMU notes are removed here and on every sale, booking, training record and appointment. The money
          records stay (as “Erased client”) so the accounts still add up. This cannot be undone.
        </Text>
        <TextInput label="Reason" placeholder="Client's request by email, 3 May" required value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={255} data-testid="erase-reason" />
        <TextInput
          label={`Type the client's name (${client.name}) to confirm`}
          value={confirmName}
          onChange={(e) => setConfirmName(e.currentTarget.value)}
          data-testid="erase-confirm-name"
        />
        {error && (
          <Alert color="red" data-testid="erase-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button color="red" disabled={!ready} loading={saving} onClick={() => void erase()} data-testid="erase-confirm">
            Erase personal details
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
