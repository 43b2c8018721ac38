import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, studioDate } from '@studio/shared';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { snapshotDatabase, uniqueName } from './helpers/fixtures.js';

// No payment without its method (issue 17, item 1): a deposit taken with a booking or an enrolment, and every fee
// or booking payment, names how it was paid. Nothing defaults to cash: a missing method is a 422 on the field and
// nothing is written.

let t: TestApp;
let admin: string;
const today = studioDate(new Date(), 'Africa/Lagos');
const call = (method: 'GET' | 'POST', url: string, payload?: unknown) => t.call(admin, { method, url, ...(payload === undefined ? {} : { payload: payload as never }) });

/** Each resource with a ledger, and a valid create body for it (no deposit). */
let kinds: { path: string; body: () => Record<string, unknown> }[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const make = async (url: string, body: Record<string, unknown>) => (await call('POST', url, body)).json().data.id as number;
  const pkg = await make('/api/bridalpackages', { name: uniqueName('Gold'), price: 250000 });
  const program = await make('/api/training-programs', { name: uniqueName('Pro makeup'), duration: '3 months', fee: 350000 });
  const session = await make('/api/training-session', { name: uniqueName('Jan class'), start_date: addDays(today, -10), end_date: addDays(today, 80) });
  const pmu = await make('/api/extra-programs', { type: 'office', name: uniqueName('Microblading'), price: 250000 });
  const bed = await make('/api/extra-programs', { type: 'hostel', name: uniqueName('Shared room'), price: 60000 });
  const trainee = () => ({ name: uniqueName('Amaka'), phone: '08031112222', start_date: today, end_date: addDays(today, 30) });
  kinds = [
    { path: '/api/bridalbookings', body: () => ({ client_name: uniqueName('Bride'), phone: '08031234567', event_date: addDays(today, 60), package_id: pkg }) },
    { path: '/api/students', body: () => ({ ...trainee(), program_id: program, session_id: session }) },
    { path: '/api/office-students', body: () => ({ ...trainee(), package_id: pmu }) },
    { path: '/api/hostel-students', body: () => ({ ...trainee(), pricing_id: bed }) },
  ];
});
afterAll(() => t.close());

describe('a deposit names its method', () => {
  it('a create with a deposit and no method, or a null one, is a 422 on payment_method; nothing is written', async () => {
    for (const { path, body } of kinds) {
      const before = await snapshotDatabase(t.database.db);
      for (const method of [{}, { payment_method: null }, { payment_method: '' }, { payment_method: 'cheque' }]) {
        const res = await call('POST', path, { ...body(), amount_paid: 150000, ...method });
        expect(res.statusCode, `${path} ${JSON.stringify(method)}: ${res.body}`).toBe(422);
        expect(Object.keys(res.json().errors), path).toEqual(['payment_method']);
      }
      const res = await call('POST', path, { ...body(), amount_paid: 150000 });
      expect(res.json().errors.payment_method[0]).toBe('Choose how the deposit was paid: the payment method is required with a deposit.');
      expect(await snapshotDatabase(t.database.db), path).toBe(before);
    }
  });

  it('a deposit by transfer is a transfer in the ledger; no deposit needs no method', async () => {
    for (const { path, body } of kinds) {
      const res = await call('POST', path, { ...body(), amount_paid: 50000, payment_method: 'transfer' });
      expect(res.statusCode, res.body).toBe(201);
      const record = res.json().data as { id: number; amount_paid: number };
      expect(record.amount_paid).toBe(50000);
      const lines = (await call('GET', `${path}/${record.id}/payments`)).json().data as { amount: number; method: string }[];
      expect(lines.map((l) => [l.amount, l.method]), path).toEqual([[50000, 'transfer']]);

      for (const none of [{}, { amount_paid: 0 }, { amount_paid: null, payment_method: null }]) {
        const plain = await call('POST', path, { ...body(), ...none });
        expect(plain.statusCode, `${path} ${JSON.stringify(none)}: ${plain.body}`).toBe(201);
        expect(plain.json().data.amount_paid).toBe(0);
        expect((await call('GET', `${path}/${plain.json().data.id}/payments`)).json().data).toEqual([]);
      }
    }
  });
});

describe('a fee or booking payment names its method', () => {
  it('a payment with no method, a null or an unknown one is a 422 on method; nothing is written', async () => {
    for (const { path, body } of kinds) {
      const id = (await call('POST', path, body())).json().data.id as number;
      const before = await snapshotDatabase(t.database.db);
      for (const method of [{}, { method: null }, { method: '' }, { method: 'cheque' }]) {
        const res = await call('POST', `${path}/${id}/payments`, { amount: 1000, date: today, ...method });
        expect(res.statusCode, `${path} ${JSON.stringify(method)}: ${res.body}`).toBe(422);
        expect(Object.keys(res.json().errors), path).toEqual(['method']);
      }
      expect(await snapshotDatabase(t.database.db), path).toBe(before);
      const ok = await call('POST', `${path}/${id}/payments`, { amount: 1000, date: today, method: 'pos' });
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json().data.payment).toMatchObject({ amount: 1000, method: 'pos' });
    }
  });
});
