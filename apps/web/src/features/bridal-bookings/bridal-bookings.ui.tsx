import { resourceCalls } from '../../lib/resource-calls';
import { Badge, Button, Grid, Group, Modal, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  BOOKING_TRANSITIONS,
  type BookingStatus,
  type BridalBooking,
  methodOptions,
  type Paged,
  bookingStatuses,
  bridalBookings,
  bridalPackages,
  listPath,
  settledText,
  users,
} from '@studio/shared';
import { IconCash, IconPencil, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { hooksFor, resourceKeys } from '../../crud/create-resource-hooks';
import { ledgerParent } from '../../crud/ledger/ledger-parent';
import { RemindBalanceButton } from '../../crud/ledger/payment-receipt';
import { PaymentsDrawer } from '../../crud/ledger/payments.drawer';
import { SettleDepositModal } from '../../crud/ledger/settle-deposit.modal';
import { MonthView } from '../../crud/month-view';
import type { TableColumn } from '../../crud/paged-table';
import { type ReferenceOptions, useReferenceOptions } from '../../crud/reference-options';
import { ResourceForm } from '../../crud/resource-form';
import { StatusBadge } from '../../crud/status-badge';
import { defineResourceUi } from '../../crud/resource-ui';
import { useMonthParam } from '../../crud/use-month-param';
import { apiRequest } from '../../lib/api-client';
import { formatDate, formatMoney } from '../../lib/format';
import { formatClock } from '../../lib/studio-time';
import { notify } from '../../lib/notify';
import { DetailFields } from '../../lib/ui/detail-fields';
import { PageHeader } from '../../lib/ui/page-header';
import { StatusSteps } from '../../lib/ui/status-steps';
import { BookingCalendar } from './booking-calendar';
import { Figure } from '../../lib/ui/figure';


/** The booking form: the package fills in its price; a deposit taken now is the ledger's first payment. */
export const bridalBookingsUi = defineResourceUi({
  resource: bridalBookings,
  titleField: 'client_name',
  // the artist's other bookings (and a PMU client's patch test) show before Save, not in a toast after it
  draftWarnings: true,
  columns: [],
  fields: [
    { name: 'client_name', label: 'Client name', kind: 'text', required: true, placeholder: 'Chioma Okafor' },
    { name: 'phone', label: 'Phone', kind: 'text', required: true, placeholder: '0803 123 4567' },
    { name: 'event_date', label: 'Event date', kind: 'date', required: true },
    { name: 'event_time', label: 'Event time (ready by)', kind: 'time' },
    { name: 'event_location', label: 'Venue', kind: 'text', placeholder: 'Hotel Presidential, Port Harcourt' },
    {
      name: 'package_id',
      label: 'Package',
      kind: 'reference',
      required: true,
      optionFilter: (pkg) => pkg.active === true,
      fill: (pkg) => ({ price: pkg.price }),
    },
    { name: 'price', label: 'Price', kind: 'money', required: true, description: 'Filled in from the package; change it for a special price.' },
    { name: 'artist_id', label: 'Artist', kind: 'reference', optionFilter: (u) => u.active === true, placeholder: 'Not assigned yet' },
    { name: 'status', label: 'Status', kind: 'select', options: bookingStatuses.options, defaultValue: 'pending', only: 'edit' },
    { name: 'email', label: 'Email', kind: 'email' },
    { name: 'amount_paid', label: 'Deposit taken now', kind: 'money', only: 'create', description: 'Recorded as the first payment, with a receipt.' },
    {
      name: 'payment_method',
      label: 'Deposit paid by',
      kind: 'select',
      only: 'create',
      // shown only with a deposit, and then required; nothing is chosen for the desk (never cash by default)
      required: true,
      placeholder: 'Choose how it was paid',
      options: methodOptions('bookings'),
      showWhen: (v) => Number(v.amount_paid) > 0,
    },
    { name: 'note', label: 'Note', kind: 'textarea' },
  ],
});

/** The list's columns; package and artist by name (the same cached lists the form's selects use). */
function bookingColumns(packages: ReferenceOptions, staff: ReferenceOptions): TableColumn<BridalBooking>[] {
  return [
    {
      key: 'client_name',
      label: 'Client',
      render: (b) => (
        <Stack gap={0}>
          <Text fz="sm" fw={600}>
            {b.client_name}
          </Text>
          <Text fz="xs" c="dimmed">
            {packages.labelOf(b.package_id) ?? ''}
          </Text>
        </Stack>
      ),
      csv: (b) => b.client_name,
    },
    {
      key: 'event_date',
      label: 'Event',
      kind: 'date',
      // the list beside the calendar keeps the event and every amount and the status; phone, package and artist go first
      priority: 1,
      render: (b) => (
        <Stack gap={0}>
          <Text fz="sm">{formatDate(b.event_date)}</Text>
          {b.event_time && (
            <Text fz="xs" c="dimmed" data-testid="booking-time">
              {formatClock(b.event_time)}
            </Text>
          )}
        </Stack>
      ),
      csv: (b) => b.event_date,
    },
    { key: 'event_time', label: 'Time', only: 'csv' },
    { key: 'phone', label: 'Phone', kind: 'phone', nowrap: true, priority: 4 },
    { key: 'package_id', label: 'Package', kind: 'reference', csv: (b) => packages.labelOf(b.package_id) ?? null },
    { key: 'artist_id', label: 'Artist', kind: 'reference', csv: (b) => staff.labelOf(b.artist_id) ?? null },
    { key: 'price', label: 'Price', kind: 'money' },
    { key: 'amount_paid', label: 'Paid', kind: 'money' },
    { key: 'balance', label: 'Balance', kind: 'money' },
    {
      key: 'status',
      label: 'Status',
      nowrap: true,
      render: (b) => (
        <StatusBadge statuses={bookingStatuses} status={b.status}>
          {settledText(b)}
        </StatusBadge>
      ),
      csv: (b) => settledText(b) ?? bookingStatuses.labelOf(b.status),
    },
  ];
}

type Filters = { status: BookingStatus | null; artist_id: string | null };

/** The page's widths at which the calendar moves beside the list (lg) and takes more of it (xl). */
const BOOKINGS_GRID = { xs: '576px', sm: '768px', md: '992px', lg: '1200px', xl: '1500px' };

/**
 * /bookings/manage: a month of bookings as a list (with the month's totals of price, paid and balance, and CSV)
 * beside a calendar of the same month; filters by status and artist; a booking opens with its details, status
 * steps, payments (take a payment, receipts, reversal) and a WhatsApp reminder of the balance.
 */
export function ManageBookingsPage({ title }: { title: string }) {
  const [month, setMonth] = useMonthParam();
  const [filters, setFilters] = useState<Filters>({ status: null, artist_id: null });
  const query = { status: filters.status ?? undefined, artist_id: filters.artist_id ?? undefined };
  const packages = useReferenceOptions(bridalPackages);
  const staff = useReferenceOptions(users);
  const columns = bookingColumns(packages, staff);
  // the booking opened, as it was when clicked: a search result of another month is not in the calendar's month
  // until the month has moved to it (then the calendar's fresher copy is shown)
  const [opened, setOpened] = useState<BridalBooking | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<BridalBooking | null>(null);
  const [createDate, setCreateDate] = useState<string | null>(null);
  const [paying, setPaying] = useState<BridalBooking | null>(null);
  const [focus, setFocus] = useState<{ day: string } | null>(null);

  // the calendar shows every booking of the month and filters (a month has tens, not thousands)
  const calendar = useQuery({
    queryKey: [...resourceKeys(bridalBookings.name).lists(), 'calendar', month, query],
    queryFn: ({ signal }) => resourceCalls.listCall(bridalBookings, 'getmonth', { month }, query, signal),
  });
  const open = opened ? (calendar.data?.find((b) => b.id === opened.id) ?? opened) : null;
  /** A row of the list or of a search (any month): the calendar moves to its month and day, and it opens. */
  const openRow = (b: BridalBooking) => {
    if (b.event_date.slice(0, 7) !== month) setMonth(b.event_date.slice(0, 7));
    setFocus({ day: b.event_date });
    setOpened(b);
  };

  const add = (eventDate: string | null) => {
    setEditing(null);
    setCreateDate(eventDate);
    setFormOpen(true);
  };

  return (
    <div data-testid="bookings-page">
      <PageHeader
        title={title}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => add(null)} data-testid="create-button">
            Add Booking
          </Button>
        }
      />
      {/* the calendar beside the list when the page has the room for both (1,200 px of it: a laptop with the sidebar
          folded, a wider screen), a third of it then so the list keeps its amounts and status; under the list from
          768 px of page (a laptop beside the sidebar, a tablet: the list and its figures first), above it on a phone.
          By the page's own width, not the screen's. */}
      <Grid gap="md" type="container" breakpoints={BOOKINGS_GRID}>
        <Grid.Col span={{ base: 12, lg: 8, xl: 7 }} order={{ base: 2, sm: 1 }}>
          <MonthView<BridalBooking>
            queryKey={resourceKeys(bridalBookings.name).lists()}
            path={(m) => listPath(bridalBookings, 'getmonth', { month: m })}
            query={query}
            columns={columns}
            summary={[
              { key: 'count', label: 'Bookings', format: 'count' },
              { key: 'price', label: 'Booked', format: 'money' },
              { key: 'amount_paid', label: 'Paid', format: 'money', color: 'teal' },
              { key: 'balance', label: 'Balance due', format: 'money', color: 'blush' },
            ]}
            filters={
              <Group gap="sm" wrap="wrap" align="flex-end">
                <Select
                  label="Status"
                  placeholder="Every status"
                  clearable
                  data={bookingStatuses.options}
                  value={filters.status}
                  onChange={(v) => setFilters((f) => ({ ...f, status: (v as BookingStatus | null) ?? null }))}
                  w={{ base: '100%', xs: 140 }}
                  data-testid="filter-status"
                />
                <Select
                  label="Artist"
                  placeholder="Every artist"
                  clearable
                  searchable
                  data={staff.options}
                  value={filters.artist_id}
                  onChange={(v) => setFilters((f) => ({ ...f, artist_id: v }))}
                  w={{ base: '100%', xs: 170 }}
                  data-testid="filter-artist"
                />
              </Group>
            }
            search={{
              // the list's own search (client name or phone) over every month, with the same filters
              fetchPage: (text, page, perPage, signal) => apiRequest<Paged<BridalBooking>>(bridalBookings.path, { query: { ...query, q: text, page, per_page: perPage }, signal }),
              key: [query],
              label: 'Find a booking',
              inputLabel: 'Search bookings by client name or phone',
              placeholder: 'Client name or phone',
              note: (text) => `Bookings of every month whose client or phone matches “${text}”, latest event first.`,
              emptyText: (text) => `No booking matches “${text}”.`,
              testId: 'bookings-search',
            }}
            onOpen={openRow}
            csv={{ name: 'bookings', columns: undefined }}
            emptyText={(name) => `No bookings in ${name}.`}
            table={{ testId: 'bookings', rowTestId: 'booking-row', resource: bridalBookings }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4, xl: 5 }} order={{ base: 1, sm: 2 }}>
          <BookingCalendar
            focus={focus}
            onMonth={setMonth}
            month={month}
            bookings={calendar.data ?? []}
            loading={calendar.isPending}
            onOpen={setOpened}
            onAdd={add}
            artistName={(id) => staff.labelOf(id) ?? null}
          />
        </Grid.Col>
      </Grid>

      <BookingDetailModal
        booking={open}
        packageName={open ? (packages.labelOf(open.package_id) ?? '') : ''}
        artistName={open ? (staff.labelOf(open.artist_id) ?? null) : null}
        hidden={formOpen || paying !== null}
        onClose={() => setOpened(null)}
        onEdit={(b) => {
          setEditing(b);
          setFormOpen(true);
        }}
        onPayments={setPaying}
      />
      <ResourceForm
        ui={bridalBookingsUi}
        opened={formOpen}
        record={editing}
        defaults={createDate ? { event_date: createDate } : undefined}
        onClose={() => setFormOpen(false)}
        onSaved={(saved) => {
          // the calendar shows the day of the booking just saved (its month too)
          if (saved.event_date.slice(0, 7) !== month) setMonth(saved.event_date.slice(0, 7));
          setFocus({ day: saved.event_date });
          // a new booking with a deposit opens on its payments: the receipt is one click away
          if (!editing && saved.amount_paid > 0) setPaying(saved);
        }}
      />
      <PaymentsDrawer
        resource={bridalBookings}
        record={paying && ledgerParent(bridalBookings, paying, aboutBooking(paying, packages.labelOf(paying.package_id)))}
        opened={paying !== null}
        onClose={() => setPaying(null)}
        receiptPrefix="BKG"
        paymentsClosed={paying?.status === 'cancelled' ? 'This booking is cancelled: reopen it before taking a payment.' : null}
      />
    </div>
  );
}

/** What a receipt or reminder says a booking's payments are for. */
function aboutBooking(b: BridalBooking, packageName: string | undefined) {
  return { title: b.client_name, phone: b.phone, description: `Bridal booking ${formatDate(b.event_date)}${packageName ? `, ${packageName}` : ''}` };
}

const STEP_LABELS: Record<BookingStatus, string> = { pending: 'Back to pending', confirmed: 'Confirm', completed: 'Mark completed', cancelled: 'Cancel booking' };

function BookingDetailModal({
  booking,
  packageName,
  artistName,
  hidden,
  onClose,
  onEdit,
  onPayments,
}: {
  booking: BridalBooking | null;
  packageName: string;
  artistName: string | null;
  hidden: boolean;
  onClose: () => void;
  onEdit: (b: BridalBooking) => void;
  onPayments: (b: BridalBooking) => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const update = hooksFor(bridalBookings).useUpdate();
  const b = booking;
  const [settling, setSettling] = useState(false);
  async function step(status: BookingStatus) {
    if (!b) return;
    // cancelling a booking that holds money asks what becomes of it first (refunded, forfeited, kept as credit)
    if (status === 'cancelled' && b.amount_paid > 0) return setSettling(true);
    await update.mutateAsync({ id: b.id, body: { status } });
    notify.success(`${b.client_name}: ${bookingStatuses.labelOf(status).toLowerCase()}.`);
  }
  const settled = b ? settledText(b) : null;
  const rows: [string, string][] = b
    ? [
        ['Event', `${formatDate(b.event_date)}${b.event_time ? ` at ${formatClock(b.event_time)}` : ''}`],
        ['Venue', b.event_location ?? '—'],
        ['Package', packageName || '—'],
        ['Artist', artistName ?? 'Not assigned'],
        ['Phone', b.phone],
        ['Email', b.email ?? '—'],
      ]
    : [];
  return (
    <>
      <SettleDepositModal
        opened={settling && b !== null}
        title="Cancel the booking: the money paid"
        name={b?.client_name ?? ''}
        amount={b?.amount_paid ?? 0}
        confirmLabel="Cancel booking"
        onClose={() => setSettling(false)}
        onConfirm={async (settlement) => {
          await update.mutateAsync({ id: b!.id, body: { status: 'cancelled', ...settlement } });
          notify.success(`${b!.client_name}: cancelled.`);
        }}
      />
      <Modal
        opened={b !== null && !hidden && !settling}
        onClose={onClose}
        title={b ? <Text fw={700}>{b.client_name}</Text> : null}
        size="lg"
        fullScreen={phone}
        centered
        data-testid="booking-detail"
      >
        {b && (
          <Stack gap="md">
            <Group gap="xs">
              <StatusBadge statuses={bookingStatuses} status={b.status} size="lg" data-testid="booking-status">
                {settled}
              </StatusBadge>
              {/* a cancelled booking owes nothing, but it was not paid for: its status says what became of the money */}
              {b.balance <= 0 && !settled && (
                <Badge color="teal" variant="filled" size="lg" data-testid="booking-paid">
                  Paid in full
                </Badge>
              )}
            </Group>
            <SimpleGrid cols={3} spacing="xs">
              <Figure label="Price" value={formatMoney(b.price)} />
              <Figure label="Paid" value={formatMoney(b.amount_paid)} testId="booking-paid-figure" />
              <Figure label="Balance" value={formatMoney(b.balance)} testId="booking-balance" />
            </SimpleGrid>
            <DetailFields rows={rows} note={b.note} />
            <Group gap="xs" wrap="wrap">
              <Button leftSection={<IconCash size={16} />} onClick={() => onPayments(b)} data-testid="booking-payments">
                {b.balance > 0 && b.status !== 'cancelled' ? 'Take payment' : 'Payments'}
              </Button>
              <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => onEdit(b)} data-testid="booking-edit">
                Edit
              </Button>
              <RemindBalanceButton parent={ledgerParent(bridalBookings, b, aboutBooking(b, packageName))} />
            </Group>
            {BOOKING_TRANSITIONS[b.status].length > 0 && (
              <StatusSteps
                steps={BOOKING_TRANSITIONS[b.status]}
                colors={bookingStatuses.colors}
                labels={STEP_LABELS}
                sending={update.isPending ? update.variables?.body.status : undefined}
                onStep={step}
                testIdPrefix="booking-step"
              />
            )}
          </Stack>
        )}
      </Modal>
    </>
  );
}
