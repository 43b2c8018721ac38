import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dashboardSchema, type Dashboard } from '@studio/shared';
import { dashboard, dashboardCalendar } from '../src/features/dashboard/dashboard.routes.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';
import { sellAt } from './helpers/sales.js';
import { clientsTable } from '../src/db/schema.js';

// The studio is in Lagos (UTC+1). "Now" is 23:30 UTC on 14 March 2025, which is already 00:30 on the
// 15th in Lagos: the dashboard's today is the 15th, and a sale at 23:59 Lagos time on the 14th is yesterday.
const NOW = '2025-03-14T23:30:00Z';

let t: TestApp;
let admin: string;
let a: Awaited<ReturnType<TestApp['staff']>>;
let b: Awaited<ReturnType<TestApp['staff']>>;
let pos: ReturnType<typeof posHelpers>;
const ids: Record<string, number> = {};
const sold: number[] = [];

const zeros = { store: { count: 0, total: 0 }, office: { count: 0, total: 0 }, salon: { count: 0, total: 0 } };

async function fetchDashboard(token = admin): Promise<Dashboard> {
  const res = await t.call(token, { method: 'GET', url: '/api/dashboard' });
  expect(res.statusCode, res.body).toBe(200);
  // the answer has exactly the documented shape: nothing missing, nothing the schema does not know
  const data = res.json().data;
  const parsed = dashboardSchema.strict().parse(data);
  expect(parsed).toEqual(data);
  return parsed;
}

async function sellNow(token: string, body: Record<string, unknown>) {
  const res = await pos.sell(token, body);
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json().data as { id: number };
  sold.push(order.id);
  return order;
}

async function voidOrder(id: number) {
  expect((await t.call(admin, { method: 'DELETE', url: `/api/orders/${id}`, payload: { reason: 'Rung up by mistake' } })).statusCode).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  a = await t.staff({ name: 'Amara' });
  b = await t.staff({ name: 'Boma' });
  pos = posHelpers(t, () => admin);
  const p = async (key: string, fields: Record<string, unknown>) => (ids[key] = (await pos.product(fields)).id);
  // kobo in the prices: a float sum anywhere would show as 207500.30000000002
  await p('silk', { outlet: 'store', name: 'Silk Foundation', price: 5000, cost_price: 3000, quantity: 50 });
  await p('glam', { outlet: 'store', name: 'Soft Glam Makeup', kind: 'service', price: 15000, cost_price: 0 });
  await p('lipstick', { outlet: 'store', name: 'Matte Lipstick', price: 2500.1, cost_price: 1000.05, quantity: 4 });
  await p('glue', { outlet: 'store', name: 'Lash Glue', price: 1000.2, cost_price: 400.1, quantity: 5 });
  await p('brows', { outlet: 'office', name: 'Microblading', kind: 'service', price: 150000, cost_price: 15000 });
  await p('balm', { outlet: 'office', name: 'Aftercare Balm', price: 6000, cost_price: 3000, quantity: 3 });
  await p('braids', { outlet: 'salon', name: 'Knotless Braids', kind: 'service', price: 20000, cost_price: 2000 });
  await p('edge', { outlet: 'salon', name: 'Edge Control', price: 4000, cost_price: 2000, quantity: 0 });
  for (let i = 1; i <= 6; i++) await p(`pin${i}`, { outlet: 'salon', name: `Hair Pin ${i}`, price: 500, cost_price: 200, quantity: 2 });
  const item = (key: string, quantity = 1) => ({ product_id: ids[key]!, quantity });

  // older sales, at fixed moments (Lagos is UTC+1)
  await sellAt(t, a.id, '2024-03-31T22:30:00Z', { items: [item('silk')] }); // 31 Mar 2024 in Lagos: 13 months ago, out of the chart
  await sellAt(t, a.id, '2024-03-31T23:30:00Z', { items: [item('glue')] }); // 1 Apr 2024 in Lagos: the chart's first month
  await sellAt(t, a.id, '2024-06-15T12:00:00+01:00', { outlet: 'salon', items: [item('braids')] });
  // last month (February): 1 Feb in Lagos, 10 Feb, a void on the 12th, the 20th
  await sellAt(t, b.id, '2025-01-31T23:30:00Z', { outlet: 'salon', items: [item('braids')] });
  await sellAt(t, a.id, '2025-02-10T12:00:00+01:00', { outlet: 'office', items: [item('brows')], payment_method: 'transfer' });
  const febVoid = await sellAt(t, b.id, '2025-02-12T12:00:00+01:00', { items: [item('glue')] });
  await sellAt(t, b.id, '2025-02-20T12:00:00+01:00', { items: [item('lipstick', 2)] });
  // this month before today: 1 March in Lagos (still 28 Feb in UTC), and later that day
  await sellAt(t, b.id, '2025-02-28T23:30:00Z', { items: [item('silk'), item('glue')], payment_method: 'card' });
  await sellAt(t, a.id, '2025-03-01T09:00:00+01:00', { items: [item('silk')] });
  // yesterday: a salon service, and a lipstick at 23:59 Lagos time (22:59 UTC)
  await sellAt(t, a.id, '2025-03-14T10:00:00+01:00', { outlet: 'salon', items: [item('braids')], payment_method: 'transfer' });
  const lastOfYesterday = await sellAt(t, b.id, '2025-03-14T22:59:00Z', { items: [item('lipstick')] });
  sold.push(lastOfYesterday.id);
  await voidOrder(febVoid.id);

  // today, through the till: the clock says 14 March in UTC, 15 March in Lagos
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(NOW) });
  // a discount and a split payment
  await sellNow(a.token, { items: [item('silk', 2)], discount: 1000, payments: [{ method: 'cash', amount: 5000 }, { method: 'transfer', amount: 4000, reference: 'TRF-1' }] });
  await sellNow(a.token, { outlet: 'office', items: [item('brows')], payment_method: 'pos' });
  // cash with change: 20,000 tendered for 15,000
  await sellNow(b.token, { items: [item('glam')], payment_method: 'cash', amount_paid: 20000 });
  // rung up by mistake and voided: in no figure
  const mistake = await sellNow(b.token, { items: [item('silk')], payment_method: 'card' });
  await voidOrder(mistake.id);
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

describe('GET /api/dashboard', () => {
  it('is for admins only: staff get 403, no token 401', async () => {
    const res = await t.call(a.token, { method: 'GET', url: '/api/dashboard' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'This action is unauthorized.' });
    expect((await t.call(null, { method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
  });

  it('takes today and yesterday from the studio time zone, not UTC, and leaves voids out', async () => {
    const d = await fetchDashboard();
    expect(d.date).toBe('2025-03-15');
    expect(d.time_zone).toBe('Africa/Lagos');
    expect(d.sales.today).toEqual({
      date: '2025-03-15',
      count: 3,
      total: 174000,
      by_outlet: { store: { count: 2, total: 24000 }, office: { count: 1, total: 150000 }, salon: { count: 0, total: 0 } },
    });
    expect(d.sales.yesterday).toEqual({
      date: '2025-03-14',
      count: 2,
      total: 22500.1,
      by_outlet: { store: { count: 1, total: 2500.1 }, office: { count: 0, total: 0 }, salon: { count: 1, total: 20000 } },
    });
  });

  it('issue 34: compares today so far with yesterday by the same time of day, not the whole of yesterday', async () => {
    // 00:30 in Lagos: nothing of yesterday was sold by 00:30 (its sales were at 10:00 and 23:59)
    const d = await fetchDashboard();
    expect(d.sales.yesterday_by_now).toEqual({ date: '2025-03-14', to: '2025-03-13T23:30:00.000Z', count: 0, total: 0, by_outlet: zeros });
    expect(d.sales.yesterday.total).toBe(22500.1);
    // at noon on the 15th: the salon's 10:00 sale of the 14th counts, the 23:59 lipstick does not yet
    const noon = await dashboard(t.database.db, t.app.config, new Date('2025-03-15T12:00:00+01:00'));
    expect(noon.sales.yesterday_by_now).toEqual({
      date: '2025-03-14',
      to: '2025-03-14T11:00:00.000Z',
      count: 1,
      total: 20000,
      by_outlet: { store: { count: 0, total: 0 }, office: { count: 0, total: 0 }, salon: { count: 1, total: 20000 } },
    });
    // a minute before midnight and a second after the lipstick: the whole of yesterday
    const late = await dashboard(t.database.db, t.app.config, new Date('2025-03-15T23:59:01+01:00'));
    expect(late.sales.yesterday_by_now).toMatchObject({ count: 2, total: 22500.1 });
  });

  it('gives this month to date with its gross profit, and last month whole and to the same day', async () => {
    const d = await fetchDashboard();
    // store: 9,000 (after the discount) + 15,000 + 2,500.10 + 6,000.20 + 5,000
    expect(d.sales.month).toEqual({
      month: '2025-03',
      from: '2025-03-01',
      to: '2025-03-15',
      count: 7,
      total: 207500.3,
      by_outlet: { store: { count: 5, total: 37500.3 }, office: { count: 1, total: 150000 }, salon: { count: 1, total: 20000 } },
      // minus the cost at each sale: 2×3,000 + 15,000 + 1,000.05 + 2,000 + (3,000 + 400.10) + 3,000 = 30,400.15
      gross_profit: 177100.15,
    });
    expect(d.sales.last_month).toEqual({
      month: '2025-02',
      count: 3,
      total: 175000.2,
      by_outlet: { store: { count: 1, total: 5000.2 }, office: { count: 1, total: 150000 }, salon: { count: 1, total: 20000 } },
      same_period: { from: '2025-02-01', to: '2025-02-15', count: 2, total: 170000 },
    });
  });

  it('splits this month by payment method, cash net of change, adding up to the total', async () => {
    const d = await fetchDashboard();
    expect(d.sales.payment_methods).toEqual({ cash: 27500.1, transfer: 24000, card: 6000.2, pos: 150000, deposit: 0, voucher: 0, credit: 0, package: 0 });
    const sumK = Object.values(d.sales.payment_methods).reduce((s, n) => s + Math.round(n * 100), 0);
    expect(sumK).toBe(Math.round(d.sales.month.total * 100));
  });

  it('lists this month’s top 5 products and services and top staff by revenue', async () => {
    const d = await fetchDashboard();
    expect(d.sales.top_products).toEqual([
      { product_id: ids.brows, name: 'Microblading', outlet: 'office', kind: 'service', quantity: 1, total: 150000 },
      // equal totals: by name
      { product_id: ids.braids, name: 'Knotless Braids', outlet: 'salon', kind: 'service', quantity: 1, total: 20000 },
      { product_id: ids.silk, name: 'Silk Foundation', outlet: 'store', kind: 'product', quantity: 4, total: 20000 },
      { product_id: ids.glam, name: 'Soft Glam Makeup', outlet: 'store', kind: 'service', quantity: 1, total: 15000 },
      { product_id: ids.lipstick, name: 'Matte Lipstick', outlet: 'store', kind: 'product', quantity: 1, total: 2500.1 },
    ]);
    expect(d.sales.top_staff).toEqual([
      { id: a.id, name: 'Amara', count: 4, total: 184000 },
      { id: b.id, name: 'Boma', count: 3, total: 23500.3 },
    ]);
  });

  it('zero-fills 30 days and 12 months of sales per outlet', async () => {
    const d = await fetchDashboard();
    expect(d.sales.daily).toHaveLength(30);
    expect(d.sales.daily[0]!.date).toBe('2025-02-14');
    expect(d.sales.daily.at(-1)).toEqual({ date: '2025-03-15', store: 24000, office: 150000, salon: 0, total: 174000 });
    const nonZero = d.sales.daily.filter((r) => r.total !== 0);
    expect(nonZero).toEqual([
      { date: '2025-02-20', store: 5000.2, office: 0, salon: 0, total: 5000.2 },
      { date: '2025-03-01', store: 11000.2, office: 0, salon: 0, total: 11000.2 },
      { date: '2025-03-14', store: 2500.1, office: 0, salon: 20000, total: 22500.1 },
      { date: '2025-03-15', store: 24000, office: 150000, salon: 0, total: 174000 },
    ]);
    // consecutive days, none missing
    d.sales.daily.forEach((r, i) => expect(Date.parse(r.date) - Date.parse(d.sales.daily[0]!.date)).toBe(i * 86_400_000));

    expect(d.sales.monthly.map((m) => m.month)).toEqual(['2024-04', '2024-05', '2024-06', '2024-07', '2024-08', '2024-09', '2024-10', '2024-11', '2024-12', '2025-01', '2025-02', '2025-03']);
    expect(d.sales.monthly.filter((r) => r.total !== 0)).toEqual([
      { month: '2024-04', store: 1000.2, office: 0, salon: 0, total: 1000.2 },
      { month: '2024-06', store: 0, office: 0, salon: 20000, total: 20000 },
      { month: '2025-02', store: 5000.2, office: 150000, salon: 20000, total: 175000.2 },
      { month: '2025-03', store: 37500.3, office: 150000, salon: 20000, total: 207500.3 },
    ]);
  });

  it('lists the 5 newest invoices, a void one marked', async () => {
    const d = await fetchDashboard();
    // today's four share one clock reading: newest id first
    expect(d.sales.recent_orders.map((o) => o.id)).toEqual([...sold].reverse().slice(0, 5));
    expect(d.sales.recent_orders.map((o) => o.status)).toEqual(['void', 'paid', 'paid', 'paid', 'paid']);
    expect(d.sales.recent_orders[0]).toMatchObject({ outlet: 'store', customer_name: 'Walk-in Customer', total: 5000, created_at: new Date(NOW).toISOString() });
    expect(d.sales.recent_orders[4]).toMatchObject({ total: 2500.1, created_at: '2025-03-14T22:59:00.000Z' });
  });

  it('counts finished and low products per outlet (never services) and lists the 8 lowest', async () => {
    const d = await fetchDashboard();
    expect(d.stock.by_outlet).toEqual({ store: { finished: 0, low: 2 }, office: { finished: 0, low: 1 }, salon: { finished: 1, low: 6 } });
    expect([d.stock.finished, d.stock.low]).toEqual([1, 9]);
    expect(d.stock.lowest).toEqual([
      { id: ids.edge, name: 'Edge Control', outlet: 'salon', quantity: 0, reorder_level: 5, stock_status: 'finished' },
      { id: ids.lipstick, name: 'Matte Lipstick', outlet: 'store', quantity: 1, reorder_level: 5, stock_status: 'low' },
      ...[1, 2, 3, 4, 5, 6].map((i) => ({ id: ids[`pin${i}`], name: `Hair Pin ${i}`, outlet: 'salon', quantity: 2, reorder_level: 5, stock_status: 'low' })),
    ]);
  });

  it('starts a new month at midnight in Lagos while UTC is still in the old one', async () => {
    vi.setSystemTime(new Date('2025-03-31T23:30:00Z'));
    try {
      let d = await fetchDashboard();
      expect(d.date).toBe('2025-04-01');
      expect(d.sales.today).toEqual({ date: '2025-04-01', count: 0, total: 0, by_outlet: zeros });
      expect(d.sales.yesterday).toEqual({ date: '2025-03-31', count: 0, total: 0, by_outlet: zeros });
      expect(d.sales.month).toEqual({ month: '2025-04', from: '2025-04-01', to: '2025-04-01', count: 0, total: 0, by_outlet: zeros, gross_profit: 0 });
      expect(d.sales.last_month).toMatchObject({ month: '2025-03', count: 7, total: 207500.3, same_period: { from: '2025-03-01', to: '2025-03-01', count: 2, total: 11000.2 } });
      expect(d.sales.payment_methods).toEqual({ cash: 0, transfer: 0, card: 0, pos: 0, deposit: 0, voucher: 0, credit: 0, package: 0 });
      expect([d.sales.top_products, d.sales.top_staff]).toEqual([[], []]);
      expect(d.sales.monthly.map((m) => m.month)).toEqual(['2024-05', '2024-06', '2024-07', '2024-08', '2024-09', '2024-10', '2024-11', '2024-12', '2025-01', '2025-02', '2025-03', '2025-04']);
      expect(d.sales.daily).toHaveLength(30);
      expect([d.sales.daily[0]!.date, d.sales.daily.at(-1)!.date]).toEqual(['2025-03-03', '2025-04-01']);

      // the last lipstick sold at the till now is an April sale, and the store now has a finished product
      await sellNow(b.token, { items: [{ product_id: ids.lipstick!, quantity: 1 }], payment_method: 'transfer' });
      d = await fetchDashboard();
      expect(d.sales.today).toMatchObject({ count: 1, total: 2500.1, by_outlet: { store: { count: 1, total: 2500.1 } } });
      expect(d.sales.month).toMatchObject({ count: 1, total: 2500.1, gross_profit: 1500.05 });
      expect(d.sales.daily.at(-1)).toEqual({ date: '2025-04-01', store: 2500.1, office: 0, salon: 0, total: 2500.1 });
      expect(d.stock.by_outlet.store).toEqual({ finished: 1, low: 1 });
    } finally {
      vi.setSystemTime(new Date(NOW));
    }
  });
});

describe('GET /api/dashboard: the whole studio', () => {
  it('gives this month’s income, expense and net, trainees in session and owed, hostel beds taken, bookings of the next 14 days', async () => {
    const post = async (url: string, payload: Record<string, unknown>) => {
      const res = await t.call(admin, { method: 'POST', url, payload });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
      return res.json().data as { id: number };
    };
    const before = await fetchDashboard();
    await post('/api/finances', { type: 'expense', category: 'Rent', amount: 100000.1, date: '2025-03-02' });
    await post('/api/finances', { type: 'income', category: 'Hall rental', amount: 5000, date: '2025-03-15' });
    await post('/api/finances', { type: 'expense', category: 'Rent', amount: 7, date: '2025-02-28' }); // last month: not counted
    const program = await post('/api/training-programs', { name: 'Dash course', duration: '3 months', fee: 300000 });
    const session = await post('/api/training-session', { name: 'Dash class', start_date: '2025-01-01', end_date: '2025-06-30' });
    await post('/api/students', { name: 'In Session', phone: '08030000010', program_id: program.id, session_id: session.id, start_date: '2025-01-10', end_date: '2025-03-15', amount_paid: 100000, payment_method: 'cash' });
    await post('/api/students', { name: 'Ended', phone: '08030000011', program_id: program.id, session_id: session.id, start_date: '2025-01-10', end_date: '2025-03-14', fee: 1000, amount_paid: 1000, payment_method: 'cash' });
    const pricing = await post('/api/extra-programs', { type: 'hostel', name: 'Shared room', price: 40000 });
    await post('/api/hostel-students', { name: 'Bed One', phone: '08030000012', pricing_id: pricing.id, start_date: '2025-03-01', end_date: '2025-03-31', amount_paid: 40000, payment_method: 'cash' });
    await post('/api/hostel-students', { name: 'Bed Gone', phone: '08030000013', pricing_id: pricing.id, start_date: '2025-02-01', end_date: '2025-03-14', amount_paid: 40000, payment_method: 'cash' });
    const pkg = await post('/api/bridalpackages', { name: 'Dash bridal', price: 200000 });
    const soon = await post('/api/bridalbookings', { client_name: 'Soon Bride', phone: '08030000014', event_date: '2025-03-28', package_id: pkg.id, amount_paid: 50000, payment_method: 'cash' });
    await post('/api/bridalbookings', { client_name: 'Too Late', phone: '08030000015', event_date: '2025-03-29', package_id: pkg.id });
    await post('/api/bridalbookings', { client_name: 'Today Bride', phone: '08030000016', event_date: '2025-03-15', package_id: pkg.id, price: 150000, amount_paid: 150000, payment_method: 'cash' });

    const d = await fetchDashboard();
    // income: this month's sales, the manual entry, the fee deposits (100,000 + 1,000 + 40,000 + 40,000) and the
    // booking deposits (50,000 + 150,000), all taken "today", 15 March
    const incomeK = Math.round(d.sales.month.total * 100) + 500000 + (10000000 + 100000 + 4000000 + 4000000) + (5000000 + 15000000);
    expect(d.finances).toEqual({ month: '2025-03', income: incomeK / 100, expense: 100000.1, net: (incomeK - 10000010) / 100 });
    expect(before.finances.expense).toBe(0);
    expect(d.students.in_session).toEqual({ students: 1, office_students: 0, hostel_students: 1, total: 2 });
    expect(d.students.owing).toEqual({ count: 1, total: 200000 });
    expect(d.hostel).toEqual({ taken: 1, by_pricing: [{ pricing_id: pricing.id, name: 'Shared room', taken: 1 }] });
    expect(d.bookings.upcoming.map((b) => [b.client_name, b.event_date, b.balance])).toEqual([
      ['Today Bride', '2025-03-15', 0],
      ['Soon Bride', '2025-03-28', 150000],
    ]);
    expect(d.bookings.upcoming[1]!.id).toBe(soon.id);
    expect(d.bookings.balance_due).toBe(150000);
  });
});

describe('GET /api/dashboard: appointments and clients (issue 21)', () => {
  it('counts today’s appointments per outlet and status, and this month’s new and returning clients', async () => {
    const db = t.database.db;
    const before = await fetchDashboard();
    expect(before.appointments).toMatchObject({ date: '2025-03-15', count: 0 });
    const client = async (name: string, phone: string, created: string, merged_into_id: number | null = null) =>
      (await db.insert(clientsTable).values({ name, phone, created_at: new Date(created), updated_at: new Date(created), merged_into_id }).returning())[0]!;
    // recorded before this month (Lagos), and back this month with a paid sale
    const back = await client('Back Again', '+2348030001001', '2025-01-10T12:00:00+01:00');
    await sellAt(t, a.id, '2025-03-05T12:00:00+01:00', { customer_phone: '08030001001', items: [{ product_id: ids.silk!, quantity: 1 }] });
    // before this month, a sale only last month, and one this month that was voided: not returning
    await client('Idle', '+2348030001002', '2025-02-01T12:00:00+01:00');
    await sellAt(t, a.id, '2025-02-05T12:00:00+01:00', { customer_phone: '08030001002', items: [{ product_id: ids.silk!, quantity: 1 }] });
    const voided = await sellAt(t, a.id, '2025-03-06T12:00:00+01:00', { customer_phone: '08030001002', items: [{ product_id: ids.silk!, quantity: 1 }] });
    await voidOrder(voided.id);
    // 28 Feb in Lagos (22:30 UTC), back with a done appointment this month
    const late = await client('Late February', '+2348030001003', '2025-02-28T22:30:00Z');
    // new this month: 1 March in Lagos though still 28 February in UTC, and one with a sale (new, not returning)
    await client('First of March', '+2348030001004', '2025-02-28T23:30:00Z');
    await client('New Buyer', '+2348030001005', '2025-03-10T09:00:00+01:00');
    await sellAt(t, a.id, '2025-03-10T10:00:00+01:00', { customer_phone: '08030001005', items: [{ product_id: ids.silk!, quantity: 1 }] });
    // a merged record counts for neither
    await client('Merged Away', '+2348030001006', '2025-03-03T09:00:00+01:00', back.id);
    // after today (the studio's clock): not this month to date
    await client('Tomorrow', '+2348030001007', '2025-03-15T23:30:00Z');

    const book = async (body: Record<string, unknown>) => {
      const res = await t.call(admin, { method: 'POST', url: '/api/appointments', payload: { artist_id: a.id, ...body } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { id: number };
    };
    const step = async (id: number, status: string) => expect((await t.call(admin, { method: 'PUT', url: `/api/appointments/${id}`, payload: { status } })).statusCode).toBe(200);
    await book({ client_id: late.id, service_id: ids.braids, starts_at: '2025-03-10T10:00:00+01:00', status: 'done' });
    // today in Lagos (the 15th from 23:00 UTC on the 14th): salon booked and cancelled, PMU arrived and a no-show
    await book({ client_id: back.id, service_id: ids.braids, starts_at: '2025-03-14T23:30:00Z' });
    await step((await book({ client_id: back.id, service_id: ids.braids, starts_at: '2025-03-15T15:00:00+01:00' })).id, 'cancelled');
    await step((await book({ client_id: late.id, service_id: ids.brows, starts_at: '2025-03-15T09:00:00+01:00' })).id, 'arrived');
    await step((await book({ client_id: late.id, service_id: ids.brows, starts_at: '2025-03-15T12:00:00+01:00' })).id, 'no_show');
    // yesterday in Lagos (22:30 UTC on the 14th): not today
    await book({ client_id: back.id, service_id: ids.braids, starts_at: '2025-03-14T22:30:00Z' });

    const d = await fetchDashboard();
    const none = { count: 0, booked: 0, arrived: 0, done: 0, no_show: 0, cancelled: 0 };
    expect(d.appointments).toEqual({
      date: '2025-03-15',
      count: 3,
      by_outlet: { store: none, office: { ...none, count: 2, arrived: 1, no_show: 1 }, salon: { ...none, count: 1, booked: 1, cancelled: 1 } },
    });
    expect(d.clients).toEqual({ month: '2025-03', new: before.clients.new + 2, returning: before.clients.returning + 2 });
    // one client counts once however often they came: a second sale and a done appointment this month
    await sellAt(t, a.id, '2025-03-07T12:00:00+01:00', { customer_phone: '08030001001', items: [{ product_id: ids.silk!, quantity: 1 }] });
    await book({ client_id: back.id, service_id: ids.braids, starts_at: '2025-03-12T10:00:00+01:00', status: 'done' });
    expect((await fetchDashboard()).clients).toEqual(d.clients);
  });
});

describe('dashboardCalendar', () => {
  it('compares with the same stretch of a shorter last month', () => {
    const cal = dashboardCalendar(new Date('2025-03-31T12:00:00Z'), 'Africa/Lagos');
    expect([cal.lastMonth, cal.samePeriodTo]).toEqual(['2025-02', '2025-02-28']);
    expect(dashboardCalendar(new Date('2024-03-30T12:00:00Z'), 'Africa/Lagos').samePeriodTo).toBe('2024-02-29');
    expect(dashboardCalendar(new Date('2025-01-15T12:00:00Z'), 'Africa/Lagos')).toMatchObject({ month: '2025-01', lastMonth: '2024-12', samePeriodTo: '2024-12-15', yesterday: '2025-01-14' });
  });

  it('uses the time zone it is given', () => {
    const at = new Date('2025-03-15T02:00:00Z');
    expect(dashboardCalendar(at, 'Africa/Lagos').today).toBe('2025-03-15');
    expect(dashboardCalendar(at, 'America/New_York').today).toBe('2025-03-14');
  });
});
