import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { addDays, fromKobo, sessionsValueK, toKobo, type ClientPackage, type ClientPackageSell, type ClientPackageStatus } from '@studio/shared';
import type { DbOrTx, Tx } from '../../db/client.js';
import { sumKobo } from '../../db/columns.js';
import type { UserRow } from '../../plugins/auth.js';
import { recordActivity } from '../../plugins/activity-log.js';
import { invalidField, notFound } from '../../plugins/errors.js';
import { addPrepaidLine, presentLine } from './prepaid.service.js';
import { clientPackagesTable, prepaidLinesTable } from './prepaid.table.js';
import { clientsTable, ordersTable, productsTable, servicePackagesTable } from '../../db/schema.js';

// A client's packages of sessions (issue 31, item 4; decision 040): sold like a voucher (its money is prepaid value on
// the day close, not income), redeemed one session a line at a sale or a check-out (packages.tenders.ts). Sessions and
// value left are the sums of the package's lines in prepaid_lines: nothing holds a count that is overwritten.

const CP = clientPackagesTable;
const L = prepaidLinesTable;

/** A package's state from its lines, in kobo and sessions. */
export interface PackageState {
  row: typeof CP.$inferSelect;
  priceK: number;
  sessions: number;
  sessionsLeft: number;
  valueLeftK: number;
}

/** The packages `ids` with what is left on each; `lock` holds them (FOR UPDATE) until the caller's commit. */
export async function packageStates(tx: DbOrTx, ids: number[], lock: boolean): Promise<Map<number, PackageState>> {
  const out = new Map<number, PackageState>();
  if (!ids.length) return out;
  const q = tx.select().from(CP).where(inArray(CP.id, ids)).orderBy(asc(CP.id));
  const rows = lock ? await q.for('update') : await q;
  const sums = await tx
    .select({ id: L.client_package_id, k: sql<string>`coalesce(sum(${L.amount}), 0)::text`, n: sql<number>`coalesce(sum(${L.sessions}), 0)::int` })
    .from(L)
    .where(inArray(L.client_package_id, ids))
    .groupBy(L.client_package_id);
  const byId = new Map(sums.map((s) => [Number(s.id), s]));
  for (const row of rows) {
    const s = byId.get(row.id);
    out.set(row.id, { row, priceK: toKobo(row.price), sessions: row.sessions, sessionsLeft: Number(s?.n ?? 0), valueLeftK: sumKobo(s?.k) });
  }
  return out;
}

export function packageStatus(state: Pick<PackageState, 'sessionsLeft' | 'row'>, today: string): ClientPackageStatus {
  if (state.sessionsLeft <= 0) return 'used';
  return state.row.expires_on < today ? 'expired' : 'active';
}

/** A client's packages, newest first, each with its lines. */
export async function clientPackages(db: DbOrTx, clientId: number, today: string): Promise<ClientPackage[]> {
  const rows = await db.select({ id: CP.id }).from(CP).where(eq(CP.client_id, clientId)).orderBy(desc(CP.id));
  return presentPackages(db, rows.map((r) => r.id), today);
}

async function presentPackages(db: DbOrTx, ids: number[], today: string): Promise<ClientPackage[]> {
  const states = await packageStates(db, ids, false);
  const lines = ids.length
    ? await db.select({ l: L, invoice_no: ordersTable.invoice_no }).from(L).leftJoin(ordersTable, eq(ordersTable.id, L.order_id)).where(inArray(L.client_package_id, ids)).orderBy(asc(L.id))
    : [];
  return ids.map((id) => {
    const s = states.get(id)!;
    const r = s.row;
    return {
      id: r.id,
      service_package_id: r.service_package_id,
      client_id: r.client_id,
      name: r.name,
      service_ids: r.service_ids,
      sessions: r.sessions,
      sessions_left: s.sessionsLeft,
      price: r.price,
      value_left: fromKobo(s.valueLeftK),
      next_session_value: fromKobo(sessionsValueK(s, 1)),
      expires_on: r.expires_on,
      status: packageStatus(s, today),
      outlet: r.outlet,
      payment_method: r.payment_method,
      reference: r.reference,
      sold_on: r.business_date,
      sold_by: { id: r.sold_by, name: r.sold_by_name },
      lines: lines.filter((x) => x.l.client_package_id === id).map((x) => ({ ...presentLine(x.l, x.invoice_no), sessions: x.l.sessions ?? 0 })),
    };
  });
}

/**
 * Sells a service package to a client: its row (what it covers, copied from the package as it is today; its expiry
 * `validity_days` from today) and its `sold` line carrying the money (method, outlet, day: the day close's "prepaid
 * sold", not income) and its sessions. Returns the client's package.
 */
export async function sellPackage(tx: Tx, user: UserRow, clientId: number, input: Omit<ClientPackageSell, 'client_ref'>, today: string, at: Date): Promise<ClientPackage> {
  const [client] = await tx.select({ id: clientsTable.id, merged_into: clientsTable.merged_into_id, erased_at: clientsTable.erased_at }).from(clientsTable).where(eq(clientsTable.id, clientId)).for('no key update');
  if (!client) throw notFound('Client');
  if (client.merged_into !== null || client.erased_at !== null) throw invalidField('service_package_id', 'This client was merged or erased: sell to the client it was merged into.');
  const [pkg] = await tx
    .select({ p: servicePackagesTable, outlet: productsTable.outlet })
    .from(servicePackagesTable)
    .innerJoin(productsTable, eq(productsTable.id, servicePackagesTable.service_id))
    .where(eq(servicePackagesTable.id, input.service_package_id))
    .limit(1);
  if (!pkg) throw invalidField('service_package_id', 'The selected package does not exist.');
  if (!pkg.p.active) throw invalidField('service_package_id', `${pkg.p.name} is no longer sold.`);
  const outlet = input.outlet ?? user.outlet ?? pkg.outlet;
  const priceK = toKobo(pkg.p.price);
  const [row] = await tx
    .insert(CP)
    .values({
      service_package_id: pkg.p.id,
      client_id: clientId,
      name: pkg.p.name,
      service_ids: [pkg.p.service_id, ...pkg.p.extra_service_ids],
      sessions: pkg.p.sessions,
      price: fromKobo(priceK),
      expires_on: addDays(today, pkg.p.validity_days),
      outlet,
      payment_method: input.payment_method,
      reference: input.reference ?? null,
      business_date: today,
      sold_by: user.id,
      sold_by_name: user.name,
      created_at: at,
      updated_at: at,
    })
    .returning({ id: CP.id });
  await addPrepaidLine(tx, { clientPackageId: row!.id }, { kind: 'sold', amountK: priceK, sessions: pkg.p.sessions, date: today, method: input.payment_method, reference: input.reference ?? null, outlet, note: pkg.p.name }, user, at);
  await recordActivity(tx, { user, action: 'sell_package', resource: 'clients', recordId: clientId, after: { client_package_id: row!.id, service_package_id: pkg.p.id, name: pkg.p.name, price: fromKobo(priceK), sessions: pkg.p.sessions, payment_method: input.payment_method, outlet }, at });
  return (await presentPackages(tx, [row!.id], today))[0]!;
}

/** What the sale's payment lines `paymentIds` still hold drawn from packages (value and sessions), by payment id. */
export async function packageDrawn(tx: DbOrTx, paymentIds: number[]): Promise<Map<number, { packageId: number; k: number; sessions: number }>> {
  const out = new Map<number, { packageId: number; k: number; sessions: number }>();
  if (!paymentIds.length) return out;
  const rows = await tx
    .select({ payment_id: L.payment_id, pkg: sql<number>`max(${L.client_package_id})`, k: sql<string>`(-sum(${L.amount}))::text`, n: sql<number>`(-sum(${L.sessions}))::int` })
    .from(L)
    .where(and(inArray(L.payment_id, paymentIds), isNotNull(L.client_package_id)))
    .groupBy(L.payment_id);
  for (const r of rows) out.set(Number(r.payment_id), { packageId: Number(r.pkg), k: sumKobo(r.k), sessions: Number(r.n) });
  return out;
}
