import { describe, expect, it } from 'vitest';
import { appointmentStatusSchema, appointmentStatuses } from '../resources/appointments.js';
import { bookingStatusSchema } from '../resources/bridal-bookings.js';
import { bookingStatuses } from '../labels.js';
import { defineStatuses } from './statuses.js';

describe('defineStatuses', () => {
  const looks = defineStatuses({ open: { label: 'Open', color: 'blue' }, shut: { label: 'Shut', color: 'gray' } });

  it('gives the order, words, colours and select options of one declaration', () => {
    expect(looks.values).toEqual(['open', 'shut']);
    expect(looks.options).toEqual([
      { value: 'open', label: 'Open' },
      { value: 'shut', label: 'Shut' },
    ]);
    expect(looks.labels.shut).toBe('Shut');
    expect(looks.colors.open).toBe('blue');
  });

  it('shows an unknown status as it is, in gray (an older client’s value)', () => {
    expect(looks.labelOf('archived')).toBe('archived');
    expect(looks.colorOf('archived')).toBe('gray');
    // not a prototype key either
    expect(looks.labelOf('toString')).toBe('toString');
  });

  it('is what the bookings’ and appointments’ schemas accept, nothing more', () => {
    expect(bookingStatusSchema.options).toEqual([...bookingStatuses.values]);
    expect(appointmentStatusSchema.options).toEqual([...appointmentStatuses.values]);
    expect(appointmentStatuses.labelOf('no_show')).toBe('No-show');
    expect(bookingStatuses.colorOf('pending')).toBe('yellow');
  });
});
