import { studioDate as calendarDate, studioClock, studioInstant as zonedInstant, type StudioSettings, type TimeFormat } from '@studio/shared';
import dayjs, { type Dayjs } from 'dayjs';
import { studio } from './config';
import { STORAGE_KEYS, readJson } from './storage';

// The studio's clock (issue 34, item 7: "12:00 PM" in one form, 24-hour elsewhere): one setting, `time_format`, read
// from the settings this device last saw (settings-queries.ts keeps it current), and every time written through here.
let clock: TimeFormat = readJson<Partial<StudioSettings>>(STORAGE_KEYS.settings)?.time_format ?? '24h';

/** The studio's clock setting (`24h` or `12h`): set from the settings as they arrive. */
export function setClockFormat(format: TimeFormat): void {
  clock = format;
}
export function clockFormat(): TimeFormat {
  return clock;
}
/** The hour and minute of a formatted instant on the studio's clock: `14:05`, or `2:05 PM`. */
const clockOptions = (): Intl.DateTimeFormatOptions =>
  clock === '12h' ? { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' } : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** A wall-clock time `HH:mm` as the studio writes it: `14:05`, or `2:05 PM` on a 12-hour clock; other text as it is. */
export function formatClock(hhmm: string | null | undefined): string {
  const m = /^(\d{2}):(\d{2})/.exec(hhmm ?? '');
  if (!m) return hhmm ?? '';
  if (clock === '24h') return `${m[1]}:${m[2]}`;
  const h = Number(m[1]);
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${h < 12 ? 'AM' : 'PM'}`;
}

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
  return formatter(`datetime-${clock}`, { month: 'short', day: 'numeric', year: 'numeric', ...clockOptions() }).format(d);
}

/** An instant on a receipt: `9 Mar 2026, 14:05`. */
export function studioReceiptTime(value: string | Date): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return String(value);
  return formatter(`receipt-${clock}`, { day: 'numeric', month: 'short', year: 'numeric', ...clockOptions() }, 'en-GB').format(d);
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

/** The clock time of an instant in the studio, `HH:mm` (a value: what a field edits, what arithmetic reads). */
export function studioTime(value: string | Date): string {
  return studioWallClock(value).slice(11);
}

/** The clock time of an instant in the studio as people read it: `14:05`, or `2:05 PM` (the studio's setting). */
export function showTime(value: string | Date): string {
  return formatClock(studioTime(value));
}
