import { z } from 'zod';
import type { Outlet } from './labels.js';
import { awaitsConfirmation } from './payment-methods.js';
import { text } from './primitives.js';

/** Where a bank-transfer payment line lives: a sale's payments, a trainee's fee ledger (three kinds), a booking's ledger, an appointment's deposits, a sale's balance ledger. */
export const TRANSFER_KINDS = ['sale', 'student', 'office-student', 'hostel-student', 'booking', 'appointment', 'sale-balance'] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];
export const TRANSFER_KIND_LABELS: Record<TransferKind, string> = {
  sale: 'Sale',
  student: 'Makeup student fee',
  'office-student': 'PMU student fee',
  'hostel-student': 'Hostel fee',
  booking: 'Booking payment',
  appointment: 'Appointment deposit',
  'sale-balance': 'Payment of a sale balance',
};

/** Where a transfer stands: waiting for a person, seen on the statement, or flagged as never arrived. */
export type TransferStatus = 'unconfirmed' | 'confirmed' | 'not_received';
export const TRANSFER_STATUS_LABELS: Record<TransferStatus, string> = { unconfirmed: 'Unconfirmed', confirmed: 'Confirmed', not_received: 'Not received' };

/** One payment line named by its kind and its own id (`order_payments.id` for a sale, the ledger line's id otherwise). */
export const transferItemSchema = z.object({
  kind: z.enum(TRANSFER_KINDS, { error: `The kind must be one of ${TRANSFER_KINDS.join(', ')}.` }),
  id: z.number().int().positive().max(2_147_483_647),
});
export type TransferItem = z.infer<typeof transferItemSchema>;

/** `POST /api/transfers/confirm` (admin): the lines seen on the bank statement. */
export const transferConfirmSchema = z.object({
  items: z.array(transferItemSchema).min(1, { error: 'Choose at least one transfer.' }).max(500),
  client_ref: z.uuid({ error: 'The client ref must be a UUID.' }).optional(),
});
export type TransferConfirm = z.input<typeof transferConfirmSchema>;

/** `POST /api/transfers/not-received` (admin): lines whose money never arrived, and why the admin says so. */
export const transferNotReceivedSchema = transferConfirmSchema.extend({ reason: text(255) });
export type TransferNotReceived = z.input<typeof transferNotReceivedSchema>;

const who = z.object({ id: z.number(), name: z.string() }).nullable();
/**
 * Who confirmed a transfer, or flagged it not received, and when: on every payment line (sales' and ledgers').
 * `confirmed_at` set with `confirmed_by` null: confirmed by the migration that introduced confirmation (older transfers).
 */
export const transferCheckShape = {
  confirmed_at: z.string().nullable(),
  confirmed_by: who,
  not_received_at: z.string().nullable(),
  not_received_by: who,
  not_received_reason: z.string().nullable(),
  /** `unconfirmed`, `confirmed` or `not_received` for a transfer; null for other methods. */
  transfer_status: z.enum(['unconfirmed', 'confirmed', 'not_received']).nullable(),
};
export type TransferCheck = z.infer<z.ZodObject<typeof transferCheckShape>>;

/** One transfer line as `GET /api/transfers/unconfirmed` and the confirm calls answer it. */
export interface TransferLine extends Omit<TransferCheck, 'transfer_status'> {
  kind: TransferKind;
  id: number;
  amount: number;
  reference: string | null;
  /** The sale's business day, or the ledger line's date. */
  date: string;
  taken_by: { id: number; name: string } | null;
  status: TransferStatus;
  /** The order, trainee or booking the line belongs to, and who that is (customer, trainee, client). */
  parent_id: number;
  party: string;
  /** Sales only: the invoice and its outlet. */
  invoice_no: string | null;
  outlet: Outlet | null;
  created_at: string;
}

export interface TransferTotals {
  count: number;
  amount: number;
}

/** `GET /api/transfers/unconfirmed`. */
export interface UnconfirmedTransfers {
  data: TransferLine[];
  summary: TransferTotals;
}

/** A line's status from its check columns (null when it is not a transfer). */
export function transferStatus(method: string, check: { confirmed_at: unknown; not_received_at: unknown }): TransferStatus | null {
  if (!awaitsConfirmation(method)) return null;
  if (check.not_received_at) return 'not_received';
  return check.confirmed_at ? 'confirmed' : 'unconfirmed';
}
