import 'fake-indexeddb/auto';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tillDb } from '../../lib/offline/outbox';
import { renderWithProviders } from '../../test/helpers';
import { TillWarmUp } from './till-warm-up';

// Issue 18 (keystroke to receipt): what a till's first sale would do for the first time is done once the till is idle.
describe("the till's warm-up", () => {
  it('makes the device, draws a receipt paper off screen and out of the accessibility tree, then takes it away', async () => {
    expect(await tillDb().meta.get('device')).toBeUndefined();
    renderWithProviders(<TillWarmUp />);
    const paper = await waitFor(() => {
      const found = document.querySelector('[data-testid="receipt-warm-up"]');
      expect(found).not.toBeNull();
      return found!;
    });
    const box = paper.parentElement!;
    expect(box.getAttribute('aria-hidden')).toBe('true');
    expect(box.hasAttribute('inert')).toBe(true);
    expect(box.style.left).toBe('-10000px');
    // the receipt's own test ids are not there to be mistaken for a sale's
    expect(document.querySelector('[data-testid="receipt-invoice-no"]')).toBeNull();
    await waitFor(() => expect(document.querySelector('[data-testid="receipt-warm-up"]')).toBeNull());
    await waitFor(async () => expect(await tillDb().meta.get('device')).toMatchObject({ seq: 0 }));
  });
});
