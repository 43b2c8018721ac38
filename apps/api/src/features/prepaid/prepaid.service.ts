import crypto from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  fromKobo,
  normalizeVoucherCode,
  toKobo,
  VOUCHER_CODE_ALPHABET,
  VOUCHER_CODE_LENGTH,
  type ClientCredit,
  type CreditTopUp,
  type GiftVoucher,
  type GiftVoucherCreate,
  type GiftVoucherStatus,
  type Outlet,
  type PrepaidLiability,
  type PrepaidLine,
  type PrepaidLineKind,
} from '@studio/shared';
import type { DbOrTx, Tx } from '../../db/client.js';
import { sumKobo } from '../../db/columns.js';
import type { UserRow } from '../../plugins/auth.js';
import { recordActivity } from '../../plugins/activity-log.js';
import { invalidField, notFound } from '../../plugins/errors.js';
import { clientsTable, ordersTable } from '../../db/schema.js';
import { giftVouchersTable, prepaidLinesTable } from './prepaid.table.js';

// Gift vouchers and store credit (issue 31; decision 032): one ledger, prepaid_lines; a balance is the sum of lines.

const V = giftVouchersTable;
const L = prepaidLinesTable;
type VoucherRow = typeof V.$inferSelect;
type LineRow = typeof L.$inferSelect;

/** A new line on a voucher or a client's credit, in the caller's transaction. */
export async function addPrepaidLine(
  tx: DbOrTx,
  account: { voucherId: number } | { clientId: number } | { clientPackageId: number },
  line: { kind: PrepaidLineKind; amountK: number; sessions?: number; date: string; method?: string | null; reference?: string | null; orderId?: number | null; paymentId?: number | null; refundId?: number | null; outlet?: Outlet | null; note?: string | null },
  user: UserRow | null,
  at: Date,
): Promise<number> {
  const [row] = await tx
    .insert(L)
    .values({
      voucher_id: 'voucherId' in account ? account.voucherId : null,
      client_id: 'clientId' in account ? account.clientId : null,
      client_package_id: 'clientPackageId' in account ? account.clientPackageId : null,
      sessions: 'clientPackageId' in account ? (line.sessions ?? 0) : null,
      kind: line.kind,
      amount: fromKobo(line.amountK),
      method: line.method ?? null,
      reference: line.reference ?? null,
      order_id: line.orderId ?? null,
      payment_id: line.paymentId ?? null,
      refund_id: line.refundId ?? null,
      outlet: line.outlet ?? null,
      business_date: line.date,
      note: line.note ?? null,
      user_id: user?.id ?? null,
      user_name: user?.name ?? null,
      created_at: at,
    })
    .returning({ id: L.id });
  return row!.id;
}

/** A voucher's balance, in kobo (the sum of its lines). */
export async function voucherBalanceK(db: DbOrTx, voucherId: number): Promise<number> {
  const [row] = await db.select({ k: sql<string>`coalesce(sum(${L.amount}), 0)::text` }).from(L).where(eq(L.voucher_id, voucherId));
  return sumKobo(row?.k);
}

/** A client's store credit, in kobo (the sum of its lines). */
export async function creditBalanceK(db: DbOrTx, clientId: number): Promise<number> {
  const [row] = await db.select({ k: sql<string>`coalesce(sum(${L.amount}), 0)::text` }).from(L).where(eq(L.client_id, clientId));
  return sumKobo(row?.k);
}

/** active: value left and not past its expiry; used: nothing left; expired: past its expiry, or written off. */
export function voucherStatus(row: { expires_on: string | null }, balanceK: number, writtenOff: boolean, today: string): GiftVoucherStatus {
  if (writtenOff) return 'expired';
  if (balanceK <= 0) return 'used';
  return row.expires_on !== null && row.expires_on < today ? 'expired' : 'active';
}

async function linesOf(db: DbOrTx, where: ReturnType<typeof eq>): Promise<PrepaidLine[]> {
  const rows = await db
    .select({ l: L, invoice_no: ordersTable.invoice_no })
    .from(L)
    .leftJoin(ordersTable, eq(ordersTable.id, L.order_id))
    .where(where)
    .orderBy(asc(L.id));
  return rows.map(({ l, invoice_no }) => presentLine(l, invoice_no));
}

export function presentLine(l: LineRow, invoiceNo: string | null): PrepaidLine {
  return {
    id: l.id,
    kind: l.kind,
    amount: l.amount,
    method: l.method,
    reference: l.reference,
    order_id: l.order_id,
    invoice_no: invoiceNo,
    note: l.note,
    date: l.business_date,
    user: l.user_id !== null ? { id: l.user_id, name: l.user_name ?? '' } : null,
    created_at: l.created_at.toISOString(),
  };
}

function presentVoucher(v: VoucherRow, balanceK: number, writtenOff: boolean, today: string, lines?: PrepaidLine[]): GiftVoucher {
  return {
    id: v.id,
    code: v.code,
    face_value: v.face_value,
    balance: fromKobo(balanceK),
    status: voucherStatus(v, balanceK, writtenOff, today),
    expires_on: v.expires_on,
    buyer_name: v.buyer_name,
    buyer_phone: v.buyer_phone,
    recipient_name: v.recipient_name,
    client_id: v.client_id,
    outlet: v.outlet,
    payment_method: v.payment_method,
    reference: v.reference,
    sold_on: v.business_date,
    sold_by: { id: v.sold_by, name: v.sold_by_name },
    created_at: v.created_at.toISOString(),
    ...(lines ? { lines } : {}),
  };
}

/** Vouchers with their balances, newest first (or those `ids`). */
export async function listVouchers(db: DbOrTx, today: string, opts: { ids?: number[]; withLines?: boolean } = {}): Promise<GiftVoucher[]> {
  const rows = await db
    .select({
      v: V,
      // spelled out: inside a select's fields drizzle writes the outer table's columns unqualified
      k: sql<string>`(select coalesce(sum(pl.amount), 0) from prepaid_lines pl where pl.voucher_id = gift_vouchers.id)::text`,
      off: sql<boolean>`exists (select 1 from prepaid_lines pl where pl.voucher_id = gift_vouchers.id and pl.kind = 'expired')`,
    })
    .from(V)
    .where(opts.ids ? inArray(V.id, opts.ids) : undefined)
    .orderBy(desc(V.id));
  const out: GiftVoucher[] = [];
  for (const r of rows) out.push(presentVoucher(r.v, sumKobo(r.k), Boolean(r.off), today, opts.withLines ? await linesOf(db, eq(L.voucher_id, r.v.id)) : undefined));
  return out;
}

export async function findVoucher(db: DbOrTx, id: number, today: string): Promise<GiftVoucher | undefined> {
  return (await listVouchers(db, today, { ids: [id], withLines: true }))[0];
}

/** The voucher a code names (typed any way), or undefined. */
export async function voucherByCode(db: DbOrTx, typed: string, today: string): Promise<GiftVoucher | undefined> {
  const code = normalizeVoucherCode(typed);
  if (!code) return undefined;
  const [row] = await db.select({ id: V.id }).from(V).where(eq(V.code, code)).limit(1);
  return row ? findVoucher(db, row.id, today) : undefined;
}

function newCode(): string {
  const bytes = crypto.randomBytes(VOUCHER_CODE_LENGTH);
  return [...bytes].map((b) => VOUCHER_CODE_ALPHABET[b % VOUCHER_CODE_ALPHABET.length]).join('');
}

/**
 * Sells a voucher: its row (a fresh code; a clash, one in a billion, draws again) and its `sold` line carrying the
 * money that came in (method, outlet, day: the day close reads it; income does not). Returns its id.
 */
export async function sellVoucher(tx: Tx, user: UserRow, input: Omit<GiftVoucherCreate, 'client_ref'>, today: string, at: Date): Promise<number> {
  if (input.expires_on && input.expires_on < today) throw invalidField('expires_on', 'The expiry date cannot be before today.');
  const outlet = input.outlet ?? user.outlet ?? 'store';
  const faceK = toKobo(input.face_value);
  for (let tries = 0; tries < 5; tries++) {
    const [row] = await tx
      .insert(V)
      .values({
        code: newCode(),
        face_value: fromKobo(faceK),
        expires_on: input.expires_on ?? null,
        buyer_name: input.buyer_name ?? null,
        buyer_phone: input.buyer_phone ?? null,
        recipient_name: input.recipient_name ?? null,
        outlet,
        payment_method: input.payment_method,
        reference: input.reference ?? null,
        business_date: today,
        sold_by: user.id,
        sold_by_name: user.name,
        created_at: at,
        updated_at: at,
      })
      .onConflictDoNothing({ target: V.code })
      .returning({ id: V.id, code: V.code });
    if (!row) continue;
    await addPrepaidLine(tx, { voucherId: row.id }, { kind: 'sold', amountK: faceK, date: today, method: input.payment_method, reference: input.reference ?? null, outlet }, user, at);
    await recordActivity(tx, { user, action: 'create', resource: 'gift-vouchers', recordId: row.id, after: { code: row.code, face_value: fromKobo(faceK), expires_on: input.expires_on ?? null, payment_method: input.payment_method, outlet }, at });
    return row.id;
  }
  throw new Error('no free voucher code after 5 draws');
}

/** A later expiry (admin), logged with the one before. */
export async function extendVoucher(tx: Tx, user: UserRow, id: number, input: { expires_on: string; reason: string }, today: string, at: Date): Promise<void> {
  const [row] = await tx.select().from(V).where(eq(V.id, id)).for('update');
  if (!row) throw notFound('Gift voucher');
  if (input.expires_on < today) throw invalidField('expires_on', 'The new expiry cannot be before today.');
  if (row.expires_on !== null && input.expires_on <= row.expires_on) throw invalidField('expires_on', `The new expiry must be after the current one (${row.expires_on}).`);
  const [off] = await tx.select({ id: L.id }).from(L).where(and(eq(L.voucher_id, id), eq(L.kind, 'expired'))).limit(1);
  if (off) throw invalidField('expires_on', 'This voucher was written off: its value is no longer owed.');
  await tx.update(V).set({ expires_on: input.expires_on, updated_at: at }).where(eq(V.id, id));
  await recordActivity(tx, { user, action: 'extend', resource: 'gift-vouchers', recordId: id, before: { expires_on: row.expires_on }, after: { expires_on: input.expires_on, reason: input.reason }, at });
}

/** An expired voucher's balance written off (admin, logged): an `expired` line takes it to zero. */
export async function writeOffVoucher(tx: Tx, user: UserRow, id: number, reason: string, today: string, at: Date): Promise<void> {
  const [row] = await tx.select().from(V).where(eq(V.id, id)).for('update');
  if (!row) throw notFound('Gift voucher');
  if (row.expires_on === null || row.expires_on >= today) throw invalidField('reason', 'Only an expired voucher is written off: this one has not expired.');
  const balanceK = await voucherBalanceK(tx, id);
  if (balanceK <= 0) throw invalidField('reason', 'Nothing is left on this voucher to write off.');
  await addPrepaidLine(tx, { voucherId: id }, { kind: 'expired', amountK: -balanceK, date: today, note: reason }, user, at);
  await recordActivity(tx, { user, action: 'write_off', resource: 'gift-vouchers', recordId: id, after: { code: row.code, amount: fromKobo(balanceK), reason }, at });
}

export async function clientCredit(db: DbOrTx, clientId: number): Promise<ClientCredit> {
  const lines = await linesOf(db, eq(L.client_id, clientId));
  return { balance: fromKobo(lines.reduce((k, l) => k + toKobo(l.amount), 0)), lines };
}

/** Money paid in as a client's credit (admin): a `topped_up` line with its method, outlet and day. */
export async function topUpCredit(tx: Tx, user: UserRow, clientId: number, input: Omit<CreditTopUp, 'client_ref'>, today: string, at: Date): Promise<void> {
  const [client] = await tx.select({ id: clientsTable.id, merged_into: clientsTable.merged_into_id, erased_at: clientsTable.erased_at }).from(clientsTable).where(eq(clientsTable.id, clientId)).for('no key update');
  if (!client) throw notFound('Client');
  if (client.merged_into !== null || client.erased_at !== null) throw invalidField('amount', 'This client was merged or erased: top up the client it was merged into.');
  const outlet = input.outlet ?? user.outlet ?? 'store';
  const amountK = toKobo(input.amount);
  await addPrepaidLine(tx, { clientId }, { kind: 'topped_up', amountK, date: today, method: input.method, outlet, note: input.note ?? null }, user, at);
  await recordActivity(tx, { user, action: 'credit_top_up', resource: 'clients', recordId: clientId, after: { amount: fromKobo(amountK), method: input.method, outlet, note: input.note ?? null }, at });
}

/** What is paid for and not yet served: vouchers with value left (expired ones until written off) and credit. */
export async function prepaidLiability(db: DbOrTx): Promise<PrepaidLiability> {
  const per = (account: typeof L.voucher_id | typeof L.client_id | typeof L.client_package_id) =>
    db
      .select({ n: sql<number>`count(*)::int`, k: sql<string>`coalesce(sum(b), 0)::text` })
      .from(sql`(select ${account} as a, sum(${L.amount}) as b from ${L} where ${account} is not null group by ${account} having sum(${L.amount}) > 0) x`);
  // a client's packages (decision 040): the value of their sessions left, expired ones too (owed until written off)
  const [[vouchers], [credit], [pkgs]] = await Promise.all([per(L.voucher_id), per(L.client_id), per(L.client_package_id)]);
  const packages = { count: Number(pkgs?.n ?? 0), valueK: sumKobo(pkgs?.k) };
  const vK = sumKobo(vouchers?.k);
  const cK = sumKobo(credit?.k);
  return {
    vouchers: { count: Number(vouchers?.n ?? 0), balance: fromKobo(vK) },
    credit: { clients: Number(credit?.n ?? 0), balance: fromKobo(cK) },
    packages: { count: packages.count, value: fromKobo(packages.valueK) },
    total: fromKobo(vK + cK + packages.valueK),
  };
}

