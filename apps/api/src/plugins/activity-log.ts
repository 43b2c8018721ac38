import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { activityLogTable } from '../db/schema.js';
import type { UserRow } from './auth.js';

export interface ActivityEntry {
  user: Pick<UserRow, 'id' | 'name'> | null;
  action: string;
  resource: string;
  recordId: number | null;
  before?: unknown;
  after?: unknown;
  /** Only when recording the past (the demo seed's sales); otherwise now. */
  at?: Date;
}

/** Appends one entry in the caller's transaction, so a write and its log line land together or not at all. */
export async function recordActivity(db: DbOrTx, entry: ActivityEntry): Promise<void> {
  await db.insert(activityLogTable).values({
    user_id: entry.user?.id ?? null,
    user_name: entry.user?.name ?? null,
    action: entry.action,
    resource: entry.resource,
    record_id: entry.recordId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    created_at: entry.at,
  });
}

/**
 * The same line as `recordActivity`, as the body of a CTE in the caller's statement (a sale writes its order and its
 * log line in one statement): `recordId` and `after` are SQL over `from` (the sale's CTE `o`).
 */
export function activityLineSql(entry: { user: Pick<UserRow, 'id' | 'name'>; action: string; resource: string; recordId: SQL; after: SQL; at: Date; from: SQL }): SQL {
  return sql`insert into activity_log (user_id, user_name, action, resource, record_id, after, created_at)
      select ${entry.user.id}::int, ${entry.user.name}, ${entry.action}, ${entry.resource}, ${entry.recordId}, ${entry.after}, ${entry.at.toISOString()}::timestamptz
      from ${entry.from}`;
}
