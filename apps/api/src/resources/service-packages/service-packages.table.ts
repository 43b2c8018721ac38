import { boolean, index, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { idColumn, moneyColumn, timestamps } from '../../db/columns.js';
import { productsTable } from '../products/products.table.js';

/** What a package of sessions is (issue 31, item 4; decision 040): a client's bought one is `client_packages`. */
export const servicePackagesTable = pgTable(
  'service_packages',
  {
    id: idColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    service_id: integer('service_id')
      .notNull()
      .references(() => productsTable.id, { onDelete: 'restrict' }),
    /** Other services a session may cover (product ids of kind service), checked by the module's hooks. */
    extra_service_ids: jsonb('extra_service_ids').$type<number[]>().notNull().default([]),
    sessions: integer('sessions').notNull(),
    price: moneyColumn('price').notNull(),
    validity_days: integer('validity_days').notNull(),
    active: boolean('active').notNull().default(true),
    note: text('note'),
    ...timestamps(),
  },
  (t) => [index('service_packages_service_idx').on(t.service_id)],
);
