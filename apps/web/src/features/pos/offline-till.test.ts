import type { TillItem } from '@studio/shared';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../lib/offline/outbox';
import type { PaymentLine } from './cart';
import { localStock, offlineProblem, pricesAsOfLabel, pricesStale, provisionalOrder } from './offline-till';

const item = (id: number, quantity: number | null, kind: 'product' | 'service' = 'product'): TillItem =>
  ({ id, name: `Item ${id}`, sku: null, kind, price: 1000, quantity, reorder_level: 0, category: null }) as unknown as TillItem;

const entry = (status: OutboxEntry['status'], items: { product_id: number; quantity: number }[], outlet: OutboxEntry['outlet'] = 'store') =>
  ({ status, outlet, body: { outlet, customer_name: 'A', items, payments: [] } }) as unknown as OutboxEntry;

describe('local stock (the list less the sales still on this device)', () => {
  const list = [item(1, 10), item(2, 3), item(3, null, 'service')];

  it('takes off what waiting and needs-attention sales of this outlet took, and nothing else', () => {
    const { items, adjusted } = localStock(
      list,
      [entry('waiting', [{ product_id: 1, quantity: 2 }]), entry('attention', [{ product_id: 1, quantity: 1 }, { product_id: 2, quantity: 4 }]), entry('synced', [{ product_id: 1, quantity: 5 }]), entry('review', [{ product_id: 1, quantity: 5 }]), entry('waiting', [{ product_id: 1, quantity: 7 }], 'salon'), entry('waiting', [{ product_id: 3, quantity: 9 }])],
      'store',
    );
    expect(adjusted).toBe(true);
    // 10 - 2 - 1; 3 - 4 may go below zero (the goods left: the server flags it oversold); a service has no stock
    expect(items.map((p) => p.quantity)).toEqual([7, -1, null]);
  });

  it('gives the same list back when nothing waits (no redraw)', () => {
    const same = localStock(list, [entry('synced', [{ product_id: 1, quantity: 2 }])], 'store');
    expect(same.items).toBe(list);
    expect(same.adjusted).toBe(false);
  });
});

describe('staleness (offline_stale_hours)', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  it('is stale only past the limit', () => {
    expect(pricesStale('2026-11-27T12:00:00Z', 24, now)).toBe(false);
    expect(pricesStale('2026-11-27T11:59:00Z', 24, now)).toBe(true);
    expect(pricesStale('2026-11-28T09:00:00Z', 2, now)).toBe(true);
  });

  const cash: PaymentLine[] = [{ method: 'cash', amount: 5000, reference: '' }];
  const base = { pricesAsOf: '2026-11-26T12:00:00Z', staleHours: 24, discountAboveLimit: false, discountLimit: 10, payments: cash, appointment: false, now };
  it('lets only an admin sell from stale prices', () => {
    expect(offlineProblem({ ...base, user: { is_admin: 0 } })).toMatch(/more than 24 hours old: only an admin/);
    expect(offlineProblem({ ...base, user: { is_admin: 1 } })).toBeNull();
    expect(offlineProblem({ ...base, pricesAsOf: '2026-11-28T11:00:00Z', user: { is_admin: 0 } })).toBeNull();
  });

  it('keeps a discount above the staff limit for an admin signed in on the device', () => {
    const fresh = { ...base, pricesAsOf: '2026-11-28T11:00:00Z', discountAboveLimit: true };
    expect(offlineProblem({ ...fresh, user: { is_admin: 0 } })).toMatch(/only an admin signed in on this till/);
    expect(offlineProblem({ ...fresh, user: { is_admin: 1 } })).toBeNull();
  });

  it('asks for the reference of a card, POS or transfer payment, not of cash', () => {
    const fresh = { ...base, pricesAsOf: '2026-11-28T11:00:00Z', user: { is_admin: 1 as const } };
    expect(offlineProblem({ ...fresh, payments: [{ method: 'pos', amount: 5000, reference: ' ' }] })).toMatch(/terminal's reference/);
    expect(offlineProblem({ ...fresh, payments: [{ method: 'transfer', amount: 5000, reference: '' }] })).toMatch(/transfer needs its reference/);
    expect(offlineProblem({ ...fresh, payments: [{ method: 'card', amount: 5000, reference: 'AUTH 123456' }] })).toBeNull();
    expect(offlineProblem({ ...fresh, appointment: true })).toMatch(/appointment/);
  });
});

describe('the provisional receipt', () => {
  it('is numbered OFF-, at the prices shown, with the names from the cart', () => {
    const order = provisionalOrder(
      { provisional_no: 'OFF-7Q2-0004', queued_at: '2026-11-28T10:42:00Z', client_ref: 'r', body: { outlet: 'store', customer_name: 'Ada', customer_phone: '0803', items: [{ product_id: 1, quantity: 3, unit_price: 1500.5 }], payments: [{ method: 'pos', amount: 4501.5, reference: 'T1' }] } },
      { lines: [{ product: { id: 1, name: 'Lip gloss', sku: null, kind: 'product', price: 1500.5, quantity: 4 }, quantity: 3 }] },
      { id: 2, name: 'Tamuno' },
      { subtotal: 4501.5, discount: 0, total: 4501.5, paid: 4501.5, change: 0 },
    );
    expect(order).toMatchObject({ invoice_no: 'OFF-7Q2-0004', customer_name: 'Ada', payment_method: 'pos', staff: { name: 'Tamuno' } });
    expect(order.items[0]).toMatchObject({ name: 'Lip gloss', unit_price: 1500.5, total: 4501.5 });
  });

  it('says prices as of the hour when they were confirmed today, on the studio clock (Lagos, UTC+1) as the receipt is', () => {
    expect(pricesAsOfLabel('2026-11-28T09:42:00Z', new Date('2026-11-28T14:00:00Z'))).toBe('Prices as of 10:42');
    expect(pricesAsOfLabel('2026-11-26T09:42:00Z', new Date('2026-11-28T14:00:00Z'))).toBe('Prices as of 26 Nov, 10:42');
    // 23:30 UTC on the 27th is half past midnight on the 28th in the studio: today there, whatever the device's zone
    expect(pricesAsOfLabel('2026-11-27T23:30:00Z', new Date('2026-11-28T10:00:00Z'))).toBe('Prices as of 00:30');
  });
});
