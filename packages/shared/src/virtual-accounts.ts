import { z } from 'zod';
import { text } from './primitives.js';

/**
 * Dedicated bank accounts (issue 30, item 4): a provider (Paystack today) gives a trainee or a bridal client an account
 * number of their own; a credit to it arrives by a signed webhook and becomes a confirmed payment on their ledger.
 */
export const VIRTUAL_ACCOUNT_PROVIDERS = ['paystack'] as const;
export type VirtualAccountProvider = (typeof VIRTUAL_ACCOUNT_PROVIDERS)[number];

/** The ledgers a dedicated account pays into: the three kinds of trainee fees and a bridal booking. */
export const VIRTUAL_ACCOUNT_KINDS = ['student', 'office-student', 'hostel-student', 'booking'] as const;
export type VirtualAccountKind = (typeof VIRTUAL_ACCOUNT_KINDS)[number];

/** `PUT /api/integrations/paystack` (admin): the secret key, stored and never shown again; null turns it off. */
export const paystackSettingSchema = z.object({
  secret_key: z
    .string()
    .trim()
    .regex(/^sk_(live|test)_[A-Za-z0-9]{20,100}$/, { error: 'A Paystack secret key starts with sk_live_ or sk_test_ followed by letters and digits.' })
    .nullable(),
});
export type PaystackSetting = z.input<typeof paystackSettingSchema>;

/** What the app says of the integration: whether a key is set (never the key), by whom and when. */
export interface IntegrationStatus {
  provider: VirtualAccountProvider;
  configured: boolean;
  set_at: string | null;
  set_by: { id: number; name: string } | null;
  /** Where the provider must send its events. */
  webhook_path: string;
}

/** `POST /api/virtual-accounts` (admin): the account the provider gave a person, recorded against their ledger. */
export const virtualAccountInputSchema = z.object({
  provider: z.enum(VIRTUAL_ACCOUNT_PROVIDERS).default('paystack'),
  kind: z.enum(VIRTUAL_ACCOUNT_KINDS, { error: `The kind must be one of ${VIRTUAL_ACCOUNT_KINDS.join(', ')}.` }),
  record_id: z.number().int().positive().max(2_147_483_647),
  account_number: z.string().trim().regex(/^\d{10}$/, { error: 'The account number must be 10 digits (a NUBAN).' }),
  bank_name: text(80),
  account_name: text(120),
});
export type VirtualAccountInput = z.input<typeof virtualAccountInputSchema>;

export interface VirtualAccount {
  id: number;
  provider: VirtualAccountProvider;
  kind: VirtualAccountKind;
  record_id: number;
  account_number: string;
  bank_name: string;
  account_name: string;
  created_at: string;
}

/** What became of a provider's event: credited to a ledger, or held for an admin with the reason. */
export const PROVIDER_EVENT_OUTCOMES = ['credited', 'no-account', 'over-balance', 'ignored'] as const;
export type ProviderEventOutcome = (typeof PROVIDER_EVENT_OUTCOMES)[number];

export interface ProviderEvent {
  id: number;
  provider: VirtualAccountProvider;
  event: string;
  reference: string | null;
  amount: number | null;
  account_number: string | null;
  outcome: ProviderEventOutcome;
  detail: string | null;
  kind: VirtualAccountKind | null;
  record_id: number | null;
  payment_id: number | null;
  received_at: string;
}
