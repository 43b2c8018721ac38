import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { declarePaymentMethod, PAYMENT_METHODS, type Order } from '@studio/shared';
import { assertEveryMethodHasTender, methodsWithoutTender, moneyTender, registerTender, type ReverseContext, type TenderContext, type TenderLine } from '../src/features/pos/tenders.js';
import { HttpError } from '../src/plugins/errors.js';
import { signedInApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';
import { snapshotDatabase } from './helpers/fixtures.js';

// Issue 28, item 1's last part (decision 032): one handler per payment method, called in the caller's transaction
// for each line a sale takes, each line its void gives back, and the money a refund pays out.

const app = signedInApp();
const helpers = () => posHelpers(app.t, () => app.admin);
const undo: (() => void)[] = [];
afterEach(() => undo.splice(0).forEach((u) => u()));

type Call = { what: 'take' | 'reverse'; line: TenderLine; field: string; kind?: ReverseContext['kind']; orderId: number; inTx: boolean };

/** Wraps a method's handler with a spy that records each call and whether it ran inside a transaction. */
function spy(method: string, refuse?: (line: TenderLine, ctx: TenderContext) => HttpError | null): Call[] {
  const calls: Call[] = [];
  const inTx = async (tx: Parameters<typeof moneyTender.take>[0]) => {
    // the sale has written its rows: inside its transaction the transaction id is assigned; outside one it is not
    const [row] = ((await tx.execute(sql`select txid_current_if_assigned() is not null as in_tx`)) as unknown as { rows: { in_tx: boolean }[] }).rows;
    return Boolean(row?.in_tx);
  };
  undo.push(
    registerTender(method, {
      take: async (tx, line, ctx) => {
        calls.push({ what: 'take', line, field: ctx.field, orderId: ctx.sale.orderId, inTx: await inTx(tx) });
        const err = refuse?.(line, ctx);
        if (err) throw err;
      },
      reverse: async (tx, line, ctx) => {
        calls.push({ what: 'reverse', line, field: ctx.field, kind: ctx.kind, orderId: ctx.sale.orderId, inTx: await inTx(tx) });
      },
    }),
  );
  return calls;
}

describe('tender handlers', () => {
  it('every declared method has one; a method declared without one is found, and the app refuses to start', () => {
    expect(methodsWithoutTender()).toEqual([]);
    expect(() => assertEveryMethodHasTender()).not.toThrow();
    undo.push(declarePaymentMethod('house-account', { label: 'House account', reference: 'none', referenceHint: '', awaitsConfirmation: false, givesChange: false, inDrawer: false, offline: false, uses: ['till'] }));
    expect(methodsWithoutTender([...PAYMENT_METHODS, 'house-account'])).toEqual(['house-account']);
    expect(() => assertEveryMethodHasTender([...PAYMENT_METHODS, 'house-account'])).toThrow(/house-account/);
    undo.push(registerTender('house-account', moneyTender));
    expect(methodsWithoutTender([...PAYMENT_METHODS, 'house-account'])).toEqual([]);
  });

  it("a sale takes each line through its method's handler in its transaction; a void gives each back; a refund pays out through the refund's method", async () => {
    const pos = helpers();
    const cash = spy('cash');
    const card = spy('card');
    const p = await pos.product({ price: 3000, quantity: 10 });
    const res = await pos.sell(app.admin, { items: [{ product_id: p.id, quantity: 2 }], payments: [{ method: 'card', amount: 2500, reference: 'T-1' }, { method: 'cash', amount: 4000 }] });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data as Order;
    const [cardLine, cashLine] = order.payments;
    expect(card).toEqual([{ what: 'take', line: { id: cardLine!.id, method: 'card', amountK: 250000, reference: 'T-1' }, field: 'payments.0', orderId: order.id, inTx: true }]);
    expect(cash).toEqual([{ what: 'take', line: { id: cashLine!.id, method: 'cash', amountK: 400000, reference: null }, field: 'payments.1', orderId: order.id, inTx: true }]);

    const refunded = await app.t.call(app.admin, { method: 'POST', url: `/api/orders/${order.id}/refunds`, payload: { items: [{ order_item_id: order.items[0]!.id, quantity: 1 }], method: 'cash', reason: 'Wrong shade' } });
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect(cash.at(-1)).toEqual({ what: 'reverse', line: { id: null, method: 'cash', amountK: 300000, reference: null }, field: 'method', kind: 'refund', orderId: order.id, inTx: true });

    const second = await pos.sell(app.admin, { items: [{ product_id: p.id, quantity: 1 }], payment_method: 'cash' });
    const sold = second.json().data as Order;
    expect(cash.at(-1)).toMatchObject({ what: 'take', field: 'payment_method', orderId: sold.id });
    const voided = await app.t.call(app.admin, { method: 'DELETE', url: `/api/orders/${sold.id}`, payload: { reason: 'Rung up twice' } });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(cash.at(-1)).toEqual({ what: 'reverse', line: { id: sold.payments[0]!.id, method: 'cash', amountK: 300000, reference: null }, field: 'status', kind: 'void', orderId: sold.id, inTx: true });
  });

  it("a handler's refusal is the sale's 422 on the line's field, and nothing of the sale is written", async () => {
    const pos = helpers();
    spy('card', (line, ctx) => (line.amountK > 100000 ? new HttpError(422, 'Declined.', { [`${ctx.field}.amount`]: ['The terminal declined it.'] }) : null));
    const p = await pos.product({ price: 3000, quantity: 10 });
    const before = await snapshotDatabase(app.t.database.db);
    const res = await pos.sell(app.admin, { items: [{ product_id: p.id, quantity: 1 }], payments: [{ method: 'cash', amount: 1000 }, { method: 'card', amount: 2000, reference: 'T-2' }] });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ 'payments.1.amount': ['The terminal declined it.'] });
    expect(await snapshotDatabase(app.t.database.db)).toBe(before);
  });
});
