import { afterEach, describe, expect, it } from 'vitest';
import { awaitsConfirmation, declarePaymentMethod, givesChange, isPrepaid, methodOptions, methodsFor, MONEY_METHODS, needsReference, offlineRefusal, PAYMENT_METHODS, PAYMENT_USES, takesReference } from './payment-methods.js';
import { REFUND_METHODS } from './refunds.js';
import { transferStatus } from './transfers.js';

// Issue 28, item 1: payment methods declared once; what a method does is asked of its declaration, never of its name.

let undo: (() => void) | undefined;
afterEach(() => undo?.());

describe('payment methods, declared once', () => {
  it("the studio's seven methods: cash gives change and is never referenced, a transfer waits for confirmation, cash and transfer pay refunds and value paid before goes back on itself", () => {
    expect(PAYMENT_METHODS).toEqual(['cash', 'transfer', 'card', 'pos', 'voucher', 'credit', 'package']);
    expect(MONEY_METHODS).toEqual(['cash', 'transfer', 'card', 'pos']);
    expect(PAYMENT_METHODS.filter(isPrepaid)).toEqual(['voucher', 'credit', 'package']);
    expect(PAYMENT_METHODS.filter(givesChange)).toEqual(['cash']);
    expect(PAYMENT_METHODS.filter(awaitsConfirmation)).toEqual(['transfer']);
    expect(PAYMENT_METHODS.filter(takesReference)).toEqual(['transfer', 'card', 'pos', 'voucher', 'package']);
    expect(PAYMENT_METHODS.filter(needsReference)).toEqual(['voucher', 'package']);
    expect(REFUND_METHODS).toEqual(['cash', 'transfer', 'voucher', 'credit']);
    expect(methodsFor('refunds')).toEqual(['cash', 'transfer', 'voucher', 'credit']);
    // a package session is never chosen: the server writes its line for an item that names the package (decision 040)
    expect(methodsFor('till')).toEqual(PAYMENT_METHODS.filter((m) => m !== 'package'));
    // value paid before is taken at the till only, and never offline
    for (const use of ['fees', 'bookings', 'appointments'] as const) expect(methodsFor(use)).toEqual(MONEY_METHODS);
    expect(PAYMENT_METHODS.filter((m) => offlineRefusal(m, 'ref') === null)).toEqual(MONEY_METHODS);
    expect(transferStatus('transfer', { confirmed_at: null, not_received_at: null })).toBe('unconfirmed');
    expect(transferStatus('card', { confirmed_at: null, not_received_at: null })).toBeNull();
  });

  it('a throwaway method declared for the till only is offered at the till and nowhere else, and its rules follow its declaration', () => {
    undo = declarePaymentMethod('throwaway', {
      label: 'Throwaway',
      reference: 'offline',
      referenceHint: 'Slip',
      offlineReferenceMessage: 'Offline, the throwaway needs its slip.',
      awaitsConfirmation: true,
      givesChange: false,
      inDrawer: false,
      offline: false,
      uses: ['till'],
    });
    expect(methodsFor('till')).toContain('throwaway');
    expect(methodOptions('till')).toContainEqual({ value: 'throwaway', label: 'Throwaway' });
    for (const use of PAYMENT_USES.filter((u) => u !== 'till')) expect(methodsFor(use)).not.toContain('throwaway');
    expect(awaitsConfirmation('throwaway')).toBe(true);
    expect(transferStatus('throwaway', { confirmed_at: null, not_received_at: null })).toBe('unconfirmed');
    expect(offlineRefusal('throwaway', 'ref')).toBe('Throwaway cannot be taken while the till is offline.');
    expect(offlineRefusal('transfer', '')).toMatch(/transfer needs its reference/);
    expect(offlineRefusal('cash', '')).toBeNull();
    undo();
    expect(methodsFor('till')).not.toContain('throwaway');
  });
});
