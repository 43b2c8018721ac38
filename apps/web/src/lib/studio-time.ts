import { studioDate as calendarDate, studioClock, studioInstant as zonedInstant } from '@studio/shared';
import dayjs, { type Dayjs } from 'dayjs';
import { studio } from './config';

const dateFormat = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, options: Intl.DateTimeFormatOptions, locale = 'en-US'): Intl.DateTimeFormat {
  let f = dateFormat.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { timeZone: studio.timeZone, ...options });
    dateFormat.set(key, f);
  }
  return f;
}

/** The studio's calendar day of an instant (`YYYY-MM-DD`), whatever zone this device is set to (contract §1). */
export function studioDate(at: Date = new Date()): string {
  return calendarDate(at, studio.timeZone);
}

/** Today on the studio's calendar, for date arithmetic on whole days (weeks, months). */
export function studioToday(): Dayjs {
  return dayjs(studioDate());
}

/** The studio's current month, `YYYY-MM`. */
export function studioMonth(): string {
  return studioDate().slice(0, 7);
}

/** An instant as the studio's wall clock reads it: `Mar 9, 2026, 14:05`. */
export function studioDateTime(value: string | Date): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return String(value);
  return formatter('datetime', { month: 'short', day: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
}

/** An instant on a receipt: `9 Mar 2026, 14:05`. */
export function studioReceiptTime(value: string | Date): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return String(value);
  return formatter('receipt', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, 'en-GB').format(d);
}

/** An instant as the studio's wall clock, `YYYY-MM-DD HH:mm` (what a date-and-time field edits). */
export function studioWallClock(value: string | Date): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  return studioClock(d, studio.timeZone).replace('T', ' ');
}

/** The instant (ISO 8601, UTC) at which the studio's clock reads `YYYY-MM-DD HH:mm`, whatever zone this device is in. */
export function studioInstant(wall: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})$/.exec(wall.trim());
  const at = m ? Date.parse(`${m[1]}T${m[2]}:00Z`) : Number.NaN;
  // a day the calendar does not have (Feb 30) is not rolled into the next month
  if (!m || Number.isNaN(at) || new Date(at).toISOString().slice(0, 16) !== `${m[1]}T${m[2]}`) return null;
  return zonedInstant(m[1]!, m[2]!, studio.timeZone).toISOString();
}

/** The clock time of an instant in the studio, `HH:mm`. */
export function studioTime(value: string | Date): string {
  return studioWallClock(value).slice(11);
}
