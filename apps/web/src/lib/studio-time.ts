import { studioDate as calendarDate } from '@studio/shared';
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

const wallFormat = () => formatter('wall', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, 'en-CA');

/** An instant as the studio's wall clock, `YYYY-MM-DD HH:mm` (what a date-and-time field edits). */
export function studioWallClock(value: string | Date): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  const parts = Object.fromEntries(wallFormat().formatToParts(d).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour === '24' ? '00' : parts.hour}:${parts.minute}`;
}

/**
 * The instant (ISO 8601, UTC) at which the studio's clock reads `YYYY-MM-DD HH:mm`, whatever zone this device is in:
 * the studio's offset at that moment is found by reading the guess back (twice, for a change of offset between).
 */
export function studioInstant(wall: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/.exec(wall.trim());
  if (!m) return null;
  const target = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!);
  let at = target;
  for (let i = 0; i < 2; i += 1) {
    const seen = studioWallClock(new Date(at)).replace(' ', 'T');
    at += target - Date.parse(`${seen}:00Z`);
  }
  return new Date(at).toISOString();
}

/** The clock time of an instant in the studio, `HH:mm`. */
export function studioTime(value: string | Date): string {
  return studioWallClock(value).slice(11);
}
