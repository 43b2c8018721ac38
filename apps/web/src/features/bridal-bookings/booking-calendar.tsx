import { ActionIcon, Button, Card, Group, Modal, Stack, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { type BridalBooking, bookingStatuses, addDays, addMonths, monthRange } from '@studio/shared';
import { IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { formatMoney } from '../../lib/format';
import { formatClock, studioDate } from '../../lib/studio-time';
import { StatusBadge } from '../../crud/status-badge';
import classes from './booking-calendar.module.css';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
/** Names a day cell shows; a day with more shows one fewer and "+N more", which opens the whole day. */
const SHOWN_PER_DAY = 3;

/** A day's bookings in the order of the day: by time (those without one last), then by name. */
export function inDayOrder(bookings: readonly BridalBooking[]): BridalBooking[] {
  return [...bookings].sort((a, b) => (a.event_time ?? '99').localeCompare(b.event_time ?? '99') || a.client_name.localeCompare(b.client_name) || a.id - b.id);
}

/** "14:30 Ada Obi", or the name alone when the booking has no time. */
const withTime = (b: BridalBooking) => (b.event_time ? `${formatClock(b.event_time)} ${b.client_name}` : b.client_name);
/** A day cell's chip: the first name, after the time where the cell has room for it (the whole line is its title and in the day's list). */
function ChipText({ booking }: { booking: BridalBooking }) {
  const first = booking.client_name.split(/\s+/)[0] ?? booking.client_name;
  return (
    <>
      {booking.event_time && <span className={classes.chipTime}>{formatClock(booking.event_time)} </span>}
      {first}
    </>
  );
}

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
  /** Moves to another month (its arrows); none: no arrows (the page's month picker does it). */
  onMonth?: (month: string) => void;
  /** A day to show (a booking just saved): the calendar selects it each time a new object is given. */
  focus?: { day: string } | null;
}

/**
 * A month of bookings as a calendar: each day shows its brides (colour by status); a click on a day lists that
 * day's bookings under the grid, a click on a booking opens it, and "Add" books that day. On a phone a day shows
 * only how many it has.
 */
export function BookingCalendar({ month, bookings, loading, onOpen, onAdd, onMonth, artistName, focus }: BookingCalendarProps) {
  const today = studioDate();
  const byDay = new Map<string, BridalBooking[]>();
  for (const b of bookings) byDay.set(b.event_date, [...(byDay.get(b.event_date) ?? []), b]);
  for (const [day, list] of byDay) byDay.set(day, inDayOrder(list));
  const inMonth = (day: string) => day.startsWith(month);
  const [picked, setPicked] = useState<string | null>(null);
  const [wholeDay, setWholeDay] = useState<string | null>(null);
  // a booking just saved: its day is the one shown (never hidden behind "+N more")
  const [focused, setFocused] = useState(focus);
  if (focus !== focused) {
    setFocused(focus);
    if (focus) setPicked(focus.day);
  }
  const selected = picked && inMonth(picked) ? picked : today.startsWith(month) ? today : `${month}-01`;
  const dayBookings = byDay.get(selected) ?? [];
  const fullDay = wholeDay ? (byDay.get(wholeDay) ?? []) : [];

  return (
    <Card withBorder radius="md" padding="sm" className={classes.root} data-testid="booking-calendar" aria-busy={loading || undefined}>
      <Group justify="space-between" wrap="nowrap" mb={6}>
        {onMonth && (
          <ActionIcon variant="subtle" color="gray" aria-label="Previous month" onClick={() => onMonth(addMonths(month, -1))} data-testid="calendar-prev">
            <IconChevronLeft size={18} />
          </ActionIcon>
        )}
        <Text fw={600} size="sm" data-testid="calendar-month">
          {dayjs(`${month}-01`).format('MMMM YYYY')}
        </Text>
        {onMonth && (
          <ActionIcon variant="subtle" color="gray" aria-label="Next month" onClick={() => onMonth(addMonths(month, 1))} data-testid="calendar-next">
            <IconChevronRight size={18} />
          </ActionIcon>
        )}
      </Group>
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
          // more than fit: one line less of names, and "+N more" for the rest (it opens the whole day)
          const shown = list.length > SHOWN_PER_DAY ? SHOWN_PER_DAY - 1 : list.length;
          return (
            <div
              key={day}
              className={classes.day}
              data-today={day === today || undefined}
              data-selected={day === selected || undefined}
              data-testid={`calendar-day-${day}`}
            >
              {/* named by its hidden words, not an aria-label: the number and the count it shows are in them (label in name) */}
              <UnstyledButton className={classes.dayButton} onClick={() => setPicked(day)} aria-pressed={day === selected}>
                <span className={classes.dayNumber} aria-hidden>
                  {Number(day.slice(8))}
                </span>
                {list.length > 0 && (
                  <span className={classes.count} aria-hidden data-testid="day-count">
                    {list.length}
                  </span>
                )}
                <VisuallyHidden>{`${label}: ${list.length} booking${list.length === 1 ? '' : 's'}`}</VisuallyHidden>
              </UnstyledButton>
              <div className={classes.chips}>
                {list.slice(0, shown).map((b) => (
                  <UnstyledButton
                    key={b.id}
                    className={classes.chip}
                    data-status={b.status}
                    onClick={() => onOpen(b)}
                    title={`${withTime(b)}: ${bookingStatuses.labelOf(b.status)}, balance ${formatMoney(b.balance)}`}
                    aria-label={`${withTime(b)}, ${bookingStatuses.labelOf(b.status)}`}
                    data-testid="calendar-booking"
                  >
                    <ChipText booking={b} />
                  </UnstyledButton>
                ))}
                {list.length > shown && (
                  <UnstyledButton
                    className={classes.more}
                    onClick={() => {
                      setPicked(day);
                      setWholeDay(day);
                    }}
                    aria-label={`+${list.length - shown} more: all ${list.length} bookings on ${label}`}
                    data-testid="calendar-more"
                  >
                    +{list.length - shown} more
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
        <DayBookings bookings={dayBookings} onOpen={onOpen} artistName={artistName} testId="day-booking" />
      </Stack>

      <Modal
        opened={wholeDay !== null}
        onClose={() => setWholeDay(null)}
        title={wholeDay ? <Text fw={700}>{`${dayjs(wholeDay).format('dddd, D MMMM YYYY')}: ${fullDay.length} bookings`}</Text> : null}
        centered
        data-testid="calendar-whole-day"
      >
        <Stack gap={6}>
          <DayBookings
            bookings={fullDay}
            onOpen={(b) => {
              setWholeDay(null);
              onOpen(b);
            }}
            artistName={artistName}
            testId="whole-day-booking"
          />
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => {
              const day = wholeDay!;
              setWholeDay(null);
              onAdd(day);
            }}
          >
            Book this day
          </Button>
        </Stack>
      </Modal>
    </Card>
  );
}

/** A day's bookings, one button each: time, client, artist, what is owed, and the status. */
function DayBookings({ bookings, onOpen, artistName, testId }: { bookings: readonly BridalBooking[]; onOpen: (b: BridalBooking) => void; artistName?: (id: number | null) => string | null; testId: string }) {
  if (bookings.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No bookings this day.
      </Text>
    );
  }
  return bookings.map((b) => (
    // the status keeps its whole word ("PENDING", not "PEN…"): the line before it gives way
    <Button
      key={b.id}
      variant="default"
      justify="space-between"
      fullWidth
      onClick={() => onOpen(b)}
      data-testid={testId}
      classNames={{ label: classes.dayLabel, section: classes.daySection }}
      rightSection={
        <StatusBadge statuses={bookingStatuses} status={b.status} />
      }
    >
      <span className={classes.dayLine}>
        {withTime(b)}
        {artistName?.(b.artist_id) ? ` · ${artistName(b.artist_id)}` : ''}
        {b.balance > 0 ? ` · owes ${formatMoney(b.balance)}` : ''}
      </span>
    </Button>
  ));
}
