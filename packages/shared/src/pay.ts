import { z } from 'zod';
import { isoDate } from './primitives.js';
import { commissionRuleInputSchema } from './resources/commission-rules.js';

// Staff pay (issue 32; docs/decisions/033-staff-pay.md): pay runs whose every naira names where it came from.

/** A pay run's period: at most a year (a draft reads every order line of it). */
export const payPeriodSchema = z
  .object({ from: isoDate(), to: isoDate() })
  .refine((p) => p.from <= p.to, { path: ['to'], error: 'The to date must be on or after the from date.' })
  .refine((p) => p.from > p.to || Date.parse(p.to) - Date.parse(p.from) <= 366 * 86_400_000, { path: ['to'], error: 'A pay run covers at most a year.' });
export type PayPeriod = z.infer<typeof payPeriodSchema>;

/** `POST /api/pay-runs/simulate`: a period and the rules proposed instead of the stored ones. */
export const paySimulationSchema = z.object({
  from: isoDate(),
  to: isoDate(),
  rules: z.array(commissionRuleInputSchema).max(200),
});

/**
 * What a source is: `base_pay` (the period's share of the monthly base), `order_line` (commission on a line the
 * person did), `refund` (a refund of such a line in the same run), `refund_after_close` and `void_after_close` (a
 * refund or void of a line counted in a closed run: an adjustment here, the closed run untouched).
 */
export const PAY_SOURCE_KINDS = ['base_pay', 'order_line', 'refund', 'refund_after_close', 'void_after_close'] as const;
export type PaySourceKind = (typeof PAY_SOURCE_KINDS)[number];
export const PAY_SOURCE_LABELS: Record<PaySourceKind, string> = {
  base_pay: 'Base pay',
  order_line: 'Commission',
  refund: 'Refunded',
  refund_after_close: 'Refund after a closed run',
  void_after_close: 'Void after a closed run',
};

export interface PaySource {
  kind: PaySourceKind;
  /** The order line (order_line, void_after_close), the refund line (refund, refund_after_close); null for base pay. */
  id: number | null;
  date: string;
  /** Naira, signed: what this source adds to the net. */
  amount: number;
  rule_id: number | null;
  /** The sale it came from, for the link to its invoice. */
  order: { id: number; invoice_no: string } | null;
  /** In words: `10% of ₦30,000.00 (price charged)`. */
  detail: string;
}

export interface PayRunLine {
  staff: { id: number; name: string };
  base_pay: number;
  commission: number;
  tips: number;
  advances_paid_back: number;
  adjustments: number;
  net: number;
  sources: PaySource[];
}

export interface PayRun {
  id: number;
  from: string;
  to: string;
  status: 'draft' | 'closed';
  total: number;
  created_by: { id: number; name: string };
  closed_at: string | null;
  closed_by: { id: number; name: string } | null;
  created_at: string;
  lines: PayRunLine[];
}

/** A rule's tier progress in `GET /api/my-earnings/{from}/{to}`: the period's total so far and what reaches the next tier. */
export interface TierProgress {
  rule_id: number;
  rule: string;
  total: number;
  rate: number;
  next: { threshold: number; rate: number; remaining: number } | null;
}

export interface MyEarnings {
  from: string;
  to: string;
  staff: { id: number; name: string };
  commission: number;
  tips: number;
  adjustments: number;
  sources: PaySource[];
  tiers: TierProgress[];
}
