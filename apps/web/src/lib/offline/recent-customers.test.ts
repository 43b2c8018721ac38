import { describe, expect, it } from 'vitest';
import { matchRecentCustomers } from './recent-customers';

const at = '2026-11-27T10:00:00.000Z';
const customers = [
  { name: 'Bisi Ade', phone: '0805 111 2222', last_at: at },
  { name: 'Adaeze Okoro', phone: '+2348031234567', last_at: at },
  { name: 'Ngozi Madaki', phone: '+447700900123', last_at: at },
];
const names = (typed: string) => matchRecentCustomers(customers, typed).map((c) => c.name);

describe('recent customers offered at the till (issue 18)', () => {
  it('letters find names: a word starting with them first, then names containing them', () => {
    expect(names('ad')).toEqual(['Bisi Ade', 'Adaeze Okoro', 'Ngozi Madaki']);
    expect(names('OKO')).toEqual(['Adaeze Okoro']);
    expect(names('zz')).toEqual([]);
    expect(names('  ')).toEqual([]);
  });

  it('three digits or more find numbers however they are written (0803…, 234803…, +234 803…, as kept)', () => {
    expect(names('0803')).toEqual(['Adaeze Okoro']);
    expect(names('234 803 123')).toEqual(['Adaeze Okoro']);
    expect(names('+234803')).toEqual(['Adaeze Okoro']);
    expect(names('0805 111')).toEqual(['Bisi Ade']);
    expect(names('+2348051112222')).toEqual(['Bisi Ade']);
    expect(names('7700')).toEqual(['Ngozi Madaki']);
    // two digits say too little
    expect(names('08')).toEqual([]);
  });

  it('offers at most the limit', () => {
    expect(matchRecentCustomers(customers, 'a', 2)).toHaveLength(2);
  });
});
