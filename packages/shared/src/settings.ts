import { z } from 'zod';
import { OVERDUE_ATTENDANCE_GATES } from './trainee-plans.js';

/** The staff discount limit when no admin has set one (issue 9, item 6). */
export const DEFAULT_MAX_STAFF_DISCOUNT_PERCENT = 10;

/** How many days a signed-in device may go unused before its token stops working (issue 19, item 5). */
export const DEFAULT_TOKEN_IDLE_DAYS = 30;
export const MAX_TOKEN_IDLE_DAYS = 365;

/**
 * The account customers pay the studio into (issue 30, item 6; issue 34, item 4): printed on receipts and carried by
 * reminder messages, so nobody types a number at the till. A Nigerian account number (NUBAN) is 10 digits.
 */
export const bankAccountSchema = z.object({
  bank: z.string().trim().min(2).max(60),
  number: z.string().trim().regex(/^\d{10}$/, { error: 'The account number must be the 10 digits of a Nigerian account (NUBAN).' }),
  name: z.string().trim().min(2).max(100),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;
/** "GTBank 0123456789 (Glam Studio Ltd)". */
export const bankAccountLine = (a: BankAccount) => `${a.bank} ${a.number} (${a.name})`;

/** How the studio writes a clock time (issue 34, item 7): `14:05`, or `2:05 PM`. One choice for every screen and print. */
export const TIME_FORMATS = ['24h', '12h'] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];
export const TIME_FORMAT_LABELS: Record<TimeFormat, string> = { '24h': '24-hour (14:05)', '12h': '12-hour (2:05 PM)' };

/**
 * The studio's settings: `GET /api/settings` (every signed-in user: the till needs the limit) and
 * `PUT /api/settings` (admin). Stored key by key in the `settings` table; a key never set has its default.
 */
export const studioSettingsSchema = z.object({
  /** The largest discount, in % of the subtotal, a staff member may give without an admin's approval. */
  max_staff_discount_percent: z
    .number()
    .min(0)
    .max(100)
    .refine((n) => /^\d+(\.\d{1,2})?$/.test(String(n)), { error: 'The max staff discount percent field must have at most 2 decimal places.' }),
  /**
   * A signed-in device whose token has not been used for this many days is signed out: its next request is a 401
   * (the token is checked against its last use, recorded at most once an hour).
   */
  token_idle_days: z
    .number()
    .int({ error: 'The token idle days field must be a whole number of days.' })
    .min(1)
    .max(MAX_TOKEN_IDLE_DAYS),
  /**
   * How old a till's offline prices may be (hours since they were last refreshed from the server) before only an
   * admin may go on selling from them (issue 18).
   */
  offline_stale_hours: z.number().int({ error: 'The offline stale hours field must be a whole number of hours.' }).min(1).max(720),
  /**
   * A staff member's offline sale dated more than this many days before it reaches the server waits for an admin
   * (review reason `backdated`; issue 28, item 6): a device cannot add sales to an old day by itself.
   */
  offline_backdate_days: z.number().int({ error: 'The offline backdate days field must be a whole number of days.' }).min(0).max(60),
  /**
   * A reminder run leaves out whoever was reminded within this many days (0: nobody is left out), unless asked for
   * (issue 17, item 7).
   */
  reminder_skip_days: z.number().int({ error: 'The reminder skip days field must be a whole number of days.' }).min(0).max(60),
  /** Where customers pay by transfer; null until an admin sets it. */
  bank_account: bankAccountSchema.nullable(),
  /** What a trainee's overdue instalment does when her attendance is marked (issue 33, item 2): nothing, a warning, or refused. */
  overdue_attendance: z.enum(OVERDUE_ATTENDANCE_GATES),
  /** Whether a certificate waits until the trainee's balance is paid (issue 33, item 2). */
  certificate_needs_balance: z.boolean(),
  /** Every time on screens, receipts and messages is written on this clock. */
  time_format: z.enum(TIME_FORMATS),
});
export type StudioSettings = z.infer<typeof studioSettingsSchema>;
export const DEFAULT_OFFLINE_STALE_HOURS = 24;
/** A staff member's offline sale may be dated up to 2 days back before it needs an admin. */
export const DEFAULT_OFFLINE_BACKDATE_DAYS = 2;
/** Reminded within the last 3 days: left out of a reminder run by default. */
export const DEFAULT_REMINDER_SKIP_DAYS = 3;
export const DEFAULT_SETTINGS: StudioSettings = {
  max_staff_discount_percent: DEFAULT_MAX_STAFF_DISCOUNT_PERCENT,
  token_idle_days: DEFAULT_TOKEN_IDLE_DAYS,
  offline_stale_hours: DEFAULT_OFFLINE_STALE_HOURS,
  offline_backdate_days: DEFAULT_OFFLINE_BACKDATE_DAYS,
  reminder_skip_days: DEFAULT_REMINDER_SKIP_DAYS,
  bank_account: null,
  overdue_attendance: 'warn',
  certificate_needs_balance: true,
  time_format: '24h',
};

/** `PUT /api/settings`: any of the settings (the others keep their values), at least one. */
export const studioSettingsUpdateSchema = studioSettingsSchema.partial().refine((s) => Object.values(s).some((v) => v !== undefined), {
  error: 'Give at least one setting to change.',
  path: ['body'],
});
export type StudioSettingsUpdate = z.infer<typeof studioSettingsUpdateSchema>;

/**
 * Whether a discount is above `limitPercent` % of the subtotal, exactly (in kobo and hundredths of a
 * percent, as big integers: no rounding can let 10.01 % through as 10 %).
 *
 * @example
 * discountAboveLimit(1000, 10_000, 10) // false: exactly 10 %
 * discountAboveLimit(1000.01, 10_000, 10) // true
 */
export function discountAboveLimit(discount: number, subtotal: number, limitPercent: number): boolean {
  const discountK = BigInt(Math.round(discount * 100));
  const subtotalK = BigInt(Math.round(subtotal * 100));
  const limitBp = BigInt(Math.round(limitPercent * 100));
  return discountK * 10_000n > subtotalK * limitBp;
}

export const discountApprovalMessage = (limitPercent: number) => `A discount above ${limitPercent}% needs an admin's approval.`;

/** An admin's sign-in at the till that approves a staff member's discount above the limit (`POST /api/orders`). */
export const discountApprovalSchema = z.object({
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
});
export type DiscountApproval = z.infer<typeof discountApprovalSchema>;
