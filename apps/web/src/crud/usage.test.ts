import { bridalPackages, servicePackages, suppliers, trainingPrograms } from '@studio/shared';
import { describe, expect, it } from 'vitest';
import { isReferenced, usageText } from './usage';

describe('usageText', () => {
  it('names each kind of record using one, singular or plural, and nothing when unused', () => {
    expect(usageText({ id: 3, by: { students: 3, 'hostel-students': 1 }, total: 4 })).toBe('3 Makeup Students · 1 Hostel Student');
    expect(usageText({ id: 4, by: { bridalbookings: 1 }, total: 1 })).toBe('1 Booking');
    // another table carrying the reference (a restock's supplier), by its key
    expect(usageText({ id: 6, by: { products: 2, restocks: 1 }, total: 3 })).toBe('2 Products · 1 Restock');
    expect(usageText({ id: 5, by: {}, total: 0 })).toBeNull();
    expect(usageText(undefined)).toBeNull();
  });
});

describe('which resources have a usage call', () => {
  it('only those another resource refers to, as the API registers it (service packages had none: a 404 toast on every open)', () => {
    expect([trainingPrograms, bridalPackages, suppliers].map(isReferenced)).toEqual([true, true, true]);
    expect(isReferenced(servicePackages)).toBe(false);
  });
});
