import { z } from 'zod';
import { clientRef, isoDate, money, optionalText, text } from '../primitives.js';
import { moneyMethodSchema, paymentMethodFor, paymentMethodSchema } from '../resources/orders.js';
import { transferCheckShape } from '../transfers.js';

/** `POST {path}/{id}/payments`: one payment towards a record's balance. */
export const ledgerPaymentInputSchema = z.object({
  amount: money().refine((n) => n > 0, { error: 'The amount must be greater than 0.' }),
  method: moneyMethodSchema,
  date: isoDate(),
  note: optionalText(255),
  /** Makes the payment safe to retry (primitives.ts clientRef). */
  client_ref: clientRef(),
});
export type LedgerPaymentInput = z.input<typeof ledgerPaymentInputSchema>;

/** The sentence a deposit without its method is refused with (422 on `payment_method`), in the form and the API. */
export const DEPOSIT_METHOD_REQUIRED = 'Choose how the deposit was paid: the payment method is required with a deposit.';

/**
 * A create that carries a deposit (`amount_paid` above 0) names how it was paid: nothing defaults to cash.
 * `.refine(...depositRule)` on every create schema of a resource with a ledger.
 */
const depositHasMethod = (b: { amount_paid?: number | null; payment_method?: string | null }) => !(Number(b.amount_paid ?? 0) > 0) || (b.payment_method ?? null) !== null;
export const depositRule: [typeof depositHasMethod, { path: string[]; error: string }] = [depositHasMethod, { path: ['payment_method'], error: DEPOSIT_METHOD_REQUIRED }];

/**
 * `POST {path}/{id}/payments/{paymentId}/reverse`: undoes a mistaken entry with a new, negative one (money given
 * back). `client_ref` makes it safe to retry: a retry after a lost answer gets the first result, not "already reversed".
 */
export const ledgerReversalInputSchema = z.object({ reason: text(255), client_ref: clientRef() });
export type LedgerReversalInput = z.input<typeof ledgerReversalInputSchema>;

/** One ledger line. A reversal has a negative amount and names the line it reverses. */
export const ledgerPaymentSchema = z.object({
  id: z.number(),
  parent_id: z.number(),
  amount: z.number(),
  method: paymentMethodSchema,
  date: z.string(),
  note: z.string().nullable(),
  /** On a reversal: the line it reverses. */
  reverses_id: z.number().nullable(),
  /** On a reversed line: the reversal's id. */
  reversed_by: z.number().nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  created_at: z.string(),
  ...transferCheckShape,
});
export type LedgerPayment = z.infer<typeof ledgerPaymentSchema>;

/** Answer of a payment or a reversal: the new line and the record with its new amount_paid and balance. */
export interface LedgerWriteResult<TRecord> {
  payment: LedgerPayment;
  record: TRecord;
}

/** `summary` of a list whose resource declares `totals`: the count and each total over the whole list. */
export type ListSummary = { count: number } & Record<string, number>;

/**
 * What became of the money a record held when it was cancelled (or an appointment was a no-show): `refunded` (paid
 * back now, by `refund_method`: money out on that day), `forfeited` (the studio keeps it: income) or `kept` (the
 * client's credit, shown on their page until used or paid back). A cancellation of a record holding money names one.
 */
export const DEPOSIT_OUTCOMES = ['refunded', 'forfeited', 'kept'] as const;
export type DepositOutcome = (typeof DEPOSIT_OUTCOMES)[number];
export const DEPOSIT_OUTCOME_LABELS: Record<DepositOutcome, string> = { refunded: 'Refunded to the client', forfeited: 'Forfeited to the studio', kept: "Kept as the client's credit" };
/** The short form a cancelled record's status shows: "Cancelled · deposit refunded". */
export const DEPOSIT_OUTCOME_SHORT: Record<DepositOutcome, string> = { refunded: 'deposit refunded', forfeited: 'deposit forfeited', kept: 'deposit kept as credit' };
export const DEPOSIT_OUTCOME_REQUIRED = 'Say what becomes of the money paid: refunded to the client, forfeited to the studio, or kept as their credit.';
export const REFUND_METHOD_REQUIRED = 'Choose how the money is paid back: the refund method is required with a refund.';

/** The fields a cancelling update carries besides its status. */
export const settlementFields = {
  deposit_outcome: z.enum(DEPOSIT_OUTCOMES, { error: DEPOSIT_OUTCOME_REQUIRED }).nullish(),
  /** With `refunded`: how the money goes back (a method declared for refunds: cash from the drawer, a transfer). */
  refund_method: paymentMethodFor('refunds').nullish(),
};

/** The cancel dialog's answer (web), the same rules the server applies: an outcome, and a method with a refund. */
export const cancellationSchema = z
  .object({ deposit_outcome: z.enum(DEPOSIT_OUTCOMES, { error: DEPOSIT_OUTCOME_REQUIRED }), refund_method: paymentMethodFor('refunds').nullish() })
  .refine((b) => b.deposit_outcome !== 'refunded' || !!b.refund_method, { path: ['refund_method'], error: REFUND_METHOD_REQUIRED });
export type Cancellation = z.infer<typeof cancellationSchema>;

/**
 * How a cancelled (or no-show) record reads in place of its balance: "Cancelled · deposit refunded". Null for a
 * record still going ahead. A cancelled record owes nothing, but it is never "paid in full".
 */
export function settledText(record: { status?: string | null; deposit_outcome?: DepositOutcome | null }): string | null {
  if (record.status !== 'cancelled' && record.status !== 'no_show') return null;
  const what = record.status === 'cancelled' ? 'Cancelled' : 'No-show';
  return record.deposit_outcome ? `${what} · ${DEPOSIT_OUTCOME_SHORT[record.deposit_outcome]}` : what;
}
