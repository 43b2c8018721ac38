import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { studioDate, type TransferLine } from '@studio/shared';
import { activityLogTable } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { uniqueName } from './helpers/fixtures.js';
import { posHelpers } from './helpers/pos.js';

// Issue 17, item 5: bank transfers wait for a person; the list, confirm, not received, who may.
let t: TestApp;
let admin: string;
let staff: Awaited<ReturnType<TestApp['staff']>>;
let pos: ReturnType<typeof posHelpers>;
const today = studioDate(new Date(), 'Africa/Lagos');
let program: number, session: number, pmu: number, hostel: number, bridal: number;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) => t.call(token, { method, url, ...(payload === undefined ? {} : { payload: payload as never }) });
const list = async () => {
  const res = await call('GET', '/api/transfers/unconfirmed');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: TransferLine[]; summary: { count: number; amount: number } };
};
const make = async (url: string, body: Record<string, unknown>) => {
  const res = await call('POST', url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; balance: number; amount_paid: number };
};
const pay = async (path: string, id: number, amount: number, method = 'transfer', note: string | null = null) => {
  const res = await call('POST', `${path}/${id}/payments`, { amount, method, date: today, note }, admin);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.payment as { id: number };
};
const logged = (action: string) => t.database.db.select().from(activityLogTable).where(eq(activityLogTable.action, action)).orderBy(activityLogTable.id);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  staff = await t.staff({ name: 'Boma Till' });
  pos = posHelpers(t, () => admin);
  program = (await make('/api/training-programs', { name: uniqueName('Pro makeup'), duration: '3 months', fee: 350000 })).id;
  session = (await make('/api/training-session', { name: uniqueName('Class'), start_date: '2026-01-05', end_date: '2027-12-20' })).id;
  pmu = (await make('/api/extra-programs', { type: 'office', name: uniqueName('Microblading'), price: 250000 })).id;
  hostel = (await make('/api/extra-programs', { type: 'hostel', name: uniqueName('Shared room'), price: 60000 })).id;
  bridal = (await make('/api/bridalpackages', { name: uniqueName('Gold'), price: 250000 })).id;
});
afterAll(() => t.close());

/** One transfer of each kind, a cash fee and a card sale beside them; returns the transfer lines' ids by kind. */
async function oneOfEach() {
  const p = await pos.product({ price: 12_500, quantity: 20 });
  const sale = await pos.sell(staff.token, { items: [{ product_id: p.id, quantity: 2 }], payment_method: undefined, payments: [{ method: 'transfer', amount: 25_000, reference: `GTB-${crypto.randomBytes(3).toString('hex')}` }] });
  expect(sale.statusCode, sale.body).toBe(201);
  const card = await pos.sell(staff.token, { items: [{ product_id: p.id, quantity: 1 }], payment_method: 'card' });
  expect(card.statusCode).toBe(201);
  const student = await make('/api/students', { name: uniqueName('Amaka'), phone: '08031112222', program_id: program, session_id: session, start_date: today, end_date: today });
  const office = await make('/api/office-students', { name: uniqueName('Ify'), phone: '08031113333', package_id: pmu, start_date: today, end_date: today });
  const lodger = await make('/api/hostel-students', { name: uniqueName('Tari'), phone: '08031114444', pricing_id: hostel, start_date: today, end_date: today });
  const booking = await make('/api/bridalbookings', { client_name: uniqueName('Bride'), phone: '08031234567', event_date: '2027-03-14', package_id: bridal });
  await pay('/api/students', student.id, 5_000, 'cash');
  return {
    order: sale.json().data as { id: number; invoice_no: string; payments: { id: number; reference: string }[] },
    student,
    office,
    lodger,
    booking,
    lines: {
      sale: sale.json().data.payments[0].id as number,
      student: (await pay('/api/students', student.id, 100_000, 'transfer', 'Access 0091')).id,
      'office-student': (await pay('/api/office-students', office.id, 50_000)).id,
      'hostel-student': (await pay('/api/hostel-students', lodger.id, 20_000)).id,
      booking: (await pay('/api/bridalbookings', booking.id, 75_000.5)).id,
    },
  };
}

describe('GET /api/transfers/unconfirmed', () => {
  it('lists every transfer line of the five kinds, none of the other methods, with who took it; summary exact', async () => {
    const before = await list();
    const f = await oneOfEach();
    const after = await list();
    const added = after.data.filter((l) => !before.data.some((b) => b.kind === l.kind && b.id === l.id));
    expect(added.map((l) => [l.kind, l.id]).sort()).toEqual(Object.entries(f.lines).sort());
    const sale = added.find((l) => l.kind === 'sale')!;
    expect(sale).toMatchObject({ amount: 25_000, reference: f.order.payments[0]!.reference, date: today, taken_by: { id: staff.id, name: 'Boma Till' }, status: 'unconfirmed', invoice_no: f.order.invoice_no, outlet: 'store', parent_id: f.order.id });
    expect(added.find((l) => l.kind === 'student')).toMatchObject({ amount: 100_000, reference: 'Access 0091', taken_by: { name: 'Studio Admin' }, parent_id: f.student.id });
    expect(after.summary.count).toBe(before.summary.count + 5);
    expect(Math.round(after.summary.amount * 100)).toBe(Math.round(before.summary.amount * 100) + 27_000_050);
    // the sale's line says so on the invoice too
    const order = (await call('GET', `/api/orders/${f.order.id}`)).json().data;
    expect(order.payments[0]).toMatchObject({ id: f.lines.sale, method: 'transfer', transfer_status: 'unconfirmed', confirmed_at: null, confirmed_by: null });
  });

  it('is admin-only: staff get 403 on the list, confirm and not-received, and nothing changes', async () => {
    const f = await oneOfEach();
    expect((await call('GET', '/api/transfers/unconfirmed', undefined, staff.token)).statusCode).toBe(403);
    expect((await call('POST', '/api/transfers/confirm', { items: [{ kind: 'sale', id: f.lines.sale }] }, staff.token)).statusCode).toBe(403);
    expect((await call('POST', '/api/transfers/not-received', { items: [{ kind: 'sale', id: f.lines.sale }], reason: 'x' }, staff.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/transfers/unconfirmed', undefined, null as never)).statusCode).toBe(401);
    expect((await list()).data.some((l) => l.kind === 'sale' && l.id === f.lines.sale)).toBe(true);
  });
});

describe('POST /api/transfers/confirm', () => {
  it('records who and when on each line, logs each once, and is idempotent', async () => {
    const f = await oneOfEach();
    const items = Object.entries(f.lines).map(([kind, id]) => ({ kind, id }));
    const logBefore = (await logged('transfer_confirmed')).length;
    // the day close counts the day's sale transfers still waiting, before and after
    const waiting = async () => (await call('GET', `/api/day-close/store/${today}`)).json().data.transfers.unconfirmed as { count: number; amount: number };
    const d0 = await waiting();
    expect(d0.count).toBeGreaterThanOrEqual(1);
    const res = await call('POST', '/api/transfers/confirm', { items });
    expect(res.statusCode, res.body).toBe(200);
    const d1 = await waiting();
    expect(d1.count).toBe(d0.count - 1);
    expect(Math.round(d1.amount * 100)).toBe(Math.round(d0.amount * 100) - 2_500_000);
    const lines = res.json().data as TransferLine[];
    expect(lines).toHaveLength(5);
    for (const l of lines) expect(l).toMatchObject({ status: 'confirmed', confirmed_by: { name: 'Studio Admin' } });
    expect((await list()).data.filter((l) => items.some((i) => i.kind === l.kind && i.id === l.id))).toEqual([]);
    const log = await logged('transfer_confirmed');
    expect(log.length).toBe(logBefore + 5);
    expect(log.at(-5)).toMatchObject({ resource: 'orders', record_id: f.order.id, user_name: 'Studio Admin' });

    // on the invoice and on the ledger
    const order = (await call('GET', `/api/orders/${f.order.id}`)).json().data;
    expect(order.payments[0]).toMatchObject({ transfer_status: 'confirmed', confirmed_by: { name: 'Studio Admin' } });
    const ledger = (await call('GET', `/api/students/${f.student.id}/payments`)).json().data as { id: number; transfer_status: string | null; confirmed_at: string | null }[];
    expect(ledger.find((l) => l.id === f.lines.student)).toMatchObject({ transfer_status: 'confirmed' });
    expect(ledger.find((l) => l.id !== f.lines.student)).toMatchObject({ transfer_status: null, confirmed_at: null });

    // again: the same answer, the first confirmation kept, no new log line
    const again = await call('POST', '/api/transfers/confirm', { items: items.slice(0, 2) });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.map((l: TransferLine) => l.confirmed_at)).toEqual(lines.slice(0, 2).map((l) => l.confirmed_at));
    expect((await logged('transfer_confirmed')).length).toBe(logBefore + 5);
  });

  it('refuses a bad item with a 422 naming it, and confirms nothing of that call', async () => {
    const f = await oneOfEach();
    const cashLine = ((await call('GET', `/api/students/${f.student.id}/payments`)).json().data as { id: number; method: string }[]).find((l) => l.method === 'cash')!.id;
    const bad = [
      [{ kind: 'sale', id: f.lines.sale }, { kind: 'sale', id: 999_999 }],
      [{ kind: 'sale', id: f.lines.sale }, { kind: 'student', id: cashLine }],
    ];
    for (const items of bad) {
      const res = await call('POST', '/api/transfers/confirm', { items });
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['items.1']);
    }
    for (const body of [{}, { items: [] }, { items: [{ kind: 'invoice', id: 1 }] }, { items: [{ kind: 'sale', id: -1 }] }, { items: [{ kind: 'sale', id: f.lines.sale }], client_ref: 'nope' }]) {
      expect((await call('POST', '/api/transfers/confirm', body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await list()).data.some((l) => l.kind === 'sale' && l.id === f.lines.sale)).toBe(true);
  });

  it('takes a client_ref: a replay answers the first result, another body with it is a 422', async () => {
    const f = await oneOfEach();
    const ref = crypto.randomUUID();
    const first = await call('POST', '/api/transfers/confirm', { items: [{ kind: 'booking', id: f.lines.booking }], client_ref: ref });
    expect(first.statusCode).toBe(200);
    const replay = await call('POST', '/api/transfers/confirm', { items: [{ kind: 'booking', id: f.lines.booking }], client_ref: ref });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replay']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const other = await call('POST', '/api/transfers/confirm', { items: [{ kind: 'sale', id: f.lines.sale }], client_ref: ref });
    expect(other.statusCode).toBe(422);
    expect(Object.keys(other.json().errors)).toEqual(['client_ref']);
  });

  it("the dashboard's card is the list's count and amount: a voided sale's transfer and a reversed fee's are out of both", async () => {
    const f = await oneOfEach();
    const card = async () => (await call('GET', '/api/dashboard')).json().data.transfers.unconfirmed as { count: number; amount: number };
    const kobo = (n: number) => Math.round(n * 100);
    const [l0, c0] = [(await list()).summary, await card()];
    expect(c0).toEqual(l0);

    expect((await call('DELETE', `/api/orders/${f.order.id}`, { reason: 'Rung up twice' })).statusCode).toBe(200);
    const rev = await call('POST', `/api/students/${f.student.id}/payments/${f.lines.student}/reverse`, { reason: 'Entered on the wrong trainee' });
    expect(rev.statusCode, rev.body).toBe(201);
    const [l1, c1] = [(await list()).summary, await card()];
    expect(c1).toEqual(l1);
    expect(c1.count).toBe(c0.count - 2);
    expect(kobo(c1.amount)).toBe(kobo(c0.amount) - 2_500_000 - 10_000_000);
  });

  it('a sale relabelled to transfer waits for a person again', async () => {
    const p = await pos.product({ price: 3_000 });
    const sale = (await pos.sell(admin, { items: [{ product_id: p.id, quantity: 1 }], payment_method: 'pos' })).json().data;
    expect((await list()).data.some((l) => l.kind === 'sale' && l.parent_id === sale.id)).toBe(false);
    expect((await call('PUT', `/api/orders/${sale.id}`, { payment_method: 'transfer' })).statusCode).toBe(200);
    expect((await list()).data.find((l) => l.kind === 'sale' && l.parent_id === sale.id)).toMatchObject({ amount: 3_000, status: 'unconfirmed' });
  });
});

describe('POST /api/transfers/not-received', () => {
  it('flags a sale line: shown on the invoice, owed by the sale, out of the list and of income, apart in the day close, the summary and the dashboard', async () => {
    const f = await oneOfEach();
    const summary = async () => (await call('GET', `/api/finances/summary-range/${today}/${today}`)).json().data;
    const day = async () => (await call('GET', `/api/day-close/store/${today}`)).json().data;
    const dash = async () => (await call('GET', '/api/dashboard')).json().data;
    const [s0, d0, b0] = [await summary(), await day(), await dash()];
    expect(d0.transfers.unconfirmed.count).toBeGreaterThanOrEqual(1);
    expect(b0.transfers.unconfirmed.count).toBe((await list()).summary.count);

    expect((await call('POST', '/api/transfers/not-received', { items: [{ kind: 'sale', id: f.lines.sale }] })).statusCode).toBe(422);
    const res = await call('POST', '/api/transfers/not-received', { items: [{ kind: 'sale', id: f.lines.sale }], reason: 'Alert was fake: no credit on the GTB statement' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({ status: 'not_received', not_received_by: { name: 'Studio Admin' }, not_received_reason: 'Alert was fake: no credit on the GTB statement' });

    const order = (await call('GET', `/api/orders/${f.order.id}`)).json().data;
    expect(order.payments[0]).toMatchObject({ transfer_status: 'not_received', not_received_reason: 'Alert was fake: no credit on the GTB statement' });
    expect((await list()).data.some((l) => l.kind === 'sale' && l.id === f.lines.sale)).toBe(false);

    const [s1, d1, b1] = [await summary(), await day(), await dash()];
    // the sale owes it (issue 28, item 3; decision 027): out of the sales and income, as a fee's is, and shown apart
    expect(Math.round((s0.income_by_source.sales_store - s1.income_by_source.sales_store) * 100)).toBe(2_500_000);
    expect(Math.round((s1.transfers_not_received - s0.transfers_not_received) * 100)).toBe(2_500_000);
    expect(Math.round((s1.transfers_not_received_sales - s0.transfers_not_received_sales) * 100)).toBe(2_500_000);
    expect(Math.round((s0.income - s1.income) * 100)).toBe(2_500_000);
    expect(order.balance).toBe(25_000);
    expect(d1.transfers.not_received.count).toBe(d0.transfers.not_received.count + 1);
    expect(d1.transfers.unconfirmed.count).toBe(d0.transfers.unconfirmed.count - 1);
    expect(Math.round((b1.transfers.not_received.amount - b0.transfers.not_received.amount) * 100)).toBe(2_500_000);
    expect((await logged('transfer_not_received')).at(-1)).toMatchObject({ resource: 'orders', record_id: f.order.id });

    // final: it cannot be confirmed after; a second flag changes nothing
    const confirm = await call('POST', '/api/transfers/confirm', { items: [{ kind: 'sale', id: f.lines.sale }] });
    expect(confirm.statusCode).toBe(422);
    expect(confirm.json().errors['items.0'][0]).toMatch(/marked not received/);
    expect((await call('POST', '/api/transfers/not-received', { items: [{ kind: 'sale', id: f.lines.sale }], reason: 'again' })).json().data[0].not_received_reason).toBe('Alert was fake: no credit on the GTB statement');
  });

  it("reverses a fee's line in its ledger: the balance is owed again, the ledger shows the flag and the reversal", async () => {
    const f = await oneOfEach();
    const summary = async () => (await call('GET', `/api/finances/summary-range/${today}/${today}`)).json().data;
    const s0 = await summary();
    const before = (await call('GET', `/api/office-students/${f.office.id}`)).json().data;
    const res = await call('POST', '/api/transfers/not-received', { items: [{ kind: 'office-student', id: f.lines['office-student'] }], reason: 'Bounced' });
    expect(res.statusCode, res.body).toBe(200);
    // the summary: out of the fees (the reversal) and so of income, shown apart, and not among the sales' part
    const s1 = await summary();
    expect(Math.round((s0.income_by_source.fees - s1.income_by_source.fees) * 100)).toBe(5_000_000);
    expect(Math.round((s0.income - s1.income) * 100)).toBe(5_000_000);
    expect(Math.round((s1.transfers_not_received - s0.transfers_not_received) * 100)).toBe(5_000_000);
    expect(s1.transfers_not_received_sales).toBe(s0.transfers_not_received_sales);
    const after = (await call('GET', `/api/office-students/${f.office.id}`)).json().data;
    expect(after.balance - before.balance).toBe(50_000);
    const ledger = (await call('GET', `/api/office-students/${f.office.id}/payments`)).json().data as { id: number; amount: number; reverses_id: number | null; reversed_by: number | null; note: string | null; transfer_status: string | null }[];
    const line = ledger.find((l) => l.id === f.lines['office-student'])!;
    expect(line).toMatchObject({ transfer_status: 'not_received' });
    expect(ledger.find((l) => l.id === line.reversed_by)).toMatchObject({ amount: -50_000, note: 'Transfer not received: Bounced' });
  });

  it('takes a client_ref: a replay answers the first result and reverses nothing twice; another body with it is a 422', async () => {
    const f = await oneOfEach();
    const ref = crypto.randomUUID();
    const body = { items: [{ kind: 'student', id: f.lines.student }], reason: 'No credit on the Access statement', client_ref: ref };
    const first = await call('POST', '/api/transfers/not-received', body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replay']).toBe('false');
    const replay = await call('POST', '/api/transfers/not-received', body);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replay']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const ledger = (await call('GET', `/api/students/${f.student.id}/payments`)).json().data as { reverses_id: number | null }[];
    expect(ledger.filter((l) => l.reverses_id === f.lines.student)).toHaveLength(1);
    expect((await logged('transfer_not_received')).filter((r) => r.resource === 'students' && r.record_id === f.student.id)).toHaveLength(1);
    // the same key with another reason, or other lines: refused on the key, nothing flagged
    for (const other of [{ ...body, reason: 'Bounced' }, { ...body, items: [{ kind: 'booking', id: f.lines.booking }] }]) {
      const res = await call('POST', '/api/transfers/not-received', other);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['client_ref']);
    }
    expect((await list()).data.find((l) => l.kind === 'booking' && l.id === f.lines.booking)).toMatchObject({ status: 'unconfirmed' });
    expect((await call('POST', '/api/transfers/not-received', { ...body, client_ref: 'not-a-uuid' })).statusCode).toBe(422);
  });

  it('refuses a confirmed line (422 on the item)', async () => {
    const f = await oneOfEach();
    await call('POST', '/api/transfers/confirm', { items: [{ kind: 'hostel-student', id: f.lines['hostel-student'] }] });
    const res = await call('POST', '/api/transfers/not-received', { items: [{ kind: 'hostel-student', id: f.lines['hostel-student'] }], reason: 'x' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['items.0']);
    const rows = await t.database.db.select().from(activityLogTable).where(and(eq(activityLogTable.action, 'transfer_not_received'), eq(activityLogTable.resource, 'hostel-students')));
    expect(rows).toHaveLength(0);
  });
});
