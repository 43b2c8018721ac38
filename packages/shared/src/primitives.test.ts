import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors } from './validation.js';
import { toKobo } from './money.js';
import { instant, INSTANT_MAX, INSTANT_MIN, isoDate, isoMonth, money, optionalText } from './primitives.js';
import { stockStatus } from './resources/products.js';
import { userCreateSchema } from './resources/users.js';

describe('money', () => {
  const m = z.object({ price: money() });
  it('takes naira with at most 2 decimals', () => {
    expect(m.safeParse({ price: 1500 }).success).toBe(true);
    expect(m.safeParse({ price: 1234567890.12 }).success).toBe(true);
    expect(m.safeParse({ price: 0.1 }).success).toBe(true);
  });
  it('refuses 3 decimals, negatives and strings with a sentence', () => {
    const three = m.safeParse({ price: 10.005 });
    expect(three.success).toBe(false);
    expect(fieldErrors(three.error!.issues)).toEqual({ price: ['The price field must have at most 2 decimal places.'] });
    expect(m.safeParse({ price: -1 }).success).toBe(false);
    expect(m.safeParse({ price: '10' }).success).toBe(false);
  });
  it('converts to kobo exactly', () => {
    expect(toKobo(0.1) + toKobo(0.2)).toBe(30);
    expect(toKobo(1234567890.12)).toBe(123456789012);
  });
});

describe('dates', () => {
  it('accepts real calendar days only', () => {
    expect(isoDate().safeParse('2026-02-28').success).toBe(true);
    expect(isoDate().safeParse('2026-02-30').success).toBe(false);
    expect(isoDate().safeParse('2026-2-3').success).toBe(false);
    expect(isoMonth().safeParse('2026-13').success).toBe(false);
    expect(isoMonth().safeParse('2026-11').success).toBe(true);
  });
});

describe('instants (issue 34: like the dates, 2000 to 2100)', () => {
  const at = z.object({ starts_at: instant() });
  it('takes ISO 8601 with Z or an offset, on a real day, from the first to the last instant of 2000..2100', () => {
    for (const s of ['2027-03-01T09:00:00Z', '2027-03-01T09:00:00.123+01:00', '2028-02-29T23:59:59-05:00', INSTANT_MIN, INSTANT_MAX]) expect(at.safeParse({ starts_at: s }).success, s).toBe(true);
  });
  it('refuses other years (as written or in UTC), days that do not exist and no offset, with a sentence naming the field', () => {
    for (const s of ['9999-12-31T23:59:59Z', '0001-01-01T00:00:00Z', '1999-12-31T23:59:59.999Z', '2101-01-01T00:00:00Z', '2000-01-01T00:30:00+01:00', '2100-12-31T23:30:00-01:00', '2027-02-29T10:00:00Z', '2027-03-01T09:00:00', '2027-03-01', '']) {
      const r = at.safeParse({ starts_at: s });
      expect(r.success, String(s)).toBe(false);
      expect(fieldErrors(r.error!.issues).starts_at, String(s)).toEqual(['The starts at field must be a date and time in ISO 8601 with an offset (2027-03-01T09:00:00Z), in a year from 2000 to 2100.']);
    }
    expect(fieldErrors(at.safeParse({ starts_at: 20270301 }).error!.issues)).toEqual({ starts_at: ['The starts at field must be text.'] });
  });
});

describe('optionalText', () => {
  it('turns an empty or missing value into null', () => {
    const s = z.object({ note: optionalText(10) });
    expect(s.parse({ note: '' })).toEqual({ note: null });
    expect(s.parse({})).toEqual({ note: null });
    expect(s.parse({ note: '  hi ' })).toEqual({ note: 'hi' });
  });
});

describe('Laravel-style messages', () => {
  it('names the field in words', () => {
    const r = userCreateSchema.safeParse({ username: 'a', role: 'Sales', password: 'short' });
    const errors = fieldErrors(r.error!.issues);
    expect(errors.name).toEqual(['The name field is required.']);
    expect(errors.username).toEqual(['The username field must be at least 3 characters.']);
    expect(errors.password).toEqual(['The password field must be at least 8 characters.']);
  });
});

describe('stockStatus', () => {
  it('derives finished, low and stocked; services have none', () => {
    expect(stockStatus({ kind: 'product', quantity: 0, reorder_level: 5 })).toBe('finished');
    expect(stockStatus({ kind: 'product', quantity: 5, reorder_level: 5 })).toBe('low');
    expect(stockStatus({ kind: 'product', quantity: 6, reorder_level: 5 })).toBe('stocked');
    expect(stockStatus({ kind: 'service', quantity: null, reorder_level: 5 })).toBeNull();
  });
});

describe('dates of 2000 to 2100, real calendar days only (issue 19, D8)', () => {
  it('isoDate, isoMonth, isoMonthOrDate and isoYear', async () => {
    const { isoDate, isoMonth, isoMonthOrDate, isoYear } = await import('./primitives.js');
    for (const ok of ['2000-01-01', '2100-12-31', '2028-02-29']) expect(isoDate().safeParse(ok).success, ok).toBe(true);
    for (const bad of ['0001-01-01', '0099-12-31', '1999-12-31', '2101-01-01', '9999-12-31', '2026-02-30', '2027-02-29', '2026-1-01', '+02026-01-01']) expect(isoDate().safeParse(bad).success, bad).toBe(false);
    for (const ok of ['2000-01', '2100-12']) expect(isoMonth().safeParse(ok).success, ok).toBe(true);
    for (const bad of ['1999-12', '2101-01', '9999-12', '2026-13', '2026-00']) expect(isoMonth().safeParse(bad).success, bad).toBe(false);
    expect(isoMonthOrDate().safeParse('2026-02-28').success).toBe(true);
    expect(isoMonthOrDate().safeParse('2026-02-30').success).toBe(false);
    expect(isoYear().safeParse('2026').success).toBe(true);
    for (const bad of ['0099', '9999', '20x8', '2026-13']) expect(isoYear().safeParse(bad).success, bad).toBe(false);
  });
});
