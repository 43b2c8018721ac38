import { integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { ProviderEventOutcome, VirtualAccountKind, VirtualAccountProvider } from '@studio/shared';
import { idColumn, moneyColumn } from '../../db/columns.js';
import { usersTable } from '../../resources/users/users.table.js';

/**
 * A payment provider's secret (issue 30, item 4; decision 036): one row per provider, set by an admin and never sent
 * back by the API. It signs the provider's webhooks; without a row nothing calls out and every webhook is refused.
 */
export const integrationsTable = pgTable('integrations', {
  provider: varchar('provider', { length: 20 }).$type<VirtualAccountProvider>().primaryKey(),
  secret: text('secret').notNull(),
  set_by: integer('set_by').references(() => usersTable.id),
  set_at: timestamp('set_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The dedicated account a provider gave one person, and the ledger its credits pay into (one per person and provider). */
export const virtualAccountsTable = pgTable(
  'virtual_accounts',
  {
    id: idColumn(),
    provider: varchar('provider', { length: 20 }).$type<VirtualAccountProvider>().notNull(),
    kind: varchar('kind', { length: 20 }).$type<VirtualAccountKind>().notNull(),
    record_id: integer('record_id').notNull(),
    account_number: varchar('account_number', { length: 10 }).notNull(),
    bank_name: varchar('bank_name', { length: 80 }).notNull(),
    account_name: varchar('account_name', { length: 120 }).notNull(),
    created_by: integer('created_by').references(() => usersTable.id),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('virtual_accounts_number_unique').on(t.provider, t.account_number), uniqueIndex('virtual_accounts_record_unique').on(t.provider, t.kind, t.record_id)],
);

/**
 * Every signed event a provider sent, stored once by its key (the event's name and the provider's id for it), in the
 * same transaction as the payment it made: the same event sent again is answered and used for nothing.
 */
export const providerEventsTable = pgTable(
  'provider_events',
  {
    id: idColumn(),
    provider: varchar('provider', { length: 20 }).$type<VirtualAccountProvider>().notNull(),
    event_key: varchar('event_key', { length: 200 }).notNull(),
    event: varchar('event', { length: 60 }).notNull(),
    reference: varchar('reference', { length: 120 }),
    amount: moneyColumn('amount'),
    account_number: varchar('account_number', { length: 20 }),
    outcome: varchar('outcome', { length: 20 }).$type<ProviderEventOutcome>().notNull(),
    detail: text('detail'),
    kind: varchar('kind', { length: 20 }).$type<VirtualAccountKind>(),
    record_id: integer('record_id'),
    payment_id: integer('payment_id'),
    payload: jsonb('payload').notNull(),
    received_at: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('provider_events_key_unique').on(t.provider, t.event_key)],
);
