import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableName, sql } from 'drizzle-orm';
import { crudModules } from '../src/crud/registry.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { uniqueName } from './helpers/fixtures.js';
import { posHelpers } from './helpers/pos.js';
import { sellAt } from './helpers/sales.js';

// daily_totals (migration 0017, decision 018) is kept by triggers as sales, payments and entries are written.
// Whatever the writer, the kept rows must equal daily_totals_recount(), the same figures counted from scratch:
// sales at 23:59 and 00:01 Lagos time, a split payment with change, a void, a payment relabelled, fee and
// booking payments with a reversal, finance entries added, edited and deleted, an order deleted outright,
// and a bulk statement of many rows.

let t: TestApp;
let admin: string;
let adminId: number;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.call(admin, { method, url, ...(payload === undefined ? {} : { payload: payload as never }) });
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

type Row = { grain: string; source: string; day: string; key: string; count: number; amount: string; extra: string };
/** Kept and recounted rows side by side: rows at zero are as good as absent. */
async function compare() {
  const shape = (from: string) => sql.raw(`select grain, source, day::text as day, key, count, amount::text as amount, extra::text as extra
    from ${from} where count <> 0 or amount <> 0 or extra <> 0 order by 1, 2, 3, 4`);
  const kept = await rows<Row>(shape('daily_totals'));
  const recount = await rows<Row>(shape('daily_totals_recount()'));
  return { kept, recount };
}
async function expectRecount() {
  const { kept, recount } = await compare();
  expect(kept).toEqual(recount);
  return kept;
}
const find = (all: Row[], grain: string, source: string, day: string, key: string) => all.find((r) => r.grain === grain && r.source === source && r.day === day && r.key === key);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  adminId = (await call('GET', '/api/user')).json().data.id;
});
afterAll(() => t.close());

describe('daily_totals', () => {
  it('every payment ledger of the resources has the trigger that counts it', async () => {
    const ledgers = crudModules.flatMap((m) => (m.ledger ? [getTableName(m.ledger.table)] : []));
    expect(ledgers.length).toBeGreaterThanOrEqual(4);
    const counted = await rows<{ tbl: string; n: number }>(sql`
      select c.relname as tbl, count(*)::int as n from pg_trigger tg join pg_class c on c.oid = tg.tgrelid join pg_proc f on f.oid = tg.tgfoid
       where f.proname = 'daily_totals_ledger' group by c.relname`);
    for (const l of ledgers) expect(counted.find((c) => c.tbl === l)?.n, l).toBe(3);
  });

  it('equals a full recount through sales, a void, a relabel, ledger payments and a reversal, entries edited and deleted', async () => {
    const { product } = posHelpers(t, () => admin);
    const lipstick = await product({ price: 1000.1, cost_price: 400.05, quantity: 100 });
    const braids = await product({ outlet: 'salon', kind: 'service', price: 20000, cost_price: 0, quantity: null });
    const sale = (at: string, body: Record<string, unknown> = {}) => sellAt(t, adminId, at, { items: [{ product_id: lipstick.id, quantity: 1 }], ...body });

    // 23:59 in Lagos is still 31 December; 00:01 is the new year (both are 22:59 / 23:01 UTC on the 31st)
    const late = await sale('2029-12-31T23:59:00+01:00');
    await sale('2030-01-01T00:01:00+01:00', { items: [{ product_id: lipstick.id, quantity: 2 }], payment_method: 'transfer' });
    // a split payment with change in cash
    await sale('2030-01-01T10:00:00+01:00', { payments: [{ method: 'transfer', amount: 1000, reference: 'TRF-9' }, { method: 'cash', amount: 5000 }] });
    await sellAt(t, adminId, '2030-01-01T11:00:00+01:00', { outlet: 'salon', items: [{ product_id: braids.id, quantity: 1 }], payment_method: 'pos' });
    let kept = await expectRecount();
    expect(find(kept, 'd', 'sale', '2029-12-31', 'store')).toMatchObject({ count: 1, amount: '1000.10', extra: '0.00' });
    expect(find(kept, 'd', 'sale', '2030-01-01', 'store')).toMatchObject({ count: 2, amount: '3000.30', extra: '4999.90' });
    expect(find(kept, 'm', 'sale', '2030-01-01', 'salon')).toMatchObject({ count: 1, amount: '20000.00' });
    expect(find(kept, 'm', 'product', '2030-01-01', String(lipstick.id))).toMatchObject({ count: 3, amount: '3000.30', extra: '1200.15' });
    expect(find(kept, 'd', 'method', '2030-01-01', 'store:cash')).toMatchObject({ count: 1, amount: '5000.00' });
    expect(find(kept, 'd', 'staff', '2029-12-31', `store:${adminId}`)).toMatchObject({ count: 1, amount: '1000.10' });

    // a void takes the sale, its line, its payment and its seller off, on the sale's own day
    const voided = await sale('2029-12-31T12:00:00+01:00', { items: [{ product_id: lipstick.id, quantity: 5 }] });
    expect((await call('DELETE', `/api/orders/${voided.id}`, { reason: 'Rung up by mistake' })).statusCode).toBe(200);
    kept = await expectRecount();
    expect(find(kept, 'd', 'sale', '2029-12-31', 'store')).toMatchObject({ count: 1, amount: '1000.10' });
    // a payment relabelled moves its amount to the other method
    expect((await call('PUT', `/api/orders/${late.id}`, { payment_method: 'transfer' })).statusCode).toBe(200);
    kept = await expectRecount();
    expect(find(kept, 'd', 'method', '2029-12-31', 'store:transfer')).toMatchObject({ count: 1, amount: '1000.10' });

    // fees and a booking payment; a bounced fee reversed nets to nothing
    const program = (await call('POST', '/api/training-programs', { name: uniqueName('Course'), duration: '1 month', fee: 90000 })).json().data.id;
    const session = (await call('POST', '/api/training-session', { name: uniqueName('Class'), start_date: '2029-11-01', end_date: '2030-02-28' })).json().data.id;
    const trainee = (await call('POST', '/api/students', { name: 'Fee Payer', phone: '08030000000', program_id: program, session_id: session, start_date: '2029-11-01', end_date: '2030-02-28' })).json().data.id;
    const fee = (amount: number, date: string) => call('POST', `/api/students/${trainee}/payments`, { amount, method: 'transfer', date });
    expect((await fee(20000, '2029-12-31')).statusCode).toBe(201);
    const bounced = (await fee(5000.05, '2029-12-20')).json().data.payment.id;
    expect((await call('POST', `/api/students/${trainee}/payments/${bounced}/reverse`, { reason: 'Bounced' })).statusCode).toBe(201);
    const pkg = (await call('POST', '/api/bridalpackages', { name: uniqueName('Bridal'), price: 200000 })).json().data.id;
    const booking = (await call('POST', '/api/bridalbookings', { client_name: 'Bride', phone: '08030000001', event_date: '2030-02-14', package_id: pkg })).json().data.id;
    expect((await call('POST', `/api/bridalbookings/${booking}/payments`, { amount: 80000, method: 'cash', date: '2029-12-31' })).statusCode).toBe(201);
    kept = await expectRecount();
    expect(find(kept, 'm', 'fees', '2029-12-01', 'student_payments')).toMatchObject({ amount: '20000.00' });
    expect(find(kept, 'd', 'bookings', '2029-12-31', 'bridal_booking_payments')).toMatchObject({ count: 1, amount: '80000.00' });

    // manual entries: added, edited (amount, category and day), deleted
    const rent = (await call('POST', '/api/finances', { type: 'expense', category: 'Rent', amount: 150000, date: '2029-12-31' })).json().data;
    const hall = (await call('POST', '/api/finances', { type: 'income', category: 'Hall rental', amount: 10000, date: '2030-01-01' })).json().data;
    expect((await call('PUT', `/api/finances/${rent.id}`, { ...rent, amount: 150000.25, category: 'Rent and rates', date: '2030-01-02' })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/finances/${hall.id}`)).statusCode).toBe(200);
    kept = await expectRecount();
    expect(find(kept, 'm', 'expense', '2030-01-01', 'Rent and rates')).toMatchObject({ count: 1, amount: '150000.25' });
    expect(find(kept, 'm', 'expense', '2029-12-01', 'Rent')).toBeUndefined();

    // what no route does, a writer outside the app might: an order deleted with its lines, many rows in one statement
    const gone = await sale('2030-01-05T12:00:00+01:00');
    await t.database.db.execute(sql`delete from stock_movements where order_id = ${gone.id}`);
    await t.database.db.execute(sql`delete from orders where id = ${gone.id}`);
    await t.database.db.execute(sql`insert into finances (type, category, amount, date) select 'expense', 'Bulk ' || (g % 3), g * 0.01, date '2030-02-01' + g % 40 from generate_series(1, 500) g`);
    await t.database.db.execute(sql`update finances set amount = amount + 0.01 where category = 'Bulk 1'`);
    await expectRecount();
  });

  it('the summaries read them: 60 months add up to the five years, whole months and the days around them', async () => {
    const five = (await call('GET', '/api/finances/summary-range/2025-02-14/2030-02-13')).json().data;
    const months = (await call('GET', '/api/finances/summary-monthly/2025-02/2030-02')).json().data as { income: number; expense: number }[];
    const [recount] = await rows<{ income: string; expense: string }>(sql`
      select sum(amount) filter (where source not in ('expense', 'staff', 'product', 'method', 'deposits'))::text as income, sum(amount) filter (where source = 'expense')::text as expense
        from daily_totals_recount() where grain = 'd' and day between '2025-02-14' and '2030-02-13'`);
    expect([five.income, five.expense]).toEqual([Number(recount!.income), Number(recount!.expense)]);
    // the monthly rows run over whole months (the 1st of February 2025 to the end of February 2030)
    const [whole] = await rows<{ income: string; expense: string }>(sql`
      select sum(amount) filter (where source not in ('expense', 'staff', 'product', 'method', 'deposits'))::text as income, sum(amount) filter (where source = 'expense')::text as expense
        from daily_totals_recount() where grain = 'd' and day between '2025-02-01' and '2030-02-28'`);
    expect(months.reduce((k, m) => k + Math.round(m.income * 100), 0)).toBe(Math.round(Number(whole!.income) * 100));
    expect(months.reduce((k, m) => k + Math.round(m.expense * 100), 0)).toBe(Math.round(Number(whole!.expense) * 100));
    // a range inside one month, and one from the middle of a month to the middle of another
    const dec31 = (await call('GET', '/api/finances/summary-range/2029-12-31/2029-12-31')).json().data;
    expect(dec31.income_by_source).toMatchObject({ sales_store: 1000.1, fees: 20000, bookings: 80000 });
    const across = (await call('GET', '/api/finances/summary-range/2029-12-20/2030-01-01')).json().data;
    expect(across.income_by_source).toMatchObject({ sales_store: 4000.4, sales_salon: 20000, fees: 20000, bookings: 80000 });
  });
});
