import { describe, expect, it } from 'vitest';
import { formatKobo, formatNaira, formatSignedNaira, fromKobo } from './money.js';

describe('formatNaira', () => {
  it('writes en-NG with the ₦ sign and kobo, never -₦0.00', () => {
    expect(formatNaira(1234500)).toBe('₦1,234,500.00');
    expect(formatNaira(1234.5)).toBe('₦1,234.50');
    expect(formatNaira(fromKobo(123456789))).toBe('₦1,234,567.89');
    expect(formatNaira('4500')).toBe('₦4,500.00');
    expect(formatNaira(-150)).toBe('-₦150.00');
    expect(formatNaira(-0.004)).toBe('₦0.00');
    expect(formatNaira(null)).toBe('—');
    expect(formatNaira('abc')).toBe('—');
    expect(formatKobo(123450)).toBe('₦1,234.50');
  });

  it('signs a difference, and nothing is unsigned', () => {
    expect(formatSignedNaira(200)).toBe('+₦200.00');
    expect(formatSignedNaira(-150)).toBe('-₦150.00');
    expect(formatSignedNaira(0)).toBe('₦0.00');
  });
});
