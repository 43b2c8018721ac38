import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  DEPOSIT_OUTCOME_REQUIRED,
  REFUND_METHOD_REQUIRED,
  answerRecord,
  dataEnvelope,
  ledgerPaymentInputSchema,
  ledgerPaymentSchema,
  type DepositOutcome,
  ledgerReversalInputSchema,
  studioDate,
  fromKobo,
  toKobo,
  type LedgerPayment,
  type PaymentMethod,
  formatKobo,
} from '@studio/shared';
import { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../db/client.js';
import type { LedgerTable } from '../db/ledger.table.js';
import { presentTransferCheck } from '../db/columns.js';
import { usersTable } from '../db/schema.js';
import { currentUser, type UserRow } from '../plugins/auth.js';
import { recordActivity } from '../plugins/activity-log.js';
import { invalidField, notFound } from '../plugins/errors.js';
import { idParams, parseId } from '../plugins/request.js';
import type { CrudModule } from './define-crud-module.js';
import { idempotent, sendIdempotent } from './idempotency.js';


type ParentRow = { id: number; amount_paid: number } & Record<string, unknown>;

function chargeOf(mod: CrudModule, parent: ParentRow): number {
  return Number(parent[mod.resource.ledger!.charge] ?? 0);
}

async function lockParent(tx: Tx, mod: CrudModule, id: number): Promise<ParentRow | undefined> {
  const [row] = await tx.select().from(mod.table).where(eq(mod.table.id, id)).for('update');
  return row as ParentRow | undefined;
}

/** The lines of one parent, oldest first, with who took each and, on a reversed line, its reversal. */
export async function ledgerLines(db: DbOrTx, ledger: LedgerTable, parentId: number, only?: number): Promise<LedgerPayment[]> {
  const reversal = alias(ledger, 'reversal');
  const rows = await db
    .select({ line: ledger, user_name: usersTable.name, reversed_by: reversal.id })
    .from(ledger)
    .leftJoin(usersTable, eq(usersTable.id, ledger.user_id))
    .leftJoin(reversal, eq(reversal.reverses_id, ledger.id))
    .where(and(eq(ledger.parent_id, parentId), only === undefined ? undefined : eq(ledger.id, only)))
    .orderBy(asc(ledger.date), asc(ledger.id));
  return rows.map(({ line, user_name, reversed_by }) => ({
    id: line.id,
    parent_id: line.parent_id,
    amount: line.amount,
    method: line.method,
    date: line.date,
    note: line.note,
    reverses_id: line.reverses_id,
    reversed_by: reversed_by ?? null,
    user: line.user_id ? { id: line.user_id, name: user_name ?? '' } : null,
    created_at: line.created_at.toISOString(),
    ...presentTransferCheck(line.method, line),
  }));
}

/**
 * Adds one line in the caller's transaction, with the parent row locked first: two payments on one parent
 * at once are serialised, and each sees the other's amount_paid. Refuses (422 on `field`) an amount over
 * the balance. Keeps amount_paid in the same transaction and logs the line with who took it.
 */
export async function addLedgerLine(
  tx: Tx,
  mod: CrudModule,
  parentId: number,
  line: { amount: number; method: PaymentMethod; date: string; note: string | null; reverses_id?: number | null },
  user: UserRow,
  opts: { field?: string; action?: string } = {},
): Promise<{ payment: LedgerPayment; parent: ParentRow }> {
  const ledger = mod.ledger!;
  const parent = await lockParent(tx, mod, parentId);
  if (!parent) throw notFound(mod.resource.singular);
  const amountK = toKobo(line.amount);
  if (amountK < 0) ledger.beforeReversal?.(parent as never);
  if (amountK > 0) {
    ledger.beforePayment?.(parent as never);
    const balanceK = toKobo(chargeOf(mod, parent)) - toKobo(parent.amount_paid);
    if (amountK > balanceK) {
      const field = opts.field ?? 'amount';
      throw invalidField(
        field,
        balanceK <= 0 ? `Nothing is owed: the ${mod.resource.singular.toLowerCase()} is paid in full.` : `The ${field.replace(/_/g, ' ')} must not be greater than the balance of ${formatKobo(balanceK)}.`,
      );
    }
  }
  const [inserted] = await tx
    .insert(ledger.table)
    .values({ parent_id: parentId, amount: line.amount, method: line.method, date: line.date, note: line.note, reverses_id: line.reverses_id ?? null, user_id: user.id })
    .returning({ id: ledger.table.id });
  const [updated] = (await tx
    .update(mod.table)
    .set({ amount_paid: sql`${mod.table.amount_paid as AnyPgColumn} + ${String(line.amount)}::numeric`, updated_at: new Date() })
    .where(eq(mod.table.id, parentId))
    .returning()) as ParentRow[];
  const [payment] = await ledgerLines(tx, ledger.table, parentId, inserted!.id);
  await recordActivity(tx, {
    user,
    action: opts.action ?? (amountK < 0 ? 'payment_reversal' : 'payment'),
    resource: mod.resource.name,
    recordId: parentId,
    before: { amount_paid: parent.amount_paid, balance: parent.balance },
    after: { payment_id: payment!.id, amount: line.amount, method: line.method, date: line.date, note: line.note, reverses_id: line.reverses_id ?? null, amount_paid: updated!.amount_paid, balance: updated!.balance },
  });
  if (amountK > 0) await ledger.afterPayment?.(tx, updated as never, user);
  return { payment: payment!, parent: updated! };
}

const lineParams = idParams.extend({ paymentId: z.string() });

/**
 * `GET|POST {path}/{id}/payments` and `POST {path}/{id}/payments/{paymentId}/reverse` for a module with a
 * ledger, with the resource's read and write roles.
 */
export function registerLedgerRoutes(fastify: FastifyInstance, db: Db, mod: CrudModule, present: (id: number, req: FastifyRequest, tx?: Tx) => Promise<unknown>): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { resource } = mod;
  const ledger = mod.ledger!;
  const tags = [resource.label];
  const what = resource.singular;
  // a payment's answer: the new line and the record as its GET shows it (a retry's replay is a 200)
  const writtenAnswer = dataEnvelope(z.object({ payment: ledgerPaymentSchema, record: answerRecord(resource) }));
  const written = { 201: writtenAnswer, 200: writtenAnswer };

  app.get(`${resource.path}/:id/payments`, { config: { role: resource.roles.read }, schema: { tags, params: idParams, response: { 200: dataEnvelope(z.array(ledgerPaymentSchema)) } } }, async (req) => {
    const id = parseId(req.params.id, what);
    const [parent] = await db.select({ id: mod.table.id }).from(mod.table).where(eq(mod.table.id, id));
    if (!parent) throw notFound(what);
    return { data: await ledgerLines(db, ledger.table, id) };
  });

  app.post(`${resource.path}/:id/payments`, { config: { role: resource.roles.write }, schema: { tags, params: idParams, body: ledgerPaymentInputSchema, response: written } }, async (req, reply) => {
    const user = currentUser(req);
    const id = parseId(req.params.id, what);
    const { client_ref: clientRef, ...body } = req.body;
    // a retry of a payment whose answer was lost (client_ref) answers the first result; nothing is taken twice
    const result = await idempotent(db, { scope: `${resource.name}.payment`, clientRef, request: { id, ...body }, userId: user.id }, async (tx) => {
      const { payment } = await addLedgerLine(tx, mod, id, { amount: body.amount, method: body.method, date: body.date, note: body.note ?? null }, user);
      return { status: 201, body: { data: { payment, record: await present(id, req, tx) } } };
    });
    return sendIdempotent(reply, result);
  });

  app.post(
    `${resource.path}/:id/payments/:paymentId/reverse`,
    { config: { role: resource.roles.write }, schema: { tags, params: lineParams, body: ledgerReversalInputSchema, response: written } },
    async (req, reply) => {
      const user = currentUser(req);
      const id = parseId(req.params.id, what);
      const lineId = parseId(req.params.paymentId, 'Payment');
      const { client_ref: clientRef, ...body } = req.body;
      // a retry of a reversal whose answer was lost (client_ref) answers the first result, not "already reversed"
      const result = await idempotent(db, { scope: `${resource.name}.reversal`, clientRef, request: { id, lineId, ...body }, userId: user.id }, async (tx) => {
        const parent = await lockParent(tx, mod, id);
        if (!parent) throw notFound(what);
        const [line] = await ledgerLines(tx, ledger.table, id, lineId);
        if (!line) throw notFound('Payment');
        if (line.reverses_id !== null) throw invalidField('payment', 'A reversal cannot itself be reversed.');
        if (line.reversed_by !== null) throw invalidField('payment', 'This payment has already been reversed.');
        const today = studioDate(new Date(), fastify.config.tzStudio);
        const { payment } = await addLedgerLine(tx, mod, id, { amount: -line.amount, method: line.method, date: today < line.date ? line.date : today, note: body.reason, reverses_id: line.id }, user);
        return { status: 201, body: { data: { payment, record: await present(id, req, tx) } } };
      });
      return sendIdempotent(reply, result);
    },
  );
}

/** SQL: the parent has at least one ledger line (a delete would lose money on record). */
export function hasLedgerLines(ledger: LedgerTable, parentId: number): SQL {
  return sql`exists (select 1 from ${ledger} where ${ledger.parent_id} = ${parentId})`;
}

/**
 * Settles the money a record holds as it is cancelled (or an appointment marked a no-show), in the caller's
 * transaction: nothing to settle when nothing is paid; otherwise `deposit_outcome` is required (422), and `refunded`
 * pays it all back now by `refund_method` (422 without), as one negative line dated `today` (money out on that day:
 * the day close and income read the ledger by date). `forfeited` and `kept` leave the money on the record, the outcome
 * saying whose it is. A transfer still waiting for a person is not refunded (as a sale's refund waits for it).
 * Returns the columns to store on the record.
 */
export async function settleHeldMoney(
  tx: Tx,
  mod: CrudModule,
  parent: { id: number; amount_paid: number | string },
  input: { deposit_outcome?: DepositOutcome | null; refund_method?: PaymentMethod | null },
  user: UserRow,
  today: string,
): Promise<{ deposit_outcome: DepositOutcome | null; settled_on: string | null }> {
  const heldK = toKobo(Number(parent.amount_paid));
  if (heldK <= 0) return { deposit_outcome: null, settled_on: null };
  const outcome = input.deposit_outcome ?? null;
  if (!outcome) throw invalidField('deposit_outcome', `${formatKobo(heldK)} is paid on this ${mod.resource.singular.toLowerCase()}. ${DEPOSIT_OUTCOME_REQUIRED}`);
  if (outcome === 'refunded') {
    if (!input.refund_method) throw invalidField('refund_method', REFUND_METHOD_REQUIRED);
    const lines = await ledgerLines(tx, mod.ledger!.table, parent.id);
    const waiting = lines.filter((l) => l.method === 'transfer' && l.amount > 0 && l.reversed_by === null && l.transfer_status === 'unconfirmed');
    if (waiting.length) throw invalidField('deposit_outcome', 'A transfer paid on this record is not confirmed yet: confirm it (or mark it not received) on Transfers to confirm before refunding it.');
    await addLedgerLine(tx, mod, parent.id, { amount: -fromKobo(heldK), method: input.refund_method, date: today, note: 'Refunded on cancellation' }, user, { action: 'refund' });
  }
  return { deposit_outcome: outcome, settled_on: today };
}
