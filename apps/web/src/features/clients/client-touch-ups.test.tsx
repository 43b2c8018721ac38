import { describe, expect, it } from 'vitest';
import { touchUpRuleSchema } from '@studio/shared';
import { quoteLabel } from './client-touch-ups';

const plan = { procedure_date: '2026-01-15', rule: touchUpRuleSchema.parse({ bands: [{ months: 6, price: 40_000 }] }) };

describe('quoteLabel', () => {
  it('says when the free touch-up starts and ends, a band price with its months, or the full price', () => {
    expect(quoteLabel(plan, { band: 'too_early', months: null, price: 150_000 })).toMatch(/^Too early: from Feb 12, 2026$/);
    // week 10 ends on day 76 after the procedure: 1 April
    expect(quoteLabel(plan, { band: 'included', months: null, price: 0 })).toMatch(/^Included until Apr 1, 2026$/);
    expect(quoteLabel(plan, { band: 'band', months: 6, price: 40_000 })).toMatch(/^₦40,000(\.00)? \(within 6 months\)$/);
    expect(quoteLabel(plan, { band: 'full', months: null, price: 150_000 })).toMatch(/^Full price ₦150,000/);
  });
});
