import { boolean, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Outlet } from '@studio/shared';
import { idColumn, moneyColumn, timestamps } from '../../db/columns.js';

export const usersTable = pgTable(
  'users',
  {
    id: idColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    username: varchar('username', { length: 50 }).notNull(),
    email: varchar('email', { length: 150 }),
    phone: varchar('phone', { length: 30 }),
    role: varchar('role', { length: 50 }).notNull(),
    is_admin: smallint('is_admin').$type<0 | 1>().notNull().default(0),
    profile_photo: varchar('profile_photo', { length: 255 }),
    active: boolean('active').notNull().default(true),
    /** The till a staff member signs in to (decision 029); null: the Makeup store's. */
    outlet: varchar('outlet', { length: 10 }).$type<Outlet>(),
    /** Naira a month before commission (issue 32; decision 033): set by an admin, never sent to staff. */
    base_pay: moneyColumn('base_pay'),
    password_hash: text('password_hash').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('users_username_unique').on(sql`lower(${t.username})`)],
);

/** One row per signed-in device; only the SHA-256 of the token is kept. */
export const apiTokensTable = pgTable(
  'api_tokens',
  {
    id: idColumn(),
    user_id: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    device_id: varchar('device_id', { length: 100 }).notNull(),
    device_info: varchar('device_info', { length: 500 }),
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    last_used_at: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('api_tokens_token_hash_unique').on(t.token_hash), uniqueIndex('api_tokens_user_device_unique').on(t.user_id, t.device_id), index('api_tokens_user_idx').on(t.user_id)],
);
