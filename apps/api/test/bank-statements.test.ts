import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import writeXlsxFile from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studioDate, toKobo } from '@studio/shared';
import { orderPaymentsTable } from '../src/db/schema.js';
import { parseStatement, rowsOfFile, statementAmount, statementDate } from '../src/features/bank-statements/statement-parse.js';
import { agreement } from '../src/features/bank-statements/bank-statements.service.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';
import { multipartFile, uniqueName } from './helpers/fixtures.js';

// Issue 30, items 1 and 2: a statement file from a Nigerian bank app is read whatever its layout, and its credits
// confirm the transfers they show, with the reason written down; nothing is used twice.

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/statements');

/** The five lines every fixture holds, as written by hand: day, credit, debit, balance (naira), and the payer's words. */
const EXPECTED = [
  ['2026-11-02', 7000, 0, 57000, 'ADAEZE OKORO'],
  ['2026-11-02', 0, 2500, 54500, 'SHOPRITE'],
  ['2026-11-03', 15500.5, 0, 70000.5, 'BLESSING IBE'],
  ['2026-11-04', 1250, 0, 71250.5, 'UNKNOWN PAYER'],
  ['2026-11-05', 0, 100, 71150.5, 'SMS ALERT'],
] as const;
const LAYOUTS: Record<string, string> = {
  'gtbank.csv': 'GTBank',
  'access.csv': 'Access Bank',
  'zenith.csv': 'Zenith Bank',
  'firstbank.csv': 'First Bank',
  'uba.csv': 'UBA',
  'moniepoint.csv': 'Moniepoint',
  'opay.csv': 'OPay',
  'kuda.csv': 'Kuda',
  'signed-amount.csv': 'Recognised columns',
};

describe('reading a statement', () => {
  it('dates and amounts as the banks write them', () => {
    expect(['02/11/2026', '02-Nov-2026', '02-NOV-2026', '02 Nov 2026 10:15:22', '2026-11-02', '2026-11-02T10:10:00', '2-11-2026'].map(statementDate)).toEqual(Array(7).fill('2026-11-02'));
    expect(['31/02/2026', '02/13/2026', 'Total', '', '1999-12-31'].map(statementDate)).toEqual([null, null, null, null, null]);
    expect(['7,000.00', '₦7,000.00', 'NGN 7,000.00', '-4,000.00', '(4,000.00)', '4,000.00 DR', '', '-', '--', '15500.5'].map(statementAmount)).toEqual([700000, 700000, 700000, -400000, -400000, -400000, 0, 0, 0, 1550050]);
    expect(statementAmount('seven')).toBeNull();
  });

  it.each(Object.keys(LAYOUTS))('%s: every money line, as written by hand, and nothing from the lines above or below the table', async (name) => {
    const parsed = parseStatement(await rowsOfFile(name, fs.readFileSync(path.join(FIXTURES, name))));
    expect(parsed.layout).toBe(LAYOUTS[name]);
    expect(parsed.lines.map((l) => [l.date, l.creditK / 100, l.debitK / 100, l.balanceK! / 100])).toEqual(EXPECTED.map(([d, c, dr, b]) => [d, c, dr, b]));
    parsed.lines.forEach((l, i) => expect(`${l.narration} ${l.reference ?? ''}`.toUpperCase()).toContain(EXPECTED[i]![4]));
  });

  it('an XLSX export reads as its CSV does', async () => {
    const rows = await rowsOfFile('gtbank.csv', fs.readFileSync(path.join(FIXTURES, 'gtbank.csv')));
    const xlsx = await writeXlsxFile(rows.map((r) => r.map((value) => ({ value })))).toBuffer();
    const fromXlsx = parseStatement(await rowsOfFile('statement.xlsx', xlsx));
    expect(fromXlsx.lines).toEqual(parseStatement(rows).lines);
  });

  it("a layout it does not know is a 422 on column_map naming the columns; with the admin's map it reads", async () => {
    const rows = await rowsOfFile('unrecognised.csv', fs.readFileSync(path.join(FIXTURES, 'unrecognised.csv')));
    expect(() => parseStatement(rows)).toThrow(/"Txn Day", "Details Of Txn", "Ref Code", "In", "Out"/);
    const parsed = parseStatement(rows, { date: 'Txn Day', narration: 'Details Of Txn', reference: 'Ref Code', credit: 'In', debit: 'Out' });
    expect(parsed.lines.map((l) => [l.date, l.creditK / 100, l.debitK / 100])).toEqual(EXPECTED.map(([d, c, dr]) => [d, c, dr]));
  });

  it("a line agrees with a payment by its reference or two words of the payer's name, never by a walk-in's", () => {
    expect(agreement({ narration: 'TRF FROM ADAEZE OKORO', reference: null }, { reference: null, party: 'Adaeze Okoro' })).toMatch(/name/);
    expect(agreement({ narration: 'NIP/FT-2611-0001', reference: null }, { reference: 'FT26110001', party: 'Someone Else' })).toMatch(/reference/);
    expect(agreement({ narration: 'TRF FROM ADAEZE', reference: null }, { reference: null, party: 'Adaeze Okoro' })).toBeNull();
    expect(agreement({ narration: 'WALK IN CUSTOMER PAYMENT', reference: null }, { reference: null, party: 'Walk-in Customer' })).toBeNull();
  });
});

let t: TestApp;
let admin: string;
let pos: ReturnType<typeof posHelpers>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  pos = posHelpers(t, () => admin);
});
afterAll(() => t.close());

const today = () => studioDate(new Date(), 'Africa/Lagos');
const call = (method: 'GET' | 'POST', url: string, payload?: unknown, token = admin) => t.call(token, { method, url, ...(payload === undefined ? {} : { payload: payload as never }) });
/** A statement in Moniepoint's layout: [narration, reference, credit, debit, balance] lines, all dated today. */
const moniepoint = (lines: [string, string, number, number, number][]) =>
  ['Moniepoint MFB', 'Account Statement', '', 'Date,Narration,Reference,Debit,Credit,Balance', ...lines.map(([n, r, c, d, b]) => `${today()}T09:00:00,"${n}",${r},"${d ? d.toLocaleString('en-US', { minimumFractionDigits: 2 }) : ''}","${c ? c.toLocaleString('en-US', { minimumFractionDigits: 2 }) : ''}","${b.toLocaleString('en-US', { minimumFractionDigits: 2 })}"`)].join('\n');
const importCsv = (content: string, filename = 'moniepoint.csv', token = admin) => call('POST', '/api/bank-statements', { filename, content, account: '8012345678' }, token);
async function sellByTransfer(amount: number, customer: string, reference: string | null) {
  const product = await pos.product({ price: amount, quantity: 5 });
  const res = await pos.sell(admin, { customer_name: customer, items: [{ product_id: product.id, quantity: 1 }], payments: [{ method: 'transfer', amount, reference }] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; invoice_no: string; payments: { id: number; method: string }[] };
}
const paymentRow = async (id: number) => (await t.database.db.select().from(orderPaymentsTable).where(eq(orderPaymentsTable.id, id)))[0]!;

describe('POST /api/bank-statements: credits matched, with the reason written down', () => {
  it('exact, two candidates, amount only, no candidate, a debit and a voided sale; the evidence on the payment; then re-imports and overlaps use nothing twice', async () => {
    const exact = await sellByTransfer(7000, 'Adaeze Okoro', 'FT99118822');
    const twinA = await sellByTransfer(5000, 'Tamuno Briggs', null);
    const twinB = await sellByTransfer(5000, 'Ibiere Harry', null);
    const pkg = (await call('POST', '/api/bridalpackages', { name: uniqueName('Gold'), price: 90000 })).json().data;
    const booking = await call('POST', '/api/bridalbookings', { client_name: 'Bimpe Alade', phone: '0803 111 2222', event_date: '2027-08-01', package_id: pkg.id, amount_paid: 12000, payment_method: 'transfer' });
    expect(booking.statusCode, booking.body).toBe(201);
    const voided = await sellByTransfer(3300, 'Void Person', 'VOIDREF77');
    expect((await t.call(admin, { method: 'DELETE', url: `/api/orders/${voided.id}`, payload: { reason: 'Entered twice' } })).statusCode).toBeLessThan(300);

    const statement = moniepoint([
      ['TRF FROM ADAEZE OKORO FT99118822', 'S1', 7000, 0, 107000],
      ['TRANSFER', 'S2', 5000, 0, 112000],
      ['NIP TRANSFER', 'S3', 12000, 0, 124000],
      ['TRANSFER FROM STRANGER', 'S4', 1250, 0, 125250],
      ['POS PURCHASE', 'S5', 0, 2500, 122750],
      ['VOIDREF77 VOID PERSON', 'S6', 3300, 0, 126050],
    ]);
    const res = await importCsv(statement);
    expect(res.statusCode, res.body).toBe(201);
    const summary = res.json().data;
    expect(summary).toMatchObject({ layout: 'Moniepoint', lines: 6, credits: 5, matched: 1, suggested: 2, unmatched: 2, duplicates: 0 });

    const lines = (await call('GET', `/api/bank-statements/${summary.id}/lines`)).json().data as { line_no: number; status: string; match: unknown; reason: string; candidates: { kind: string; id: number; reason: string }[] }[];
    expect(lines.map((l) => l.status)).toEqual(['matched', 'suggested', 'suggested', 'unmatched', 'debit', 'unmatched']);
    expect(lines[0]!.match).toEqual({ kind: 'sale', id: exact.payments[0]!.id });
    expect(lines[0]!.reason).toMatch(/reference FT99118822 is in the narration/);
    expect(lines[1]!.candidates.map((c) => c.id).sort()).toEqual([twinA.payments[0]!.id, twinB.payments[0]!.id].sort());
    expect(lines[2]!.candidates).toEqual([expect.objectContaining({ kind: 'booking', reason: expect.stringMatching(/neither its reference nor the payer's name/) })]);
    expect(lines[3]!.reason).toMatch(/money with no record/);
    // the voided sale's transfer is not waiting: its line is not used to confirm anything
    expect((await paymentRow(voided.payments[0]!.id)).confirmed_at).toBeNull();

    // the bank confirmed it: no person, the line as its words
    const paid = await paymentRow(exact.payments[0]!.id);
    expect(paid.confirmed_at).not.toBeNull();
    expect(paid).toMatchObject({ confirmed_by: null, confirmed_by_name: `Bank statement ${summary.id}, line 1` });
    const waiting = (await call('GET', '/api/transfers/unconfirmed')).json().data as { kind: string; id: number }[];
    expect(waiting.filter((w) => w.kind === 'sale').map((w) => w.id)).not.toContain(exact.payments[0]!.id);
    const unmatched = (await call('GET', '/api/bank-statements/unmatched')).json().data as { statement_id: number; line_no: number }[];
    expect(unmatched.filter((u) => u.statement_id === summary.id).map((u) => u.line_no)).toEqual([4, 6]);

    // one click on a suggestion confirms that payment; another rejects
    const confirm = await call('POST', `/api/bank-statements/${summary.id}/lines/2/confirm`, { kind: 'sale', id: twinB.payments[0]!.id });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json().data).toMatchObject({ status: 'matched', match: { kind: 'sale', id: twinB.payments[0]!.id } });
    expect((await paymentRow(twinB.payments[0]!.id)).confirmed_by_name).toBe(`Bank statement ${summary.id}, line 2`);
    expect((await call('POST', `/api/bank-statements/${summary.id}/lines/2/confirm`, { kind: 'sale', id: twinA.payments[0]!.id })).statusCode).toBe(422);
    expect((await call('POST', `/api/bank-statements/${summary.id}/lines/5/confirm`, { kind: 'sale', id: twinA.payments[0]!.id })).statusCode).toBe(422);
    const reject = await call('POST', `/api/bank-statements/${summary.id}/lines/3/reject`);
    expect(reject.json().data).toMatchObject({ status: 'unmatched', candidates: [] });

    // the same file again: every line a duplicate, nothing confirmed again
    const again = (await importCsv(statement)).json().data;
    expect(again).toMatchObject({ lines: 6, matched: 0, suggested: 0, unmatched: 0, duplicates: 6 });
    // an overlapping file (its last three lines and a new one): three duplicates, the new one read
    const twinAPaid = await sellByTransfer(5000, 'Tamuno Briggs', 'LATE5000X');
    const overlap = moniepoint([
      ['TRANSFER FROM STRANGER', 'S4', 1250, 0, 125250],
      ['POS PURCHASE', 'S5', 0, 2500, 122750],
      ['VOIDREF77 VOID PERSON', 'S6', 3300, 0, 126050],
      ['TRF LATE5000X TAMUNO BRIGGS', 'S7', 5000, 0, 131050],
    ]);
    const o = (await importCsv(overlap, 'moniepoint-2.csv')).json().data;
    expect(o).toMatchObject({ lines: 4, duplicates: 3, credits: 1 });
    // two waiting of 5,000 (twinA and the new one), but the reference names one
    expect(o.matched + o.suggested).toBe(1);
    expect((await paymentRow(twinAPaid.payments[0]!.id)).confirmed_at === null).toBe(o.matched === 0);
  });

  it('two imports of one statement at once store its lines once and confirm each payment once', async () => {
    const sale = await sellByTransfer(8100, 'Chioma Eze', 'PAR81000001');
    const statement = moniepoint([
      ['PAR81000001 CHIOMA EZE', 'P1', 8100, 0, 208100],
      ['ANOTHER CREDIT', 'P2', 4321, 0, 212421],
    ]);
    const [a, b] = await Promise.all([importCsv(statement, 'a.csv'), importCsv(statement, 'b.csv')]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const [x, y] = [a.json().data, b.json().data];
    expect(x.duplicates + y.duplicates).toBe(2);
    expect(x.matched + y.matched).toBe(1);
    expect((await paymentRow(sale.payments[0]!.id)).confirmed_by_name).toMatch(/^Bank statement \d+, line 1$/);
  });

  it('a file upload with a column map, remembered for the account; bad input is a 422 and staff get 403', async () => {
    const csv = ['Txn Day,Details Of Txn,Ref Code,In,Out', `${today().split('-').reverse().join('/')},SOMEONE PAID,R1,"2,000.00",`].join('\n');
    const noMap = multipartFile('file', 'odd.csv', 'text/csv', Buffer.from(csv));
    const refused = await t.call(admin, { method: 'POST', url: '/api/bank-statements', payload: noMap.payload, headers: noMap.headers });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.column_map[0]).toMatch(/"Txn Day"/);
    const map = { date: 'Txn Day', narration: 'Details Of Txn', reference: 'Ref Code', credit: 'In', debit: 'Out' };
    const first = await call('POST', '/api/bank-statements', { filename: 'odd.csv', content: csv, account: 'ODD-1', column_map: map });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ layout: 'column map', credits: 1 });
    // the next statement of that account needs no map
    const next = await call('POST', '/api/bank-statements', { filename: 'odd-2.csv', content: csv.replace('SOMEONE PAID,R1', 'SOMEONE ELSE,R2'), account: 'ODD-1' });
    expect(next.statusCode, next.body).toBe(201);
    expect(toKobo(next.json().data.credits)).toBe(100);
    for (const bad of [{}, { filename: 'x.csv', content: '' }, { filename: 'x.csv', content: 'just,some\ntext,here' }, { filename: 'x.csv', content: csv, column_map: { date: 'Nope' } }]) {
      const r = await call('POST', '/api/bank-statements', bad);
      expect(r.statusCode, JSON.stringify(bad)).toBe(422);
    }
    const staff = await t.staff();
    expect((await importCsv(csv, 'x.csv', staff.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/bank-statements/unmatched', undefined, staff.token)).statusCode).toBe(403);
  });
});
