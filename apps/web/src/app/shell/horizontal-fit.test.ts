import { describe, expect, it } from 'vitest';
import { itemsThatFit } from './nav-menu';

describe('itemsThatFit (the horizontal menu row)', () => {
  const widths = [100, 140, 90, 120];
  it('shows every item when all fit, with no More button', () => {
    expect(itemsThatFit(widths, 100 + 140 + 90 + 120 + 3 * 4, 80, 4)).toBe(4);
  });
  it('keeps room for More when some do not fit, and never cuts an item', () => {
    // 100 + 4 + 140 + 4 + 80 = 328: two items and More
    expect(itemsThatFit(widths, 330, 80, 4)).toBe(2);
    expect(itemsThatFit(widths, 327, 80, 4)).toBe(1);
    expect(itemsThatFit(widths, 60, 80, 4)).toBe(0);
  });
});
