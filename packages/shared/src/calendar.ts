// Calendar arithmetic on the studio's days and months, the same on the server and in the web app.
const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** The studio's calendar day (`YYYY-MM-DD`) of an instant, in its time zone (default Africa/Lagos), not the server's. */
export function studioDate(at: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // building a formatter costs about a millisecond (it loads the zone's rules): one per zone, kept
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** First and last day of a `YYYY-MM` month. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** A `YYYY-MM-DD` day moved by whole days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A `YYYY-MM` month moved by whole months. */
export function addMonths(month: string, months: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + months, 1));
  return d.toISOString().slice(0, 7);
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();
/** An instant as the studio's wall clock reads it, `YYYY-MM-DDTHH:mm`. */
export function studioClock(at: Date, timeZone: string): string {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clockFormats.set(timeZone, format);
  }
  const p = Object.fromEntries(format.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour === '24' ? '00' : p.hour}:${p.minute}`;
}

/**
 * The instant at which the studio's clock reads `day` at `time` (`HH:mm`, default midnight): the zone's offset then
 * is found by reading a guess back, twice (an offset that changes between the guess and the answer).
 *
 * @example
 * studioInstant('2026-03-01', '00:00', 'Africa/Lagos').toISOString() // '2026-02-28T23:00:00.000Z'
 */
export function studioInstant(day: string, time = '00:00', timeZone: string): Date {
  const target = Date.parse(`${day}T${time}:00Z`);
  let at = target;
  for (let i = 0; i < 2; i += 1) at += target - Date.parse(`${studioClock(new Date(at), timeZone)}:00Z`);
  return new Date(at);
}
