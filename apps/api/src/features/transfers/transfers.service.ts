import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { awaitsConfirmation, fromKobo, studioDate, toKobo, type TransferItem, type TransferKind, type TransferLine, type TransferTotals, type UnconfirmedTransfers } from '@studio/shared';
import { type DbOrTx, rows, type Tx } from '../../db/client.js';
import { sumKobo } from '../../db/columns.js';
import { addLedgerLine } from '../../crud/ledger.js';
import type { LedgerTable } from '../../db/ledger.table.js';
import { crudModules } from '../../crud/registry.js';
import type { UserRow } from '../../plugins/auth.js';
import { recordActivity } from '../../plugins/activity-log.js';
import { unprocessable } from '../../plugins/errors.js';
import { orderBalancePaymentsTable, orderPaymentsTable, ordersTable, appointmentPaymentsTable, appointmentsTable, bridalBookingPaymentsTable, bridalBookingsTable, clientsTable, hostelStudentPaymentsTable, hostelStudentsTable, officeStudentPaymentsTable, officeStudentsTable, studentPaymentsTable, studentsTable, usersTable } from '../../db/schema.js';
import { oweNotReceived, reverseBalanceLine } from '../pos/index.js';

// Bank transfers wait for a person (issue 17, item 5; decision 015). A transfer line lives in one of seven places:
// a sale's payments, or the fee ledger of a makeup, PMU or hostel trainee, a booking's ledger, an appointment's deposits,
// or a sale's balance ledger (a payment taken later against what a sale owes: issue 28, item 3; decision 027). They are declared
// once here; the list, the confirmations and the dashboard's card read them through this table of sources.

type LedgerSource = { kind: Exclude<TransferKind, 'sale'>; resource: string; ledger: LedgerTable; parent: { table: typeof studentsTable | typeof bridalBookingsTable; name: SQL } };
const LEDGERS: LedgerSource[] = [
  { kind: 'student', resource: 'students', ledger: studentPaymentsTable, parent: { table: studentsTable, name: sql`${studentsTable.name}` } },
  { kind: 'office-student', resource: 'office-students', ledger: officeStudentPaymentsTable as unknown as LedgerTable, parent: { table: officeStudentsTable as never, name: sql`${officeStudentsTable.name}` } },
  { kind: 'hostel-student', resource: 'hostel-students', ledger: hostelStudentPaymentsTable as unknown as LedgerTable, parent: { table: hostelStudentsTable as never, name: sql`${hostelStudentsTable.name}` } },
  { kind: 'booking', resource: 'bridalbookings', ledger: bridalBookingPaymentsTable as unknown as LedgerTable, parent: { table: bridalBookingsTable, name: sql`${bridalBookingsTable.client_name}` } },
  // an appointment's deposit by transfer waits like every other (issue 28); the party is its client
  {
    kind: 'appointment',
    resource: 'appointments',
    ledger: appointmentPaymentsTable as unknown as LedgerTable,
    parent: { table: appointmentsTable as never, name: sql`(select ${clientsTable.name} from ${clientsTable} where ${clientsTable.id} = ${appointmentsTable.client_id})` },
  },
  { kind: 'sale-balance', resource: 'orders', ledger: orderBalancePaymentsTable as unknown as LedgerTable, parent: { table: ordersTable as never, name: sql`${ordersTable.customer_name}` } },
];

const P = orderPaymentsTable;
const O = ordersTable;

/** Which lines: waiting for a person, or the given ones whatever their state. */
type Which = { unconfirmed: true } | { items: number[] };

/** A sale's payment line that is a transfer nobody has confirmed or flagged (its order's status aside). */
const saleLineWaiting = sql`${P.method} = 'transfer' and ${P.confirmed_at} is null and ${P.not_received_at} is null`;
/** A ledger line (alias `l`) that is a transfer taken (not a reversal), unconfirmed, unflagged and not reversed since. */
const ledgerLineWaiting = (L: LedgerTable) =>
  sql`l.method = 'transfer' and l.amount > 0 and l.confirmed_at is null and l.not_received_at is null and l.reverses_id is null and not exists (select 1 from ${L} r where r.reverses_id = l.id)`;

/** The lines of sales: a transfer of a sale that is not void. */
function saleLines(which: Which): SQL {
  const where = 'items' in which ? sql`${P.id} in ${which.items.length ? sql`(${sql.join(which.items.map((i) => sql`${i}`), sql`, `)})` : sql`(null)`}` : sql`${saleLineWaiting} and ${O.status} = 'paid'`;
  return sql`
    select 'sale'::text as kind, ${P.id} as id, ${P.amount}::text as amount, ${P.method}::text as method, ${P.reference}::text as reference, ${O.business_date}::text as date,
           ${O.staff_id} as taken_by_id, ${O.staff_name}::text as taken_by_name, ${O.id} as parent_id, ${O.customer_name}::text as party,
           ${O.invoice_no}::text as invoice_no, ${O.outlet}::text as outlet, ${O.created_at} as created_at, ${O.status}::text as parent_status, null::int as reversed_by,
           ${P.confirmed_at} as confirmed_at, ${P.confirmed_by} as confirmed_by, ${P.confirmed_by_name}::text as confirmed_by_name,
           ${P.not_received_at} as not_received_at, ${P.not_received_by} as not_received_by, ${P.not_received_by_name}::text as not_received_by_name, ${P.not_received_reason}::text as not_received_reason
      from ${P} join ${O} on ${O.id} = ${P.order_id}
     where ${where}`;
}

/** The lines of one ledger: a transfer taken (not a reversal) and not reversed since. */
function ledgerLinesOf(src: LedgerSource, which: Which): SQL {
  const L = src.ledger;
  const parent = src.parent.table;
  const where =
    'items' in which
      ? sql`l.id in ${which.items.length ? sql`(${sql.join(which.items.map((i) => sql`${i}`), sql`, `)})` : sql`(null)`}`
      : ledgerLineWaiting(L);
  return sql`
    select ${src.kind}::text as kind, l.id as id, l.amount::text as amount, l.method::text as method, l.note::text as reference, l.date::text as date,
           l.user_id as taken_by_id, ${usersTable.name}::text as taken_by_name, l.parent_id as parent_id, ${src.parent.name}::text as party,
           null::text as invoice_no, null::text as outlet, l.created_at as created_at, null::text as parent_status,
           (select r.id from ${L} r where r.reverses_id = l.id) as reversed_by,
           l.confirmed_at as confirmed_at, l.confirmed_by as confirmed_by, l.confirmed_by_name::text as confirmed_by_name,
           l.not_received_at as not_received_at, l.not_received_by as not_received_by, l.not_received_by_name::text as not_received_by_name, l.not_received_reason::text as not_received_reason
      from ${L} l join ${parent} on ${parent.id} = l.parent_id left join ${usersTable} on ${usersTable.id} = l.user_id
     where ${where} and l.reverses_id is null`;
}

type Row = {
  kind: TransferKind;
  id: number;
  amount: string;
  method: string;
  reference: string | null;
  date: string;
  taken_by_id: number | null;
  taken_by_name: string | null;
  parent_id: number;
  party: string;
  invoice_no: string | null;
  outlet: TransferLine['outlet'];
  created_at: Date | string;
  parent_status: string | null;
  reversed_by: number | null;
  confirmed_at: Date | string | null;
  confirmed_by: number | null;
  confirmed_by_name: string | null;
  not_received_at: Date | string | null;
  not_received_by: number | null;
  not_received_by_name: string | null;
  not_received_reason: string | null;
};

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function toLine(r: Row): TransferLine {
  const person = (id: number | null, name: string | null) => (id !== null ? { id: Number(id), name: name ?? '' } : null);
  return {
    kind: r.kind,
    id: Number(r.id),
    amount: fromKobo(sumKobo(r.amount)),
    reference: r.reference,
    date: r.date,
    taken_by: person(r.taken_by_id, r.taken_by_name),
    status: r.not_received_at ? 'not_received' : r.confirmed_at ? 'confirmed' : 'unconfirmed',
    parent_id: Number(r.parent_id),
    party: r.party,
    invoice_no: r.invoice_no,
    outlet: r.outlet,
    created_at: iso(r.created_at)!,
    confirmed_at: iso(r.confirmed_at),
    confirmed_by: person(r.confirmed_by, r.confirmed_by_name),
    not_received_at: iso(r.not_received_at),
    not_received_by: person(r.not_received_by, r.not_received_by_name),
    not_received_reason: r.not_received_reason,
  };
}


function totals(lines: { amount: number }[]): TransferTotals {
  return { count: lines.length, amount: fromKobo(lines.reduce((k, l) => k + toKobo(l.amount), 0)) };
}

/** Every transfer line waiting for a person, oldest first, with their count and amount. */
export async function unconfirmedTransfers(db: DbOrTx): Promise<UnconfirmedTransfers> {
  const union = sql.join([saleLines({ unconfirmed: true }), ...LEDGERS.map((s) => ledgerLinesOf(s, { unconfirmed: true }))], sql` union all `);
  const data = (await rows<Row>(db, sql`select * from (${union}) t order by date, created_at, kind, id`)).map(toLine);
  return { data, summary: totals(data) };
}

/**
 * Count and amount of the lines waiting for a person, summed in SQL (the dashboard's card): the same lines as the
 * list, read from the waiting lines' partial indexes alone. A sale's line is left out when its order is not paid,
 * found among the few orders that are not (orders_unpaid_idx), not by looking each line's order up: with thousands
 * waiting, joining them to the orders read the whole table (150 ms at 300,000 orders; docs/decisions/018).
 */
export const unconfirmedTotalsSql = (): SQL => {
  const parts = [
    sql`select ${P.amount} as amount from ${P} where ${saleLineWaiting} and not exists (select 1 from ${O} where ${O.id} = ${P.order_id} and ${O.status} <> 'paid')`,
    ...LEDGERS.map(({ ledger: L }) => sql`select l.amount from ${L} l where ${ledgerLineWaiting(L)}`),
  ];
  return sql`select count(*)::int as count, coalesce(sum(amount), 0)::text as amount from (${sql.join(parts, sql` union all `)}) t`;
};

/** A count and an amount (text) as the totals' statements answer them, as the API does. */
export const transferTotalsOf = (r: { count: number; amount: string } | undefined): TransferTotals => ({ count: Number(r?.count ?? 0), amount: fromKobo(sumKobo(r?.amount)) });

export async function unconfirmedTotals(db: DbOrTx): Promise<TransferTotals> {
  return transferTotalsOf((await rows<{ count: number; amount: string }>(db, unconfirmedTotalsSql()))[0]);
}

/**
 * Transfers flagged not received whose line is dated in [from, to] (sale's business day, ledger line's date), in two
 * parts: a sale's line and a fee's or booking's. Both are out of income already: a fee's or booking's was reversed
 * in its ledger, a sale's by a negative line of the sale's balance ledger (decision 027). The finance summary shows
 * both apart.
 */
export function notReceivedPartsSql(from: string, to: string): SQL {
  const parts = [
    sql`select true as sale, ${P.amount} as amount from ${P} join ${O} on ${O.id} = ${P.order_id} where ${P.not_received_at} is not null and ${O.status} = 'paid' and ${O.business_date} between ${from} and ${to}`,
    ...LEDGERS.map(({ ledger: L }) => sql`select false, ${L.amount} from ${L} where ${L.not_received_at} is not null and ${L.date} between ${from} and ${to}`),
  ];
  return sql`select sale, count(*)::int as count, coalesce(sum(amount), 0)::text as amount from (${sql.join(parts, sql` union all `)}) t group by sale`;
}

/** The rows of notReceivedPartsSql as the two parts. */
export function notReceivedPartsOf(counted: { sale: boolean; count: number; amount: string }[]): { sales: TransferTotals; ledgers: TransferTotals } {
  const part = (sale: boolean) => transferTotalsOf(counted.find((x) => x.sale === sale));
  return { sales: part(true), ledgers: part(false) };
}

export async function notReceivedParts(db: DbOrTx, from: string, to: string): Promise<{ sales: TransferTotals; ledgers: TransferTotals }> {
  return notReceivedPartsOf(await rows<{ sale: boolean; count: number; amount: string }>(db, notReceivedPartsSql(from, to)));
}

/** The two parts as one figure: the dashboard's and day close's. */
export function notReceivedTotalsOf({ sales, ledgers }: { sales: TransferTotals; ledgers: TransferTotals }): TransferTotals {
  return { count: sales.count + ledgers.count, amount: fromKobo(toKobo(sales.amount) + toKobo(ledgers.amount)) };
}

/** Count and amount of the transfers flagged not received, dated in [from, to] (the dashboard's and day close's figure). */
export async function notReceivedTotals(db: DbOrTx, from: string, to: string): Promise<TransferTotals> {
  return notReceivedTotalsOf(await notReceivedParts(db, from, to));
}

/** The given lines, locked (FOR UPDATE) so two admins confirming one line at once are serialised. */
async function lockedLines(tx: Tx, items: TransferItem[]): Promise<Map<string, TransferLine & { method: string; parent_status: string | null; reversed_by: number | null }>> {
  const out = new Map<string, TransferLine & { method: string; parent_status: string | null; reversed_by: number | null }>();
  const ids = (kind: TransferKind) => [...new Set(items.filter((i) => i.kind === kind).map((i) => i.id))].sort((a, b) => a - b);
  const saleIds = ids('sale');
  if (saleIds.length) await tx.select({ id: P.id }).from(P).where(inArray(P.id, saleIds)).orderBy(P.id).for('update');
  for (const src of LEDGERS) {
    const some = ids(src.kind);
    if (some.length) await tx.select({ id: src.ledger.id }).from(src.ledger).where(inArray(src.ledger.id, some)).orderBy(src.ledger.id).for('update');
  }
  const parts = [saleLines({ items: saleIds }), ...LEDGERS.map((s) => ledgerLinesOf(s, { items: ids(s.kind) }))];
  for (const r of await rows<Row>(tx, sql.join(parts, sql` union all `))) out.set(`${r.kind}:${r.id}`, { ...toLine(r), method: r.method, parent_status: r.parent_status, reversed_by: r.reversed_by });
  return out;
}

/** Why a line cannot be confirmed or flagged (null when it can). */
function refusal(line: (TransferLine & { method: string; parent_status: string | null; reversed_by: number | null }) | undefined, action: 'confirm' | 'not_received'): string | null {
  if (!line) return 'This payment line does not exist.';
  if (!awaitsConfirmation(line.method)) return 'This payment line is not a bank transfer.';
  if (line.parent_status === 'void') return `Invoice ${line.invoice_no} is void.`;
  if (line.reversed_by !== null) return 'This payment line was reversed.';
  if (line.not_received_at) return `This transfer was marked not received by ${line.not_received_by?.name ?? 'an admin'}; take a new payment instead.`;
  if (action === 'not_received' && line.confirmed_at) return `This transfer was already confirmed${line.confirmed_by ? ` by ${line.confirmed_by.name}` : ''}.`;
  return null;
}

export const resourceOf = (kind: TransferKind) => (kind === 'sale' ? 'orders' : LEDGERS.find((s) => s.kind === kind)!.resource);
const tableOf = (kind: TransferKind) => (kind === 'sale' ? P : LEDGERS.find((s) => s.kind === kind)!.ledger);

/**
 * Confirms the lines: `confirmed_at`, `confirmed_by` (and the name) on each, one log line each. A line already
 * confirmed stays as it was (idempotent, not logged again). A line that cannot be confirmed (unknown, not a transfer,
 * a void sale's, reversed, flagged not received) refuses the whole call with a 422 on `items.N`.
 */
export async function confirmTransfers(
  tx: Tx,
  user: UserRow,
  items: TransferItem[],
  at = new Date(),
  /** Confirmed by the bank's own record (a statement line): the line's words as who confirmed it, none as its id, and its evidence in the log. */
  fromStatement?: (item: TransferItem) => { name: string; evidence: Record<string, unknown> },
): Promise<TransferLine[]> {
  const lines = await lockedLines(tx, items);
  const errors: Record<string, string[]> = {};
  items.forEach((item, i) => {
    const why = refusal(lines.get(`${item.kind}:${item.id}`), 'confirm');
    if (why) errors[`items.${i}`] = [why];
  });
  if (Object.keys(errors).length) throw unprocessable(errors);
  const done = new Set<string>();
  for (const item of items) {
    const key = `${item.kind}:${item.id}`;
    const line = lines.get(key)!;
    if (line.confirmed_at || done.has(key)) continue;
    done.add(key);
    const T = tableOf(item.kind);
    const bank = fromStatement?.(item);
    await tx
      .update(T)
      .set(bank ? { confirmed_at: at, confirmed_by: null, confirmed_by_name: bank.name } : { confirmed_at: at, confirmed_by: user.id, confirmed_by_name: user.name })
      .where(and(eq(T.id, item.id), isNull(T.confirmed_at)));
    await recordActivity(tx, {
      user,
      action: 'transfer_confirmed',
      resource: resourceOf(item.kind),
      recordId: line.parent_id,
      after: { kind: item.kind, payment_id: item.id, amount: line.amount, reference: line.reference, date: line.date, invoice_no: line.invoice_no, ...(bank ? { evidence: bank.evidence } : {}) },
    });
  }
  const after = await lockedLines(tx, items);
  return [...new Set(items.map((i) => `${i.kind}:${i.id}`))].map((k) => stripInternal(after.get(k)!));
}

function stripInternal({ method: _m, parent_status: _p, reversed_by: _r, ...line }: TransferLine & { method: string; parent_status: string | null; reversed_by: number | null }): TransferLine {
  return line;
}

/**
 * Flags the lines not received, with the reason: on the line (who, when, why) and in the log. A trainee's or a
 * booking's line is also reversed in its ledger (a negative line naming it, the reason in its note), so the
 * balance is owed again and the ledger's sums, income included, leave it out; a sale's line stays on the sale,
 * flagged, and the sale owes it (a negative line of its balance ledger: income leaves it out; decision 027). Flagging a line already
 * flagged changes nothing; a confirmed line is refused (422 on `items.N`), as are lines that cannot be flagged.
 */
export async function flagNotReceived(tx: Tx, user: UserRow, items: TransferItem[], reason: string, timeZone: string, at = new Date()): Promise<TransferLine[]> {
  const lines = await lockedLines(tx, items);
  const errors: Record<string, string[]> = {};
  items.forEach((item, i) => {
    const line = lines.get(`${item.kind}:${item.id}`);
    // already flagged: nothing to do (a retry)
    if (line?.not_received_at) return;
    const why = refusal(line, 'not_received');
    if (why) errors[`items.${i}`] = [why];
  });
  if (Object.keys(errors).length) throw unprocessable(errors);
  const today = studioDate(at, timeZone);
  const done = new Set<string>();
  for (const item of items) {
    const key = `${item.kind}:${item.id}`;
    const line = lines.get(key)!;
    if (line.not_received_at || done.has(key)) continue;
    done.add(key);
    const T = tableOf(item.kind);
    await tx.update(T).set({ not_received_at: at, not_received_by: user.id, not_received_by_name: user.name, not_received_reason: reason }).where(eq(T.id, item.id));
    if (item.kind === 'sale') await oweNotReceived(tx, user, line.parent_id, line, reason, today);
    else if (item.kind === 'sale-balance') await reverseBalanceLine(tx, user, line.parent_id, line, reason, today);
    else {
      const mod = crudModules.find((m) => m.resource.name === resourceOf(item.kind))!;
      await addLedgerLine(
        tx,
        mod,
        line.parent_id,
        { amount: -line.amount, method: 'transfer', date: today < line.date ? line.date : today, note: `Transfer not received: ${reason}`.slice(0, 255), reverses_id: line.id },
        user,
        { action: 'payment_reversal' },
      );
    }
    await recordActivity(tx, {
      user,
      action: 'transfer_not_received',
      resource: resourceOf(item.kind),
      recordId: line.parent_id,
      after: { kind: item.kind, payment_id: item.id, amount: line.amount, reference: line.reference, date: line.date, invoice_no: line.invoice_no, reason },
    });
  }
  const after = await lockedLines(tx, items);
  return [...new Set(items.map((i) => `${i.kind}:${i.id}`))].map((k) => stripInternal(after.get(k)!));
}
