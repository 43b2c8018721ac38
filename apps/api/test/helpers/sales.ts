import { eq } from 'drizzle-orm';
import type { OrderCreate } from '@studio/shared';
import { usersTable } from '../../src/db/schema.js';
import { createOrder } from '../../src/features/pos/orders.service.js';
import type { TestApp } from './test-app.js';

/**
 * A sale at a given moment, through the same service POST /api/orders uses: how tests
 * put sales on fixed past days (the API always sells "now").
 */
export async function sellAt(t: TestApp, staffId: number, at: string, body: Partial<OrderCreate> & Pick<OrderCreate, 'items'>) {
  const [user] = await t.database.db.select().from(usersTable).where(eq(usersTable.id, staffId));
  const input = { outlet: 'store' as const, customer_name: 'Walk-in Customer', discount: 0, customer_phone: null, note: null, ...body };
  if (!input.payments && !input.payment_method) input.payment_method = 'cash';
  const { order } = await createOrder(t.database.db, user!, input as never, 'Africa/Lagos', { at: new Date(at) });
  return order;
}
