import { z } from 'zod';
import type { Outlet } from './labels.js';
import { PAYMENT_METHODS, type PaymentMethod } from './payment-methods.js';
import { fromKobo, toKobo } from './money.js';
import { money, optionalText, text } from './primitives.js';
import type { OrderSummary } from './resources/orders.js';
import type { TransferTotals } from './transfers.js';
import type { DeviceWaiting } from './offline.js';

/** Money per payment method, every method present (0 when none). */
export type ByMethod = Record<PaymentMethod, number>;

/** The money counted at the close, one amount per payment method (cash in the drawer, transfers on the statement, ...). */
export const dayCloseCountsSchema = z.object({ cash: money(), transfer: money(), card: money(), pos: money() });

/** `POST /api/day-close/{outlet}/{date}`: closes the day with what was counted. */
export const dayCloseInputSchema = z.object({ counted: dayCloseCountsSchema, note: optionalText(500) });
export type DayCloseInput = z.input<typeof dayCloseInputSchema>;

/** `POST /api/day-close/{outlet}/{date}/reopen` (admin): why the closed day is opened again. */
export const dayCloseReopenSchema = z.object({ reason: text(500) });
export type DayCloseReopen = z.input<typeof dayCloseReopenSchema>;

/** One close of a day: what was expected and counted per method, by whom and when; and, once reopened, by whom, when and why. */
export interface DayCloseRecord {
  id: number;
  outlet: Outlet;
  date: string;
  status: 'closed' | 'reopened';
  /** What the day's paid sales say each method should hold, as at the close (cash net of change). */
  expected: ByMethod;
  counted: ByMethod;
  /** counted − expected per method: positive is over, negative is short. */
  over_short: ByMethod;
  expected_total: number;
  counted_total: number;
  over_short_total: number;
  /** The paid sales the close covered. */
  sales: OrderSummary;
  note: string | null;
  closed_by: { id: number; name: string };
  closed_at: string;
  reopened_by: { id: number; name: string } | null;
  reopened_at: string | null;
  reopen_reason: string | null;
}

/**
 * `GET /api/day-close/{outlet}/{date}`: one outlet's whole day, for whoever reads it. Paid sales of that business
 * day; `by_method` is what was taken per payment method (cash as tendered), `expected` what each method should hold
 * (cash taken minus change given), `voids` that day's sales voided since. `close` is the close in force (null while
 * the day is open) and `reopened` the earlier closes an admin reopened, oldest first. Only admins get `gross_profit`.
 */
export interface DayClose {
  outlet: Outlet;
  date: string;
  count: number;
  total: number;
  discount: number;
  by_method: ByMethod;
  change_given: number;
  expected_cash: number;
  expected: ByMethod;
  voids: OrderSummary;
  /**
   * The day's sale transfers that no person has confirmed yet, and those flagged not received (shown apart: the
   * transfer count will be short by them). Issue 17; the till's paid sales of the day only.
   */
  transfers: { unconfirmed: TransferTotals; not_received: TransferTotals };
  /**
   * Partial refunds paid out that day at this outlet, whatever day their sale was (issue 17): their count, total and
   * money per method. `expected` is net of them (a cash refund leaves the drawer); `total` and `by_method` are the sales'.
   */
  refunds: { count: number; total: number; by_method: ByMethod };
  /**
   * Appointment deposits of this outlet dated that day (issue 28): taken (in), and paid back on a cancellation (out,
   * negative), net per method. `expected` includes them (a cash deposit is in the drawer); `total` and `by_method` are
   * the sales' (a deposit becomes income at its check-out, inside the sale: orders.deposit, not in by_method again).
   */
  deposits?: { count: number; total: number; by_method: ByMethod };
  /**
   * Value sold this day at this outlet (gift vouchers, store credit topped up; issue 31): money in the drawer or the
   * account, in the expected figures, and not income (it is income when the value is used).
   */
  prepaid_sold?: { count: number; total: number; by_method: ByMethod };
  items: { product_id: number; name: string; quantity: number; total: number }[];
  by_staff: { id: number; name: string; count: number; total: number }[];
  /** Admins only: total minus the cost of what was sold (cost prices as at the sale). */
  gross_profit?: number;
  close: DayCloseRecord | null;
  reopened: DayCloseRecord[];
  /**
   * Devices whose last heartbeat said they hold sales of this outlet not yet sent (issue 18): the close warns
   * about them. Not only this day's: a device does not say which day its waiting sales are of.
   */
  devices_waiting: DeviceWaiting[];
  /** Offline sales of this outlet and day kept for an admin's review, not yet resolved (not in the figures). */
  offline_review: number;
}

/**
 * Over (positive) or short (negative) per method and in total, in exact integer kobo; counts not typed yet count as 0.
 *
 * @example
 * overShort({ cash: 12000, transfer: 0, card: 0, pos: 0 }, { cash: 11999.5, transfer: 0, card: 0, pos: 0 })
 * // { by_method: { cash: -0.5, transfer: 0, card: 0, pos: 0 }, expected: 12000, counted: 11999.5, total: -0.5 }
 */
export function overShort(expected: ByMethod, counted: Partial<Record<PaymentMethod, number | '' | null>>) {
  let expectedK = 0;
  let countedK = 0;
  const byMethod = {} as ByMethod;
  for (const m of PAYMENT_METHODS) {
    const e = toKobo(expected[m]);
    const c = typeof counted[m] === 'number' ? toKobo(counted[m]) : 0;
    expectedK += e;
    countedK += c;
    // `+ 0` turns a -0 into 0: nothing over or short is shown without a sign
    byMethod[m] = fromKobo(c - e) + 0;
  }
  return { by_method: byMethod, expected: fromKobo(expectedK) + 0, counted: fromKobo(countedK) + 0, total: fromKobo(countedK - expectedK) + 0 };
}
