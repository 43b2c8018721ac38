import { z } from 'zod';
import { clientRef, isoDate, money, optionalText, outletSchema, text } from './primitives.js';
import { phoneNumber } from './phone.js';
import { moneyMethodSchema } from './resources/orders.js';

// Value paid before the service (issue 31; docs/decisions/032-prepaid-value.md): gift vouchers and a client's store
// credit, each a balance that is the sum of its ledger lines, never a number overwritten.

/** What a ledger line records: value sold or added (positive), drawn or written off (negative), or put back. */
export const PREPAID_LINE_KINDS = ['sold', 'topped_up', 'kept', 'redeemed', 'refunded', 'voided', 'expired', 'adjusted'] as const;
export type PrepaidLineKind = (typeof PREPAID_LINE_KINDS)[number];
export const PREPAID_LINE_LABELS: Record<PrepaidLineKind, string> = {
  sold: 'Sold',
  topped_up: 'Topped up',
  kept: 'Deposit kept as credit',
  redeemed: 'Redeemed',
  refunded: 'Refunded back',
  voided: 'Sale voided: back',
  expired: 'Written off (expired)',
  adjusted: 'Adjusted',
};

export const GIFT_VOUCHER_STATUSES = ['active', 'used', 'expired'] as const;
export type GiftVoucherStatus = (typeof GIFT_VOUCHER_STATUSES)[number];

/** A voucher code's characters: no 0/O, 1/I/L, so a code read aloud or from paper is typed right. */
export const VOUCHER_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const VOUCHER_CODE_LENGTH = 8;
/** The code as typed (any case, spaces or dashes) in its one stored spelling, or null when it cannot be one. */
export function normalizeVoucherCode(typed: string): string | null {
  const s = typed.toUpperCase().replace(/[\s-]/g, '');
  if (s.length !== VOUCHER_CODE_LENGTH || [...s].some((c) => !VOUCHER_CODE_ALPHABET.includes(c))) return null;
  return s;
}
/** `7KQ4M2XP` → `7KQ4-M2XP`, as printed. */
export const formatVoucherCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/** `POST /api/gift-vouchers` (admin): one voucher sold, paid by `payment_method`. */
export const giftVoucherCreateSchema = z.object({
  face_value: money().refine((n) => n > 0, { error: 'The face value must be greater than 0.' }),
  expires_on: isoDate().nullish(),
  buyer_phone: phoneNumber().nullish(),
  buyer_name: optionalText(100),
  recipient_name: optionalText(100),
  payment_method: moneyMethodSchema,
  reference: optionalText(100),
  /** Where it was sold (its day close); the seller's outlet, else the store. */
  outlet: outletSchema.optional(),
  client_ref: clientRef(),
});
export type GiftVoucherCreate = z.input<typeof giftVoucherCreateSchema>;

/** `POST /api/gift-vouchers/{id}/extend` (admin): a later expiry, logged with its reason. */
export const giftVoucherExtendSchema = z.object({ expires_on: isoDate(), reason: text(255) });
/** `POST /api/gift-vouchers/{id}/write-off` (admin): an expired voucher's balance is no longer owed. */
export const giftVoucherWriteOffSchema = z.object({ reason: text(255), client_ref: clientRef() });

export const prepaidLineSchema = z.object({
  id: z.number(),
  kind: z.enum(PREPAID_LINE_KINDS),
  amount: z.number(),
  method: z.string().nullable(),
  reference: z.string().nullable(),
  order_id: z.number().nullable(),
  invoice_no: z.string().nullable(),
  note: z.string().nullable(),
  date: z.string(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type PrepaidLine = z.infer<typeof prepaidLineSchema>;

export const giftVoucherSchema = z.object({
  id: z.number(),
  code: z.string(),
  face_value: z.number(),
  balance: z.number(),
  status: z.enum(GIFT_VOUCHER_STATUSES),
  expires_on: z.string().nullable(),
  buyer_name: z.string().nullable(),
  buyer_phone: z.string().nullable(),
  recipient_name: z.string().nullable(),
  client_id: z.number().nullable(),
  outlet: outletSchema,
  payment_method: z.string(),
  reference: z.string().nullable(),
  sold_on: z.string(),
  sold_by: z.object({ id: z.number(), name: z.string() }),
  created_at: z.string(),
  lines: z.array(prepaidLineSchema).optional(),
});
export type GiftVoucher = z.infer<typeof giftVoucherSchema>;

/** `POST /api/clients/{id}/credit` (admin): money paid in as the client's store credit. */
export const creditTopUpSchema = z.object({
  amount: money().refine((n) => n > 0, { error: 'The amount must be greater than 0.' }),
  method: moneyMethodSchema,
  note: optionalText(255),
  outlet: outletSchema.optional(),
  client_ref: z.uuid({ error: 'The client ref must be a UUID.' }),
});
export type CreditTopUp = z.input<typeof creditTopUpSchema>;

export interface ClientCredit {
  balance: number;
  lines: PrepaidLine[];
}

/** `GET /api/prepaid/liability`: paid for and not yet served (expired vouchers count until written off). */
export interface PrepaidLiability {
  vouchers: { count: number; balance: number };
  credit: { clients: number; balance: number };
  packages: { count: number; value: number };
  total: number;
}

/**
 * `POST /api/clients/{id}/packages` (admin, staff at the till): a service package sold to the client, paid by a money
 * method; its money is prepaid value (the day close's "prepaid sold"), income only as its sessions are used.
 */
export const clientPackageSellSchema = z.object({
  service_package_id: z.number().int().positive().max(2_147_483_647),
  payment_method: moneyMethodSchema,
  reference: optionalText(100),
  /** Where it was sold (its day close); the seller's outlet, else the package's service's outlet. */
  outlet: outletSchema.optional(),
  client_ref: clientRef(),
});
export type ClientPackageSell = z.input<typeof clientPackageSellSchema>;

export const CLIENT_PACKAGE_STATUSES = ['active', 'used', 'expired'] as const;
export type ClientPackageStatus = (typeof CLIENT_PACKAGE_STATUSES)[number];

/** A client's bought package (`GET /api/clients/{id}/packages`): sessions and value left are the sum of its lines. */
export const clientPackageSchema = z.object({
  id: z.number(),
  service_package_id: z.number(),
  client_id: z.number(),
  name: z.string(),
  service_ids: z.array(z.number()),
  sessions: z.number(),
  sessions_left: z.number(),
  price: z.number(),
  /** What the sessions left are worth: owed in service (the liability's `packages.value`). */
  value_left: z.number(),
  /** What the next session is worth (the price shared over the sessions; the last one takes what is left). */
  next_session_value: z.number(),
  expires_on: z.string(),
  status: z.enum(CLIENT_PACKAGE_STATUSES),
  outlet: outletSchema,
  payment_method: z.string(),
  reference: z.string().nullable(),
  sold_on: z.string(),
  sold_by: z.object({ id: z.number(), name: z.string() }),
  lines: z.array(prepaidLineSchema.extend({ sessions: z.number() })),
});
export type ClientPackage = z.infer<typeof clientPackageSchema>;

/**
 * What the next `n` sessions of a package are worth, in kobo: the price shared evenly over its sessions (rounded down
 * to the kobo), the last session taking whatever value is left, so the sessions together are worth exactly the price.
 */
export function sessionsValueK(pkg: { priceK: number; sessions: number; sessionsLeft: number; valueLeftK: number }, n: number): number {
  if (n <= 0) return 0;
  if (n >= pkg.sessionsLeft) return pkg.valueLeftK;
  return n * Math.floor(pkg.priceK / pkg.sessions);
}
