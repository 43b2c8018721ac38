import Papa from 'papaparse';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvCell, csvFileName, downloadCsv, guardFormula, toCsv } from './csv';

describe('guardFormula', () => {
  it('puts an apostrophe before a cell a spreadsheet would run as a formula', () => {
    for (const text of ['=HYPERLINK("http://x","click")', '+2348031234567', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd']) {
      expect(guardFormula(text)).toBe(`'${text}`);
    }
  });

  it('leaves ordinary text alone, even with a formula sign further in', () => {
    for (const text of ['Ada Eze', 'STO-000001', 'a=b', '0803 123 4567', '']) expect(guardFormula(text)).toBe(text);
  });
});

describe('csvCell', () => {
  it('writes money as a plain number with 2 decimals, negatives unguarded', () => {
    expect(csvCell(4500, 'money')).toBe('4500.00');
    expect(csvCell(1234567.5, 'money')).toBe('1234567.50');
    expect(csvCell('99.999', 'money')).toBe('100.00');
    expect(csvCell(-250, 'money')).toBe('-250.00');
    expect(csvCell(null, 'money')).toBe('');
  });

  it('writes dates as YYYY-MM-DD on the studio calendar (Africa/Lagos)', () => {
    expect(csvCell('2026-12-05', 'date')).toBe('2026-12-05');
    // 23:30 UTC on the 31st is already the 1st in Lagos (UTC+1)
    expect(csvCell('2026-12-31T23:30:00.000Z', 'date')).toBe('2027-01-01');
    expect(csvCell(new Date('2026-03-09T10:15:00.000+01:00'), 'date')).toBe('2026-03-09');
    expect(csvCell('not a date', 'date')).toBe('not a date');
  });

  it('guards text and anything that is not a figure of its kind', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('-12', 'text')).toBe("'-12");
    expect(csvCell('=1+1', 'money')).toBe("'=1+1");
    expect(csvCell(true)).toBe('true');
    expect(csvCell(undefined)).toBe('');
  });
});

describe('toCsv', () => {
  const columns = [
    { label: 'Customer', value: (r: { name: string; total: number; day: string }) => r.name },
    { label: 'Total', kind: 'money' as const, value: (r: { total: number }) => r.total },
    { label: 'Date', kind: 'date' as const, value: (r: { day: string }) => r.day },
  ];

  it('writes a header and one line per row, quoting commas, quotes and line breaks', () => {
    const text = toCsv(
      [
        { name: 'Eze, Ada', total: 9000, day: '2026-03-09' },
        { name: 'Bisi "B" Alade\nline two', total: 4500.5, day: '2026-03-10' },
      ],
      columns,
    );
    expect(text.split('\r\n')[0]).toBe('Customer,Total,Date');
    expect(Papa.parse<string[]>(text).data).toEqual([
      ['Customer', 'Total', 'Date'],
      ['Eze, Ada', '9000.00', '2026-03-09'],
      ['Bisi "B" Alade\nline two', '4500.50', '2026-03-10'],
    ]);
  });

  it('guards formula cells once (papaparse does not add a second apostrophe)', () => {
    const text = toCsv([{ name: '=HYPERLINK("http://evil")', total: -5, day: '2026-03-09' }], columns);
    expect(Papa.parse<string[]>(text).data[1]).toEqual(["'=HYPERLINK(\"http://evil\")", '-5.00', '2026-03-09']);
  });

  it('writes only the header for no rows', () => {
    expect(toCsv([], columns).trimEnd()).toBe('Customer,Total,Date');
  });
});

describe('csvFileName', () => {
  it('joins the parts into a safe file name', () => {
    expect(csvFileName('bookings', '2026-12')).toBe('bookings-2026-12.csv');
    expect(csvFileName('Invoices (Makeup)', 'search', 'Ada / Eze')).toBe('invoices-makeup-search-ada-eze.csv');
    expect(csvFileName('')).toBe('export.csv');
  });
});

describe('downloadCsv', () => {
  afterEach(() => vi.restoreAllMocks());

  it('saves a UTF-8 file with a byte-order mark under the given name', async () => {
    let saved: Blob | undefined;
    const create = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:csv';
    });
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('bookings-2026-12.csv');
      expect(this.href).toBe('blob:csv');
    });
    downloadCsv('bookings-2026-12.csv', 'A,B\r\n1,₦');
    expect(click).toHaveBeenCalledTimes(1);
    expect(saved!.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await saved!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('A,B\r\n1,₦');
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
