import { date, index, integer, jsonb, numeric, pgTable, varchar } from 'drizzle-orm/pg-core';
import type { CommissionTier, COMMISSION_APPLIES_TO, COMMISSION_BASES, COMMISSION_KINDS, COMMISSION_TIER_MODES } from '@studio/shared';
import { idColumn, moneyColumn, timestamps } from '../../db/columns.js';
import { usersTable } from '../users/users.table.js';
import { productsTable } from '../products/products.table.js';

/** What an artist earns on the lines they did (issue 32; decision 033): read by the pay runs (features/pay). */
export const commissionRulesTable = pgTable(
  'commission_rules',
  {
    id: idColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    staff_id: integer('staff_id').references(() => usersTable.id, { onDelete: 'restrict' }),
    role: varchar('role', { length: 50 }),
    applies_to: varchar('applies_to', { length: 10 }).$type<(typeof COMMISSION_APPLIES_TO)[number]>().notNull(),
    category: varchar('category', { length: 60 }),
    product_id: integer('product_id').references(() => productsTable.id, { onDelete: 'restrict' }),
    kind: varchar('kind', { length: 12 }).$type<(typeof COMMISSION_KINDS)[number]>().notNull().default('percentage'),
    // a percentage to 2 places, or naira per item
    rate: numeric('rate', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    basis: varchar('basis', { length: 10 }).$type<(typeof COMMISSION_BASES)[number]>().notNull().default('charged'),
    business_cost: moneyColumn('business_cost'),
    tiers: jsonb('tiers').$type<CommissionTier[]>().notNull().default([]),
    tier_mode: varchar('tier_mode', { length: 10 }).$type<(typeof COMMISSION_TIER_MODES)[number]>().notNull().default('whole'),
    effective_from: date('effective_from', { mode: 'string' }).notNull(),
    note: varchar('note', { length: 255 }),
    ...timestamps(),
  },
  (t) => [index('commission_rules_from_idx').on(t.effective_from)],
);
