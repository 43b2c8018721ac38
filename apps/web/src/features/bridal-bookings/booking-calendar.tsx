import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { BOOKING_STATUS_LABELS, type BookingStatus, type BridalBooking, addDays, monthRange } from '@studio/shared';
import { IconPlus } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { formatMoney } from '../../lib/format';
import { studioDate } from '../../lib/studio-time';
import classes from './booking-calendar.module.css';

export const STATUS_COLORS: Record<BookingStatus, string> = { pending: 'yellow', confirmed: 'blue', completed: 'teal', cancelled: 'gray' };
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
/** Names a day cell shows before "+N more" (the day's list below shows them all). */
const SHOWN_PER_DAY = 3;

/** The days of a month's grid, Monday first, padded with nulls to whole weeks. */
export function monthGrid(month: string): (string | null)[] {
  const { from, to } = monthRange(month);
  const lead = (dayjs(from).day() + 6) % 7; // Monday = 0
  const days: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  while (days.length % 7) days.push(null);
  return days;
}

export interface BookingCalendarProps {
  month: string;
  /** Every booking of the month (and filters), not a page. */
  bookings: readonly BridalBooking[];
  loading?: boolean;
  onOpen: (booking: BridalBooking) => void;
  onAdd: (eventDate: string) => void;
  /** Names of artists by id, for the day's list. */
  artistName?: (id: number | null) => string | null;
}

/**
 * A month of bookings as a calendar: each day shows its brides (colour by status); a click on a day lists that
 * day's bookings under the grid, a click on a booking opens it, and "Add" books that day. On a phone a day shows
 * only how many it has.
 */
export function BookingCalendar({ month, bookings, loading, onOpen, onAdd, artistName }: BookingCalendarProps) {
  const today = studioDate();
  const byDay = new Map<string, BridalBooking[]>();
  for (const b of bookings) byDay.set(b.event_date, [...(byDay.get(b.event_date) ?? []), b]);
  const inMonth = (day: string) => day.startsWith(month);
  const [picked, setPicked] = useState<string | null>(null);
  const selected = picked && inMonth(picked) ? picked : today.startsWith(month) ? today : `${month}-01`;
  const dayBookings = byDay.get(selected) ?? [];

  return (
    <Card withBorder radius="md" padding="sm" data-testid="booking-calendar" aria-busy={loading || undefined}>
      {/* a group of day buttons, not an ARIA grid: it has no grid keyboard model, and each day's name says its weekday */}
      <div className={classes.grid} role="group" aria-label={`Bookings in ${dayjs(`${month}-01`).format('MMMM YYYY')}`}>
        {WEEKDAYS.map((w) => (
          <div key={w} className={classes.weekday} aria-hidden>
            {w}
          </div>
        ))}
        {monthGrid(month).map((day, i) => {
          if (!day) return <div key={`pad-${i}`} className={classes.pad} aria-hidden />;
          const list = byDay.get(day) ?? [];
          const label = dayjs(day).format('dddd D MMMM');
          return (
            <div
              key={day}
              className={classes.day}
              data-today={day === today || undefined}
              data-selected={day === selected || undefined}
              data-testid={`calendar-day-${day}`}
            >
              <UnstyledButton className={classes.dayButton} onClick={() => setPicked(day)} aria-pressed={day === selected} aria-label={`${label}: ${list.length} booking${list.length === 1 ? '' : 's'}`}>
                <span className={classes.dayNumber}>{Number(day.slice(8))}</span>
                {list.length > 0 && (
                  <span className={classes.count} data-testid="day-count">
                    {list.length}
                  </span>
                )}
              </UnstyledButton>
              <div className={classes.chips}>
                {list.slice(0, SHOWN_PER_DAY).map((b) => (
                  <UnstyledButton
                    key={b.id}
                    className={classes.chip}
                    data-status={b.status}
                    onClick={() => onOpen(b)}
                    title={`${b.client_name}: ${BOOKING_STATUS_LABELS[b.status]}, balance ${formatMoney(b.balance)}`}
                    data-testid="calendar-booking"
                  >
                    {b.client_name}
                  </UnstyledButton>
                ))}
                {list.length > SHOWN_PER_DAY && (
                  <UnstyledButton className={classes.more} onClick={() => setPicked(day)}>
                    +{list.length - SHOWN_PER_DAY} more
                  </UnstyledButton>
                )}
              </div>
            </div>
          );
        })}
      </div>

      <Stack gap={6} mt="sm" data-testid="calendar-day-list">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            {dayjs(selected).format('dddd, D MMMM YYYY')}
          </Text>
          <Tooltip label="Book this day">
            <ActionIcon variant="light" aria-label={`Add a booking on ${dayjs(selected).format('D MMMM YYYY')}`} onClick={() => onAdd(selected)} data-testid="calendar-add">
              <IconPlus size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
        {dayBookings.length === 0 && (
          <Text size="sm" c="dimmed">
            No bookings this day.
          </Text>
        )}
        {dayBookings.map((b) => (
          <Button key={b.id} variant="default" justify="space-between" fullWidth onClick={() => onOpen(b)} data-testid="day-booking" rightSection={<Badge color={STATUS_COLORS[b.status]} variant="light">{BOOKING_STATUS_LABELS[b.status]}</Badge>}>
            <span className={classes.dayLine}>
              {b.client_name}
              {artistName?.(b.artist_id) ? ` · ${artistName(b.artist_id)}` : ''}
              {b.balance > 0 ? ` · owes ${formatMoney(b.balance)}` : ''}
            </span>
          </Button>
        ))}
      </Stack>
    </Card>
  );
}
