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
