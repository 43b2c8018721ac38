import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { APPOINTMENT_STATUSES, addDays, studioDate, toKobo } from '@studio/shared';
import { seedFoundation } from '../src/scripts/seed-demo.js';
import { seedPos } from '../src/scripts/seed-demo-pos.js';
import { seedClientsAndAppointments, type ClientSeedResult } from '../src/scripts/seed-demo-clients.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// The clients half of `npm run seed:demo` (issue 21): regulars with histories and PMU notes, new clients this
// month, a month of appointments in every status; deposits on the ledger, check-outs as sales with the deposit.

let t: TestApp;
let admin: string;
let seeded: ClientSeedResult | undefined;
let today: string;
const tz = () => t.app.config.tzStudio;
const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  expect(await seedFoundation(t.database.db)).toBe(true);
  today = studioDate(new Date(), tz());
  // a month of sales is enough for the regulars to have histories
  await seedPos(t.database.db, tz(), 1);
  seeded = await seedClientsAndAppointments(t.database.db, tz());
});
afterAll(() => t.close());

describe('seed:demo clients and appointments', () => {
  it('books a month around today in every status, deposits and check-outs included', async () => {
    expect(seeded).toBeDefined();
    const s = seeded!;
    for (const status of APPOINTMENT_STATUSES) expect(s.byStatus[status], status).toBeGreaterThan(0);
    expect(s.appointments).toBeGreaterThan(60);
    expect(s.checkedOut).toBeGreaterThan(0);
    expect(s.deposits).toBeGreaterThan(0);
    const span = await rows<{ first: string; last: string; n: number }>(sql`select min(day)::text as first, max(day)::text as last, count(*)::int as n from appointments`);
    expect(span[0]!.n).toBe(s.appointments);
    expect(span[0]!.first >= addDays(today, -20) && span[0]!.last <= addDays(today, 9)).toBe(true);
    // the past is never booked or arrived, the future never done
    const wrong = await rows<{ id: number }>(sql`select id from appointments where (day < ${today} and status in ('booked', 'arrived')) or (day > ${today} and status in ('done', 'no_show', 'arrived'))`);
    // someone is in the chair today, whatever the clock says
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from appointments where day = ${today} and status = 'arrived'`))[0]!.n).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });

  it("keeps each deposit the ledger's sum, and each check-out a sale of the service to the client with the deposit counted", async () => {
    const ledger = await rows<{ id: number }>(sql`
      select a.id from appointments a
       where a.amount_paid <> coalesce((select sum(p.amount) from appointment_payments p where p.parent_id = a.id), 0)`);
    expect(ledger).toEqual([]);
    const sales = await rows<{ id: number; price: string; paid: string; day: string; total: string; deposit: string; o_client: number; a_client: number; o_day: string; status: string }>(sql`
      select a.id, a.price::text as price, a.amount_paid::text as paid, a.day::text as day, o.total::text as total, o.deposit::text as deposit,
             o.client_id as o_client, a.client_id as a_client, o.business_date::text as o_day, a.status
        from appointments a join orders o on o.id = a.order_id`);
    expect(sales.length).toBe(seeded!.checkedOut);
    for (const r of sales) {
      expect(r.status, String(r.id)).toBe('done');
      expect(toKobo(Number(r.total))).toBe(toKobo(Number(r.price)));
      expect(toKobo(Number(r.deposit))).toBe(toKobo(Number(r.paid)));
      expect(r.o_client).toBe(r.a_client);
      expect(r.o_day).toBe(r.day);
    }
    // a no-show with a deposit says what became of it; one without says nothing
    const noShows = await rows<{ paid: string; outcome: string | null }>(sql`select amount_paid::text as paid, deposit_outcome as outcome from appointments where status = 'no_show'`);
    for (const r of noShows) expect(r.outcome === null).toBe(Number(r.paid) === 0);
  });

  it('gives the regulars histories and PMU notes, and counts new clients this month', async () => {
    const regulars = await rows<{ id: number; n: number }>(sql`
      select c.id, ((select count(*) from orders o where o.client_id = c.id) + (select count(*) from appointments a where a.client_id = c.id))::int as n
        from clients c where c.patch_test_date is not null order by n desc`);
    expect(regulars.length).toBe(seeded!.pmuNotes);
    expect(regulars[0]!.n).toBeGreaterThan(3);
    const history = await t.call(admin, { method: 'GET', url: `/api/clients/${regulars[0]!.id}/history` });
    expect(history.statusCode).toBe(200);
    const kinds = new Set((history.json().data.entries as { kind: string }[]).map((e) => e.kind));
    expect(kinds.has('sale')).toBe(true);
    const dashboard = (await t.call(admin, { method: 'GET', url: '/api/dashboard' })).json().data;
    expect(dashboard.clients.new).toBeGreaterThanOrEqual(seeded!.newClients);
    // every client was first recorded at their first record (a sale, an appointment), not when the seed ran
    const firsts = await rows<{ bad: number }>(sql`
      select count(*)::int as bad from clients c
       where c.created_at > least((select min(o.created_at) from orders o where o.client_id = c.id), (select min(a.created_at) from appointments a where a.client_id = c.id))`);
    expect(firsts[0]!.bad).toBe(0);
  });

  it('a second run adds nothing', async () => {
    expect(await seedClientsAndAppointments(t.database.db, tz())).toBeUndefined();
  });
});
