import crypto from 'node:crypto';
import fs from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addDays, defineResource, studioDate } from '@studio/shared';
import { activityLogTable, idempotencyKeysTable, ordersTable } from '../src/db/schema.js';
import { offlineReviewsTable } from '../src/features/pos/offline.table.js';
import { defineCrudModule, type CrudModule } from '../src/crud/define-crud-module.js';
import { clientOwnedOf } from '../src/crud/personal-data.js';
import { crudModules, crudRegistry } from '../src/crud/registry.js';
import { ordersClientOwned } from '../src/features/pos/orders.personal.js';
import { clientExport, clientHistory, eraseClient, historyCounts, mergeClients, type PersonalRegistry } from '../src/resources/clients/clients.service.js';
import { erasureRecordFile, reapplyErasures, recordErasure } from '../src/resources/clients/erasure-record.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';
import { uniqueName } from './helpers/fixtures.js';

// Issue 28, item 8: a person's data declared once. Erase leaves the person nowhere the studio stored them (records,
// activity log, stored answers, the offline review queue, notes); a new resource that refers to clients is in merge,
// erase, export and history with no edit of the clients code; erase and merge hold the client against sales racing
// them; an erasure outlives the restore of an older backup.

let t: TestApp;
let admin: string;
let pos: ReturnType<typeof posHelpers>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  pos = posHelpers(t, () => admin);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = admin) => t.call(token, { method, url, ...(payload === undefined ? {} : { payload: payload as never }) });
let phoneSeq = 200000 + crypto.randomInt(100000);
const newPhone = () => `0805${String(++phoneSeq).padStart(7, '0')}`;
const today = () => studioDate(new Date(), 'Africa/Lagos');
const clientOfPhone = async (phone: string) => (await call('GET', `/api/clients/by-phone/${encodeURIComponent(phone)}`)).json().data as { id: number; name: string } | null;
/** Every text the database holds in the activity log, the stored answers and the review queue that names `needle`. */
async function mentions(needle: string): Promise<string[]> {
  const db = t.database.db;
  const like = `%${needle.toLowerCase()}%`;
  const log = await db.select({ id: activityLogTable.id }).from(activityLogTable).where(sql`lower(coalesce(${activityLogTable.before}::text, '') || coalesce(${activityLogTable.after}::text, '')) like ${like}`);
  const answers = await db.select({ ref: idempotencyKeysTable.client_ref }).from(idempotencyKeysTable).where(sql`lower(${idempotencyKeysTable.response}::text) like ${like}`);
  const reviews = await db.select({ id: offlineReviewsTable.id }).from(offlineReviewsTable).where(sql`lower(${offlineReviewsTable.customer_name} || ${offlineReviewsTable.payload}::text) like ${like}`);
  return [...log.map((l) => `activity_log ${l.id}`), ...answers.map((a) => `idempotency ${a.ref}`), ...reviews.map((r) => `offline_reviews ${r.id}`)];
}

describe('erase leaves the person nowhere', () => {
  it("blanks the person in the activity log, the stored answers of retried calls, the offline review queue and the notes of their sales and payments; money stays", async () => {
    const name = uniqueName('Tonbara Erasewell');
    const phone = newPhone();
    const product = await pos.product({ price: 2000, quantity: 20 });
    const sale = await pos.sell(admin, { customer_name: name, customer_phone: phone, note: `Gift wrap for ${name}`, items: [{ product_id: product.id, quantity: 1 }] });
    expect(sale.statusCode, sale.body).toBe(201);
    const client = (await clientOfPhone(phone))!;
    // a booking with a payment sent with a client_ref: its stored answer names her
    const pkg = (await call('POST', '/api/bridalpackages', { name: uniqueName('Gold'), price: 90000 })).json().data;
    const created = await call('POST', '/api/bridalbookings', { client_name: name, phone, event_date: '2027-08-01', package_id: pkg.id, note: `Call ${name} the day before` });
    expect(created.statusCode, created.body).toBe(201);
    const booking = created.json().data;
    const ref = crypto.randomUUID();
    const payment = { amount: 10000, method: 'cash', date: today(), note: `Paid by ${name}'s sister`, client_ref: ref };
    const first = await call('POST', `/api/bridalbookings/${booking.id}/payments`, payment);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.body).toContain(name);
    // an offline sale for a day closed meanwhile waits for an admin, with her name and phone in it
    const day = addDays(today(), -4);
    expect((await call('POST', `/api/day-close/store/${day}`, { counted: { cash: 0, transfer: 0, card: 0, pos: 0 } })).statusCode).toBe(201);
    const now = Date.now();
    const offline = await call('POST', '/api/orders', {
      outlet: 'store',
      customer_name: name,
      customer_phone: phone,
      payment_method: 'cash',
      client_ref: crypto.randomUUID(),
      items: [{ product_id: product.id, quantity: 1, unit_price: 2000 }],
      offline: { device_id: `dev-${crypto.randomBytes(4).toString('hex')}`, device_seq: 1, provisional_no: 'OFF-ERS-0001', sold_on: day, queued_at: new Date(now - 60_000).toISOString(), prices_as_of: new Date(now - 3_600_000).toISOString() },
    });
    expect(offline.statusCode, offline.body).toBe(202);
    expect(await mentions(name)).not.toHaveLength(0);

    const res = await call('POST', `/api/clients/${client.id}/erase`, { reason: 'Asked in person' });
    expect(res.statusCode, res.body).toBe(200);

    expect(await mentions(name)).toEqual([]);
    expect(await mentions(phone.slice(1))).toEqual([]);
    // the resend of the payment answers without her name, and takes nothing again
    const again = await call('POST', `/api/bridalbookings/${booking.id}/payments`, payment);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.body).not.toContain(name);
    expect(again.json().data.record).toMatchObject({ amount_paid: 10000, balance: 80000 });
    // notes on the sale and on the payment lines are gone; the money is as it was
    const order = (await call('GET', `/api/orders/${sale.json().data.id}`)).json().data;
    expect(order).toMatchObject({ customer_name: 'Erased client', note: null, total: 2000 });
    const lines = (await call('GET', `/api/bridalbookings/${booking.id}/payments`)).json().data as { note: string | null; amount: number }[];
    expect(lines.map((l) => [l.amount, l.note])).toEqual([[10000, null]]);
    // the export of the erased client names her nowhere either
    expect(JSON.stringify((await call('GET', `/api/clients/${client.id}/export`)).json().data)).not.toContain(name);
    // who did what and when stays in the log
    const log = await t.database.db.select().from(activityLogTable).where(and(eq(activityLogTable.resource, 'bridalbookings'), eq(activityLogTable.record_id, booking.id)));
    expect(log.map((l) => l.action)).toEqual(expect.arrayContaining(['create', 'payment']));
    // the log stays append-only outside an erasure
    await expect(t.database.db.execute(sql`update activity_log set after = null where id = ${log[0]!.id}`)).rejects.toThrow();
  });
});

// A resource that refers to clients, declared as a newcomer would by the guide, and no line of the clients code.
const fixtureVouchers = pgTable('fixture_vouchers', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  client_id: integer('client_id'),
  holder_name: varchar('holder_name', { length: 100 }),
  note: text('note'),
  balance: integer('balance').notNull().default(0),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
const voucherRecord = z.object({ id: z.number(), client_id: z.number().nullable(), holder_name: z.string().nullable(), note: z.string().nullable(), balance: z.number(), created_at: z.string(), updated_at: z.string() });
const fixtureResource = defineResource({
  name: 'fixture-vouchers',
  path: '/api/fixture-vouchers',
  label: 'Fixture vouchers',
  singular: 'Fixture voucher',
  record: voucherRecord,
  create: voucherRecord.omit({ id: true, created_at: true, updated_at: true }),
  searchable: ['holder_name'],
  sortable: ['id'],
  roles: { read: 'admin', write: 'admin' },
  references: { client_id: 'clients' },
  personal: { erase: { holder_name: 'erased-name', note: null } },
});
const fixtureModule = defineCrudModule({ resource: fixtureResource, table: fixtureVouchers }) as unknown as CrudModule;

describe('a new resource that refers to clients is in merge, erase, export and history with no edit of the clients code', () => {
  it('is found from its declaration, re-pointed by a merge, blanked by an erase, exported and shown in the history', async () => {
    const db = t.database.db;
    await db.execute(sql`create table fixture_vouchers (id integer primary key generated always as identity, client_id integer, holder_name varchar(100), note text, balance integer not null default 0, created_at timestamptz not null default now(), updated_at timestamptz not null default now())`);
    const owned = clientOwnedOf([...crudModules, fixtureModule], [ordersClientOwned]);
    expect(owned.map((o) => o.resource)).toContain('fixture-vouchers');
    const registry: PersonalRegistry = { clientOwned: () => owned, personalStores: () => [] };
    const [keep, merge] = [
      (await call('POST', '/api/clients', { name: uniqueName('Keep'), phone: newPhone() })).json().data,
      (await call('POST', '/api/clients', { name: uniqueName('Merge'), phone: newPhone() })).json().data,
    ];
    const holder = uniqueName('Ibinabo Holder');
    await db.insert(fixtureVouchers).values({ client_id: merge.id, holder_name: holder, note: `For ${holder}`, balance: 5000 });

    expect((await historyCounts(db, registry, merge.id))['fixture-vouchers']).toBe(1);
    const user = { id: 1, name: 'Admin' };
    await db.transaction((tx) => mergeClients(tx, registry, keep.id, merge.id, user as never));
    expect((await historyCounts(db, registry, keep.id))['fixture-vouchers']).toBe(1);
    const history = await clientHistory(db, registry, keep.id, { admin: true });
    expect(history!.entries).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'fixture-vouchers', title: 'Fixture voucher' })]));
    const exported = await db.transaction((tx) => clientExport(tx, registry, keep.id, 'Africa/Lagos'));
    expect((exported as Record<string, unknown>)['fixture-vouchers']).toEqual([expect.objectContaining({ holder_name: holder, balance: 5000 })]);

    const erased = await db.transaction((tx) => eraseClient(tx, registry, keep.id, 'Asked by e-mail', user));
    expect(erased.anonymised['fixture-vouchers']).toBe(1);
    const [row] = await db.select().from(fixtureVouchers);
    expect(row).toMatchObject({ client_id: keep.id, holder_name: 'Erased client', note: null, balance: 5000 });
  });
});

describe('erase and merge hold the client against sales racing them', () => {
  it('0 of 20 rounds leave a name on an erased client, and 0 of 20 leave a sale on a merged-away one', async () => {
    const product = await pos.product({ price: 500, quantity: 1000 });
    let left = 0;
    for (let round = 0; round < 20; round++) {
      const name = uniqueName('Racer');
      const phone = newPhone();
      const first = await pos.sell(admin, { customer_name: name, customer_phone: phone, items: [{ product_id: product.id, quantity: 1 }] });
      expect(first.statusCode).toBe(201);
      const client = (await clientOfPhone(phone))!;
      const [sale, erase] = await Promise.all([
        pos.sell(admin, { customer_name: name, customer_phone: phone, items: [{ product_id: product.id, quantity: 1 }] }),
        call('POST', `/api/clients/${client.id}/erase`, { reason: 'Race' }),
      ]);
      expect(sale.statusCode, sale.body).toBe(201);
      expect(erase.statusCode, erase.body).toBe(200);
      const named = await t.database.db.select({ id: ordersTable.id }).from(ordersTable).where(and(eq(ordersTable.client_id, client.id), eq(ordersTable.customer_name, name)));
      left += named.length;
    }
    expect(left).toBe(0);

    let stranded = 0;
    for (let round = 0; round < 20; round++) {
      const keep = (await call('POST', '/api/clients', { name: uniqueName('Keep'), phone: newPhone() })).json().data;
      const phone = newPhone();
      const merge = (await call('POST', '/api/clients', { name: uniqueName('Twin'), phone })).json().data;
      const [sale, merged] = await Promise.all([
        pos.sell(admin, { customer_name: merge.name, customer_phone: phone, items: [{ product_id: product.id, quantity: 1 }] }),
        call('POST', '/api/clients/merge', { keep_id: keep.id, merge_id: merge.id }),
      ]);
      expect(sale.statusCode, sale.body).toBe(201);
      expect(merged.statusCode, merged.body).toBe(200);
      stranded += (await t.database.db.select({ id: ordersTable.id }).from(ordersTable).where(eq(ordersTable.client_id, merge.id))).length;
      expect((await t.database.db.select({ id: ordersTable.id }).from(ordersTable).where(eq(ordersTable.client_id, keep.id))).length).toBe(1);
    }
    expect(stranded).toBe(0);
  }, 120_000);
});

describe('an erasure outlives the restore of an older backup', () => {
  it('is recorded apart from the data with no personal detail, and made again at start on a database that holds the client unerased', async () => {
    const name = uniqueName('Restored Person');
    const phone = newPhone();
    const product = await pos.product({ price: 700 });
    await pos.sell(admin, { customer_name: name, customer_phone: phone, items: [{ product_id: product.id, quantity: 1 }] });
    const erased = (await clientOfPhone(phone))!;
    expect((await call('POST', `/api/clients/${erased.id}/erase`, { reason: 'Asked' })).statusCode).toBe(200);
    const record = fs.readFileSync(erasureRecordFile(t.dataDir), 'utf8');
    expect(record).toContain(`"client_id":${erased.id}`);
    expect(record).not.toContain(name);
    expect(record).not.toContain(phone.slice(1));
    // a database restored from before this client's erasure: the client is there with their details
    const name2 = uniqueName('Back From Backup');
    const phone2 = newPhone();
    await pos.sell(admin, { customer_name: name2, customer_phone: phone2, items: [{ product_id: product.id, quantity: 1 }] });
    const restored = (await clientOfPhone(phone2))!;
    recordErasure(t.dataDir, restored.id, new Date());
    const again = await reapplyErasures(t.database.db, crudRegistry, t.dataDir);
    expect(again).toEqual([restored.id]);
    expect(await clientOfPhone(phone2)).toBeNull();
    const orders = await t.database.db.select().from(ordersTable).where(eq(ordersTable.client_id, restored.id));
    expect(orders.map((o) => o.customer_name)).toEqual(['Erased client']);
    // a second start erases nothing again
    expect(await reapplyErasures(t.database.db, crudRegistry, t.dataDir)).toEqual([]);
  });
});
