import { inArray } from 'drizzle-orm';
import type { OrderCreate } from '@studio/shared';
import type { DbOrTx } from '../../db/client.js';
import { unprocessable } from '../../plugins/errors.js';
import { usersTable } from '../../db/schema.js';

/**
 * The people a sale names as having done its lines (`items[].staff_id`, issue 32) must be active staff members.
 * Online, an unknown or former one is a 422 on that line; an offline sale already happened, so a name the server
 * does not know falls back to the seller (the line is theirs, as before the till could say) rather than refuse it.
 */
export async function checkOrderWorkers<T extends Pick<OrderCreate, 'items' | 'offline'>>(db: DbOrTx, body: T): Promise<T> {
  const ids = [...new Set(body.items.flatMap((i) => (i.staff_id === undefined ? [] : [i.staff_id])))];
  if (!ids.length) return body;
  const found = await db.select({ id: usersTable.id, active: usersTable.active }).from(usersTable).where(inArray(usersTable.id, ids));
  const ok = new Set(found.filter((u) => u.active).map((u) => u.id));
  if (body.offline) return { ...body, items: body.items.map((i) => (i.staff_id === undefined || ok.has(i.staff_id) ? i : { ...i, staff_id: undefined })) };
  const errors: Record<string, string[]> = {};
  body.items.forEach((i, n) => {
    if (i.staff_id !== undefined && !ok.has(i.staff_id)) errors[`items.${n}.staff_id`] = ['The selected staff member is invalid or no longer active.'];
  });
  if (Object.keys(errors).length) throw unprocessable(errors);
  return body;
}
