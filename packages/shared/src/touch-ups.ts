import { z } from 'zod';
import { addDays } from './calendar.js';
import { fromKobo, toKobo } from './money.js';
import { money } from './primitives.js';

// PMU touch-up plans (issue 31, item 5; docs/decisions/040-packages-and-touch-ups.md): a PMU service declares its rule
// (`touch_up` on the product); the procedure's sale keeps the rule on its line (the client's plan), and a touch-up
// is priced from it by the time since the procedure.

/** A service's touch-up rule: free between two weeks after the procedure, then a price per band, then the full price. */
export const touchUpRuleSchema = z
  .object({
    /** The included touch-up: from this week after the procedure (4)... */
    free_from_week: z.number().int().min(0).max(52).default(4),
    /** ...to this one (10), both included. */
    free_to_week: z.number().int().min(1).max(104).default(10),
    /** After the free window: up to `months` months after the procedure, `price`; bands in increasing months. */
    bands: z
      .array(z.object({ months: z.number().int().min(1).max(120), price: money() }))
      .max(10)
      .default([]),
  })
  .refine((r) => r.free_to_week >= r.free_from_week, { path: ['free_to_week'], error: 'The free window must end after it starts.' })
  .refine((r) => r.bands.every((b, i) => i === 0 || b.months > r.bands[i - 1]!.months), { path: ['bands'], error: 'The bands must be in increasing months.' });
export type TouchUpRule = z.output<typeof touchUpRuleSchema>;

export type TouchUpBand = 'too_early' | 'included' | 'band' | 'full';
export interface TouchUpQuote {
  band: TouchUpBand;
  /** The band's months (`band` only). */
  months: number | null;
  price: number;
}

/** `day` plus whole calendar months (a 31st becomes the month's last day). */
export function addCalendarMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last))).toISOString().slice(0, 10);
}

/**
 * What a touch-up on `on` costs after a procedure on `procedure`: before the free window too early (the full price:
 * it is another procedure); in it (week `free_from_week` to the end of week `free_to_week`) included; then the first
 * band whose months have not passed; after the last band the service's full price.
 */
export function touchUpQuote(rule: TouchUpRule, fullPrice: number, procedure: string, on: string): TouchUpQuote {
  if (on < addDays(procedure, rule.free_from_week * 7)) return { band: 'too_early', months: null, price: fromKobo(toKobo(fullPrice)) };
  if (on < addDays(procedure, (rule.free_to_week + 1) * 7)) return { band: 'included', months: null, price: 0 };
  const band = rule.bands.find((b) => on <= addCalendarMonths(procedure, b.months));
  if (band) return { band: 'band', months: band.months, price: fromKobo(toKobo(band.price)) };
  return { band: 'full', months: null, price: fromKobo(toKobo(fullPrice)) };
}

/** The days after a procedure in which its touch-up is due and not booked: week 5 to week 10 (the reminder run). */
export const TOUCH_UP_DUE_WEEKS = { from: 5, to: 10 } as const;

/** A client's plan (`GET /api/clients/{id}/touch-ups`): the procedure's sale line, its rule and today's quote. */
export interface TouchUpPlan {
  order_item_id: number;
  order_id: number;
  invoice_no: string;
  client_id: number;
  client_name: string;
  client_phone: string | null;
  service_id: number;
  service_name: string;
  procedure_date: string;
  rule: TouchUpRule;
  full_price: number;
  /** The quote on the day asked (`?on=`, default today). */
  quote: TouchUpQuote & { on: string };
  /** A later appointment of the client for the service (the touch-up booked), or null. */
  booked: { appointment_id: number; day: string } | null;
}
