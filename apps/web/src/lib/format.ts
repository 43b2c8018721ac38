import dayjs from 'dayjs';
import { studioDateTime } from './studio-time';

/** Money as every screen writes it: the shared formatter (packages/shared/src/money.ts), so a message from the API reads the same. */
export { formatNaira as formatMoney, formatSignedNaira as formatSignedMoney } from '@studio/shared';

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
