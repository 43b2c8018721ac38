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
