import { z } from 'zod';
import { defineResource } from '../crud/define-resource.js';
import { id, isoDate, money, optionalText, recordBase, text } from '../primitives.js';

// Commission rules (issue 32, item 2; docs/decisions/033-staff-pay.md): what an artist earns on the order lines they did.
// A rule is for one staff member or for everyone of a role, on services or products, optionally one category or one
// product. Rules are dated: for a line, the most specific rule (staff before role, product before category before all)
// in force on the sale's day applies, and among rules of the same scope the one with the latest `effective_from` on or
// before that day. A change from a date is a new rule of the same scope from that date; the old one still prices the
// days before it.

export const COMMISSION_APPLIES_TO = ['service', 'product'] as const;
export const COMMISSION_KINDS = ['percentage', 'flat'] as const;
export const COMMISSION_BASES = ['charged', 'list'] as const;
export const COMMISSION_TIER_MODES = ['whole', 'above'] as const;

export const COMMISSION_KIND_LABELS: Record<(typeof COMMISSION_KINDS)[number], string> = { percentage: 'Percentage', flat: 'Flat per item' };
export const COMMISSION_BASIS_LABELS: Record<(typeof COMMISSION_BASES)[number], string> = { charged: 'Price charged (after discount)', list: 'List price' };
export const COMMISSION_TIER_MODE_LABELS: Record<(typeof COMMISSION_TIER_MODES)[number], string> = {
  whole: 'Tier rate on the whole total',
  above: 'Tier rate only on the part above its threshold',
};

/** From `threshold` naira of the period's total (the rule's base summed over the period) on, `rate` applies. */
export const commissionTierSchema = z.object({
  threshold: money().refine((n) => n > 0, { error: 'A tier starts above 0.' }),
  rate: money(),
});
export type CommissionTier = z.infer<typeof commissionTierSchema>;

export const commissionRuleSchema = z.object({
  ...recordBase,
  name: z.string(),
  staff_id: z.number().nullable(),
  role: z.string().nullable(),
  applies_to: z.enum(COMMISSION_APPLIES_TO),
  category: z.string().nullable(),
  product_id: z.number().nullable(),
  kind: z.enum(COMMISSION_KINDS),
  /** A percentage (0-100) of the base, or naira per item. */
  rate: z.number(),
  basis: z.enum(COMMISSION_BASES),
  /** Naira per item taken off the base before the rate (a service's products used). */
  business_cost: z.number().nullable(),
  tiers: z.array(commissionTierSchema),
  tier_mode: z.enum(COMMISSION_TIER_MODES),
  effective_from: z.string(),
  note: z.string().nullable(),
});
export type CommissionRule = z.infer<typeof commissionRuleSchema>;

const fields = {
  name: text(100),
  staff_id: id().nullish(),
  role: optionalText(50),
  applies_to: z.enum(COMMISSION_APPLIES_TO, { error: 'Choose services or products.' }),
  category: optionalText(60),
  product_id: id().nullish(),
  kind: z.enum(COMMISSION_KINDS, { error: 'Choose a percentage or a flat amount per item.' }).default('percentage'),
  rate: money(),
  basis: z.enum(COMMISSION_BASES, { error: 'Choose the price charged or the list price.' }).default('charged'),
  business_cost: money().nullish(),
  tiers: z.array(commissionTierSchema).max(10).default([]),
  tier_mode: z.enum(COMMISSION_TIER_MODES, { error: 'Choose whole or above.' }).default('whole'),
  effective_from: isoDate(),
  note: optionalText(255),
};
export const commissionRuleInputSchema = z.object(fields);
export const commissionRuleUpdateSchema = z.object(fields).partial();
export type CommissionRuleInput = z.input<typeof commissionRuleInputSchema>;

/** The problems of a rule as a whole (the API's 422 and the form's), by field; empty when it is whole. */
export function commissionRuleProblems(r: {
  staff_id?: number | null;
  role?: string | null;
  kind?: string;
  rate?: number;
  tiers?: readonly CommissionTier[];
}): Record<string, string> {
  const out: Record<string, string> = {};
  if (r.staff_id == null && !r.role) out.staff_id = 'Choose a staff member or a role.';
  if (r.staff_id != null && r.role) out.role = 'Choose a staff member or a role, not both.';
  const tiers = r.tiers ?? [];
  if (r.kind === 'percentage' && (r.rate ?? 0) > 100) out.rate = 'A percentage is at most 100.';
  if (tiers.length && r.kind !== 'percentage') out.tiers = 'Tiers are for percentage rules.';
  if (tiers.some((t) => t.rate > 100)) out.tiers = 'A tier percentage is at most 100.';
  if (tiers.some((t, i) => i > 0 && t.threshold <= tiers[i - 1]!.threshold)) out.tiers = 'Each tier starts above the one before it.';
  return out;
}

export const commissionRules = defineResource({
  name: 'commission-rules',
  path: '/api/commission-rules',
  label: 'Commission rules',
  singular: 'Commission rule',
  record: commissionRuleSchema,
  create: commissionRuleInputSchema,
  update: commissionRuleUpdateSchema,
  searchable: ['name', 'role', 'category'],
  sortable: ['name', 'applies_to', 'rate', 'effective_from', 'created_at'],
  defaultSort: { field: 'effective_from', order: 'desc' },
  references: { staff_id: 'users', product_id: 'products' },
  roles: { read: 'admin', write: 'admin' },
  fixture: {
    examples: (n) => [
      { name: `Alpha commission ${n}`, applies_to: 'product', kind: 'flat', rate: 500, effective_from: '2026-01-01' },
      { name: `Bravo commission ${n}`, applies_to: 'service', kind: 'percentage', rate: 10, basis: 'list', effective_from: '2026-02-01', tiers: [{ threshold: 100000, rate: 12 }], tier_mode: 'above' },
      { name: `Charlie commission ${n}`, staff_id: null, role: 'Makeup Artist', applies_to: 'service', kind: 'percentage', rate: 15.5, category: 'Bridal', business_cost: 2000, effective_from: '2026-03-15' },
    ],
  },
});
