import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financesTable } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { snapshotDatabase, uniqueName } from './helpers/fixtures.js';
import { posHelpers } from './helpers/pos.js';
import { sellAt } from './helpers/sales.js';

// Income and expenses: manual entries, and summaries that also count paid sales, fee payments and
// booking payments, exact to the kobo, on the studio's calendar.

let t: TestApp;
let admin: string;
let adminId: number;
let staff: { token: string };
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
  t.call(token, { method, url, ...(payload === undefined ? {} : { payload: payload as never }) });
const entry = (over: Record<string, unknown> = {}) => ({ type: 'expense', category: 'Generator fuel', amount: 25000, date: '2028-03-10', description: 'Diesel, 50 litres', ...over });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  adminId = (await call('GET', '/api/user')).json().data.id;
  staff = await t.staff();
});
afterAll(() => t.close());

describe('finance entries', () => {
  it('CRUD; who recorded it is the signed-in admin, never the body', async () => {
    const res = await call('POST', '/api/finances', entry({ recorded_by: 999 }));
    expect(res.statusCode, res.body).toBe(201);
    const e = res.json().data;
    expect(e).toMatchObject({ type: 'expense', category: 'Generator fuel', amount: 25000, date: '2028-03-10', outlet: null, recorded_by: adminId });
    const put = await call('PUT', `/api/finances/${e.id}`, { ...e, amount: 26000.5, outlet: 'salon' });
    expect(put.json().data).toMatchObject({ amount: 26000.5, outlet: 'salon', recorded_by: adminId });
    expect((await call('DELETE', `/api/finances/${e.id}`)).statusCode).toBe(200);
  });

  it('bad input is a 422 on the field and changes nothing', async () => {
    const before = await snapshotDatabase(t.database.db);
    for (const [over, field] of [
      [{ type: 'gift' }, 'type'],
      [{ amount: 0 }, 'amount'],
      [{ amount: -5 }, 'amount'],
      [{ amount: 1.005 }, 'amount'],
      [{ date: '2028-02-30' }, 'date'],
      [{ category: '' }, 'category'],
      [{ outlet: 'market' }, 'outlet'],
    ] as [Record<string, unknown>, string][]) {
      const res = await call('POST', '/api/finances', entry(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    for (const url of ['/api/finances/getmonth/2028-13', '/api/finances/range/2028-03-10/2028-03-01', '/api/finances/summary-range/x/2028-01-01', '/api/finances/summary-monthly/2028-05/2028-01', '/api/finances/summary-yearly/20x8/2029']) {
      expect((await call('GET', url)).statusCode, url).toBe(422);
    }
    expect(await snapshotDatabase(t.database.db)).toBe(before);
  });

  it('getmonth and range list entries with income and expense totals; categories offer the starting list and those in use', async () => {
    await call('POST', '/api/finances', entry({ date: '2028-04-01', amount: 100 }));
    await call('POST', '/api/finances', entry({ date: '2028-04-30', amount: 50.25, category: 'Borehole repair' }));
    await call('POST', '/api/finances', entry({ date: '2028-04-15', type: 'income', category: 'Hall rental', amount: 70000 }));
    await call('POST', '/api/finances', entry({ date: '2028-05-01', amount: 9 }));
    const month = (await call('GET', '/api/finances/getmonth/2028-04?page=1')).json();
    expect(month.total).toBe(3);
    expect(month.summary).toEqual({ count: 3, income: 70000, expense: 150.25 });
    expect(month.data.map((e: { date: string }) => e.date)).toEqual(['2028-04-30', '2028-04-15', '2028-04-01']);
    expect((await call('GET', '/api/finances/range/2028-04-15/2028-05-01')).json().data).toHaveLength(3);
    expect((await call('GET', '/api/finances/getmonth/2028-04?type=income')).json().data).toHaveLength(1);
    const categories = (await call('GET', '/api/finances/categories')).json().data;
    expect(categories.expense).toEqual(expect.arrayContaining(['Rent', 'Salaries', 'Generator fuel', 'Borehole repair']));
    expect(categories.income).toContain('Hall rental');
  });

  it('staff get 403 on every finance call', async () => {
    for (const [method, url] of [
      ['GET', '/api/finances'],
      ['GET', '/api/finances/1'],
      ['POST', '/api/finances'],
      ['PUT', '/api/finances/1'],
      ['DELETE', '/api/finances/1'],
      ['GET', '/api/finances/search/fuel'],
      ['GET', '/api/finances/categories'],
      ['GET', '/api/finances/getmonth/2028-04'],
      ['GET', '/api/finances/range/2028-01-01/2028-12-31'],
      ['GET', '/api/finances/summary-range/2028-01-01/2028-12-31'],
      ['GET', '/api/finances/summary-monthly/2028-01/2028-12'],
      ['GET', '/api/finances/summary-yearly/2027/2028'],
    ] as const) {
      expect((await call(method, url, method === 'GET' || method === 'DELETE' ? undefined : entry(), staff.token)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('summaries', () => {
  it('sums exactly: two thousand lines of 0.10 and 0.20 naira are ₦300.00, not 300.00000000000546', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => ({ type: 'income' as const, category: 'Tips', amount: i % 2 ? 0.2 : 0.1, date: '2031-06-15', recorded_by: adminId }));
    await t.database.db.insert(financesTable).values(rows);
    const s = (await call('GET', '/api/finances/summary-range/2031-06-01/2031-06-30')).json().data;
    expect(s).toMatchObject({ income: 300, expense: 0, net: 300, income_by_source: { manual: 300 } });
    expect((await call('GET', '/api/finances/getmonth/2031-06?page=1')).json().summary).toEqual({ count: 2000, income: 300, expense: 0 });
    expect((await call('GET', '/api/finances/summary-yearly/2031/2031')).json().data).toEqual([{ period: '2031', income: 300, expense: 0, net: 300 }]);
  });

  it('counts paid sales, fee and booking payments by source, at 23:59 and 00:01 studio time across a month and a year; leaves out voided sales and reversed payments', async () => {
    const { product } = posHelpers(t, () => admin);
    const lipstick = await product({ price: 1000.1, quantity: 100 });
    const sale = (at: string, quantity = 1) => sellAt(t, adminId, at, { items: [{ product_id: lipstick.id, quantity }] });
    await sale('2029-12-31T23:59:00+01:00'); // Lagos: still 31 December
    await sale('2030-01-01T00:01:00+01:00', 2); // Lagos: 1 January
    const voided = await sale('2029-12-15T12:00:00+01:00', 5);
    expect((await call('DELETE', `/api/orders/${voided.id}`, { reason: 'Rung up by mistake' })).statusCode).toBe(200);

    const program = (await call('POST', '/api/training-programs', { name: uniqueName('Course'), duration: '1 month', fee: 90000 })).json().data.id;
    const session = (await call('POST', '/api/training-session', { name: uniqueName('Class'), start_date: '2029-11-01', end_date: '2030-02-28' })).json().data.id;
    const trainee = (await call('POST', '/api/students', { name: 'Fee Payer', phone: '08030000000', program_id: program, session_id: session, start_date: '2029-11-01', end_date: '2030-02-28' })).json().data.id;
    const fee = (amount: number, date: string) => call('POST', `/api/students/${trainee}/payments`, { amount, method: 'transfer', date });
    await fee(20000, '2029-12-31');
    await fee(30000.55, '2030-01-01');
    const bounced = (await fee(5000, '2029-12-20')).json().data.payment.id;
    expect((await call('POST', `/api/students/${trainee}/payments/${bounced}/reverse`, { reason: 'Bounced' })).statusCode).toBe(201);

    const pkg = (await call('POST', '/api/bridalpackages', { name: uniqueName('Bridal'), price: 200000 })).json().data.id;
    const booking = (await call('POST', '/api/bridalbookings', { client_name: 'Bride', phone: '08030000001', event_date: '2030-02-14', package_id: pkg })).json().data.id;
    await call('POST', `/api/bridalbookings/${booking}/payments`, { amount: 80000, method: 'cash', date: '2029-12-31' });
    await call('POST', '/api/finances', entry({ date: '2029-12-31', category: 'Rent', amount: 150000 }));
    await call('POST', '/api/finances', entry({ date: '2030-01-01', category: 'Salaries', amount: 120000 }));
    await call('POST', '/api/finances', entry({ date: '2030-01-01', type: 'income', category: 'Hall rental', amount: 10000 }));

    const dec = (await call('GET', '/api/finances/summary-range/2029-12-01/2029-12-31')).json().data;
    // the bounced ₦5,000 and its reversal (dated no earlier than the line it reverses) cancel out; the voided sale is not counted
    expect(dec.income_by_source).toMatchObject({ sales: 1000.1, sales_store: 1000.1, fees: 20000, bookings: 80000, manual: 0 });
    expect(dec.expense_by_category).toEqual({ Rent: 150000 });
    const jan = (await call('GET', '/api/finances/summary-range/2030-01-01/2030-01-31')).json().data;
    expect(jan).toMatchObject({ income: 2000.2 + 30000.55 + 10000, expense: 120000, net: 2000.2 + 30000.55 + 10000 - 120000 });
    expect(jan.income_by_source).toEqual({ manual: 10000, sales: 2000.2, sales_store: 2000.2, sales_office: 0, sales_salon: 0, fees: 30000.55, bookings: 0 });

    const monthly = (await call('GET', '/api/finances/summary-monthly/2029-11/2030-02')).json().data;
    expect(monthly.map((r: { period: string }) => r.period)).toEqual(['2029-11', '2029-12', '2030-01', '2030-02']);
    expect(monthly[0]).toEqual({ period: '2029-11', income: 0, expense: 0, net: 0 });
    expect(monthly[2]).toEqual({ period: '2030-01', income: 42000.75, expense: 120000, net: -77999.25 });
    const yearly = (await call('GET', '/api/finances/summary-yearly/2029/2030')).json().data;
    expect(yearly[1]).toEqual({ period: '2030', income: 42000.75, expense: 120000, net: -77999.25 });
    // a whole span holding the bounced payment and its reversal: they cancel out
    const all = (await call('GET', '/api/finances/summary-range/2029-01-01/2099-12-31')).json().data;
    expect(all.income_by_source.fees).toBe(50000.55);
  });
});
