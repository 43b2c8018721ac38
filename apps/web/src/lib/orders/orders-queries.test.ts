import { describe, expect, it } from 'vitest';
import { orderKeys } from './orders-queries';

describe('orderKeys', () => {
  it("roots every invoice and performance query at 'orders', so invalidating ['orders'] after a sale refreshes them all", () => {
    const keys = [
      orderKeys.month('store', '2026-03', 2),
      orderKeys.search('invoice', 'STO-1', 'store', 1),
      orderKeys.detail(5),
      orderKeys.staff(7, '2026-03-01', '2026-03-31', 1),
      orderKeys.performances('2026-03-01', '2026-03-31'),
    ];
    for (const key of keys) expect(key[0]).toBe(orderKeys.all[0]);
    expect(orderKeys.all).toEqual(['orders']);
  });

  it('tells pages, months, outlets and search modes apart', () => {
    expect(orderKeys.month('store', '2026-03', 1)).not.toEqual(orderKeys.month('store', '2026-03', 2));
    expect(orderKeys.month('store', '2026-03', 1)).not.toEqual(orderKeys.month('salon', '2026-03', 1));
    expect(orderKeys.search('name', 'ada', 'store', 1)).not.toEqual(orderKeys.search('invoice', 'ada', 'store', 1));
  });
});
