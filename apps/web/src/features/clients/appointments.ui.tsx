import { Anchor, Badge, Button, Group, Modal, Select, SegmentedControl, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  APPOINTMENT_TRANSITIONS,
  appointmentStatuses,
  type Appointment,
  type AppointmentRemindersSent,
  type AppointmentStatus,
  DEPOSIT_OUTCOME_LABELS,
  OUTLETS,
  OUTLET_LABELS,
  type Outlet,
  methodOptions,
  appointments,
  settledText,
} from '@studio/shared';
import { IconBrandWhatsapp, IconCash, IconPencil, IconPlus, IconShoppingCart, IconUser } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { hooksFor } from '../../crud/create-resource-hooks';
import { type BookCard, type BookColumn, DayBook, useBookParams } from '../../crud/day-book';
import { ledgerParent } from '../../crud/ledger/ledger-parent';
import { PaymentsDrawer } from '../../crud/ledger/payments.drawer';
import { SettleDepositModal } from '../../crud/ledger/settle-deposit.modal';
import { useReferenceOptions } from '../../crud/reference-options';
import { ResourceForm } from '../../crud/resource-form';
import { StatusBadge } from '../../crud/status-badge';
import { type FormValue, defineResourceUi } from '../../crud/resource-ui';
import { useCurrentUser } from '../../lib/auth-store';
import { checkoutPath, useClientByPhone } from '../../lib/clients-queries';
import { apiRequest } from '../../lib/api-client';
import { studio } from '../../lib/config';
import { formatDate, formatMoney } from '../../lib/format';
import { notify } from '../../lib/notify';
import { whatsappLink } from '../../lib/receipt/receipt-text';
import { showTime, studioDate, studioTime } from '../../lib/studio-time';
import { Figure } from '../../lib/ui/figure';
import { ReminderRun } from '../../lib/ui/reminder-run';
import { DetailFields } from '../../lib/ui/detail-fields';
import { PageHeader } from '../../lib/ui/page-header';
import { StatusSteps } from '../../lib/ui/status-steps';

/** Where staff pick an artist: they may not read the staff list itself. */
export const ARTISTS_PATH = `${appointments.path}/artists`;


/** Under the phone field: the client it finds, or that a new one will be made with the name below. */
function ClientFound({ values }: { values: Readonly<Record<string, FormValue>> }) {
  const { phone, client, isFetching } = useClientByPhone(String(values.client_phone ?? ''));
  if (!phone) return null;
  if (isFetching && !client)
    return (
      <Text fz="xs" c="dimmed" mt={4}>
        Looking up {phone}...
      </Text>
    );
  return client ? (
    <Text fz="xs" c="teal.8" mt={4} data-testid="client-found">
      Existing client: <b>{client.name}</b>
      {client.patch_test_date ? ` · patch test ${formatDate(client.patch_test_date)}` : ' · no patch test on record'}
    </Text>
  ) : (
    <Text fz="xs" c="dimmed" mt={4} data-testid="client-new">
      New client: give their name.
    </Text>
  );
}

/**
 * The appointment form: the client is found (or made) by phone, the service is a product of kind service (its
 * length fills the duration), the artist is any active staff member; a deposit taken now is the ledger's first line.
 */
export const appointmentsUi = defineResourceUi({
  resource: appointments,
  titleField: 'client_name',
  // the artist's other bookings (and a PMU client's patch test) show before Save, not in a toast after it
  draftWarnings: true,
  columns: [
    { key: 'starts_at', label: 'Time', render: (a) => `${showTime(a.starts_at)}–${showTime(a.ends_at)}`, csv: (a) => a.starts_at, nowrap: true },
    { key: 'client_name', label: 'Client' },
    { key: 'client_phone', label: 'Phone', kind: 'phone', nowrap: true, priority: 4 },
    { key: 'service_name', label: 'Service' },
    { key: 'artist_name', label: 'Artist', priority: 3 },
    { key: 'outlet', label: 'Outlet', render: (a) => OUTLET_LABELS[a.outlet], priority: 4 },
    { key: 'price', label: 'Price', kind: 'money', priority: 3 },
    { key: 'amount_paid', label: 'Deposit', kind: 'money', priority: 3 },
    {
      key: 'status',
      label: 'Status',
      render: (a) => (
        <StatusBadge statuses={appointmentStatuses} status={a.status}>
          {a.order_id ? 'Checked out' : null}
        </StatusBadge>
      ),
      csv: (a) => appointmentStatuses.labelOf(a.status),
    },
  ],
  fields: [
    { name: 'client_phone', label: "Client's phone", kind: 'phone', required: true, only: 'create', placeholder: '0803 123 4567', after: ClientFound },
    { name: 'client_name', label: 'Client name', kind: 'text', only: 'create', placeholder: 'Only for a new client' },
    {
      name: 'service_id',
      label: 'Service',
      kind: 'reference',
      required: true,
      referenceQuery: { kind: 'service' },
      optionFilter: (p) => p.archived_at === null || p.archived_at === undefined,
      fill: (p) => ({ duration_minutes: p.duration_minutes ?? '' }),
    },
    { name: 'artist_id', label: 'Artist', kind: 'reference', required: true, referencePath: ARTISTS_PATH },
    { name: 'starts_at', label: 'Starts', kind: 'datetime', required: true, wide: true },
    { name: 'duration_minutes', label: 'Length (minutes)', kind: 'number', description: "Empty: the service's own length." },
    { name: 'amount_paid', label: 'Deposit taken now', kind: 'money', only: 'create', description: 'Recorded as the first payment, with a receipt.' },
    {
      name: 'payment_method',
      label: 'Deposit paid by',
      kind: 'select',
      only: 'create',
      required: true,
      placeholder: 'Choose how it was paid',
      options: methodOptions('appointments'),
      showWhen: (v) => Number(v.amount_paid) > 0,
    },
    { name: 'note', label: 'Note', kind: 'textarea' },
  ],
});

/** The one detail dialog, its status steps, the deposit ledger and the check-out: the book and the reminders open it. */
function useAppointmentDialogs() {
  const [openId, setOpenId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Appointment | null>(null);
  const [paying, setPaying] = useState<Appointment | null>(null);
  return { openId, setOpenId, editing, setEditing, paying, setPaying };
}

type Group = 'artist' | 'outlet';

/**
 * /appointments/book: the day (per artist or per outlet) or the week of appointments. Everyone opens on every
 * artist's day (the desk books for the artists and must see what it booked); an artist may switch to "My day".
 * A card opens the appointment: status steps, deposit, edit, check-out at the till, the client's page.
 */
export function AppointmentBookPage({ title }: { title: string }) {
  const me = useCurrentUser();
  const { day, mode, setDay, setMode } = useBookParams();
  const [group, setGroup] = useState<Group>('artist');
  const [outlet, setOutlet] = useState<Outlet | null>(null);
  // every artist's day first: the desk (a Sales Attendant) is not an artist, and what it books must stay in view
  const [artist, setArtist] = useState<string | null>(null);
  const myId = me ? String(me.id) : null;
  const artists = useReferenceOptions(appointments, { path: ARTISTS_PATH });
  const dialogs = useAppointmentDialogs();
  const [adding, setAdding] = useState<Record<string, FormValue> | null>(null);
  const query = useMemo(() => ({ outlet: outlet ?? undefined, artist_id: artist ?? undefined }), [outlet, artist]);
  const today = studioDate();

  const columnOf = useCallback(
    (a: Appointment): BookColumn => (group === 'artist' ? { key: `a${a.artist_id}`, label: a.artist_name } : { key: a.outlet, label: OUTLET_LABELS[a.outlet] }),
    [group],
  );
  const columns = useMemo<BookColumn[]>(() => {
    if (group === 'outlet') return (outlet ? [outlet] : OUTLETS).map((o) => ({ key: o, label: OUTLET_LABELS[o] }));
    return artist ? [{ key: `a${artist}`, label: artists.labelOf(artist) ?? 'Artist' }] : [];
  }, [group, outlet, artist, artists]);

  const card = useCallback(
    (a: Appointment): BookCard => ({
      accent: `var(--mantine-color-${appointmentStatuses.colorOf(a.status)}-filled)`,
      time: `${showTime(a.starts_at)}–${showTime(a.ends_at)}`,
      state: a.order_id ? 'Checked out' : appointmentStatuses.labelOf(a.status),
      title: a.client_name,
      detail: group === 'outlet' || mode === 'week' ? `${a.service_name} · ${a.artist_name}` : a.service_name,
    }),
    [group, mode],
  );

  const add = (d: string, column: string | null) => {
    // the column's artist, or the one filtered on; otherwise the desk chooses (the one booking is not the artist)
    const artistId = column?.startsWith('a') ? column.slice(1) : artist;
    setAdding({ starts_at: `${d} ${d === today ? nextHour() : '10:00'}`, ...(artistId ? { artist_id: artistId } : {}) });
  };

  return (
    <div data-testid="appointments-page">
      <PageHeader
        title={title}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => add(day, null)} data-testid="create-button">
            Add Appointment
          </Button>
        }
      />
      <DayBook<Appointment>
        resource={appointments}
        day={day}
        onDay={setDay}
        mode={mode}
        onMode={setMode}
        today={today}
        query={query}
        columnOf={columnOf}
        columns={columns}
        card={card}
        onOpen={(a) => dialogs.setOpenId(a.id)}
        onAdd={add}
        controls={
          <Group gap="sm" wrap="wrap" align="flex-end">
            {mode === 'day' && (
              <SegmentedControl
                aria-label="Columns"
                value={group}
                onChange={(v) => setGroup(v as Group)}
                data={[
                  { value: 'artist', label: 'Per artist' },
                  { value: 'outlet', label: 'Per outlet' },
                ]}
                data-testid="book-group"
              />
            )}
            <Select
              aria-label="Outlet"
              placeholder="Every outlet"
              clearable
              data={OUTLETS.map((o) => ({ value: o, label: OUTLET_LABELS[o] }))}
              value={outlet}
              onChange={(v) => setOutlet(v as Outlet | null)}
              w={150}
              data-testid="book-outlet"
            />
            <Select
              aria-label="Artist"
              placeholder="Every artist"
              clearable
              searchable
              data={artists.options}
              value={artist}
              onChange={setArtist}
              w={190}
              data-testid="book-artist"
            />
            {myId && (
              <Switch
                label="My day"
                checked={artist === myId}
                onChange={(e) => setArtist(e.currentTarget.checked ? myId : null)}
                mb={8}
                data-testid="book-my-day"
              />
            )}
          </Group>
        }
      />
      <AppointmentDialogs dialogs={dialogs} />
      <ResourceForm
        ui={appointmentsUi}
        opened={adding !== null}
        defaults={adding ?? undefined}
        onClose={() => setAdding(null)}
        onSaved={(saved) => {
          setDay(saved.day);
          // booked for another artist than the one shown: show everyone's, or it would vanish from view
          if (artist !== null && String(saved.artist_id) !== artist) setArtist(null);
          if (saved.amount_paid > 0) dialogs.setPaying(saved);
        }}
      />
    </div>
  );
}

/** The next whole hour on the studio's clock (a booking made today starts then by default). */
function nextHour(): string {
  const h = Number(studioTime(new Date()).slice(0, 2));
  return `${String(Math.min(h + 1, 20)).padStart(2, '0')}:00`;
}

function AppointmentDialogs({ dialogs }: { dialogs: ReturnType<typeof useAppointmentDialogs> }) {
  const shown = hooksFor(appointments).useOne(dialogs.openId);
  const open = dialogs.openId !== null ? (shown.data ?? null) : null;
  return (
    <>
      <AppointmentDetailModal
        appointment={open}
        hidden={dialogs.editing !== null || dialogs.paying !== null}
        onClose={() => dialogs.setOpenId(null)}
        onEdit={dialogs.setEditing}
        onPayments={dialogs.setPaying}
      />
      <ResourceForm ui={appointmentsUi} opened={dialogs.editing !== null} record={dialogs.editing} onClose={() => dialogs.setEditing(null)} />
      <PaymentsDrawer
        resource={appointments}
        record={dialogs.paying && ledgerParent(appointments, dialogs.paying, aboutAppointment(dialogs.paying))}
        opened={dialogs.paying !== null}
        onClose={() => dialogs.setPaying(null)}
        receiptPrefix="APT"
        paymentsClosed={paymentsClosed(dialogs.paying)}
      />
    </>
  );
}

function paymentsClosed(a: Appointment | null): string | null {
  if (!a) return null;
  if (a.order_id) return 'This appointment was checked out: payments are taken at the till.';
  if (a.status === 'cancelled' || a.status === 'no_show') return `This appointment is ${appointmentStatuses.labelOf(a.status).toLowerCase()}: reopen it before taking a deposit.`;
  return null;
}

function aboutAppointment(a: Appointment) {
  return { title: a.client_name, phone: a.client_phone, description: `${a.service_name}, ${formatDate(a.day)} ${showTime(a.starts_at)}` };
}

/** The reminder a client gets the day before, on WhatsApp. */
export function reminderText(a: Appointment): string {
  return `Hello ${a.client_name}, this is ${studio.name}: a reminder of your ${a.service_name} appointment on ${formatDate(a.day)} at ${showTime(a.starts_at)} with ${a.artist_name}. Reply to confirm or to change it.${studio.phone ? ` ${studio.phone}` : ''}`;
}

const STEP_LABELS: Record<AppointmentStatus, string> = { booked: 'Back to booked', arrived: 'Arrived', done: 'Done', no_show: 'No-show', cancelled: 'Cancel' };

function AppointmentDetailModal({
  appointment: a,
  hidden,
  onClose,
  onEdit,
  onPayments,
}: {
  appointment: Appointment | null;
  hidden: boolean;
  onClose: () => void;
  onEdit: (a: Appointment) => void;
  onPayments: (a: Appointment) => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const navigate = useNavigate();
  const update = hooksFor(appointments).useUpdate();
  // a no-show or a cancellation of an appointment holding a deposit asks what becomes of it first
  const [settling, setSettling] = useState<'no_show' | 'cancelled' | null>(null);
  async function step(status: AppointmentStatus) {
    if (!a) return;
    if ((status === 'no_show' || status === 'cancelled') && a.amount_paid > 0) return setSettling(status);
    await update.mutateAsync({ id: a.id, body: { status } });
    notify.success(`${a.client_name}: ${appointmentStatuses.labelOf(status).toLowerCase()}.`);
  }
  const checkedOut = a?.order_id != null;
  return (
    <>
      <Modal
        opened={a !== null && !hidden && !settling}
        onClose={onClose}
        title={a ? <Text fw={700}>{a.client_name}</Text> : null}
        size="lg"
        fullScreen={phone}
        centered
        data-testid="appointment-detail"
      >
        {a && (
          <Stack gap="md">
            <Group gap="xs">
              <StatusBadge statuses={appointmentStatuses} status={a.status} size="lg" data-testid="appointment-status">
                {settledText(a)}
              </StatusBadge>
              {checkedOut && (
                <Badge color="teal" variant="filled" size="lg" data-testid="appointment-checked-out">
                  Checked out
                </Badge>
              )}
              {a.deposit_outcome && <Badge variant="outline">{DEPOSIT_OUTCOME_LABELS[a.deposit_outcome]}</Badge>}
            </Group>
            <SimpleGrid cols={3} spacing="xs">
              <Figure label="Price" value={formatMoney(a.price)} />
              <Figure label="Deposit paid" value={formatMoney(a.amount_paid)} testId="appointment-deposit" />
              <Figure label="To pay" value={formatMoney(a.balance)} />
            </SimpleGrid>
            <DetailFields
              rows={[
                ['When', `${formatDate(a.day)}, ${showTime(a.starts_at)}–${showTime(a.ends_at)}`],
                ['Service', `${a.service_name} (${a.duration_minutes} min)`],
                ['Artist', a.artist_name],
                ['Outlet', OUTLET_LABELS[a.outlet]],
                ['Phone', a.client_phone ?? '—'],
              ]}
              note={a.note}
            />
            <Group gap="xs" wrap="wrap">
              {a.status === 'done' && !checkedOut && (
                <Button leftSection={<IconShoppingCart size={16} />} onClick={() => void navigate(checkoutPath(a))} data-testid="appointment-checkout">
                  Check out
                </Button>
              )}
              <Button variant={a.status === 'done' && !checkedOut ? 'default' : 'filled'} leftSection={<IconCash size={16} />} onClick={() => onPayments(a)} data-testid="appointment-payments">
                {a.amount_paid > 0 ? 'Deposit' : 'Take deposit'}
              </Button>
              {!checkedOut && (
                <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => onEdit(a)} data-testid="appointment-edit">
                  Edit
                </Button>
              )}
              <Button variant="default" component={Link} to={`/clients/${a.client_id}`} leftSection={<IconUser size={16} />} data-testid="appointment-client">
                Client
              </Button>
              {a.status === 'booked' && a.client_phone && (
                <Button variant="default" component="a" href={whatsappLink(a.client_phone, reminderText(a))} target="_blank" rel="noreferrer" leftSection={<IconBrandWhatsapp size={16} />}>
                  Remind
                </Button>
              )}
            </Group>
            {!checkedOut && (
              <StatusSteps
                steps={APPOINTMENT_TRANSITIONS[a.status]}
                colors={appointmentStatuses.colors}
                labels={STEP_LABELS}
                sending={update.isPending ? update.variables?.body.status : undefined}
                onStep={step}
                testIdPrefix="appointment-step"
              />
            )}
          </Stack>
        )}
      </Modal>
      <SettleDepositModal
        opened={settling !== null && a !== null}
        title={settling === 'no_show' ? 'No-show: the deposit' : 'Cancel the appointment: the deposit'}
        name={a?.client_name ?? ''}
        amount={a?.amount_paid ?? 0}
        confirmLabel={settling === 'no_show' ? 'Mark no-show' : 'Cancel appointment'}
        onClose={() => setSettling(null)}
        onConfirm={async (settlement) => {
          const status = settling!;
          await update.mutateAsync({ id: a!.id, body: { status, ...settlement } });
          notify.success(`${a!.client_name}: ${appointmentStatuses.labelOf(status).toLowerCase()}.`);
        }}
      />
    </>
  );
}

const sentKeyOf = (day: string) => ['reminders', 'appointments', day] as const;

/**
 * The day's appointment reminders already sent, from the server (issue 34, item 4): the same on every device, with
 * who sent each and when; and the mutation that records one.
 */
function useAppointmentReminders(day: string) {
  const client = useQueryClient();
  const sent = useQuery({
    queryKey: sentKeyOf(day),
    queryFn: ({ signal }) => apiRequest<AppointmentRemindersSent>(`/api/reminders/appointments/${day}`, { signal }).then((r) => r.data),
    // another device's reminders appear when the page is looked at again
    refetchOnWindowFocus: true,
  });
  const mark = useMutation({
    mutationFn: (ids: number[]) => apiRequest<AppointmentRemindersSent>('/api/reminders/appointments/sent', { method: 'POST', body: { ids } }).then((r) => r.data),
    onSuccess: (added) =>
      client.setQueryData<AppointmentRemindersSent['data']>(sentKeyOf(day), (old) => [...(old ?? []).filter((o) => !added.some((a) => a.appointment_id === o.appointment_id)), ...added]),
  });
  return { sent: sent.data, mark };
}

/**
 * /appointments/reminders: tomorrow's appointments still booked, each with its WhatsApp reminder (wa.me, the
 * text typed in); "Open next" steps through the ones not sent yet. What was sent is recorded on the server, with who
 * sent it and when, so every device of the studio sees it.
 */
export function RemindersPage({ title }: { title: string }) {
  const [day, setDay] = useState(() => {
    const today = studioDate();
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 1);
    return d.toISOString().slice(0, 10);
  });
  const list = hooksFor(appointments).useList({ path: `${appointments.path}/reminders/${day}`, perPage: 100, sort: 'starts_at', order: 'asc' });
  const rows = list.data?.rows ?? [];
  const { sent, mark } = useAppointmentReminders(day);
  const dialogs = useAppointmentDialogs();
  const lastOf = useMemo(() => new Map((sent ?? []).map((s) => [s.appointment_id, s.last_reminder])), [sent]);
  const sentSet = useMemo(() => new Set(lastOf.keys()), [lastOf]);
  const changeDay = (d: string | null) => {
    if (d) setDay(d);
  };
  return (
    <div data-testid="reminders-page">
      <PageHeader title={title} />
      <ReminderRun
        rows={rows}
        rowKey={(a) => a.id}
        name={(a) => a.client_name}
        phone={(a) => a.client_phone}
        text={reminderText}
        sent={sentSet}
        onSent={(a) => mark.mutateAsync([a.id]).then(() => undefined)}
        controls={<SegmentedDay day={day} onDay={changeDay} />}
        loading={list.isPending}
        failed={list.isError}
        emptyText={`No appointments booked on ${formatDate(day)}.`}
        title={(a) => (
          <Anchor component="button" type="button" fw={600} ta="left" onClick={() => dialogs.setOpenId(a.id)}>
            {showTime(a.starts_at)} · {a.client_name}
          </Anchor>
        )}
        detail={(a) => `${a.service_name} with ${a.artist_name} · ${a.client_phone ?? 'no phone'}`}
        status={(a) => {
          const last = lastOf.get(a.id);
          return (
            last && (
              <Badge color="teal" variant="light" style={{ textTransform: 'none' }} data-testid="reminder-sent-by">
                Sent {showTime(last.at)}
                {last.by ? ` by ${last.by.name}` : ''}
              </Badge>
            )
          );
        }}
      />
      <AppointmentDialogs dialogs={dialogs} />
    </div>
  );
}

function SegmentedDay({ day, onDay }: { day: string; onDay: (d: string | null) => void }) {
  const today = studioDate();
  const tomorrow = new Date(`${today}T00:00:00Z`);
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  const t = tomorrow.toISOString().slice(0, 10);
  return (
    <Select
      label="Day"
      data={[
        { value: today, label: `Today, ${formatDate(today)}` },
        { value: t, label: `Tomorrow, ${formatDate(t)}` },
      ]}
      value={day}
      allowDeselect={false}
      onChange={onDay}
      w={230}
      data-testid="reminders-day"
    />
  );
}
