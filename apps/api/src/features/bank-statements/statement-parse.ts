import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/node';
import { toKobo, type StatementColumnMap } from '@studio/shared';
import { invalidField } from '../../plugins/errors.js';

// A Nigerian bank's statement export, read (issue 30, item 1). The banks' and wallets' layouts differ in their column
// names, their date spellings and where the money sits (credit and debit columns, or one signed amount), and carry
// account details and summary lines above the table. A layout is recognised by its header row: the first row in which a
// date column and a money column are named (by the names below, any letter case); a layout none of these names fits is
// mapped once by the admin (a column map, remembered for the account).

/** One money line of a statement, as written. Amounts in kobo. */
export interface ParsedLine {
  line_no: number;
  date: string;
  narration: string;
  reference: string | null;
  creditK: number;
  debitK: number;
  balanceK: number | null;
}

export interface ParsedStatement {
  /** Which layout was recognised ("GTBank", ... or "column map"). */
  layout: string;
  headers: string[];
  lines: ParsedLine[];
}

type Role = keyof StatementColumnMap;

/** The header names each column goes by among the banks' exports (lower case, spaces collapsed). */
const NAMES: Record<Role, readonly string[]> = {
  date: ['trans. date', 'trans date', 'transaction date', 'txn date', 'tran date', 'date', 'posted date', 'post date', 'posting date', 'value date', 'date/time', 'transaction time', 'created at'],
  narration: ['narration', 'description', 'remarks', 'details', 'transaction details', 'transaction description', 'narrative', 'particulars', 'beneficiary / payer', 'note'],
  reference: ['reference', 'reference no', 'reference number', 'ref', 'ref. no', 'ref no', 'transaction reference', 'transaction ref', 'session id', 'rrn', 'transaction id', 'document no'],
  credit: ['credit', 'credits', 'credit amount', 'credit(₦)', 'credit (₦)', 'credit(ngn)', 'credit (ngn)', 'deposits', 'deposit', 'money in', 'money in (₦)', 'lodgement', 'lodgements', 'cr', 'inflow'],
  debit: ['debit', 'debits', 'debit amount', 'debit(₦)', 'debit (₦)', 'debit(ngn)', 'debit (ngn)', 'withdrawals', 'withdrawal', 'money out', 'money out (₦)', 'dr', 'outflow'],
  amount: ['amount', 'amount (₦)', 'amount(₦)', 'amount (ngn)', 'transaction amount'],
  balance: ['balance', 'balance (₦)', 'balance(₦)', 'running balance', 'closing balance', 'balance after', 'available balance', 'book balance'],
};

/** The bank a header row looks like (for the answer and the log; matching never depends on it). */
const LAYOUTS: { name: string; has: readonly string[] }[] = [
  { name: 'GTBank', has: ['trans. date', 'value date', 'reference', 'debits', 'credits', 'balance', 'remarks'] },
  { name: 'Access Bank', has: ['posted date', 'value date', 'description', 'debit', 'credit', 'balance'] },
  { name: 'Zenith Bank', has: ['date posted', 'description', 'value date', 'debit', 'credit', 'balance'] },
  { name: 'First Bank', has: ['trans date', 'reference', 'value date', 'narration', 'withdrawals', 'lodgements', 'balance'] },
  { name: 'UBA', has: ['tran date', 'value date', 'narration', 'chq. no', 'debit', 'credit', 'balance'] },
  { name: 'Moniepoint', has: ['date', 'narration', 'reference', 'debit', 'credit', 'balance'] },
  { name: 'OPay', has: ['trans. time', 'value date', 'description', 'debit(₦)', 'credit(₦)', 'balance after(₦)', 'channel', 'transaction reference'] },
  { name: 'Kuda', has: ['date/time', 'money in', 'money out', 'category', 'to / from', 'description', 'balance'] },
];
NAMES.date = [...NAMES.date, 'date posted', 'trans. time'];
NAMES.balance = [...NAMES.balance, 'balance after(₦)', 'balance after (₦)'];
NAMES.narration = [...NAMES.narration, 'to / from'];

const norm = (s: unknown) => String(s ?? '').replace(/\s+/g, ' ').trim().toLowerCase();

/** The rows of a CSV or XLSX file, each a list of cells as text (dates of an XLSX as ISO days). */
export async function rowsOfFile(filename: string, bytes: Buffer): Promise<string[][]> {
  const isXlsx = /\.xlsx$/i.test(filename) || (bytes[0] === 0x50 && bytes[1] === 0x4b);
  if (isXlsx) {
    let sheet: unknown[][];
    try {
      sheet = (await readSheet(bytes)) as unknown[][];
    } catch {
      throw invalidField('file', 'This file could not be read as an Excel (XLSX) statement.');
    }
    return sheet.map((row) => row.map((c) => (c instanceof Date ? c.toISOString().slice(0, 10) : c === null || c === undefined ? '' : String(c))));
  }
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  return parsed.data.map((row) => row.map((c) => String(c ?? '')));
}

const MONTHS: Record<string, string> = { jan: '01', feb: '02', mar: '03', apr: '04', may: '05', jun: '06', jul: '07', aug: '08', sep: '09', sept: '09', oct: '10', nov: '11', dec: '12' };

/** A statement's day as ISO: `DD/MM/YYYY`, `DD-MM-YYYY`, `DD-MMM-YYYY`, `DD MMM YYYY`, ISO (a time after any of them is dropped). */
export function statementDate(raw: string): string | null {
  const s = raw.trim();
  let y: string, m: string, d: string;
  let hit = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (hit) [, y, m, d] = hit as unknown as [string, string, string, string];
  else if ((hit = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})/.exec(s))) [, d, m, y] = hit as unknown as [string, string, string, string];
  else if ((hit = /^(\d{1,2})[\s/-]([A-Za-z]{3,4})[a-z]*[\s/,-]+(\d{2,4})/.exec(s))) {
    const month = MONTHS[hit[2]!.toLowerCase()];
    if (!month) return null;
    d = hit[1]!;
    m = month;
    y = hit[3]!.length === 2 ? `20${hit[3]}` : hit[3]!;
  } else return null;
  const iso = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const t = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(t.getTime()) || t.toISOString().slice(0, 10) !== iso) return null;
  if (iso < '2000-01-01' || iso > '2100-12-31') return null;
  return iso;
}

/** Kobo from a statement's amount: `1,234.56`, `₦1,234.56`, `NGN 1,234.56`, `-4,000.00`, `(4,000.00)`, `4,000.00 CR`; empty or `-` is 0. */
export function statementAmount(raw: string): number | null {
  let s = raw.trim();
  if (s === '' || s === '-' || s === '--') return 0;
  let sign = 1;
  if (/^\(.*\)$/.test(s)) {
    sign = -1;
    s = s.slice(1, -1);
  }
  if (/\bdr\.?$/i.test(s)) sign = -1;
  s = s.replace(/\b(cr|dr)\.?$/i, '').replace(/ngn|₦|n(?=\d)/gi, '').replace(/[,\s]/g, '');
  if (s.startsWith('-')) {
    sign = -sign;
    s = s.slice(1);
  } else if (s.startsWith('+')) s = s.slice(1);
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  return sign * toKobo(Number(s));
}

/** The header row and which column is which, from the known names or the account's column map. */
function findHeader(rows: string[][], map?: StatementColumnMap): { at: number; cols: Partial<Record<Role, number>>; layout: string } | null {
  for (let at = 0; at < Math.min(rows.length, 40); at++) {
    const cells = rows[at]!.map(norm);
    const cols: Partial<Record<Role, number>> = {};
    if (map) {
      for (const [role, header] of Object.entries(map) as [Role, string | null | undefined][]) {
        if (!header) continue;
        const i = cells.indexOf(norm(header));
        if (i >= 0) cols[role] = i;
      }
      if (cols.date !== undefined && (cols.amount !== undefined || cols.credit !== undefined) && Object.values(map).filter(Boolean).length === Object.keys(cols).length) return { at, cols, layout: 'column map' };
      continue;
    }
    for (const role of Object.keys(NAMES) as Role[]) {
      const i = cells.findIndex((c, j) => NAMES[role].includes(c) && !Object.values(cols).includes(j));
      if (i >= 0) cols[role] = i;
    }
    if (cols.date === undefined || (cols.credit === undefined && cols.amount === undefined)) continue;
    if (cols.narration === undefined && cols.reference === undefined) continue;
    const layout = LAYOUTS.map((l) => ({ name: l.name, score: l.has.filter((h) => cells.includes(h)).length / l.has.length })).sort((a, b) => b.score - a.score)[0]!;
    return { at, cols, layout: layout.score >= 0.8 ? layout.name : 'Recognised columns' };
  }
  return null;
}

/**
 * The money lines of a statement: each row under the header with a day and an amount. Rows before the header
 * (account details, opening balance) and after the table (totals, closing balance, a disclaimer) are skipped, as is a
 * row with no day or no amount. A layout that cannot be recognised is a 422 on `column_map` listing the headers seen.
 */
export function parseStatement(rows: string[][], map?: StatementColumnMap): ParsedStatement {
  const header = findHeader(rows, map);
  if (!header) {
    const likely = rows.slice(0, 40).find((r) => r.filter((c) => c.trim()).length >= 3) ?? [];
    throw invalidField(
      'column_map',
      map
        ? `The column map does not fit this file: its columns are ${likely.map((c) => `"${c.trim()}"`).join(', ')}.`
        : `These columns were not recognised as a bank statement: ${likely.map((c) => `"${c.trim()}"`).join(', ')}. Say which column is the date, the narration and the credit (or the amount).`,
    );
  }
  const { cols } = header;
  const cell = (row: string[], role: Role) => (cols[role] === undefined ? '' : (row[cols[role]!] ?? '').trim());
  const lines: ParsedLine[] = [];
  for (let r = header.at + 1; r < rows.length; r++) {
    const row = rows[r]!;
    const date = statementDate(cell(row, 'date'));
    if (!date) continue;
    let creditK = 0;
    let debitK = 0;
    if (cols.credit !== undefined || cols.debit !== undefined) {
      const c = statementAmount(cell(row, 'credit'));
      const d = statementAmount(cell(row, 'debit'));
      if (c === null || d === null) continue;
      creditK = Math.abs(c);
      debitK = Math.abs(d);
    } else {
      const a = statementAmount(cell(row, 'amount'));
      if (a === null) continue;
      if (a >= 0) creditK = a;
      else debitK = -a;
    }
    if (creditK === 0 && debitK === 0) continue;
    const balance = cols.balance === undefined ? null : statementAmount(cell(row, 'balance'));
    const narration = cell(row, 'narration').replace(/\s+/g, ' ').slice(0, 500);
    lines.push({ line_no: lines.length + 1, date, narration, reference: cell(row, 'reference').slice(0, 100) || null, creditK, debitK, balanceK: balance });
  }
  if (!lines.length) throw invalidField('file', 'No money lines were found under the statement\'s column headings.');
  return { layout: header.layout, headers: rows[header.at]!.map((c) => c.trim()), lines };
}
