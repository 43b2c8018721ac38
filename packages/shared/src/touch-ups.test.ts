import { describe, expect, it } from 'vitest';
import { addCalendarMonths, touchUpQuote, touchUpRuleSchema } from './touch-ups.js';
import { addDays } from './calendar.js';

const rule = touchUpRuleSchema.parse({ bands: [{ months: 6, price: 40_000 }, { months: 12, price: 60_000 }, { months: 24, price: 90_000 }] });
const procedure = '2026-01-15';

describe('touchUpQuote', () => {
  it('is too early before week 4, included from week 4 to the end of week 10, then each band, then the full price', () => {
    expect(touchUpQuote(rule, 150_000, procedure, addDays(procedure, 20))).toEqual({ band: 'too_early', months: null, price: 150_000 });
    expect(touchUpQuote(rule, 150_000, procedure, addDays(procedure, 28))).toEqual({ band: 'included', months: null, price: 0 });
    expect(touchUpQuote(rule, 150_000, procedure, addDays(procedure, 42))).toEqual({ band: 'included', months: null, price: 0 }); // week 6
    expect(touchUpQuote(rule, 150_000, procedure, addDays(procedure, 76))).toEqual({ band: 'included', months: null, price: 0 });
    expect(touchUpQuote(rule, 150_000, procedure, addDays(procedure, 77))).toEqual({ band: 'band', months: 6, price: 40_000 });
    expect(touchUpQuote(rule, 150_000, procedure, addCalendarMonths(procedure, 5))).toEqual({ band: 'band', months: 6, price: 40_000 }); // month 5
    expect(touchUpQuote(rule, 150_000, procedure, addCalendarMonths(procedure, 6))).toEqual({ band: 'band', months: 6, price: 40_000 });
    expect(touchUpQuote(rule, 150_000, procedure, addDays(addCalendarMonths(procedure, 6), 1))).toEqual({ band: 'band', months: 12, price: 60_000 });
    expect(touchUpQuote(rule, 150_000, procedure, addCalendarMonths(procedure, 18))).toEqual({ band: 'band', months: 24, price: 90_000 });
    expect(touchUpQuote(rule, 150_000, procedure, addCalendarMonths(procedure, 30))).toEqual({ band: 'full', months: null, price: 150_000 }); // month 30
  });

  it('a rule is checked: the window ends after it starts, bands in increasing months', () => {
    expect(touchUpRuleSchema.safeParse({ free_from_week: 6, free_to_week: 4 }).success).toBe(false);
    expect(touchUpRuleSchema.safeParse({ bands: [{ months: 12, price: 1 }, { months: 6, price: 1 }] }).success).toBe(false);
    expect(addCalendarMonths('2026-01-31', 1)).toBe('2026-02-28');
  });
});
