import { describe, expect, it } from 'vitest';
import { formatMoney, formatSignedMoney } from './format';

describe('formatMoney', () => {
  it('formats naira with kobo and a minus for a negative amount', () => {
    expect(formatMoney(1234500)).toBe('₦1,234,500.00');
    expect(formatMoney('2500.5')).toBe('₦2,500.50');
    expect(formatMoney(-150)).toBe('-₦150.00');
    expect(formatMoney(null)).toBe('—');
    expect(formatMoney('abc')).toBe('—');
  });

  it('never shows a signed zero: -0 and amounts that round to nothing are ₦0.00', () => {
    expect(formatMoney(-0)).toBe('₦0.00');
    expect(formatMoney(0 * -1)).toBe('₦0.00');
    expect(formatMoney(-0.004)).toBe('₦0.00');
    expect(formatMoney(-0.3 + 0.2 + 0.1)).toBe('₦0.00');
  });
});

describe('formatSignedMoney', () => {
  it('marks over with +, short with -, and nothing with no sign', () => {
    expect(formatSignedMoney(200)).toBe('+₦200.00');
    expect(formatSignedMoney(-150.25)).toBe('-₦150.25');
    expect(formatSignedMoney(0)).toBe('₦0.00');
    expect(formatSignedMoney(-0)).toBe('₦0.00');
    expect(formatSignedMoney(1e-17)).toBe('₦0.00');
  });
});
