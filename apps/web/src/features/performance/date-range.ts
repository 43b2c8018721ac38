import dayjs, { type Dayjs } from 'dayjs';
import { studioToday } from '../../lib/studio-time';

/** A date range as the API takes it: `YYYY-MM-DD` to `YYYY-MM-DD`, both days included. */
export type DateRange = [string, string];
/** What the picker holds: the second day is null while only the first has been chosen. */
export type PickedRange = [string | null, string | null];

export const RANGE_PRESETS = [
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'This week' },
  { value: 'month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['value'];

const day = (d: Dayjs) => d.format('YYYY-MM-DD');

/** The studio's week starts on Monday; "this week" and "this month" run up to today. */
export function presetRange(preset: RangePreset, today: Dayjs = studioToday()): DateRange {
  switch (preset) {
    case 'today':
      return [day(today), day(today)];
    case 'week':
      return [day(today.subtract((today.day() + 6) % 7, 'day')), day(today)];
    case 'month':
      return [day(today.startOf('month')), day(today)];
    case 'last-month': {
      const last = today.subtract(1, 'month');
      return [day(last.startOf('month')), day(last.endOf('month'))];
    }
  }
}

/** The preset a range equals, if any (to light its button). */
export function presetOf(range: PickedRange, today: Dayjs = studioToday()): RangePreset | null {
  return RANGE_PRESETS.find((p) => {
    const [from, to] = presetRange(p.value, today);
    return range[0] === from && range[1] === to;
  })?.value ?? null;
}

/** `Mar 1 – Mar 15, 2026`, or one day: `Mar 9, 2026`. */
export function describeRange([from, to]: DateRange): string {
  const a = dayjs(from);
  const b = dayjs(to);
  if (from === to) return a.format('MMM D, YYYY');
  return a.year() === b.year() ? `${a.format('MMM D')} – ${b.format('MMM D, YYYY')}` : `${a.format('MMM D, YYYY')} – ${b.format('MMM D, YYYY')}`;
}
