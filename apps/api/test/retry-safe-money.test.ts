import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { uniqueName } from './helpers/fixtures.js';

// Issue 19, D3 and item 2: every money-taking call is safe to retry. Fee payments (the three trainee kinds), booking
// payments, creates that take a deposit and finance entries take a client_ref (crud/idempotency.ts): a replay answers
// the first result (200, Idempotent-Replay: true) and records nothing more; another body with the same key is a 422.

let t: TestApp;
let admin: string;
const call = (method: 'GET' | 'POST', url: string, payload?: unknown) => t.call(admin, { method, url, ...(payload === undefined ? {} : { payload: payload as never }) });
const parents: Record<string, number> = {};
let bookingBody: Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const make = async (url: string, body: Record<string, unknown>) => {
    const res = await call('POST', url, body);
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.body}`);
    return res.json().data.id as number;
  };
  const program = await make('/api/training-programs', { name: uniqueName('Pro makeup'), duration: '3 months', fee: 350000 });
  const session = await make('/api/training-session', { name: uniqueName('Jan class'), start_date: '2026-01-05', end_date: '2027-12-20' });
  const pmu = await make('/api/extra-programs', { type: 'office', name: uniqueName('Microblading'), price: 250000 });
  const hostel = await make('/api/extra-programs', { type: 'hostel', name: uniqueName('Shared room'), price: 60000 });
  const pkg = await make('/api/bridalpackages', { name: uniqueName('Bridal'), price: 250000 });
  const person = { name: uniqueName('Amaka'), phone: '08031112222', start_date: '2026-02-01', end_date: '2026-12-01' };
  parents['/api/students'] = await make('/api/students', { ...person, program_id: program, session_id: session });
  parents['/api/office-students'] = await make('/api/office-students', { ...person, package_id: pmu });
  parents['/api/hostel-students'] = await make('/api/hostel-students', { ...person, pricing_id: hostel });
  bookingBody = { client_name: uniqueName('Bride'), phone: '08030000000', event_date: '2026-12-12', package_id: pkg };
  parents['/api/bridalbookings'] = await make('/api/bridalbookings', bookingBody);
});
afterAll(() => t.close());

describe('D3: payments are safe to retry', () => {
  for (const path of ['/api/students', '/api/office-students', '/api/hostel-students', '/api/bridalbookings']) {
    it(`${path}/{id}/payments: a replay answers the first result and takes nothing twice; another body with the key is a 422`, async () => {
      const id = parents[path]!;
      const client_ref = crypto.randomUUID();
      const body = { amount: 15000, method: 'transfer', date: '2026-03-01', note: 'Fee, part', client_ref };
      const first = await call('POST', `${path}/${id}/payments`, body);
      expect(first.statusCode, first.body).toBe(201);
      const replays = await Promise.all([1, 2, 3].map(() => call('POST', `${path}/${id}/payments`, body)));
      for (const r of replays) {
        expect(r.statusCode, r.body).toBe(200);
        expect(r.headers['idempotent-replay']).toBe('true');
        expect(r.json()).toEqual(first.json());
      }
      const lines = (await call('GET', `${path}/${id}/payments`)).json().data as { amount: number }[];
      expect(lines.filter((l) => l.amount === 15000)).toHaveLength(1);
      expect((await call('GET', `${path}/${id}`)).json().data.amount_paid).toBe(15000);
      const other = await call('POST', `${path}/${id}/payments`, { ...body, amount: 15001 });
      expect(other.statusCode).toBe(422);
      expect(Object.keys(other.json().errors)).toEqual(['client_ref']);
      // without a key, as before: each call is a payment
      expect((await call('POST', `${path}/${id}/payments`, { ...body, client_ref: undefined, amount: 1 })).statusCode).toBe(201);
      expect((await call('POST', `${path}/${id}/payments`, { ...body, client_ref: 'not-a-uuid' })).statusCode).toBe(422);
    });
  }

  for (const path of ['/api/students', '/api/bridalbookings']) {
    it(`${path}/{id}/payments/{paymentId}/reverse: money given back once; a replay answers the first result; another body with the key is a 422`, async () => {
      const id = parents[path]!;
      const before = (await call('GET', `${path}/${id}`)).json().data.amount_paid as number;
      const paid = await call('POST', `${path}/${id}/payments`, { amount: 7000, method: 'cash', date: '2026-03-02', note: 'To give back', client_ref: crypto.randomUUID() });
      expect(paid.statusCode, paid.body).toBe(201);
      const lineId = paid.json().data.payment.id as number;
      const body = { reason: 'Paid twice by mistake', client_ref: crypto.randomUUID() };
      const first = await call('POST', `${path}/${id}/payments/${lineId}/reverse`, body);
      expect(first.statusCode, first.body).toBe(201);
      const replays = await Promise.all([1, 2].map(() => call('POST', `${path}/${id}/payments/${lineId}/reverse`, body)));
      for (const r of replays) {
        expect(r.statusCode, r.body).toBe(200);
        expect(r.headers['idempotent-replay']).toBe('true');
        expect(r.json()).toEqual(first.json());
      }
      const lines = (await call('GET', `${path}/${id}/payments`)).json().data as { amount: number; reverses_id: number | null }[];
      expect(lines.filter((l) => l.reverses_id === lineId).map((l) => l.amount)).toEqual([-7000]);
      expect((await call('GET', `${path}/${id}`)).json().data.amount_paid).toBe(before);
      const other = await call('POST', `${path}/${id}/payments/${lineId}/reverse`, { ...body, reason: 'Another reason' });
      expect(other.statusCode).toBe(422);
      expect(Object.keys(other.json().errors)).toEqual(['client_ref']);
      // without a key, as before: a second reversal of the line is refused
      expect((await call('POST', `${path}/${id}/payments/${lineId}/reverse`, { reason: 'Again' })).json().errors).toEqual({ payment: ['This payment has already been reversed.'] });
    });
  }

  it('a finance entry and a booking with its deposit, retried with their client_ref, are recorded once', async () => {
    const client_ref = crypto.randomUUID();
    const entry = { type: 'expense', category: 'Generator fuel', amount: 25000, date: '2026-03-10', description: `Diesel ${client_ref}`, client_ref };
    const [a, b] = [await call('POST', '/api/finances', entry), await call('POST', '/api/finances', entry)];
    expect(a.statusCode, a.body).toBe(201);
    expect(b.statusCode).toBe(200);
    expect(b.json().data.id).toBe(a.json().data.id);
    const month = (await call('GET', '/api/finances/getmonth/2026-03')).json().data as { description: string }[];
    expect(month.filter((e) => e.description === entry.description)).toHaveLength(1);
    expect((await call('POST', '/api/finances', { ...entry, amount: 1 })).statusCode).toBe(422);

    const ref = crypto.randomUUID();
    const booking = { ...bookingBody, client_name: uniqueName('Deposit bride'), amount_paid: 50000, payment_method: 'cash', client_ref: ref };
    const first = await call('POST', '/api/bridalbookings', booking);
    expect(first.statusCode, first.body).toBe(201);
    const again = await call('POST', '/api/bridalbookings', booking);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    const found = (await call('GET', `/api/bridalbookings/search/${encodeURIComponent(booking.client_name as string)}`)).json().data as unknown[];
    expect(found).toHaveLength(1);
    expect((await call('GET', `/api/bridalbookings/${first.json().data.id}/payments`)).json().data).toHaveLength(1);
  });
});
