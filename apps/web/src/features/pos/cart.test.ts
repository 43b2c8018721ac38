import { describe, expect, it } from 'vitest';
import { type Cart, cartReducer, cartTotals, checkPayments, emptyCart } from './cart';

const lipstick = { id: 1, name: 'Matte Lipstick', sku: 'LIP-01', kind: 'product' as const, price: 4500, quantity: 3 };
const brows = { id: 2, name: 'Brow shaping', sku: null, kind: 'service' as const, price: 3000.1, quantity: null };

const add = (cart: Cart, product: typeof lipstick | typeof brows, quantity = 1) => cartReducer(cart, { type: 'add', product, quantity });

describe('cart', () => {
  it('adds, merges and caps a product at its stock; services have no cap', () => {
    let cart = add(emptyCart(), lipstick);
    cart = add(cart, lipstick, 5);
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]!.quantity).toBe(3);
    cart = add(cart, brows, 40);
    expect(cart.lines[1]!.quantity).toBe(40);
  });

  it('removes a line when its quantity goes to 0', () => {
    const cart = cartReducer(add(emptyCart(), lipstick, 2), { type: 'setQuantity', productId: 1, quantity: 0 });
    expect(cart.lines).toEqual([]);
  });

  it('keeps the client_ref of a sale being charged, and drops it when the sale changes', () => {
    let cart = cartReducer(add(emptyCart(), lipstick), { type: 'startCheckout', clientRef: 'ref-1' });
    cart = cartReducer(cart, { type: 'startCheckout', clientRef: 'ref-2' });
    expect(cart.clientRef).toBe('ref-1');
    cart = add(cart, brows);
    expect(cart.clientRef).toBeNull();
  });

  it('sums in kobo', () => {
    const cart = { ...add(add(emptyCart(), brows, 3), lipstick, 1), discount: 0.3 };
    expect(cartTotals(cart)).toEqual({ itemCount: 4, subtotal: 13500.3, discount: 0.3, total: 13500, deposit: 0, due: 13500 });
  });

  it('never discounts below zero', () => {
    expect(cartTotals({ ...add(emptyCart(), lipstick), discount: 10_000 }).total).toBe(0);
  });
});

describe('payments', () => {
  it('needs the total covered', () => {
    expect(checkPayments(9000, [{ method: 'transfer', amount: 5000, reference: '' }]).problem).toMatch(/do not cover/);
    expect(checkPayments(9000, []).problem).toBe('Add a payment.');
  });
  it('gives change from cash only', () => {
    expect(checkPayments(9000, [{ method: 'cash', amount: 10000, reference: '' }])).toEqual({ paid: 10000, remaining: 0, change: 1000, problem: null });
    expect(checkPayments(9000, [{ method: 'card', amount: 10000, reference: '' }]).problem).toMatch(/Only cash/);
  });
  it('takes two transfers on one sale', () => {
    const r = checkPayments(9000.5, [
      { method: 'transfer', amount: 4000.25, reference: 'GTB 1' },
      { method: 'transfer', amount: 5000.25, reference: 'OPay 2' },
    ]);
    expect(r).toMatchObject({ paid: 9000.5, remaining: 0, change: 0, problem: null });
  });
});
