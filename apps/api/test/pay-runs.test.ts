import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toKobo, type PayRun, type PayRunLine, type MyEarnings } from '@studio/shared';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';
import { sellAt } from './helpers/sales.js';

// Staff pay (issue 32): who did the work, commission rules, pay runs whose every naira names its source, my earnings.

let t: TestApp;
let admin: string;
type Person = Awaited<ReturnType<TestApp['staff']>>;
let seller: Person;
let ada: Person;
let bola: Person;
let dayo: Person;
let efe: Person;
let funmi: Person;
let gozie: Person;
let artist: Person;
let bridal: { id: number; price: number };
let facial: { id: number; price: number };
let lipstick: { id: number; price: number };
let braids: { id: number; price: number };

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
  t.call(token, { method, url, ...(payload === undefined ? {} : { payload: payload as never }) });

async function rule(body: Record<string, unknown>): Promise<{ id: number }> {
  const res = await call('POST', '/api/commission-rules', { name: `Rule ${Math.random().toString(36).slice(2, 8)}`, applies_to: 'service', kind: 'percentage', effective_from: '2025-01-01', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
async function draft(from: string, to: string): Promise<PayRun> {
  const res = await call('POST', '/api/pay-runs', { from, to });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const lineOf = (run: PayRun, who: { id: number }): PayRunLine | undefined => run.lines.find((l) => l.staff.id === who.id);
const kobo = (xs: { amount: number }[]) => xs.reduce((k, s) => k + toKobo(s.amount), 0);

/** Every figure of every line is the sum of its sources of that kind; the net is the sum of all of them. */
function expectTraced(run: PayRun): void {
  for (const l of run.lines) {
    expect(toKobo(l.net), l.staff.name).toBe(kobo(l.sources));
    expect(toKobo(l.base_pay)).toBe(kobo(l.sources.filter((s) => s.kind === 'base_pay')));
    expect(toKobo(l.commission)).toBe(kobo(l.sources.filter((s) => s.kind === 'order_line' || s.kind === 'refund')));
    expect(toKobo(l.adjustments)).toBe(kobo(l.sources.filter((s) => s.kind === 'refund_after_close' || s.kind === 'void_after_close')));
    expect(toKobo(l.net)).toBe(toKobo(l.base_pay) + toKobo(l.commission) + toKobo(l.tips) - toKobo(l.advances_paid_back) + toKobo(l.adjustments));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  seller = await t.staff({ name: 'Sade Seller', role: 'Sales Attendant' });
  ada = await t.staff({ name: 'Ada Artist', role: 'Makeup Artist' });
  bola = await t.staff({ name: 'Bola Artist', role: 'Makeup Artist' });
  dayo = await t.staff({ name: 'Dayo Tiers', role: 'Senior Artist' });
  efe = await t.staff({ name: 'Efe Tiers', role: 'Senior Artist' });
  funmi = await t.staff({ name: 'Funmi Change', role: 'Lash Tech' });
  gozie = await t.staff({ name: 'Gozie Refund', role: 'Nail Tech' });
  artist = await t.staff({ name: 'Ify Appointments', role: 'Braider' });
  const pos = posHelpers(t, () => admin);
  bridal = await pos.product({ outlet: 'store', kind: 'service', name: 'Bridal glam', price: 30000, category: 'Bridal' });
  facial = await pos.product({ outlet: 'store', kind: 'service', name: 'Facial', price: 10000 });
  lipstick = await pos.product({ outlet: 'store', name: 'Lipstick', price: 5000, quantity: 100 });
  braids = await pos.product({ outlet: 'salon', kind: 'service', name: 'Braids', price: 15000 });
});
afterAll(() => t.close());

describe('who did the work', () => {
  it('a line names its artist (default the seller); an unknown one is a 422 and sells nothing', async () => {
    const bad = await call('POST', '/api/orders', { outlet: 'store', customer_name: 'Walk-in', payment_method: 'cash', items: [{ product_id: facial.id, quantity: 1, staff_id: 999999 }] }, seller.token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty(['items.0.staff_id']);
    const ok = await call('POST', '/api/orders', { outlet: 'store', customer_name: 'Walk-in', payment_method: 'cash', items: [{ product_id: facial.id, quantity: 1, staff_id: ada.id }, { product_id: lipstick.id, quantity: 1 }] }, seller.token);
    expect(ok.statusCode, ok.body).toBe(201);
    const today = ok.json().data.business_date as string;
    const perf = (await call('GET', `/api/staff-performances/${today}/${today}`)).json().data as { staff: { id: number }; count: number; work: { lines: number; total: number } }[];
    // the sale is the seller's; the facial is Ada's work, the lipstick the seller's
    expect(perf.find((r) => r.staff.id === ada.id)).toMatchObject({ count: 0, work: { lines: 1, total: 10000 } });
    expect(perf.find((r) => r.staff.id === seller.id)).toMatchObject({ count: 1, work: { lines: 1, total: 5000 } });
    // voided so the later runs of today do not count it
    expect((await call('DELETE', `/api/orders/${ok.json().data.id}`, { reason: 'Test sale' })).statusCode).toBe(200);
  });

  it("an appointment's check-out gives its artist the service line", async () => {
    const r = await rule({ staff_id: artist.id, rate: 10, effective_from: '2026-01-01' });
    const appt = await call('POST', '/api/appointments', { client_name: 'Chioma Client', client_phone: '08051112233', service_id: braids.id, artist_id: artist.id, starts_at: '2027-03-10T10:00:00+01:00' }, seller.token);
    expect(appt.statusCode, appt.body).toBe(201);
    const id = appt.json().data.id;
    for (const status of ['arrived', 'done']) expect((await call('PUT', `/api/appointments/${id}`, { status }, seller.token)).statusCode).toBe(200);
    const sale = await call('POST', `/api/appointments/${id}/checkout`, { payment_method: 'cash' }, seller.token);
    expect(sale.statusCode, sale.body).toBe(201);
    const day = sale.json().data.business_date as string;
    const mine = (await call('GET', `/api/my-earnings/${day}/${day}`, undefined, artist.token)).json().data as MyEarnings;
    expect(mine.commission).toBe(1500);
    expect(mine.sources).toEqual([expect.objectContaining({ kind: 'order_line', amount: 1500, rule_id: r.id, order: { id: sale.json().data.id, invoice_no: sale.json().data.invoice_no } })]);
    // the seller who rang it up earns nothing on it
    const sellers = (await call('GET', `/api/my-earnings/${day}/${day}`, undefined, seller.token)).json().data as MyEarnings;
    expect(sellers.sources.filter((s) => s.order?.id === sale.json().data.id)).toEqual([]);
  });
});

describe('commission rules', () => {
  it('refuses a rule for nobody, for two, a percentage over 100 and tiers on a flat rule (422, nothing kept)', async () => {
    const before = (await call('GET', '/api/commission-rules?per_page=100&page=1')).json().total;
    const bad = [
      { name: 'Nobody', applies_to: 'service', rate: 10, effective_from: '2025-01-01' },
      { name: 'Both', applies_to: 'service', rate: 10, effective_from: '2025-01-01', staff_id: ada.id, role: 'Makeup Artist' },
      { name: 'Too much', applies_to: 'service', rate: 120, effective_from: '2025-01-01', role: 'Makeup Artist' },
      { name: 'Flat tiers', applies_to: 'service', kind: 'flat', rate: 100, effective_from: '2025-01-01', role: 'Makeup Artist', tiers: [{ threshold: 1000, rate: 5 }] },
      { name: 'Bad date', applies_to: 'service', rate: 10, effective_from: '2025-02-30', role: 'Makeup Artist' },
      { name: 'Bad basis', applies_to: 'service', rate: 10, effective_from: '2025-02-01', role: 'Makeup Artist', basis: 'cost' },
    ];
    for (const body of bad) {
      const res = await call('POST', '/api/commission-rules', body);
      expect(res.statusCode, body.name).toBe(422);
      expect(res.json().errors).toBeTruthy();
    }
    expect((await call('GET', '/api/commission-rules?per_page=100&page=1')).json().total).toBe(before);
  });
});

describe('pay runs', () => {
  it('a percentage on the price charged, a flat rate per item and a percentage on the list price; base pay; every naira traced', async () => {
    const adaRule = await rule({ staff_id: ada.id, rate: 10 });
    const bolaRule = await rule({ staff_id: bola.id, rate: 10, basis: 'list' });
    const flat = await rule({ role: 'Sales Attendant', applies_to: 'product', kind: 'flat', rate: 200 });
    expect((await call('PUT', `/api/users/${ada.id}`, { base_pay: 100000 })).statusCode).toBe(200);
    // 40,000 less 4,000: every line charged 90% of its price
    const one = await sellAt(t, seller.id, '2025-01-10T12:00:00+01:00', { items: [{ product_id: bridal.id, quantity: 1, staff_id: ada.id }, { product_id: lipstick.id, quantity: 2 }], discount: 4000 });
    const two = await sellAt(t, seller.id, '2025-01-11T12:00:00+01:00', { items: [{ product_id: bridal.id, quantity: 1, staff_id: bola.id }], discount: 3000 });
    const run = await draft('2025-01-01', '2025-01-31');
    expect(run.status).toBe('draft');
    expect(lineOf(run, ada)).toMatchObject({ staff: { id: ada.id, name: 'Ada Artist' }, base_pay: 100000, commission: 2700, adjustments: 0, net: 102700 });
    expect(lineOf(run, ada)!.sources).toEqual([
      expect.objectContaining({ kind: 'base_pay', amount: 100000, rule_id: null }),
      expect.objectContaining({ kind: 'order_line', id: one.items[0]!.id, date: '2025-01-10', amount: 2700, rule_id: adaRule.id, order: { id: one.id, invoice_no: one.invoice_no } }),
    ]);
    // the list price, not the 27,000 charged
    expect(lineOf(run, bola)).toMatchObject({ commission: 3000, net: 3000 });
    expect(lineOf(run, bola)!.sources).toEqual([expect.objectContaining({ kind: 'order_line', id: two.items[0]!.id, amount: 3000, rule_id: bolaRule.id })]);
    // 200 a lipstick, two of them, to the seller who sold them
    expect(lineOf(run, seller)).toMatchObject({ commission: 400 });
    expect(lineOf(run, seller)!.sources).toEqual([expect.objectContaining({ kind: 'order_line', id: one.items[1]!.id, amount: 400, rule_id: flat.id })]);
    expectTraced(run);
    // the run reads back the same, and is listed
    expect((await call('GET', `/api/pay-runs/${run.id}`)).json().data).toEqual(run);
    expect((await call('GET', '/api/pay-runs')).json().data.map((r: PayRun) => r.id)).toContain(run.id);
    // the bank list: one row per person paid, the net
    const csv = await call('GET', `/api/pay-runs/${run.id}/bank-transfers`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('Ada Artist,,102700.00,Pay 2025-01-01 to 2025-01-31');
    // half a month is half the base
    const half = await draft('2025-01-01', '2025-01-15');
    expect(lineOf(half, ada)!.base_pay).toBe(48387.1);
    expectTraced(half);
  });

  it('a tier of each kind crossed in the period: on the whole total, and only above the threshold', async () => {
    const tiers = [{ threshold: 50000, rate: 20 }];
    const whole = await rule({ staff_id: dayo.id, rate: 10, tiers, tier_mode: 'whole', effective_from: '2025-02-01' });
    const above = await rule({ staff_id: efe.id, rate: 10, tiers, tier_mode: 'above', effective_from: '2025-02-01' });
    for (const [who, day] of [
      [dayo, '03'],
      [dayo, '05'],
      [efe, '03'],
      [efe, '05'],
    ] as const)
      await sellAt(t, seller.id, `2025-02-${day}T12:00:00+01:00`, { items: [{ product_id: bridal.id, quantity: 1, staff_id: who.id }] });
    const run = await draft('2025-02-01', '2025-02-28');
    // 60,000 crosses 50,000: 20% of all of it
    expect(lineOf(run, dayo)).toMatchObject({ commission: 12000 });
    expect(lineOf(run, dayo)!.sources.map((s) => [s.amount, s.rule_id])).toEqual([
      [3000, whole.id],
      [9000, whole.id],
    ]);
    // 10% of 50,000 and 20% of the 10,000 above it
    expect(lineOf(run, efe)).toMatchObject({ commission: 7000 });
    expect(lineOf(run, efe)!.sources.map((s) => [s.amount, s.rule_id])).toEqual([
      [3000, above.id],
      [4000, above.id],
    ]);
    expectTraced(run);
    // before the second sale: what is left to the tier
    const early = (await call('GET', '/api/my-earnings/2025-02-01/2025-02-04', undefined, efe.token)).json().data as MyEarnings;
    expect(early.commission).toBe(3000);
    expect(early.tiers).toEqual([{ rule_id: above.id, rule: expect.any(String), total: 30000, rate: 10, next: { threshold: 50000, rate: 20, remaining: 20000 } }]);
  });

  it('a rule changed mid-month prices each sale by the rule of its day', async () => {
    const first = await rule({ staff_id: funmi.id, rate: 10, effective_from: '2025-03-01' });
    const second = await rule({ staff_id: funmi.id, rate: 15, effective_from: '2025-03-16' });
    await sellAt(t, seller.id, '2025-03-10T12:00:00+01:00', { items: [{ product_id: facial.id, quantity: 1, staff_id: funmi.id }] });
    await sellAt(t, seller.id, '2025-03-20T12:00:00+01:00', { items: [{ product_id: facial.id, quantity: 1, staff_id: funmi.id }] });
    const run = await draft('2025-03-01', '2025-03-31');
    expect(lineOf(run, funmi)).toMatchObject({ commission: 2500 });
    expect(lineOf(run, funmi)!.sources.map((s) => [s.date, s.amount, s.rule_id])).toEqual([
      ['2025-03-10', 1000, first.id],
      ['2025-03-20', 1500, second.id],
    ]);
    expectTraced(run);
  });

  it('a rule for a category is more specific than one for all services', async () => {
    const bridalRule = await rule({ staff_id: bola.id, rate: 20, category: 'bridal', effective_from: '2025-07-01' });
    await sellAt(t, seller.id, '2025-07-10T12:00:00+01:00', { items: [{ product_id: bridal.id, quantity: 1, staff_id: bola.id }, { product_id: facial.id, quantity: 1, staff_id: bola.id }] });
    const run = await draft('2025-07-01', '2025-07-31');
    // 20% of the bridal glam; the facial at Bola's 10% on the list price
    expect(lineOf(run, bola)!.sources.map((s) => [s.amount, s.rule_id === bridalRule.id])).toEqual([
      [6000, true],
      [1000, false],
    ]);
    expectTraced(run);
  });

  it('a refund and a void after the run closed: the closed run unchanged, each once as the next run’s adjustment', async () => {
    await rule({ staff_id: gozie.id, rate: 10, effective_from: '2025-04-01' });
    const refunded = await sellAt(t, seller.id, '2025-04-10T12:00:00+01:00', { items: [{ product_id: bridal.id, quantity: 1, staff_id: gozie.id }] });
    const voided = await sellAt(t, seller.id, '2025-04-12T12:00:00+01:00', { items: [{ product_id: facial.id, quantity: 1, staff_id: gozie.id }] });
    const april = await draft('2025-04-01', '2025-04-30');
    const closeRes = await call('POST', `/api/pay-runs/${april.id}/close`);
    expect(closeRes.statusCode, closeRes.body).toBe(200);
    const closed = closeRes.json().data as PayRun;
    expect(closed).toMatchObject({ status: 'closed', closed_by: { name: expect.any(String) } });
    expect(lineOf(closed, gozie)).toMatchObject({ commission: 4000, net: 4000 });
    expectTraced(closed);
    // closed is closed: again, and a run over its days, are refused
    expect((await call('POST', `/api/pay-runs/${april.id}/close`)).statusCode).toBe(422);
    const overlap = await call('POST', '/api/pay-runs', { from: '2025-04-15', to: '2025-05-15' });
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json().errors).toHaveProperty('from');

    const ref = await call('POST', `/api/orders/${refunded.id}/refunds`, { items: [{ order_item_id: refunded.items[0]!.id, quantity: 1 }], method: 'cash', reason: 'Client unhappy' });
    expect(ref.statusCode, ref.body).toBe(201);
    expect((await call('DELETE', `/api/orders/${voided.id}`, { reason: 'Rung up twice' })).statusCode).toBe(200);

    // the closed run reads as it was closed
    expect((await call('GET', `/api/pay-runs/${april.id}`)).json().data).toEqual(closed);
    const may = await draft('2025-05-01', '2025-05-31');
    expect(lineOf(may, gozie)).toMatchObject({ commission: 0, adjustments: -4000, net: -4000 });
    expect(lineOf(may, gozie)!.sources).toEqual([
      expect.objectContaining({ kind: 'refund_after_close', amount: -3000, order: { id: refunded.id, invoice_no: refunded.invoice_no } }),
      expect.objectContaining({ kind: 'void_after_close', id: voided.items[0]!.id, amount: -1000, order: { id: voided.id, invoice_no: voided.invoice_no } }),
    ]);
    expectTraced(may);
    expect((await call('POST', `/api/pay-runs/${may.id}/close`)).statusCode).toBe(200);
    // once: the June run has nothing more of them
    const june = await draft('2025-06-01', '2025-06-30');
    expect(lineOf(june, gozie)).toBeUndefined();
  });

  it('simulates proposed rules over a period, changing nothing, with the share of service sales paid out', async () => {
    const runs = (await call('GET', '/api/pay-runs')).json().data.length;
    const res = await call('POST', '/api/pay-runs/simulate', { from: '2025-03-01', to: '2025-03-31', rules: [{ name: 'Everyone 20%', role: 'Lash Tech', applies_to: 'service', rate: 20, effective_from: '2025-01-01' }] });
    expect(res.statusCode, res.body).toBe(200);
    const sim = res.json().data;
    expect(sim.lines.find((l: PayRunLine) => l.staff.id === funmi.id)).toMatchObject({ commission: 4000 });
    expect(sim.proposed).toMatchObject({ commission: 4000, service_sales: 20000, payout_share: 20 });
    expect(sim.current).toMatchObject({ commission: 2500, service_sales: 20000, payout_share: 12.5 });
    expect((await call('GET', '/api/pay-runs')).json().data.length).toBe(runs);
  });

  it('refuses a bad period with a 422', async () => {
    for (const body of [{ from: '2025-02-01', to: '2025-01-01' }, { from: '2025-02-30', to: '2025-03-01' }, { from: '2024-01-01', to: '2025-06-01' }, {}]) {
      const res = await call('POST', '/api/pay-runs', body);
      expect(res.statusCode).toBe(422);
    }
    expect((await call('GET', '/api/pay-runs/999999')).statusCode).toBe(404);
    expect((await call('POST', '/api/pay-runs/999999/close')).statusCode).toBe(404);
  });
});

describe('who may', () => {
  it('staff read their own earnings, never another’s (403), and never base pay', async () => {
    const own = await call('GET', '/api/my-earnings/2025-01-01/2025-01-31', undefined, ada.token);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ staff: { id: ada.id }, commission: 2700 });
    expect(own.body).not.toMatch(/base_pay/);
    expect((await call('GET', `/api/my-earnings/2025-01-01/2025-01-31?staff_id=${bola.id}`, undefined, ada.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/my-earnings/2025-01-01/2025-01-31?staff_id=${ada.id}`, undefined, ada.token)).statusCode).toBe(200);
    // an admin may ask for anyone's
    const asked = await call('GET', `/api/my-earnings/2025-01-01/2025-01-31?staff_id=${bola.id}`);
    expect(asked.json().data).toMatchObject({ staff: { id: bola.id }, commission: 3000 });
    expect((await call('GET', '/api/my-earnings/2025-01-31/2025-01-01', undefined, ada.token)).statusCode).toBe(422);
  });

  it('staff get 403 on every pay-run and commission-rule call, and nothing changes', async () => {
    const runs = (await call('GET', '/api/pay-runs')).json().data as PayRun[];
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/pay-runs'],
      ['POST', '/api/pay-runs', { from: '2025-07-01', to: '2025-07-31' }],
      ['GET', `/api/pay-runs/${runs[0]!.id}`],
      ['POST', `/api/pay-runs/${runs.find((r) => r.status === 'draft')!.id}/close`],
      ['GET', `/api/pay-runs/${runs[0]!.id}/bank-transfers`],
      ['POST', '/api/pay-runs/simulate', { from: '2025-03-01', to: '2025-03-31', rules: [] }],
      ['GET', '/api/commission-rules'],
      ['POST', '/api/commission-rules', { name: 'Mine', staff_id: ada.id, applies_to: 'service', rate: 90, effective_from: '2025-01-01' }],
    ];
    for (const [method, url, body] of calls) expect((await call(method as 'GET', url, body, ada.token)).statusCode, `${method} ${url}`).toBe(403);
    expect((await call('GET', '/api/pay-runs')).json().data).toEqual(runs);
    // a staff member's own record never carries base pay
    expect((await call('GET', '/api/user', undefined, ada.token)).body).not.toMatch(/"base_pay":\s*100000/);
  });
});
