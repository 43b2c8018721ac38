import { OUTLETS, PAYMENT_METHODS, type Outlet, type PaymentMethod } from '@studio/shared';
import dayjs from 'dayjs';

export type Change = { direction: 'up' | 'down' | 'same'; percent: number } | { direction: 'new' } | null;

/**
 * A figure against the one it is compared with: up or down by a whole percent (one decimal under 10 %),
 * `new` when there was nothing to compare with, null when both are nothing.
 */
export function changeVs(current: number, previous: number): Change {
  if (previous === 0) return current === 0 ? null : { direction: 'new' };
  const raw = ((current - previous) / previous) * 100;
  const percent = Math.abs(raw) < 10 ? Math.round(Math.abs(raw) * 10) / 10 : Math.round(Math.abs(raw));
  if (percent === 0) return { direction: 'same', percent: 0 };
  return { direction: raw > 0 ? 'up' : 'down', percent };
}

/** `2026-03-05` → `Mar 5` (a chart's day). */
export const dayLabel = (date: string) => dayjs(date).format('MMM D');

/** `2026-03` → `Mar '26` (a chart's month: twelve of them span two years). */
export const monthLabel = (month: string) => dayjs(`${month}-01`).format("MMM 'YY");

/** `2026-03` → `March` (a month named in a sentence). */
export const monthName = (month: string) => dayjs(`${month}-01`).format('MMMM');

/** `2026-02-01`..`2026-02-15` → `Feb 1–15`. */
export const dayRange = (from: string, to: string) => (from === to ? dayjs(from).format('MMM D') : `${dayjs(from).format('MMM D')}–${dayjs(to).format('D')}`);

/** A part of a whole as a percentage for a legend: `42%`, `0.4%`, `0%`. */
export function share(part: number, whole: number): string {
  if (whole <= 0 || part <= 0) return '0%';
  const p = (part / whole) * 100;
  return p < 1 ? `${p.toFixed(1)}%` : `${Math.round(p)}%`;
}

/** Good morning / afternoon / evening, by the hour of the browser's clock. */
export function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}

/** The outlet with the most of a figure (sales, stock alerts); the first in the studio's order on a tie or when all are 0. */
export function topOutlet(figure: (outlet: Outlet) => number): Outlet {
  return OUTLETS.reduce((best, o) => (figure(o) > figure(best) ? o : best), OUTLETS[0]);
}

/** Each payment method's colour, in the donut and its legend. */
export const METHOD_COLORS: Record<PaymentMethod, string> = { transfer: 'indigo.5', cash: 'green.6', pos: 'orange.5', card: 'grape.5', voucher: 'pink.5', credit: 'teal.5', package: 'cyan.6' };

/** The payment methods, the largest amount first (the donut's and the legend's order). */
export const methodsByAmount = (methods: Record<PaymentMethod, number>) => [...PAYMENT_METHODS].sort((a, b) => methods[b] - methods[a]);

/** The payment methods' donut is a square of this side (px); its place is kept while its chunk loads. */
export const DONUT_SIZE = 168;
