import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { fromKobo, MERGE_UNDO_DAYS, normalizePhone, PHONE_ERROR, studioDate, toKobo, type ClientBackfillReport, type ClientHistory, type ClientHistoryEntry, type Order, type Outlet } from '@studio/shared';
import { type DbOrTx, rows, type Tx } from '../../db/client.js';
import type { UserRow } from '../../plugins/auth.js';
import { recordActivity } from '../../plugins/activity-log.js';
import { invalidField, notFound } from '../../plugins/errors.js';
import { activityLogTable } from '../../plugins/activity-log.table.js';
import { assembleOrders } from '../../features/pos/index.js';
import { ordersTable, bridalBookingsTable, hostelStudentsTable, officeStudentsTable, studentsTable, appointmentsTable, productsTable } from '../../db/schema.js';
import type { CrudRegistry } from '../../crud/define-crud-module.js';
import { col, countOwned, ERASED_NAME, eraseOwned, exportOwned, PersonalTraces, repointOwned, restoreOwned, scrubStored, type ClientOwned } from '../../crud/personal-data.js';
import { clientsTable } from './clients.table.js';
import { type ClientMergeRef, forgetMergeDetails, presentMerge, recordMerge } from './client-merges.service.js';
import { clientMergesTable } from './client-merges.table.js';

// What is not plain CRUD about clients: found or created by phone, history, merge, export, erase, backfill.

const C = clientsTable;
export type ClientRow = typeof clientsTable.$inferSelect;

export { ERASED_NAME };

/** What the clients' calls need of the registry: the client-owned tables and the stores that may name a client. */
export type PersonalRegistry = Pick<CrudRegistry, 'clientOwned' | 'personalStores'>;


export async function findClientByPhone(db: DbOrTx, phone: string): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(C).where(eq(C.phone, phone)).limit(1);
  if (row?.merged_into_id) return (await db.select().from(C).where(eq(C.id, row.merged_into_id)).limit(1))[0];
  return row;
}

/**
 * The client with this phone (or the one it was merged into), else a new one with this name. Two at once with
 * one new phone make one client: the second insert waits on the unique index and then reads the first's row.
 */
export async function findOrCreateClient(tx: Tx, input: { name: string; phone: string }, user: UserRow): Promise<{ row: ClientRow; created: boolean }> {
  const phone = normalizePhone(input.phone);
  if (!phone) throw invalidField('phone', PHONE_ERROR);
  const existing = await findClientByPhone(tx, phone);
  if (existing) return { row: existing, created: false };
  const [inserted] = await tx.insert(C).values({ name: input.name, phone }).onConflictDoNothing({ target: C.phone }).returning();
  if (inserted) {
    await recordActivity(tx, { user, action: 'create', resource: 'clients', recordId: inserted.id, after: { id: inserted.id } });
    return { row: inserted, created: true };
  }
  const raced = await findClientByPhone(tx, phone);
  if (!raced) throw new Error(`client ${phone} neither inserted nor found`);
  return { row: raced, created: false };
}

/** How many records of each kind point at a client. */
export const historyCounts = (db: DbOrTx, registry: PersonalRegistry, clientId: number) => countOwned(db, registry.clientOwned(), clientId);

/** The history's own presentation of these kinds (below); any other client-owned resource gets a plain line. */
const PRESENTED = new Set(['orders', 'bridalbookings', 'students', 'office-students', 'hostel-students', 'appointments']);

/** A plain history line for each record of a client-owned resource with no presentation of its own. */
async function plainEntries(db: DbOrTx, owned: readonly ClientOwned[], id: number, opts: HistoryOpts): Promise<ClientHistoryEntry[]> {
  const out: ClientHistoryEntry[] = [];
  for (const o of owned.filter((x) => !PRESENTED.has(x.resource))) {
    const t = o.table as unknown as Record<string, AnyPgColumn>;
    const dateCol = t[o.date ?? 'created_at']!;
    const rows = (await db
      .select({ id: t.id!, date: sql<string>`${dateCol}::date::text`, status: t.status ?? sql<string>`'recorded'`, balance: t.balance ?? sql<number>`0` })
      .from(o.table)
      .where(eq(t[o.client]!, id))
      .orderBy(desc(dateCol))
      .limit(opts.limit ?? 500)) as { id: number; date: string; status: string; balance: number | string }[];
    for (const r of rows) out.push({ kind: o.resource, id: r.id, date: r.date, outlet: null, title: o.label, status: String(r.status), balance: Number(r.balance) });
  }
  return out;
}

type HistoryOpts = { admin: boolean; limit?: number };

/**
 * Sales, bookings, trainee records and appointments of one client, newest first, with the summary the client's
 * page shows. Each part is one indexed read (`*_client_idx`); staff get no amounts and no total spent.
 */
export async function clientHistory(db: DbOrTx, registry: PersonalRegistry, id: number, opts: HistoryOpts): Promise<ClientHistory | undefined> {
  const limit = opts.limit ?? 500;
  const O = ordersTable;
  const B = bridalBookingsTable;
  const A = appointmentsTable;
  const trainee = (t: typeof studentsTable) =>
    db.select({ id: t.id, start: t.start_date, end: t.end_date, fee: t.fee, paid: t.amount_paid, balance: t.balance, suspended: t.suspended }).from(t).where(eq(t.client_id, id)).orderBy(desc(t.start_date)).limit(limit);
  // the client and every part side by side: one wait for them all, not the client first (a round trip less)
  const [clientRows, sales, salesTotal, bookings, students, office, hostel, appts, plain] = await Promise.all([
    db.select().from(C).where(eq(C.id, id)).limit(1),
    db
      .select({ id: O.id, invoice_no: O.invoice_no, outlet: O.outlet, date: O.business_date, total: O.total, status: O.status, balance: O.balance })
      .from(O)
      .where(eq(O.client_id, id))
      .orderBy(desc(O.business_date), desc(O.id))
      .limit(limit),
    db
      .select({ n: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${O.total} - ${O.balance}) filter (where ${O.status} = 'paid'), 0)`, last: sql<string | null>`max(${O.business_date}) filter (where ${O.status} = 'paid')` })
      .from(O)
      .where(eq(O.client_id, id)),
    db.select({ id: B.id, date: B.event_date, price: B.price, paid: B.amount_paid, balance: B.balance, status: B.status, outcome: B.deposit_outcome }).from(B).where(eq(B.client_id, id)).orderBy(desc(B.event_date)).limit(limit),
    trainee(studentsTable),
    trainee(officeStudentsTable as unknown as typeof studentsTable),
    trainee(hostelStudentsTable as unknown as typeof studentsTable),
    db
      .select({ id: A.id, day: A.day, outlet: A.outlet, status: A.status, price: A.price, paid: A.amount_paid, order_id: A.order_id, outcome: A.deposit_outcome, service: productsTable.name })
      .from(A)
      .innerJoin(productsTable, eq(productsTable.id, A.service_id))
      .where(eq(A.client_id, id))
      .orderBy(desc(A.starts_at))
      .limit(limit),
    plainEntries(db, registry.clientOwned(), id, opts),
  ]);
  const client = clientRows[0];
  if (!client) return undefined;

  const entries: ClientHistoryEntry[] = [];
  const amount = (n: number) => (opts.admin ? { amount: n } : {});
  for (const s of sales) entries.push({ kind: 'sale', id: s.id, date: s.date, outlet: s.outlet, title: `Sale ${s.invoice_no}`, status: s.status, ...amount(s.total), balance: s.status === 'paid' ? s.balance : 0 });
  for (const b of bookings) entries.push({ kind: 'booking', id: b.id, date: b.date, outlet: null, title: 'Bridal booking', status: b.status, ...amount(b.price), balance: b.status === 'cancelled' ? 0 : b.balance });
  const trainees = [
    ['student', 'Makeup training', students],
    ['office-student', 'PMU training', office],
    ['hostel-student', 'Hostel', hostel],
  ] as const;
  for (const [kind, title, rows] of trainees) {
    for (const r of rows) entries.push({ kind, id: r.id, date: r.start, outlet: null, title, status: r.suspended ? 'suspended' : 'enrolled', ...amount(r.fee), balance: r.balance });
  }
  for (const a of appts) {
    const owed = a.status === 'done' && a.order_id === null ? a.price - a.paid : 0;
    entries.push({ kind: 'appointment', id: a.id, date: a.day, outlet: a.outlet, title: a.service, status: a.order_id ? 'checked out' : a.status, ...amount(a.price), balance: Math.max(0, owed) });
  }
  entries.push(...plain);
  entries.sort((x, y) => (x.date < y.date ? 1 : x.date > y.date ? -1 : y.id - x.id));

  const k = (n: number | string) => toKobo(Number(n));
  const totals = salesTotal[0]!;
  const spentK =
    k(totals.total) +
    bookings.reduce((s, b) => s + k(b.paid), 0) +
    [...students, ...office, ...hostel].reduce((s, r) => s + k(r.paid), 0) +
    appts.filter((a) => a.order_id === null && a.outcome === 'forfeited').reduce((s, a) => s + k(a.paid), 0);
  const owedK = entries.reduce((s, e) => s + k(e.balance), 0);
  // held for the client: a deposit on an appointment still to come, or money a no-show or cancellation kept as their credit
  const heldK =
    appts.filter((a) => a.order_id === null && ((a.status !== 'cancelled' && a.status !== 'no_show') || a.outcome === 'kept')).reduce((s, a) => s + k(a.paid), 0) +
    bookings.filter((b) => b.status === 'cancelled' && b.outcome === 'kept').reduce((s, b) => s + k(b.paid), 0);
  const visits = [totals.last, ...appts.filter((a) => a.status === 'done').map((a) => a.day), ...bookings.filter((b) => b.status === 'completed').map((b) => b.date)].filter(
    (d): d is string => !!d,
  );
  const visitCount = Number(totals.n) - sales.filter((s) => s.status === 'void').length + appts.filter((a) => a.status === 'done' && a.order_id === null).length;
  return {
    client: client as never,
    entries,
    summary: {
      ...(opts.admin ? { total_spent: fromKobo(spentK) } : {}),
      visits: Math.max(0, visitCount),
      last_visit: visits.length ? visits.sort().at(-1)! : null,
      balance_owed: fromKobo(owedK),
      deposits_held: fromKobo(heldK),
    },
  };
}

/** The client's last paid sale (at an outlet, when given): the till's "Repeat last purchase". */
export async function lastPurchase(db: DbOrTx, clientId: number, outlet?: Outlet): Promise<Order | null> {
  const rows = await db
    .select()
    .from(ordersTable)
    .where(and(eq(ordersTable.client_id, clientId), eq(ordersTable.status, 'paid'), outlet ? eq(ordersTable.outlet, outlet) : undefined))
    .orderBy(desc(ordersTable.business_date), desc(ordersTable.id))
    .limit(1);
  return (await assembleOrders(db, rows))[0] ?? null;
}

async function lockClients(tx: Tx, ids: number[]): Promise<Map<number, ClientRow>> {
  const rows = await tx
    .select()
    .from(C)
    .where(inArray(C.id, ids))
    .orderBy(C.id)
    .for('update');
  return new Map(rows.map((r) => [r.id, r]));
}

const joinNotes = (a: string | null, b: string | null) => (a && b && a !== b ? `${a}\n${b}` : (a ?? b));

/**
 * Moves every record of `mergeId` to `keepId`; the merged record stays only to forward its phone (so a sale
 * typed with either number finds the kept client). The kept record's empty details are filled from the merged
 * one; notes and allergies are joined; the later patch test and consent win.
 */
export async function mergeClients(tx: Tx, registry: PersonalRegistry, keepId: number, mergeId: number, user: UserRow): Promise<ClientRow & { merge: ClientMergeRef }> {
  const rows = await lockClients(tx, [keepId, mergeId]);
  const keep = rows.get(keepId);
  const merge = rows.get(mergeId);
  if (!keep) throw invalidField('keep_id', 'The selected client is invalid.');
  if (!merge) throw invalidField('merge_id', 'The selected client is invalid.');
  for (const [field, row] of [['keep_id', keep], ['merge_id', merge]] as const) {
    if (row.erased_at) throw invalidField(field, `${row.name} was erased and cannot be merged.`);
    if (row.merged_into_id) throw invalidField(field, `${row.name} was already merged into another client.`);
  }
  const moved = await repointOwned(tx, registry.clientOwned(), mergeId, keepId);
  // records merged into the merged one earlier now forward to the kept one
  const forwarded = await tx.update(C).set({ merged_into_id: keepId, updated_at: new Date() }).where(eq(C.merged_into_id, mergeId)).returning({ id: C.id });
  const laterTest = (merge.patch_test_date ?? '') > (keep.patch_test_date ?? '');
  const laterConsent = (merge.consent_date ?? '') > (keep.consent_date ?? '');
  const [kept] = await tx
    .update(C)
    .set({
      email: keep.email ?? merge.email,
      birthday: keep.birthday ?? merge.birthday,
      notes: joinNotes(keep.notes, merge.notes),
      allergies: joinNotes(keep.allergies, merge.allergies),
      ...(laterTest ? { patch_test_date: merge.patch_test_date, patch_test_result: merge.patch_test_result } : {}),
      ...(laterConsent ? { consent_date: merge.consent_date, consent_recorded_by: merge.consent_recorded_by, consent_recorded_by_name: merge.consent_recorded_by_name } : {}),
      updated_at: new Date(),
    })
    .where(eq(C.id, keepId))
    .returning();
  await tx.update(C).set({ merged_into_id: keepId, updated_at: new Date() }).where(eq(C.id, mergeId));
  const counts = Object.fromEntries(Object.entries(moved).map(([k, ids]) => [k, ids.length]));
  const mergeRecord = await recordMerge(tx, { keep, kept: kept!, mergeId, moved, forwarded: forwarded.map((r) => r.id), user });
  await recordActivity(tx, { user, action: 'merge', resource: 'clients', recordId: keepId, before: { keep_id: keepId, merge_id: mergeId }, after: { moved: counts, merge_record: mergeRecord.id } });
  return { ...kept!, merge: mergeRecord };
}

/**
 * Undoes a merge within MERGE_UNDO_DAYS (issue 34, item 3): the records it moved that are still on the kept client go
 * back to the merged one, the records it forwarded forward to the merged one again, the merged one is live again
 * (its phone finds it), and each detail the merge filled on the kept client is put back unless edited since. Refused
 * (422 on `id`) once undone, too old, or when either client was erased, or merged again, since.
 */
export async function undoMergeClients(tx: Tx, registry: PersonalRegistry, mergeRecordId: number, user: UserRow): Promise<ClientMergeRef> {
  const [record] = await tx.select().from(clientMergesTable).where(eq(clientMergesTable.id, mergeRecordId)).for('update');
  if (!record) throw notFound('Merge');
  const now = new Date();
  if (record.undone_at) throw invalidField('id', `This merge was already undone on ${studioDate(record.undone_at, 'Africa/Lagos')}.`);
  if (!presentMerge(record, now).can_undo && record.details !== null) throw invalidField('id', `A merge can be undone for ${MERGE_UNDO_DAYS} days only: this one was made on ${studioDate(record.merged_at, 'Africa/Lagos')}.`);
  const rows = await lockClients(tx, [record.keep_id, record.merge_id]);
  const keep = rows.get(record.keep_id)!;
  const merged = rows.get(record.merge_id)!;
  if (record.details === null || keep.erased_at || merged.erased_at) throw invalidField('id', 'One of these clients was erased since: the merge cannot be undone.');
  if (keep.merged_into_id) throw invalidField('id', `${keep.name} was since merged into another client: undo that merge first.`);
  if (merged.merged_into_id !== keep.id) throw invalidField('id', 'The merged record was changed since: the merge cannot be undone.');
  const back = await restoreOwned(tx, registry.clientOwned(), record.moved, keep.id, merged.id);
  if (record.forwarded.length) {
    await tx.update(C).set({ merged_into_id: merged.id, updated_at: now }).where(and(inArray(C.id, record.forwarded), eq(C.merged_into_id, keep.id)));
  }
  await tx.update(C).set({ merged_into_id: null, updated_at: now }).where(eq(C.id, merged.id));
  const restore: Record<string, unknown> = {};
  for (const [field, [before, after]] of Object.entries(record.details)) {
    if (JSON.stringify(keep[field as keyof ClientRow] ?? null) === JSON.stringify(after ?? null)) restore[field] = before;
  }
  if (Object.keys(restore).length) await tx.update(C).set({ ...restore, updated_at: now } as never).where(eq(C.id, keep.id));
  const [done] = await tx.update(clientMergesTable).set({ undone_at: now, undone_by: user.id, undone_by_name: user.name }).where(eq(clientMergesTable.id, record.id)).returning();
  await recordActivity(tx, { user, action: 'unmerge', resource: 'clients', recordId: keep.id, before: { keep_id: keep.id, merge_id: merged.id, merge_record: record.id }, after: { moved_back: back } });
  return presentMerge(done!, now);
}

/**
 * Everything the studio holds on a client (NDPA 2023, the right of access): the record, every sale in full,
 * bookings, trainee records and appointments with their payments, and the activity lines that name the client.
 */
export async function clientExport(tx: Tx, registry: PersonalRegistry, id: number, timeZone: string) {
  const [client] = await tx.select().from(C).where(eq(C.id, id)).limit(1);
  if (!client) return undefined;
  const ids = [id, ...(await tx.select({ id: C.id }).from(C).where(eq(C.merged_into_id, id))).map((r) => r.id)];
  return {
    exported_at: new Date().toISOString(),
    exported_on: studioDate(new Date(), timeZone),
    client,
    merged_records: ids.slice(1),
    ...(await exportOwned(tx, registry.clientOwned(), ids)),
    activity: await tx
      .select()
      .from(activityLogTable)
      .where(and(eq(activityLogTable.resource, 'clients'), inArray(activityLogTable.record_id, ids)))
      .orderBy(activityLogTable.id),
  };
}

/**
 * Erases a client on request (NDPA 2023): the record's personal details and those on every record linked to it
 * are removed (names become "Erased client", phones, emails, addresses and notes go); money is kept as it was
 * (totals, payments, ledgers), anonymised, so the accounts still add up. Logged with the reason and the counts,
 * never the details.
 */
export async function eraseClient(tx: Tx, registry: PersonalRegistry, id: number, reason: string, user: Pick<UserRow, 'id' | 'name'> | null) {
  const rows = await lockClients(tx, [id]);
  const client = rows.get(id);
  if (!client) throw notFound('Client');
  if (client.erased_at) throw invalidField('id', 'This client was already erased.');
  if (client.merged_into_id) throw invalidField('id', 'This client was merged into another: erase that one.');
  const merged = (await tx.select({ id: C.id }).from(C).where(eq(C.merged_into_id, id))).map((r) => r.id);
  const ids = [id, ...merged];
  const traces = new PersonalTraces();
  for (const row of await tx.select().from(C).where(inArray(C.id, ids))) {
    for (const v of [row.name, row.phone, row.email, row.notes, row.allergies]) traces.add(v);
  }
  const anonymised = await eraseOwned(tx, registry.clientOwned(), ids, traces);
  // a merge's record of the details it filled holds notes and an e-mail: gone, and the merge can no longer be undone
  await forgetMergeDetails(tx, ids);
  // the activity log's before/after, the stored answers of retried calls, the offline review queue
  const scrubbed = await scrubStored(tx, traces, registry.personalStores());
  const now = new Date();
  const blank = {
    phone: null,
    email: null,
    birthday: null,
    notes: null,
    allergies: null,
    patch_test_date: null,
    patch_test_result: null,
    consent_date: null,
    consent_recorded_by: null,
    consent_recorded_by_name: null,
    erased_at: now,
    updated_at: now,
  };
  await tx
    .update(C)
    .set({ ...blank, name: ERASED_NAME })
    .where(inArray(C.id, merged.length ? merged : [-1]));
  const [erased] = await tx
    .update(C)
    .set({ ...blank, name: `${ERASED_NAME} #${id}` })
    .where(eq(C.id, id))
    .returning();
  await recordActivity(tx, { user, action: 'erase', resource: 'clients', recordId: id, after: { reason, anonymised, scrubbed, merged_records: merged.length } });
  return { client: erased!, anonymised };
}

/**
 * A client is first recorded at their earliest record: a client made for old records (the backfill, the demo's
 * backdated sales) takes the moment of the first of them, so "new this month" counts people new this month.
 * Only moves `created_at` earlier.
 */
export async function backdateClients(tx: DbOrTx, registry: PersonalRegistry): Promise<number> {
  const firsts = registry
    .clientOwned()
    .filter((l) => 'created_at' in l.table)
    .map((l) => sql`select ${col(l.table, l.client)} as id, min(${col(l.table, 'created_at')}) as at from ${l.table} where ${col(l.table, l.client)} is not null group by 1`);
  const moved = await rows<{ id: number }>(
    tx,
    sql`
    update ${C} c set created_at = f.at
      from (select id, min(at) as at from (${sql.join(firsts, sql` union all `)}) x group by id) f
     where f.id = c.id and f.at < c.created_at
    returning c.id`,
  );
  return moved.length;
}

/**
 * The one-time link of records made before clients existed: every sale, booking and trainee record with no
 * client is linked by its phone (the client created when none has it). Records whose phone is missing or not a
 * phone number are left alone and reported. Running it again links nothing new.
 */
export async function backfillClients(tx: Tx, registry: PersonalRegistry, user: UserRow): Promise<ClientBackfillReport> {
  const [{ before }] = (await tx.select({ before: sql<number>`count(*)::int` }).from(C)) as [{ before: number }];
  const linked: Record<string, number> = {};
  const leftAlone: ClientBackfillReport['left_alone'] = { total: 0, by_reason: {}, examples: [] };
  for (const l of registry.clientOwned()) {
    if (!l.name || !l.phone) continue;
    const cid = col(l.table, l.client);
    const phone = col(l.table, l.phone);
    const name = col(l.table, l.name);
    const done = await tx
      .update(l.table)
      .set({ client_id: sql`studio_find_or_create_client(${name}, ${phone})` } as never)
      .where(and(isNull(cid), sql`studio_phone_key(${phone}) is not null`))
      .returning({ id: col(l.table, 'id') });
    linked[l.resource] = done.length;
    const rest = await tx
      .select({ id: col(l.table, 'id'), phone })
      .from(l.table)
      .where(and(isNull(cid), or(isNull(phone), sql`studio_phone_key(${phone}) is null`)))
      .orderBy(col(l.table, 'id'));
    for (const r of rest as { id: number; phone: string | null }[]) {
      const reason = r.phone === null || r.phone.trim() === '' ? 'no phone' : 'not a phone number';
      leftAlone.total++;
      leftAlone.by_reason[reason] = (leftAlone.by_reason[reason] ?? 0) + 1;
      if (leftAlone.examples.length < 100) leftAlone.examples.push({ resource: l.resource, id: r.id, phone: r.phone, reason });
    }
  }
  const [{ after }] = (await tx.select({ after: sql<number>`count(*)::int` }).from(C)) as [{ after: number }];
  await backdateClients(tx, registry);
  const report = { linked, clients_created: Number(after) - Number(before), left_alone: leftAlone };
  await recordActivity(tx, { user, action: 'backfill', resource: 'clients', recordId: null, after: { linked, clients_created: report.clients_created, left_alone: leftAlone.total } });
  return report;
}

