import { z } from 'zod';
import { methodsFor, type MethodFor } from './payment-methods.js';
import { optionalText, text } from './primitives.js';
import { discountApprovalSchema } from './settings.js';

/** How money goes back to a customer: out of the drawer or by a transfer from the studio's account (issue 17, item 6). */
export type RefundMethod = MethodFor<'refunds'>;
export const REFUND_METHODS = methodsFor('refunds') as [RefundMethod, ...RefundMethod[]];

const id = z.number().int().positive().max(2_147_483_647);

/** One line given back: the invoice's line (`order_item_id`) or its product (`product_id`), and how many. */
export const refundItemSchema = z
  .object({ order_item_id: id.optional(), product_id: id.optional(), quantity: z.number().int().min(1).max(100_000) })
  .refine((i) => (i.order_item_id === undefined) !== (i.product_id === undefined), { path: ['order_item_id'], error: 'Name the invoice line (order_item_id) or the product (product_id), not both.' });

/**
 * `POST /api/orders/{id}/refunds`: some of a sale's items given back and their money paid out. A staff member needs an
 * admin's `approval` (the admin's username and password, as for a discount above the limit); an admin needs none.
 */
export const orderRefundSchema = z.object({
  items: z.array(refundItemSchema).min(1, { error: 'Choose at least one item to refund.' }).max(200),
  method: z.enum(REFUND_METHODS, { error: 'The money goes back in cash or by bank transfer.' }),
  reference: optionalText(100),
  reason: text(255),
  approval: discountApprovalSchema.optional(),
  /**
   * The sale's transfers nobody has confirmed yet are confirmed with this refund, by the admin making it or approving
   * it (who has seen the money arrive), before any money goes back (decision 029). Without it such a sale is a 422.
   */
  confirm_transfers: z.boolean().optional(),
  client_ref: z.uuid({ error: 'The client ref must be a UUID.' }).optional(),
});
export type OrderRefundInput = z.input<typeof orderRefundSchema>;

/** A refund as an order answers it (`refunds[]`), oldest first. */
export const orderRefundRecordSchema = z.object({
  id: z.number(),
  amount: z.number(),
  method: z.enum(REFUND_METHODS),
  reference: z.string().nullable(),
  reason: z.string(),
  /** The studio day the money went out (the day close that counts it). */
  business_date: z.string(),
  items: z.array(z.object({ order_item_id: z.number(), product_id: z.number(), name: z.string(), quantity: z.number(), amount: z.number() })),
  staff: z.object({ id: z.number(), name: z.string() }),
  /** The admin who approved a staff member's refund; null when an admin made it. */
  approved_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type OrderRefund = z.infer<typeof orderRefundRecordSchema>;

const big = (k: number) => BigInt(Math.round(k));
/** a / b rounded half up, both whole and b > 0. */
const divRound = (a: bigint, b: bigint) => (a * 2n + b) / (2n * b);

/**
 * What the customer paid for each line, in kobo: its total less its share of the sale's discount, the discount
 * spread in proportion to the lines' totals (largest remainder, earlier lines first on a tie), so that the lines add up
 * to the sale's total exactly.
 *
 * @example
 * lineNetKobo([300_000, 100_000], 400_000, 390_000) // [292_500, 97_500]
 */
export function lineNetKobo(lineTotalsK: readonly number[], subtotalK: number, totalK: number): number[] {
  const sub = big(subtotalK);
  const discount = big(subtotalK - totalK);
  if (sub === 0n) return lineTotalsK.map(() => 0);
  const shares = lineTotalsK.map((t) => (discount * big(t)) / sub);
  const rest = lineTotalsK.map((t, i) => ({ i, r: (discount * big(t)) % sub }));
  let left = discount - shares.reduce((a, b) => a + b, 0n);
  for (const { i } of [...rest].sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1))) {
    if (left <= 0n) break;
    shares[i]! += 1n;
    left -= 1n;
  }
  return lineTotalsK.map((t, i) => Number(big(t) - shares[i]!));
}

/**
 * The money back, in kobo, for `quantity` more units of a line of which `before` were refunded already: the line's
 * net share pro rata, so that the whole line refunded, in any steps, gives back exactly what was paid for it.
 *
 * @example
 * refundKobo(100_000, 3, 0, 1) // 33_333
 * refundKobo(100_000, 3, 1, 2) // 66_667 (the three units: 100_000)
 */
export function refundKobo(lineNetK: number, lineQuantity: number, before: number, quantity: number): number {
  const net = big(lineNetK);
  const q = BigInt(lineQuantity);
  return Number(divRound(net * BigInt(before + quantity), q) - divRound(net * BigInt(before), q));
}
