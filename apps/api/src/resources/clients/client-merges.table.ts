import { index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idColumn } from '../../db/columns.js';
import { usersTable } from '../users/users.table.js';
import { clientsTable } from './clients.table.js';

/**
 * Every merge of two client records (issue 34, item 3), with what it moved, so it can be undone for 7 days: the ids
 * of the records repointed per client-owned resource, the merged-away records that forwarded to the merged one, and
 * the kept client's details the merge filled (before and after). An erasure of either client empties `details`
 * (it holds notes and an e-mail) and ends the undo.
 */
export const clientMergesTable = pgTable(
  'client_merges',
  {
    id: idColumn(),
    keep_id: integer('keep_id')
      .notNull()
      .references(() => clientsTable.id, { onDelete: 'cascade' }),
    merge_id: integer('merge_id')
      .notNull()
      .references(() => clientsTable.id, { onDelete: 'cascade' }),
    /** `{ resource: [record ids] }`: what moved from the merged client to the kept one. */
    moved: jsonb('moved').$type<Record<string, number[]>>().notNull(),
    /** Clients merged into the merged one earlier, forwarded to the kept one by this merge. */
    forwarded: jsonb('forwarded').$type<number[]>().notNull(),
    /** The kept client's details the merge changed: `{ field: [before, after] }`; null once either was erased. */
    details: jsonb('details').$type<Record<string, [unknown, unknown]>>(),
    merged_at: timestamp('merged_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    merged_by: integer('merged_by').references(() => usersTable.id, { onDelete: 'set null' }),
    merged_by_name: varchar('merged_by_name', { length: 100 }),
    undone_at: timestamp('undone_at', { withTimezone: true, mode: 'date' }),
    undone_by: integer('undone_by').references(() => usersTable.id, { onDelete: 'set null' }),
    undone_by_name: varchar('undone_by_name', { length: 100 }),
  },
  (t) => [index('client_merges_keep_idx').on(t.keep_id, t.merged_at), index('client_merges_merge_idx').on(t.merge_id)],
);
