import { describe, expect, it } from 'vitest';
import { renderCell } from './cells';
import type { ColumnDef } from './resource-ui';

// One spelling of a phone on every page (issue 34, item 7: the same phone was shown three ways): a column of kind
// `phone` writes it as people read it.
describe('a phone column', () => {
  it('writes +2348031234567 as 0803 123 4567, keeps another number as stored, and shows none as a dash', () => {
    const column: ColumnDef<{ phone: string | null }> = { key: 'phone', label: 'Phone', kind: 'phone' };
    expect(renderCell(column, { phone: '+2348031234567' })).toBe('0803 123 4567');
    expect(renderCell(column, { phone: '+447700900123' })).toBe('+447700900123');
    expect(typeof renderCell(column, { phone: null })).toBe('object');
  });
});
