import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { StatementCandidate, StatementColumnMap, StatementLineStatus } from '@studio/shared';
import { idColumn, moneyColumn } from '../../db/columns.js';
import { usersTable } from '../../resources/users/users.table.js';

/** A bank statement imported by an admin (issue 30): the file, the account, and what its lines became. */
export const bankStatementsTable = pgTable('bank_statements', {
  id: idColumn(),
  filename: varchar('filename', { length: 200 }).notNull(),
  account: varchar('account', { length: 60 }),
  layout: varchar('layout', { length: 40 }).notNull(),
  lines: integer('lines').notNull().default(0),
  credits: integer('credits').notNull().default(0),
  matched: integer('matched').notNull().default(0),
  suggested: integer('suggested').notNull().default(0),
  unmatched: integer('unmatched').notNull().default(0),
  duplicates: integer('duplicates').notNull().default(0),
  imported_by: integer('imported_by').references(() => usersTable.id),
  imported_by_name: varchar('imported_by_name', { length: 100 }),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * One line of a statement. `line_key` is the line as the bank wrote it (account, day, amounts, reference or narration,
 * running balance, and its place among identical lines of the file): unique among the lines that are not duplicates,
 * so the same line imported again, in an overlapping file or by two imports at once, is stored once as itself and
 * then as a `duplicate` of it, never used twice. A payment line is matched by at most one statement line.
 */
export const bankStatementLinesTable = pgTable(
  'bank_statement_lines',
  {
    id: idColumn(),
    statement_id: integer('statement_id')
      .notNull()
      .references(() => bankStatementsTable.id, { onDelete: 'cascade' }),
    line_no: integer('line_no').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    narration: text('narration').notNull(),
    reference: varchar('reference', { length: 100 }),
    credit: moneyColumn('credit').notNull().default(0),
    debit: moneyColumn('debit').notNull().default(0),
    balance: moneyColumn('balance'),
    line_key: varchar('line_key', { length: 64 }).notNull(),
    status: varchar('status', { length: 10 }).$type<StatementLineStatus>().notNull(),
    match_kind: varchar('match_kind', { length: 20 }),
    match_id: integer('match_id'),
    reason: text('reason'),
    candidates: jsonb('candidates').$type<StatementCandidate[]>().notNull().default([]),
    resolved_by: integer('resolved_by').references(() => usersTable.id),
    resolved_by_name: varchar('resolved_by_name', { length: 100 }),
    resolved_at: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('bank_statement_lines_no_unique').on(t.statement_id, t.line_no),
    uniqueIndex('bank_statement_lines_key_unique').on(t.line_key).where(sql`${t.status} <> 'duplicate'`),
    uniqueIndex('bank_statement_lines_match_unique').on(t.match_kind, t.match_id).where(sql`${t.match_id} is not null`),
    index('bank_statement_lines_status_idx').on(t.status, t.date),
  ],
);

/** The column map an admin gave for an account whose statements are not recognised, used for its next ones. */
export const bankColumnMapsTable = pgTable('bank_column_maps', {
  account: varchar('account', { length: 60 }).primaryKey(),
  column_map: jsonb('column_map').$type<StatementColumnMap>().notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
