import { afterAll, describe, expect, it } from 'vitest';
import { declarePaymentMethod } from '@studio/shared';

// Issue 28, item 1: the screens offer what the payment-method declaration allows. A throwaway method declared for the
// till only (before the screens' modules load, as a real declaration would be) is in the till's and the invoice's
// choices and in none of the deposit, fee or refund choices.

const undo = declarePaymentMethod('throwaway', {
  label: 'Throwaway',
  reference: 'none',
  referenceHint: '',
  awaitsConfirmation: false,
  givesChange: false,
  inDrawer: false,
  offline: true,
  uses: ['till'],
});
afterAll(() => undo());

type Field = { name: string; options?: readonly { value: string; label: string }[] };
const methodChoices = (fields: readonly Field[]) => (fields.find((f) => f.name === 'payment_method')?.options ?? []).map((o) => o.value);

describe('payment choices follow the declaration', () => {
  it('a method declared for the till only is offered nowhere else', async () => {
    const { bridalBookingsUi } = await import('../features/bridal-bookings/bridal-bookings.ui');
    const { appointmentsUi } = await import('../features/clients/appointments.ui');
    const { feeAndDepositFields } = await import('../features/trainees/trainee-parts');
    const booking = methodChoices(bridalBookingsUi.fields as readonly Field[]);
    const appointment = methodChoices(appointmentsUi.fields as readonly Field[]);
    const fee = methodChoices(feeAndDepositFields('program') as readonly Field[]);
    for (const choices of [booking, appointment, fee]) {
      expect(choices).toEqual(['cash', 'transfer', 'card', 'pos']);
      expect(choices).not.toContain('throwaway');
    }
    const { methodOptions } = await import('@studio/shared');
    // the vouchers and store credit of issue 31 are declared for the till and refunds only
    expect(methodOptions('till').map((o) => o.value)).toEqual(['cash', 'transfer', 'card', 'pos', 'voucher', 'credit', 'throwaway']);
    expect(methodOptions('refunds').map((o) => o.value)).toEqual(['cash', 'transfer', 'voucher', 'credit']);
  });
});
