import { describe, expect, it } from 'vitest';
import { cancellationSchema, settledText } from './crud/ledger.js';

// Issue 28, item 4: what the cancel dialog sends, checked by the same schema the server's rules follow, and how a
// cancelled record reads (never "paid in full").
describe('cancellationSchema', () => {
  it('needs an outcome, and a method with a refund', () => {
    expect(cancellationSchema.safeParse({}).success).toBe(false);
    const noMethod = cancellationSchema.safeParse({ deposit_outcome: 'refunded' });
    expect(noMethod.success).toBe(false);
    expect(noMethod.error!.issues[0]!.path).toEqual(['refund_method']);
    expect(cancellationSchema.safeParse({ deposit_outcome: 'refunded', refund_method: 'cash' }).success).toBe(true);
    expect(cancellationSchema.safeParse({ deposit_outcome: 'kept' }).success).toBe(true);
    expect(cancellationSchema.safeParse({ deposit_outcome: 'lost' }).success).toBe(false);
  });
});

describe('settledText', () => {
  it('says what became of a cancelled record’s money; nothing for one still going ahead', () => {
    expect(settledText({ status: 'cancelled', deposit_outcome: 'refunded' })).toBe('Cancelled · deposit refunded');
    expect(settledText({ status: 'cancelled', deposit_outcome: 'kept' })).toBe('Cancelled · deposit kept as credit');
    expect(settledText({ status: 'no_show', deposit_outcome: 'forfeited' })).toBe('No-show · deposit forfeited');
    expect(settledText({ status: 'cancelled', deposit_outcome: null })).toBe('Cancelled');
    expect(settledText({ status: 'confirmed', deposit_outcome: null })).toBeNull();
  });
});
