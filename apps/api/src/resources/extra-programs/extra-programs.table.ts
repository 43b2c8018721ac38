import { index, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import type { ExtraProgramType } from '@studio/shared';
import { idColumn, moneyColumn, timestamps } from '../../db/columns.js';
import { programRuleColumns } from '../training-programs/training-programs.table.js';

export const extraProgramsTable = pgTable(
  'extra_programs',
  {
    id: idColumn(),
    type: varchar('type', { length: 20 }).$type<ExtraProgramType>().notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    price: moneyColumn('price').notNull(),
    duration: varchar('duration', { length: 50 }),
    description: text('description'),
    ...programRuleColumns(),
    ...timestamps(),
  },
  (t) => [index('extra_programs_type_idx').on(t.type)],
);
