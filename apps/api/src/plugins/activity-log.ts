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
