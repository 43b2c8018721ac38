import crypto from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { fromKobo, studioDate, type IntegrationStatus, type ProviderEvent, type ProviderEventOutcome, type VirtualAccount, type VirtualAccountInput, type VirtualAccountKind } from '@studio/shared';
import type { Db, Tx } from '../../db/client.js';
import { addLedgerLine } from '../../crud/ledger.js';
import { crudModules } from '../../crud/registry.js';
import type { UserRow } from '../../plugins/auth.js';
import { recordActivity } from '../../plugins/activity-log.js';
import { HttpError, invalidField, notFound } from '../../plugins/errors.js';
import { usersTable } from '../../db/schema.js';
import { confirmTransfers, resourceOf } from '../transfers/index.js';
import { integrationsTable, providerEventsTable, virtualAccountsTable } from './integrations.table.js';

// Paystack's dedicated accounts (issue 30, item 4; decision 036). A credit to a person's own account number arrives as
// a `charge.success` event signed with the studio's secret key (HMAC-SHA512 of the raw body, hex, in
// `x-paystack-signature`). A good signature and an event never seen: the event is stored and, in the same transaction,
// the money becomes a confirmed transfer on that person's ledger, the provider's reference its evidence. The same event
// again is answered and used for nothing (its key is unique). Money that cannot be placed (no such account, more than
// the balance) is stored with the reason for an admin, never guessed.

export const WEBHOOK_PATH = '/api/integrations/paystack/webhook';

/** Whether a key is set (never the key), by whom and when. */
export async function paystackStatus(db: Db | Tx): Promise<IntegrationStatus> {
  const [row] = await db
    .select({ set_at: integrationsTable.set_at, id: usersTable.id, name: usersTable.name })
    .from(integrationsTable)
    .leftJoin(usersTable, eq(usersTable.id, integrationsTable.set_by))
    .where(eq(integrationsTable.provider, 'paystack'));
  return { provider: 'paystack', configured: !!row, set_at: row?.set_at.toISOString() ?? null, set_by: row?.id ? { id: row.id, name: row.name ?? '' } : null, webhook_path: WEBHOOK_PATH };
}

/** Sets (or, with null, removes) the secret key; the log says it changed, never what it is. */
export async function setPaystackKey(db: Db, user: UserRow, secret: string | null): Promise<IntegrationStatus> {
  return db.transaction(async (tx) => {
    const before = await paystackStatus(tx);
    if (secret === null) await tx.delete(integrationsTable).where(eq(integrationsTable.provider, 'paystack'));
    else
      await tx
        .insert(integrationsTable)
        .values({ provider: 'paystack', secret, set_by: user.id })
        .onConflictDoUpdate({ target: integrationsTable.provider, set: { secret, set_by: user.id, set_at: new Date() } });
    await recordActivity(tx, { user, action: secret === null ? 'integration_off' : 'integration_key_set', resource: 'integrations', recordId: null, before: { configured: before.configured }, after: { provider: 'paystack', configured: secret !== null } });
    return paystackStatus(tx);
  });
}

/** True when `signature` is the hex HMAC-SHA512 of `raw` under `secret` (compared in constant time). */
export function signatureValid(raw: Buffer, signature: string | undefined, secret: string): boolean {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = crypto.createHmac('sha512', secret).update(raw).digest();
  return crypto.timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

const presentAccount = (r: typeof virtualAccountsTable.$inferSelect): VirtualAccount => ({
  id: r.id,
  provider: r.provider,
  kind: r.kind,
  record_id: r.record_id,
  account_number: r.account_number,
  bank_name: r.bank_name,
  account_name: r.account_name,
  created_at: r.created_at.toISOString(),
});

const moduleOf = (kind: VirtualAccountKind) => crudModules.find((m) => m.resource.name === resourceOf(kind))!;

export async function listVirtualAccounts(db: Db, filter: { kind?: VirtualAccountKind; record_id?: number } = {}): Promise<VirtualAccount[]> {
  const rows = await db
    .select()
    .from(virtualAccountsTable)
    .where(and(filter.kind ? eq(virtualAccountsTable.kind, filter.kind) : undefined, filter.record_id ? eq(virtualAccountsTable.record_id, filter.record_id) : undefined))
    .orderBy(desc(virtualAccountsTable.id))
    .limit(500);
  return rows.map(presentAccount);
}

/** Records the account the provider gave a person: the person must exist; one account per person, one person per account. */
export async function addVirtualAccount(db: Db, user: UserRow, input: Required<Pick<VirtualAccountInput, 'provider'>> & Omit<VirtualAccountInput, 'provider'>): Promise<VirtualAccount> {
  return db.transaction(async (tx) => {
    const mod = moduleOf(input.kind);
    const [parent] = await tx.select({ id: mod.table.id }).from(mod.table).where(eq(mod.table.id, input.record_id));
    if (!parent) throw invalidField('record_id', `There is no ${mod.resource.singular.toLowerCase()} ${input.record_id}.`);
    const [taken] = await tx
      .select()
      .from(virtualAccountsTable)
      .where(and(eq(virtualAccountsTable.provider, input.provider), sql`(${virtualAccountsTable.account_number} = ${input.account_number} or (${virtualAccountsTable.kind} = ${input.kind} and ${virtualAccountsTable.record_id} = ${input.record_id}))`));
    if (taken?.account_number === input.account_number) throw invalidField('account_number', `Account ${input.account_number} is already given to a ${taken.kind} (${taken.record_id}).`);
    if (taken) throw invalidField('record_id', `This ${mod.resource.singular.toLowerCase()} already has account ${taken.account_number}.`);
    const [row] = await tx
      .insert(virtualAccountsTable)
      .values({ provider: input.provider, kind: input.kind, record_id: input.record_id, account_number: input.account_number, bank_name: input.bank_name, account_name: input.account_name, created_by: user.id })
      .returning();
    await recordActivity(tx, { user, action: 'create', resource: 'virtual-accounts', recordId: row!.id, after: presentAccount(row!) });
    return presentAccount(row!);
  });
}

export async function deleteVirtualAccount(db: Db, user: UserRow, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(virtualAccountsTable).where(eq(virtualAccountsTable.id, id)).returning();
    if (!row) throw notFound('Virtual account');
    await recordActivity(tx, { user, action: 'delete', resource: 'virtual-accounts', recordId: id, before: presentAccount(row) });
  });
}

const presentEvent = (r: typeof providerEventsTable.$inferSelect): ProviderEvent => ({
  id: r.id,
  provider: r.provider,
  event: r.event,
  reference: r.reference,
  amount: r.amount,
  account_number: r.account_number,
  outcome: r.outcome,
  detail: r.detail,
  kind: r.kind,
  record_id: r.record_id,
  payment_id: r.payment_id,
  received_at: r.received_at.toISOString(),
});

/** The events received, newest first: what was credited, and what waits for an admin (no account, over the balance). */
export async function listProviderEvents(db: Db, outcome?: ProviderEventOutcome): Promise<ProviderEvent[]> {
  const rows = await db
    .select()
    .from(providerEventsTable)
    .where(outcome ? eq(providerEventsTable.outcome, outcome) : undefined)
    .orderBy(desc(providerEventsTable.id))
    .limit(500);
  return rows.map(presentEvent);
}

/** The fields of a Paystack event this app reads; the rest is kept as it came. */
interface PaystackEvent {
  event?: unknown;
  data?: {
    id?: unknown;
    reference?: unknown;
    amount?: unknown;
    currency?: unknown;
    status?: unknown;
    channel?: unknown;
    paid_at?: unknown;
    authorization?: { receiver_bank_account_number?: unknown; sender_name?: unknown; sender_bank?: unknown; narration?: unknown };
    metadata?: { receiver_account_number?: unknown } | null;
  };
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null);

export type WebhookAnswer = { status: 401; message: string } | { status: 200; event: ProviderEvent; duplicate: boolean };

/**
 * A webhook as it came: refused (401, nothing stored) without a key or with a wrong signature; otherwise stored once
 * and, for a successful credit to a known dedicated account, paid onto that person's ledger and confirmed.
 */
export async function receivePaystackEvent(db: Db, raw: Buffer, signature: string | undefined, tz: string): Promise<WebhookAnswer> {
  const [integration] = await db.select().from(integrationsTable).where(eq(integrationsTable.provider, 'paystack'));
  if (!integration) return { status: 401, message: 'Paystack is not set up on this studio.' };
  if (!signatureValid(raw, signature, integration.secret)) return { status: 401, message: 'The signature does not match.' };
  let body: PaystackEvent;
  try {
    body = JSON.parse(raw.toString('utf8')) as PaystackEvent;
  } catch {
    body = {};
  }
  const event = str(body.event) ?? 'unknown';
  const data = body.data ?? {};
  const reference = str(data.reference);
  const key = `${event}:${str(data.id) ?? reference ?? crypto.createHash('sha256').update(raw).digest('hex')}`;
  const amountK = typeof data.amount === 'number' && Number.isInteger(data.amount) && data.amount > 0 ? data.amount : null;
  const account = str(data.authorization?.receiver_bank_account_number) ?? str(data.metadata?.receiver_account_number);
  return db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(providerEventsTable)
      .values({ provider: 'paystack', event_key: key.slice(0, 200), event: event.slice(0, 60), reference: reference?.slice(0, 120) ?? null, amount: amountK === null ? null : fromKobo(amountK), account_number: account?.slice(0, 20) ?? null, outcome: 'ignored', payload: body as object })
      .onConflictDoNothing()
      .returning();
    if (!stored) {
      const [first] = await tx.select().from(providerEventsTable).where(and(eq(providerEventsTable.provider, 'paystack'), eq(providerEventsTable.event_key, key.slice(0, 200))));
      return { status: 200, event: presentEvent(first!), duplicate: true };
    }
    const settle = async (outcome: ProviderEventOutcome, detail: string, extra: Partial<typeof providerEventsTable.$inferInsert> = {}) => {
      const [row] = await tx.update(providerEventsTable).set({ outcome, detail, ...extra }).where(eq(providerEventsTable.id, stored.id)).returning();
      return { status: 200 as const, event: presentEvent(row!), duplicate: false };
    };
    if (event !== 'charge.success' || data.status !== 'success' || data.channel !== 'dedicated_nuban') return settle('ignored', 'Not a credit to a dedicated account.');
    if (amountK === null || (data.currency !== undefined && data.currency !== 'NGN')) return settle('ignored', 'The event carries no amount in naira.');
    if (!account) return settle('no-account', 'The event names no receiving account.');
    const [va] = await tx.select().from(virtualAccountsTable).where(and(eq(virtualAccountsTable.provider, 'paystack'), eq(virtualAccountsTable.account_number, account)));
    if (!va) return settle('no-account', `No one here has account ${account}: money with no record.`);
    // who took it: the admin who set the integration up (the payment is confirmed by Paystack, not by them)
    const [user] = await tx.select().from(usersTable).where(eq(usersTable.id, integration.set_by ?? -1));
    if (!user) return settle('no-account', 'The admin who set Paystack up no longer exists: set the key again.', { kind: va.kind, record_id: va.record_id });
    const paidAt = typeof data.paid_at === 'string' && !Number.isNaN(Date.parse(data.paid_at)) ? new Date(data.paid_at) : new Date();
    const sender = str(data.authorization?.sender_name);
    const mod = moduleOf(va.kind);
    const amount = fromKobo(amountK);
    try {
      // a savepoint (drizzle's nested transaction): a refused payment is undone, the stored event is kept with the reason
      const payment = await tx.transaction(async (sp) => {
        const { payment: line } = await addLedgerLine(sp, mod, va.record_id, { amount, method: 'transfer', date: studioDate(paidAt, tz), note: `Paystack ${reference ?? ''}${sender ? ` from ${sender}` : ''}`.trim().slice(0, 255) }, user, { action: 'payment' });
        await confirmTransfers(sp, user, [{ kind: va.kind, id: line.id }], new Date(), () => ({ name: 'Paystack', evidence: { provider: 'paystack', reference, event_id: str(data.id), account_number: account, amount } }));
        return line;
      });
      return settle('credited', `Paid onto ${mod.resource.singular.toLowerCase()} ${va.record_id} and confirmed by Paystack.`, { kind: va.kind, record_id: va.record_id, payment_id: payment.id });
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      return settle('over-balance', `Not paid onto ${mod.resource.singular.toLowerCase()} ${va.record_id}: ${e.message}`, { kind: va.kind, record_id: va.record_id });
    }
  });
}

