import { Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { type BookingStatus, type Dashboard, bookingStatuses, OUTLETS, OUTLET_LABELS } from '@studio/shared';
import { IconChevronRight } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { StatusBadge } from '../../crud/status-badge';
import { TRANSFERS_PATH } from '../../lib/config';
import { formatMoney } from '../../lib/format';
import { StatCard } from '../../lib/ui/stat-card';
import { EmptyLine } from './dashboard-lists';
import { monthName } from './dashboard-figures';

// The pages behind the studio's figures (spec §2 paths).
export const DASHBOARD_LINKS = {
  finances: '/finances/income-expenses',
  transfers: TRANSFERS_PATH,
  students: '/students/makeup/list',
  office_students: '/students/office-students/list',
  hostel_students: '/users/hostel-users',
  owing: '/students/makeup/owe',
  hostel: '/users/hostel-users',
  bookings: (eventDate: string) => `/bookings/manage?month=${eventDate.slice(0, 7)}`,
  appointments: (day: string) => `/appointments/book?day=${day}`,
  clients: '/clients/list',
} as const;

const nowrap = { whiteSpace: 'nowrap' } as const;
const rowStyle = { borderTop: '1px solid var(--mantine-color-default-border)' } as const;

/** A line of a card that opens the page behind it: a label, its figure and a chevron. */
function LinkRow({ to, label, value, note, testId }: { to: string; label: ReactNode; value: ReactNode; note?: ReactNode; testId: string }) {
  return (
    <UnstyledButton component={Link} to={to} py={6} style={rowStyle} data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" truncate>
            {label}
          </Text>
          {note && (
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          )}
        </div>
        <Group gap={4} wrap="nowrap">
          <Text size="sm" fw={600} style={nowrap}>
            {value}
          </Text>
          <IconChevronRight size={14} color="var(--mantine-color-dimmed)" />
        </Group>
      </Group>
    </UnstyledButton>
  );
}

/**
 * This month's income (every source), expenses and net, each opening Income & Expenses; and the bank transfers no
 * one has confirmed yet (count and amount, with this month's not received), opening Transfers to confirm.
 */
export function FinanceCards({ d }: { d: Dashboard | undefined }) {
  const f = d?.finances;
  const t = d?.transfers;
  const hint = f ? `${monthName(f.month)} to date, every source` : undefined;
  const waiting = t?.unconfirmed.count ?? 0;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      <StatCard label="Income this month" value={formatMoney(f?.income ?? 0)} hint={hint} loading={!f} loadingHint to={DASHBOARD_LINKS.finances} testId="stat-income" />
      <StatCard label="Expenses this month" value={formatMoney(f?.expense ?? 0)} hint={f && `Spent in ${monthName(f.month)} to date`} loading={!f} loadingHint to={DASHBOARD_LINKS.finances} testId="stat-expense" />
      <StatCard
        label="Net this month"
        value={
          <Text span inherit c={f && f.net < 0 ? 'red' : undefined}>
            {formatMoney(f?.net ?? 0)}
          </Text>
        }
        hint={f && 'Income less expenses'}
        loading={!f}
        loadingHint
        to={DASHBOARD_LINKS.finances}
        testId="stat-net"
      />
      <StatCard
        label="Transfers to confirm"
        value={
          <Text span inherit c={waiting ? 'orange' : undefined}>
            {formatMoney(t?.unconfirmed.amount ?? 0)}
          </Text>
        }
        hint={
          t &&
          `${waiting ? `${plural(waiting, 'transfer')} not yet seen on the statement` : 'Every transfer is confirmed'}${t.not_received.count ? ` · ${formatMoney(t.not_received.amount)} not received this month` : ''}`
        }
        loading={!t}
        loadingHint
        to={DASHBOARD_LINKS.transfers}
        testId="stat-transfers"
      />
    </SimpleGrid>
  );
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Trainees in session by kind (each opens its list) and what all trainees still owe (opens the owing list). */
export function TraineesSummary({ students }: { students: Dashboard['students'] }) {
  const s = students.in_session;
  return (
    <Stack gap={0} data-testid="trainees-summary">
      <Text fw={700} fz={22} data-testid="trainees-total">
        {plural(s.total, 'trainee')}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        in session today
      </Text>
      <LinkRow to={DASHBOARD_LINKS.students} label="Makeup students" value={s.students} testId="trainees-students" />
      <LinkRow to={DASHBOARD_LINKS.office_students} label="PMU (office) students" value={s.office_students} testId="trainees-office" />
      <LinkRow to={DASHBOARD_LINKS.hostel_students} label="Hostel students" value={s.hostel_students} testId="trainees-hostel" />
      <LinkRow
        to={DASHBOARD_LINKS.owing}
        label={<b>Owed by trainees</b>}
        note={students.owing.count ? `${plural(students.owing.count, 'trainee')} with a balance` : 'Every fee is paid'}
        value={<Text span inherit c={students.owing.total > 0 ? 'red' : 'teal'}>{formatMoney(students.owing.total)}</Text>}
        testId="trainees-owed"
      />
    </Stack>
  );
}

/** Hostel beds taken today, by pricing; opens Manage Hostel. */
export function HostelBeds({ hostel }: { hostel: Dashboard['hostel'] }) {
  return (
    <Stack gap={0} data-testid="hostel-beds">
      <UnstyledButton component={Link} to={DASHBOARD_LINKS.hostel} data-testid="hostel-taken">
        <Text fw={700} fz={22}>
          {plural(hostel.taken, 'bed')} taken
        </Text>
        <Text size="xs" c="dimmed" mb="xs">
          hostel students in session today
        </Text>
      </UnstyledButton>
      {hostel.by_pricing.length === 0 ? (
        <EmptyLine>No one is staying at the hostel.</EmptyLine>
      ) : (
        hostel.by_pricing.map((p) => <LinkRow key={p.pricing_id} to={DASHBOARD_LINKS.hostel} label={p.name} value={plural(p.taken, 'bed')} testId="hostel-pricing" />)
      )}
    </Stack>
  );
}

/** Bookings of the next 14 days, soonest first, with what each still owes; each opens its month's bookings. */
export function UpcomingBookings({ bookings }: { bookings: Dashboard['bookings'] }) {
  if (bookings.upcoming.length === 0) return <EmptyLine>No bookings in the next 14 days.</EmptyLine>;
  return (
    <Stack gap={0} data-testid="upcoming-bookings">
      {bookings.upcoming.map((b) => {
        const status = b.status as BookingStatus;
        return (
          <UnstyledButton key={b.id} component={Link} to={DASHBOARD_LINKS.bookings(b.event_date)} py={6} style={rowStyle} data-testid="upcoming-booking">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {b.client_name}
                </Text>
                <Group gap={6} wrap="nowrap">
                  <Text size="xs" c="dimmed" style={nowrap}>
                    {dayjs(b.event_date).format('ddd, MMM D')}
                  </Text>
                  <StatusBadge size="xs" statuses={bookingStatuses} status={status} />
                </Group>
              </div>
              <Text size="sm" fw={600} c={b.balance > 0 ? 'red' : 'teal'} style={nowrap}>
                {b.balance > 0 ? formatMoney(b.balance) : 'Paid'}
              </Text>
            </Group>
          </UnstyledButton>
        );
      })}
    </Stack>
  );
}

/** Today's appointments per outlet: how many hold time, and how far each outlet's day has gone; each opens the day's book. */
export function TodayAppointments({ appointments: a }: { appointments: Dashboard['appointments'] }) {
  const to = DASHBOARD_LINKS.appointments(a.date);
  return (
    <Stack gap={0} data-testid="today-appointments">
      <UnstyledButton component={Link} to={to} data-testid="appointments-today">
        <Text fw={700} fz={22}>
          {a.count} {a.count === 1 ? 'appointment' : 'appointments'}
        </Text>
        <Text size="xs" c="dimmed" mb="xs">
          today, cancelled ones left out
        </Text>
      </UnstyledButton>
      {OUTLETS.map((o) => {
        const x = a.by_outlet[o];
        const parts = [x.done && `${x.done} done`, x.arrived && `${x.arrived} here`, x.booked && `${x.booked} to come`, x.no_show && `${x.no_show} no-show`].filter(Boolean).join(' · ');
        return <LinkRow key={o} to={to} label={OUTLET_LABELS[o]} value={x.count} note={parts || 'nothing booked'} testId={`appointments-${o}`} />;
      })}
    </Stack>
  );
}

/** New and returning clients this month; opens the clients. */
export function MonthClients({ clients }: { clients: Dashboard['clients'] }) {
  return (
    <Stack gap={0} data-testid="month-clients">
      <LinkRow to={DASHBOARD_LINKS.clients} label="New clients" note="first recorded this month" value={clients.new} testId="clients-new" />
      <LinkRow to={DASHBOARD_LINKS.clients} label="Returning clients" note="came back this month (a sale or an appointment)" value={clients.returning} testId="clients-returning" />
    </Stack>
  );
}
