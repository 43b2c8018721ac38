import crypto from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { addDays, formatKobo, fromKobo, toKobo, type BankStatementSummary, type StatementCandidate, type StatementColumnMap, type StatementLine, type StatementLineStatus, type TransferItem, type TransferLine } from '@studio/shared';
import type { Db, Tx } from '../../db/client.js';
import type { UserRow } from '../../plugins/auth.js';
import { recordActivity } from '../../plugins/activity-log.js';
import { invalidField, notFound } from '../../plugins/errors.js';
import { confirmTransfers, unconfirmedTransfers } from '../transfers/index.js';
import { bankColumnMapsTable, bankStatementLinesTable, bankStatementsTable } from './bank-statements.table.js';
import { parseStatement, rowsOfFile, type ParsedLine } from './statement-parse.js';

// A statement's credits confirm the transfers they show (issue 30, item 2; decision 031). Each credit is held against
// every transfer line still waiting for a person: the same amount, paid from the payment's day to 3 days after it, and
// the payment's reference or the payer's name in the narration. One such payment whose reference or name agrees: it
// is confirmed, by the bank, with the line as its evidence. Several, or the amount alone: suggestions for an admin.
// None: money with no record. Imports are one at a time (an advisory lock), each line is stored once (its key), and a
// payment is matched by one line at most (a unique index), so nothing is used twice.

/**
 * Imports and an admin's confirmations one at a time: two imports at once would each see the other's lines as new and
 * its payments as waiting.
 */
const oneAtATime = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('studio.bank-statements'))`);

const S = bankStatementsTable;
const L = bankStatementLinesTable;
/** The window after a payment's day in which its money may show on the statement. */
export const MATCH_DAYS = 3;

const words = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]+/g, ' ').trim();
const compact = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]+/g, '');
/** Names that say nothing of who paid. */
const NOT_A_NAME = new Set(['WALK', 'CUSTOMER', 'CLIENT', 'ERASED', 'THE', 'AND', 'MRS', 'MISS']);

/** Why the line's words point at this payment, or null: its reference, or the payer's name (two words of it, or one long one). */
export function agreement(line: { narration: string; reference: string | null }, payment: { reference: string | null; party: string }): string | null {
  const text = ` ${words(`${line.narration} ${line.reference ?? ''}`)} `;
  const ref = compact(payment.reference ?? '');
  if (ref.length >= 5 && compact(text).includes(ref)) return `its reference ${payment.reference} is in the narration`;
  const name = words(payment.party)
    .split(' ')
    .filter((w) => w.length >= 3 && !NOT_A_NAME.has(w));
  const found = name.filter((w) => text.includes(` ${w} `));
  if (found.length >= 2 || (name.length === 1 && found.length === 1 && name[0]!.length >= 4)) return `the payer's name "${payment.party}" is in the narration`;
  return null;
}

type Waiting = TransferLine & { amountK: number };

/** Each line's key: the line as written, and its place among identical lines of the file. */
function lineKeys(account: string | null, lines: ParsedLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((l) => {
    const base = [account ?? '', l.date, l.creditK, l.debitK, (l.reference ?? l.narration).toLowerCase(), l.balanceK ?? ''].join('|');
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return crypto.createHash('sha256').update(`${base}#${n}`).digest('hex');
  });
}

const candidateOf = (p: Waiting, reason: string): StatementCandidate => ({ kind: p.kind, id: p.id, amount: p.amount, date: p.date, party: p.party, reference: p.reference, reason });

type Decided = { status: StatementLineStatus; match: Waiting | null; reason: string | null; candidates: StatementCandidate[] };

/** What a credit is, among the payments still waiting (those taken by earlier lines of this import left out). */
function decide(line: ParsedLine, byAmount: Map<number, Waiting[]>, taken: Set<string>): Decided {
  const amount = formatKobo(line.creditK);
  const from = addDays(line.date, -MATCH_DAYS);
  const near = (byAmount.get(line.creditK) ?? []).filter((p) => !taken.has(`${p.kind}:${p.id}`) && p.date >= from && p.date <= line.date);
  if (!near.length) return { status: 'unmatched', match: null, reason: `No transfer of ${amount} is waiting from ${from} to ${line.date}: money with no record.`, candidates: [] };
  const ranked = near
    .map((p) => ({ p, why: agreement(line, p) }))
    .sort((a, b) => Number(!!b.why) - Number(!!a.why) || (a.p.date < b.p.date ? 1 : a.p.date > b.p.date ? -1 : 0));
  const agreeing = ranked.filter((r) => r.why);
  if (near.length === 1 && agreeing.length === 1) {
    const { p, why } = agreeing[0]!;
    return { status: 'matched', match: p, reason: `${amount} on ${line.date}, one transfer waiting of that amount (${p.party}, ${p.date}), and ${why}.`, candidates: [] };
  }
  const candidates = ranked.map(({ p, why }) => candidateOf(p, why ? `Same amount within ${MATCH_DAYS} days, and ${why}.` : `Same amount within ${MATCH_DAYS} days; neither its reference nor the payer's name is in the narration.`));
  const reason = near.length > 1 ? `${near.length} transfers of ${amount} are waiting from ${from} to ${line.date}: choose the one this is.` : `A transfer of ${amount} is waiting, but neither its reference nor the payer's name is in the narration: confirm it if it is this one.`;
  return { status: 'suggested', match: null, reason, candidates };
}

/** The statement line's words as who confirmed the payment, and its evidence. */
const evidenceOf = (statementId: number, l: ParsedLine) => ({
  name: `Bank statement ${statementId}, line ${l.line_no}`,
  evidence: { statement_id: statementId, line_no: l.line_no, date: l.date, amount: fromKobo(l.creditK), narration: l.narration },
});

export interface StatementFile {
  filename: string;
  bytes: Buffer;
  account: string | null;
  columnMap?: StatementColumnMap;
}

/** Imports a statement: its lines stored, its credits matched, the matched payments confirmed; one transaction. */
export async function importStatement(db: Db, user: UserRow, file: StatementFile): Promise<BankStatementSummary> {
  const rows = await rowsOfFile(file.filename, file.bytes);
  const saved = file.account && !file.columnMap ? (await db.select().from(bankColumnMapsTable).where(eq(bankColumnMapsTable.account, file.account)).limit(1))[0]?.column_map : undefined;
  const parsed = parseStatement(rows, file.columnMap ?? saved);
  const keys = lineKeys(file.account, parsed.lines);
  return db.transaction(async (tx) => {
    await oneAtATime(tx);
    if (file.account && file.columnMap) {
      await tx
        .insert(bankColumnMapsTable)
        .values({ account: file.account, column_map: file.columnMap })
        .onConflictDoUpdate({ target: bankColumnMapsTable.account, set: { column_map: file.columnMap, updated_at: new Date() } });
    }
    const [statement] = await tx.insert(S).values({ filename: file.filename, account: file.account, layout: parsed.layout, imported_by: user.id, imported_by_name: user.name }).returning();
    const known = new Set<string>();
    for (let i = 0; i < keys.length; i += 1000) {
      const some = keys.slice(i, i + 1000);
      for (const r of await tx.select({ key: L.line_key }).from(L).where(and(inArray(L.line_key, some), sql`${L.status} <> 'duplicate'`))) known.add(r.key);
    }
    const byAmount = new Map<number, Waiting[]>();
    for (const p of (await unconfirmedTransfers(tx)).data) {
      const w = { ...p, amountK: toKobo(p.amount) };
      byAmount.set(w.amountK, [...(byAmount.get(w.amountK) ?? []), w]);
    }
    const taken = new Set<string>();
    const matched: { item: TransferItem; line: ParsedLine }[] = [];
    const values = parsed.lines.map((l, i) => {
      let d: Decided;
      if (known.has(keys[i]!)) d = { status: 'duplicate', match: null, reason: 'This line was imported before: it is not used again.', candidates: [] };
      else if (l.creditK === 0) d = { status: 'debit', match: null, reason: null, candidates: [] };
      else d = decide(l, byAmount, taken);
      known.add(keys[i]!);
      if (d.match) {
        taken.add(`${d.match.kind}:${d.match.id}`);
        matched.push({ item: { kind: d.match.kind, id: d.match.id }, line: l });
      }
      return {
        statement_id: statement!.id,
        line_no: l.line_no,
        date: l.date,
        narration: l.narration,
        reference: l.reference,
        credit: fromKobo(l.creditK),
        debit: fromKobo(l.debitK),
        balance: l.balanceK === null ? null : fromKobo(l.balanceK),
        line_key: keys[i]!,
        status: d.status,
        match_kind: d.match?.kind ?? null,
        match_id: d.match?.id ?? null,
        reason: d.reason,
        candidates: d.candidates,
      };
    });
    for (let i = 0; i < values.length; i += 500) await tx.insert(L).values(values.slice(i, i + 500));
    if (matched.length) {
      const lineOf = new Map(matched.map((m) => [`${m.item.kind}:${m.item.id}`, m.line]));
      await confirmTransfers(tx, user, matched.map((m) => m.item), new Date(), (item) => evidenceOf(statement!.id, lineOf.get(`${item.kind}:${item.id}`)!));
    }
    const count = (s: StatementLineStatus) => values.filter((v) => v.status === s).length;
    const counts = { lines: values.length, credits: values.filter((v) => v.status !== 'debit' && v.status !== 'duplicate').length, matched: count('matched'), suggested: count('suggested'), unmatched: count('unmatched'), duplicates: count('duplicate') };
    const [done] = await tx.update(S).set(counts).where(eq(S.id, statement!.id)).returning();
    await recordActivity(tx, { user, action: 'import', resource: 'bank-statements', recordId: statement!.id, after: { filename: file.filename, account: file.account, layout: parsed.layout, ...counts } });
    return present(done!);
  });
}

function present(r: typeof S.$inferSelect): BankStatementSummary {
  return {
    id: r.id,
    filename: r.filename,
    account: r.account,
    layout: r.layout,
    lines: r.lines,
    credits: r.credits,
    matched: r.matched,
    suggested: r.suggested,
    unmatched: r.unmatched,
    duplicates: r.duplicates,
    imported_at: r.created_at.toISOString(),
    imported_by: r.imported_by ? { id: r.imported_by, name: r.imported_by_name ?? '' } : null,
  };
}

function presentLine(r: typeof L.$inferSelect): StatementLine {
  return {
    statement_id: r.statement_id,
    line_no: r.line_no,
    date: r.date,
    narration: r.narration,
    reference: r.reference,
    credit: r.credit,
    debit: r.debit,
    balance: r.balance,
    status: r.status,
    match: r.match_kind && r.match_id ? { kind: r.match_kind, id: r.match_id } : null,
    reason: r.reason,
    candidates: r.candidates,
  };
}

export async function listStatements(db: Db): Promise<BankStatementSummary[]> {
  return (await db.select().from(S).orderBy(desc(S.created_at), desc(S.id)).limit(200)).map(present);
}

export async function statementLines(db: Db, id: number): Promise<StatementLine[] | undefined> {
  const [statement] = await db.select({ id: S.id }).from(S).where(eq(S.id, id));
  if (!statement) return undefined;
  return (await db.select().from(L).where(eq(L.statement_id, id)).orderBy(asc(L.line_no))).map(presentLine);
}

/** Credits nothing explains (money with no record), oldest first. */
export async function unmatchedCredits(db: Db): Promise<StatementLine[]> {
  return (await db.select().from(L).where(eq(L.status, 'unmatched')).orderBy(asc(L.date), asc(L.id))).map(presentLine);
}

async function lockedLine(tx: Tx, id: number, lineNo: number) {
  const [line] = await tx.select().from(L).where(and(eq(L.statement_id, id), eq(L.line_no, lineNo))).for('update');
  if (!line) throw notFound('Statement line');
  if (line.status !== 'suggested' && line.status !== 'unmatched') throw invalidField('line', `This line is ${line.status === 'matched' ? 'already matched' : line.status === 'debit' ? 'money out' : 'a duplicate of a line imported before'}: there is nothing to decide.`);
  return line;
}

/** An admin's choice: this credit is that payment (a suggestion, or any waiting transfer of the same amount). */
export async function confirmLine(db: Db, user: UserRow, id: number, lineNo: number, item: TransferItem): Promise<StatementLine> {
  return db.transaction(async (tx) => {
    await oneAtATime(tx);
    const line = await lockedLine(tx, id, lineNo);
    const waiting = (await unconfirmedTransfers(tx)).data.find((p) => p.kind === item.kind && p.id === item.id);
    if (!waiting) throw invalidField('id', 'This payment is not waiting for confirmation (confirmed, flagged not received, reversed or void).');
    if (toKobo(waiting.amount) !== toKobo(line.credit)) throw invalidField('id', `This payment is ${formatKobo(toKobo(waiting.amount))}; the line is ${formatKobo(toKobo(line.credit))}.`);
    const parsed: ParsedLine = { line_no: line.line_no, date: line.date, narration: line.narration, reference: line.reference, creditK: toKobo(line.credit), debitK: 0, balanceK: null };
    await confirmTransfers(tx, user, [item], new Date(), () => evidenceOf(id, parsed));
    const [done] = await tx
      .update(L)
      .set({ status: 'matched', match_kind: item.kind, match_id: item.id, reason: `Confirmed by ${user.name} from this line.`, resolved_by: user.id, resolved_by_name: user.name, resolved_at: new Date() })
      .where(eq(L.id, line.id))
      .returning();
    await recountStatement(tx, id);
    return presentLine(done!);
  });
}

/** An admin's "none of these": the credit is money with no record. */
export async function rejectLine(db: Db, user: UserRow, id: number, lineNo: number): Promise<StatementLine> {
  return db.transaction(async (tx) => {
    const line = await lockedLine(tx, id, lineNo);
    const [done] = await tx
      .update(L)
      .set({ status: 'unmatched', reason: `${user.name} said none of the suggestions is this credit: money with no record.`, candidates: [], resolved_by: user.id, resolved_by_name: user.name, resolved_at: new Date() })
      .where(eq(L.id, line.id))
      .returning();
    await recountStatement(tx, id);
    return presentLine(done!);
  });
}

async function recountStatement(tx: Tx, id: number) {
  const n = (s: StatementLineStatus) => sql<number>`(count(*) filter (where ${L.status} = ${s}))::int`;
  const [c] = await tx.select({ matched: n('matched'), suggested: n('suggested'), unmatched: n('unmatched') }).from(L).where(eq(L.statement_id, id));
  await tx.update(S).set(c!).where(eq(S.id, id));
}
