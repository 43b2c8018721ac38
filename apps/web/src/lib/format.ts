import dayjs from 'dayjs';
import { studioDateTime } from './studio-time';

const naira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A finite amount rounded to kobo, with no negative zero (-0 and -0.004 are 0): what is shown is never "-₦0.00". */
function shownAmount(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return null;
  return Math.round(n * 100) / 100 || 0;
}

/** `1234500` → `₦1,234,500.00`; `-150` → `-₦150.00`; never `-₦0.00`. Empty values show as a dash. */
export function formatMoney(value: number | string | null | undefined): string {
  const n = shownAmount(value);
  return n === null ? '—' : naira.format(n);
}

/** An over/short or other difference: `+₦200.00`, `-₦150.00`, and `₦0.00` (no sign) when it is nothing. */
export function formatSignedMoney(value: number | string | null | undefined): string {
  const n = shownAmount(value);
  if (n === null) return '—';
  return n > 0 ? `+${naira.format(n)}` : naira.format(n);
}

/** `2026-03-09` (or an ISO timestamp) → `Mar 9, 2026`. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const d = dayjs(value);
  return d.isValid() ? d.format('MMM D, YYYY') : value;
}

/** An ISO timestamp → `Mar 9, 2026, 14:05` on the studio's clock (its time zone, not the device's). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  return studioDateTime(value);
}

const nairaCompact = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 });

/** `1234500` → `₦1.2M`: chart axes, where the full figure does not fit. */
export function formatMoneyCompact(value: number): string {
  return Number.isFinite(value) ? nairaCompact.format(value) : '—';
}
