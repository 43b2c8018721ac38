import { STOCK_PURCHASES_CATEGORY, formatKobo, fromKobo, toKobo, type Outlet, type PaymentMethod } from '@studio/shared';
import type { Tx } from '../../db/client.js';
import type { UserRow } from '../../plugins/auth.js';
import { recordActivity } from '../../plugins/activity-log.js';
import { financesTable, supplierPayablesTable } from '../../db/schema.js';

// What a restock cost (issue 28, item 7; docs/decisions/027-owed-sales-offline-restock.md): paid now, an expense
// "Stock purchases" in Income & Expenses by method (in the day close when cash, at the product's outlet); owed, a
// line on the supplier's payables (suppliers/supplier-payables.ts), paid later against what is owed.

/**
 * A restock's cost, in the restock's transaction: `now` is an expense of quantity × unit cost by `method`; `owed` a
 * line on the supplier's payables. Logged on the product's restock line by the caller; this logs the purchase.
 */
export async function recordRestockCost(
  tx: Tx,
  user: UserRow,
  r: { paid: 'now' | 'owed'; method: PaymentMethod | null; supplierId: number | null; productId: number; productName: string; outlet: Outlet; quantity: number; unitCost: number; date: string },
): Promise<void> {
  const amountK = toKobo(r.unitCost) * r.quantity;
  const what = `Restock: ${r.quantity} × ${r.productName} at ${formatKobo(toKobo(r.unitCost))}`;
  if (r.paid === 'now') {
    const [row] = await tx
      .insert(financesTable)
      .values({ type: 'expense', category: STOCK_PURCHASES_CATEGORY, amount: fromKobo(amountK), description: what, date: r.date, outlet: r.outlet, method: r.method!, recorded_by: user.id })
      .returning({ id: financesTable.id });
    const financeId = row!.id;
    await recordActivity(tx, { user, action: 'create', resource: 'finances', recordId: financeId, after: { category: STOCK_PURCHASES_CATEGORY, amount: fromKobo(amountK), method: r.method, product_id: r.productId } });
    return;
  }
  const [line] = await tx
    .insert(supplierPayablesTable)
    .values({ supplier_id: r.supplierId!, amount: fromKobo(amountK), date: r.date, note: what.slice(0, 255), product_id: r.productId, user_id: user.id })
    .returning({ id: supplierPayablesTable.id });
  await recordActivity(tx, { user, action: 'owed', resource: 'suppliers', recordId: r.supplierId!, after: { payable_id: line!.id, amount: fromKobo(amountK), product_id: r.productId } });
}

