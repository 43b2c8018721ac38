import { z } from 'zod';
import { OUTLETS, type Outlet } from './labels.js';
import { isoDate } from './primitives.js';
import type { ByMethod } from './day-close.js';

/**
 * The owner's daily digest (issue 30, item 5; docs/decisions/042-owner-digest.md). `outlet` accepts `pmu` for the PMU
 * office (its outlet key is `office`).
 */
export const digestQuerySchema = z.object({
  date: isoDate().optional(),
  outlet: z
    .enum([...OUTLETS, 'pmu'], { error: `The outlet must be one of ${OUTLETS.join(', ')} (or pmu).` })
    .transform((o): Outlet => (o === 'pmu' ? 'office' : o))
    .optional(),
});
export type DigestQuery = z.input<typeof digestQuerySchema>;

/** Takings below this share of the median of the same weekday are unusual (with the spread written beside it). */
export const DIGEST_TAKINGS_SHARE = 0.5;
/** How many past same weekdays the takings are judged against. */
export const DIGEST_WEEKS = 8;
/** How many days a staff member's voids, refunds and transfers not received are compared with their colleagues'. */
export const DIGEST_STAFF_DAYS = 30;

export type DigestCountTotal = { count: number; total: number };
export type DigestException = {
  kind: 'low_takings' | 'staff_voids' | 'staff_refunds' | 'staff_not_received' | 'edited_after_close';
  message: string;
  figure: number;
  median?: number;
  spread?: number;
  link: string;
};
export type DigestOutlet = {
  outlet: Outlet;
  sales: { count: number; total: number; by_method: ByMethod };
  cash: { expected: number; counted: number; over_short: number } | null;
  transfers: { unconfirmed: DigestCountTotal; not_received: DigestCountTotal };
  voids: { who: string; voided_by: string | null; invoice: string; order_id: number; amount: number; reason: string | null }[];
  refunds: { who: string; approved_by: string | null; invoice: string; order_id: number; amount: number; reason: string }[];
  discounts_above_limit: { who: string; approved_by: string; invoice: string; order_id: number; amount: number }[];
  offline_reviews: { open: number };
  exceptions: DigestException[];
};
export type Digest = { date: string; outlets: DigestOutlet[]; credits_with_no_record: DigestCountTotal };

/** The median of a list (0 for none). */
export function median(xs: readonly number[]): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
/** The median absolute deviation: how far the values usually are from their median. */
export function mad(xs: readonly number[]): number {
  const m = median(xs);
  return median(xs.map((x) => Math.abs(x - m)));
}
