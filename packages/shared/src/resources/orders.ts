import { z } from 'zod';
import { MONEY_METHODS, PAYMENT_METHODS, methodsFor, type PaymentUse } from '../payment-methods.js';
import { id, instant, isoDate, money, optionalText, outletSchema, text } from '../primitives.js';
import { discountApprovalSchema } from '../settings.js';
import { transferCheckShape } from '../transfers.js';
import { orderRefundRecordSchema } from '../refunds.js';

export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
/** The methods declared for one use (payment-methods.ts): a method not declared there is a 422 naming the field. */
export const paymentMethodFor = (use: PaymentUse) => z.enum(methodsFor(use) as [string, ...string[]] as typeof PAYMENT_METHODS);
/** Money, not prepaid value (payment-methods.ts `prepaid`): what a balance, a ledger or a relabelling takes. */
export const moneyMethodSchema = z.enum(MONEY_METHODS as [string, ...string[]] as typeof PAYMENT_METHODS);
export const ORDER_STATUSES = ['paid', 'void'] as const;

export const paymentSchema = z.object({
  method: paymentMethodSchema,
  amount: money().refine((n) => n > 0, { error: 'The amount must be greater than 0.' }),
  reference: optionalText(100),
});

export const orderItemInputSchema = z.object({
  product_id: z.number().int().positive().max(2_147_483_647),
  quantity: z.number().int().min(1).max(100_000),
  /** Who did the work (issue 32): a service's artist; default the seller. */
  staff_id: z.number().int().positive().max(2_147_483_647).optional(),
  /**
   * The unit price the till showed. Read only for an offline sale, where it is compared with the server's price
   * (a difference sends the sale for an admin's review); the server prices every sale itself.
   */
  unit_price: money().optional(),
  /**
   * A session of the client's package (decision 040; `GET /api/clients/{id}/packages`): the line is one session
   * (quantity 1) of a service the package covers, priced at the session's value and paid by the package.
   */
  package_id: z.number().int().positive().max(2_147_483_647).optional(),
});

/** The device's short code in a provisional receipt number: `OFF-7Q2-0004`. */
export const DEVICE_CODE_PATTERN = /^[A-Z0-9]{3,4}$/;
export const deviceIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'The device id must be 8 to 64 letters, digits, - or _.' });

/**
 * A sale made while the till could not reach the server, sent when it can (issue 18; docs/decisions/016-offline-till.md):
 * where and when it was made. The sale's `client_ref` (required with it) makes the send safe to repeat.
 */
export const offlineSaleSchema = z.object({
  device_id: deviceIdSchema,
  /** The device's own count of its offline sales (the number in its provisional receipt). */
  device_seq: z.number().int().positive().max(2_147_483_647),
  /** The provisional receipt the customer was given: `OFF-<device code>-<seq>`. */
  provisional_no: z
    .string()
    .regex(/^OFF-[A-Z0-9]{3,4}-\d{4,10}$/, { error: 'The provisional number must look like OFF-7Q2-0004.' })
    .optional(),
  /** The studio calendar day the sale was made on: the day it is recorded on. */
  sold_on: isoDate(),
  /** Who sold it, when another person sends it (a sign-in after the session ran out). */
  sold_by: id().max(2_147_483_647).optional(),
  /** When the device queued it (its clock). */
  queued_at: instant(),
  /** When the device's prices were last refreshed from the server ("Prices as of 10:42"). */
  prices_as_of: instant(),
});
export type OfflineSale = z.infer<typeof offlineSaleSchema>;

/** `POST /api/orders`. Prices come from the database; whatever price a client sends is ignored. */
export const orderCreateSchema = z
  .object({
    outlet: outletSchema,
    customer_name: text(100),
    customer_phone: optionalText(30),
    items: z.array(orderItemInputSchema).min(1).max(200),
    discount: money().default(0),
    payment_method: paymentMethodSchema.optional(),
    amount_paid: money().optional(),
    payments: z.array(paymentSchema).min(1).max(10).optional(),
    note: optionalText(500),
    client_ref: z.uuid({ error: 'The client ref must be a UUID.' }).optional(),
    /** A staff member's discount above the limit (GET /api/settings): an admin signs in on the spot. Ignored for admins. */
    discount_approval: discountApprovalSchema.optional(),
    /** Present when the sale was made offline (issue 18): see offlineSaleSchema. */
    offline: offlineSaleSchema.optional(),
  })
  .refine((b) => b.payments !== undefined || b.payment_method !== undefined, {
    path: ['payment_method'],
    error: 'The payment method field is required when no payments are given.',
  })
  .superRefine((b, ctx) => {
    if (!b.offline) return;
    if (!b.client_ref) ctx.addIssue({ code: 'custom', path: ['client_ref'], message: 'An offline sale needs its client ref.' });
    b.items.forEach((item, i) => {
      if (item.unit_price === undefined) ctx.addIssue({ code: 'custom', path: ['items', i, 'unit_price'], message: 'An offline sale needs the unit price the till showed.' });
    });
  });
export type OrderCreate = z.input<typeof orderCreateSchema>;

/** `PUT /api/orders/{id}` (admin): only customer, note and payment method change after a sale. */
export const orderUpdateSchema = z.object({
  customer_name: text(100).optional(),
  customer_phone: optionalText(30),
  note: optionalText(500),
  payment_method: moneyMethodSchema.optional(),
});
export type OrderUpdate = z.input<typeof orderUpdateSchema>;

/** `DELETE /api/orders/{id}` (admin): why the sale is voided; in the body, or `?reason=` for a client that sends no body. */
export const orderVoidSchema = z.object({ reason: text(200) });
export type OrderVoid = z.input<typeof orderVoidSchema>;

export const orderSchema = z.object({
  id: z.number(),
  invoice_no: z.string(),
  outlet: outletSchema,
  customer_name: z.string(),
  customer_phone: z.string().nullable(),
  /** Each line with how many of it were given back since (`refunded_quantity`, issue 17). */
  items: z.array(z.object({ id: z.number(), product_id: z.number(), name: z.string(), unit_price: z.number(), quantity: z.number(), total: z.number(), refunded_quantity: z.number() })),
  subtotal: z.number(),
  discount: z.number(),
  total: z.number(),
  /** Each payment line with its id and, for a transfer, whether a person has confirmed it (issue 17). */
  payments: z.array(z.object({ id: z.number(), method: paymentMethodSchema, amount: z.number(), reference: z.string().nullable(), ...transferCheckShape })),
  amount_paid: z.number(),
  change: z.number(),
  /** Partial refunds of the sale, oldest first, and the money they gave back (`total − refunded` is what the sale kept). */
  refunds: z.array(orderRefundRecordSchema),
  refunded: z.number(),
  /** Paid before the sale: an appointment's deposit counted at its check-out (0 for a till sale). */
  deposit: z.number(),
  /**
   * Naira still owed on the sale (issue 28, item 3): a transfer of it marked not received, less what was paid
   * against it since (`balance_payments`). 0 for a sale paid in full; `status` stays `paid`.
   */
  balance: z.number(),
  /** What came and went on the balance, oldest first: a transfer marked not received (negative) and the payments taken later. */
  balance_payments: z.array(
    z.object({
      id: z.number(),
      amount: z.number(),
      method: paymentMethodSchema,
      reference: z.string().nullable(),
      date: z.string(),
      user: z.object({ id: z.number(), name: z.string() }).nullable(),
      created_at: z.string(),
      ...transferCheckShape,
    }),
  ),
  /** The client the sale was made to, found or created by `customer_phone`. */
  client_id: z.number().nullable(),
  payment_method: z.union([paymentMethodSchema, z.literal('split')]),
  status: z.enum(ORDER_STATUSES),
  staff: z.object({ id: z.number(), name: z.string() }),
  /** The admin who approved a discount above the staff limit, or null. */
  discount_approved_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  note: z.string().nullable(),
  client_ref: z.string().nullable(),
  business_date: z.string(),
  /** An offline sale that took stock below zero: accepted (the goods left), to be counted (issue 18). */
  oversold: z.boolean(),
  /** Where and when an offline sale was made; null for a sale made online. */
  offline: z
    .object({ device_id: z.string(), device_seq: z.number(), provisional_no: z.string().nullable(), queued_at: z.string(), prices_as_of: z.string() })
    .nullable(),
  voided_at: z.string().nullable(),
  /** Who voided the sale and why; null while paid (and the reason null on sales voided before reasons were asked). */
  voided_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  void_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * `POST /api/orders/{id}/payments` (staff, admin): money taken later against a sale's balance (issue 28, item 3).
 * More than the balance is a 422 on `amount`; `client_ref` makes it safe to retry (required: it takes money).
 */
export const orderPaymentSchema = z.object({
  method: moneyMethodSchema,
  amount: money().refine((n) => n > 0, { error: 'The amount must be greater than 0.' }),
  reference: optionalText(100),
  client_ref: z.uuid({ error: 'The client ref must be a UUID.' }),
});
export type OrderPaymentInput = z.input<typeof orderPaymentSchema>;

export const INVOICE_PREFIX = { store: 'STO', office: 'PMU', salon: 'SAL' } as const;
export const ORDERS_PER_PAGE = 20;

export interface OrderSummary {
  count: number;
  total: number;
}
/**
 * A list of invoices' summary (`getmonth`): the paid invoices, their `total` net of what their partial refunds gave
 * back (whenever the refund was made), what they were `sold` for and what was `refunded` (`total = sold - refunded`).
 */
export interface OrderListSummary extends OrderSummary {
  sold: number;
  refunded: number;
}
/** A seller's paid sales in a range: `total` (and each outlet's) net of their partial refunds, `sold` and `refunded` beside it. */
export interface StaffSummary extends OrderSummary {
  sold: number;
  refunded: number;
  by_outlet: Record<'store' | 'office' | 'salon', OrderSummary>;
}
export interface StaffPerformanceRow extends StaffSummary {
  staff: { id: number; name: string; role: string };
}
