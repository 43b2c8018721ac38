import { describe, expect, it } from 'vitest';
import { digestQuerySchema, mad, median } from './digest.js';

describe('median and MAD (the digest judges a day by them)', () => {
  it('takes the middle value, or the mean of the two middle ones, whatever the order', () => {
    expect(median([])).toBe(0);
    expect(median([5])).toBe(5);
    expect(median([9, 1, 5])).toBe(5);
    expect(median([100, 0, 40, 60])).toBe(50);
  });
  it('MAD is the median distance from the median: one outlier moves it little', () => {
    expect(mad([10, 10, 10, 10])).toBe(0);
    expect(mad([90, 100, 110, 100, 1000])).toBe(10);
  });
});

describe('digestQuerySchema', () => {
  it('takes pmu for the office and refuses an unknown outlet or a date that does not exist', () => {
    expect(digestQuerySchema.parse({ outlet: 'pmu' }).outlet).toBe('office');
    expect(digestQuerySchema.parse({}).outlet).toBeUndefined();
    expect(digestQuerySchema.safeParse({ outlet: 'kitchen' }).success).toBe(false);
    expect(digestQuerySchema.safeParse({ date: '2026-02-30' }).success).toBe(false);
  });
});
