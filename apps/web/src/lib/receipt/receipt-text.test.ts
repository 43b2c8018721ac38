import { describe, expect, it } from 'vitest';
import { whatsappLink, whatsappNumber } from './receipt-text';

describe('whatsappNumber', () => {
  it('writes a Nigerian number the way wa.me wants it, however it was typed', () => {
    expect(whatsappNumber('0803 123 4567')).toBe('2348031234567');
    expect(whatsappNumber('0803-123-4567')).toBe('2348031234567');
    expect(whatsappNumber('+234 803 123 4567')).toBe('2348031234567');
    expect(whatsappNumber('2348031234567')).toBe('2348031234567');
    expect(whatsappNumber('+234 (0) 803 123 4567')).toBe('2348031234567');
    expect(whatsappNumber('803 123 4567')).toBe('2348031234567');
    expect(whatsappNumber('0909 876 5432')).toBe('2349098765432');
  });

  it('keeps a foreign number written with its +, and gives up on anything else', () => {
    expect(whatsappNumber('+44 7700 900123')).toBe('447700900123');
    expect(whatsappNumber('7700 900123')).toBeUndefined();
    expect(whatsappNumber('12345')).toBeUndefined();
    expect(whatsappNumber('')).toBeUndefined();
    expect(whatsappNumber(null)).toBeUndefined();
  });
});

describe('whatsappLink', () => {
  it('addresses the number and carries the text encoded', () => {
    expect(whatsappLink('0803 123 4567', 'Paid ₦1,000.00\nThanks & bye')).toBe(
      'https://wa.me/2348031234567?text=Paid%20%E2%82%A61%2C000.00%0AThanks%20%26%20bye',
    );
  });

  it('leaves the number out when it is unknown, so WhatsApp asks whom to send to', () => {
    expect(whatsappLink(null, 'Hi')).toBe('https://wa.me/?text=Hi');
  });
});
