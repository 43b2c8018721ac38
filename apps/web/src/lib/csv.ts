import Papa from 'papaparse';
import { studioDate } from './studio-time';

/** What a CSV cell may be given before it is written. */
export type CsvValue = string | number | boolean | Date | null | undefined;

/**
 * How a cell is written: money as a plain number with 2 decimals (`4500.00`, no ₦, no thousands
 * separator, so a spreadsheet sums it), a date as `YYYY-MM-DD` on the studio's calendar, anything else as text.
 */
export type CsvKind = 'text' | 'money' | 'number' | 'date';

export interface CsvColumn<T> {
  label: string;
  kind?: CsvKind;
  value: (row: T) => CsvValue;
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

// A spreadsheet runs a cell starting with one of these as a formula (=HYPERLINK(...), +cmd|...): OWASP's list.
const FORMULA_START = /^[=+\-@\t\r]/;

/** `=SUM(A1)` → `'=SUM(A1)`: the apostrophe makes a spreadsheet show the text instead of running it. */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One cell as written. Only figures this module formats itself (money, numbers) skip the formula guard. */
export function csvCell(value: CsvValue, kind: CsvKind = 'text'): string {
  if (value === null || value === undefined || value === '') return '';
  if (kind === 'money' || kind === 'number') {
    const n = typeof value === 'number' ? value : Number(value);
    if (Number.isFinite(n)) return kind === 'money' ? n.toFixed(2) : String(n);
  }
  if (kind === 'date') {
    if (typeof value === 'string' && DAY_RE.test(value)) return value;
    const at = value instanceof Date ? value : new Date(String(value));
    if (!Number.isNaN(at.getTime())) return studioDate(at);
  }
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  return guardFormula(String(value));
}

/**
 * The rows as CSV text: a header row of the labels, then one line per row (RFC 4180 quoting by papaparse).
 *
 * @example
 * toCsv([{ name: '=cmd', total: 4500 }], [
 *   { label: 'Customer', value: (r) => r.name },
 *   { label: 'Total', kind: 'money', value: (r) => r.total },
 * ]) // "Customer,Total\r\n'=cmd,4500.00"
 */
export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  return Papa.unparse(
    {
      fields: columns.map((c) => guardFormula(c.label)),
      data: rows.map((row) => columns.map((c) => csvCell(c.value(row), c.kind))),
    },
    // the guard above already did papaparse's job; letting it run too would double the apostrophe
    { escapeFormulae: false, newline: '\r\n' },
  );
}

/** `bookings-2026-12.csv`: a stem and its parts, kept to characters every file system accepts. */
export function csvFileName(...parts: readonly (string | number)[]): string {
  const stem = parts
    .map((p) => String(p).trim().toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^-+|-+$/g, ''))
    .filter(Boolean)
    .join('-');
  return `${stem || 'export'}.csv`;
}

/** Saves the text as a file. The byte-order mark makes Excel read the file as UTF-8 (₦, accented names). */
export function downloadCsv(fileName: string, csv: string): void {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // the download has started from the click; a later revoke keeps slow browsers from losing it
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
