import { integer, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * One row per `client_ref` a money-taking POST has answered (crud/idempotency.ts): the scope (which call), the
 * key, a hash of what was asked and the answer given, written in the same transaction as the call's effect.
 */
export const idempotencyKeysTable = pgTable(
  'idempotency_keys',
  {
    scope: varchar('scope', { length: 60 }).notNull(),
    client_ref: varchar('client_ref', { length: 36 }).notNull(),
    request_hash: varchar('request_hash', { length: 64 }).notNull(),
    status: integer('status').notNull(),
    response: jsonb('response').notNull(),
    user_id: integer('user_id'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.client_ref] })],
);
