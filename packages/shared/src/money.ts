// One way to write a naira amount, for the web's screens and the API's messages alike: en-NG with the ₦ sign and
// kobo always shown (`₦1,234,500.00`). Amounts are naira numbers here; integer kobo is turned back with `fromKobo`.

/** Money arithmetic is done in integer kobo; naira numbers are only for display and the wire. */
export const toKobo = (naira: number) => Math.round(naira * 100);
export const fromKobo = (kobo: number) => kobo / 100;

const naira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A finite amount rounded to kobo, with no negative zero (-0 and -0.004 are 0): what is shown is never "-₦0.00". */
function shownAmount(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return null;
  return Math.round(n * 100) / 100 || 0;
}

/** `1234500` → `₦1,234,500.00`; `-150` → `-₦150.00`; never `-₦0.00`. Empty or not a number: a dash. */
export function formatNaira(value: number | string | null | undefined): string {
  const n = shownAmount(value);
  return n === null ? '—' : naira.format(n);
}

/** Integer kobo (how the API adds money up) as `formatNaira` writes it: `123450` → `₦1,234.50`. */
export const formatKobo = (kobo: number): string => formatNaira(kobo / 100);

/** An over/short or other difference: `+₦200.00`, `-₦150.00`, and `₦0.00` (no sign) when it is nothing. */
export function formatSignedNaira(value: number | string | null | undefined): string {
  const n = shownAmount(value);
  if (n === null) return '—';
  return n > 0 ? `+${naira.format(n)}` : naira.format(n);
}
