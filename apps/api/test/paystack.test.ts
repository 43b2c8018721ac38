import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, studioDate } from '@studio/shared';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { snapshotDatabase, uniqueName } from './helpers/fixtures.js';

// Issue 30, item 4: a trainee's or a bride's own account number, credited by a signed Paystack webhook. The events are
// made up here in Paystack's shape (charge.success on the dedicated_nuban channel) and signed with the test key; no
// network call is made.

const KEY = `sk_test_${'a1b2c3d4e5'.repeat(4)}`;
const WEBHOOK = '/api/integrations/paystack/webhook';
let t: TestApp;
let admin: string;
const today = studioDate(new Date(), 'Africa/Lagos');
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) => t.call(token, { method, url, ...(payload === undefined ? {} : { payload: payload as never }) });

let eventNo = 0;
/** A Paystack charge.success for a transfer into a dedicated account, as Paystack sends it (amount in kobo). */
function credit(account: string, amountKobo: number, over: Record<string, unknown> = {}) {
  eventNo += 1;
  return {
    event: 'charge.success',
    data: {
      id: 4_000_000 + eventNo,
      domain: 'test',
      status: 'success',
      reference: `1001${eventNo}2026112912345`,
      amount: amountKobo,
      gateway_response: 'Approved',
      paid_at: new Date().toISOString(),
      channel: 'dedicated_nuban',
      currency: 'NGN',
      customer: { customer_code: 'CUS_test123', first_name: 'Adaeze', last_name: 'Okoro' },
      authorization: { channel: 'dedicated_nuban', sender_bank: 'Access Bank', sender_name: 'ADAEZE OKORO', narration: 'School fees', receiver_bank_account_number: account, receiver_bank: 'Wema Bank' },
      ...over,
    },
  };
}
const sign = (raw: string, key = KEY) => crypto.createHmac('sha512', key).update(raw).digest('hex');
/** Posts the event's exact bytes with the given signature (the right one unless told). */
const deliver = (body: unknown, signature?: string | null) => {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  return t.app.inject({ method: 'POST', url: WEBHOOK, headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-paystack-signature': signature ?? sign(raw) }) }, payload: raw });
};

let studentId: number;
let bookingId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const make = async (url: string, body: Record<string, unknown>) => {
    const res = await call('POST', url, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  const program = await make('/api/training-programs', { name: uniqueName('Pro makeup'), duration: '3 months', fee: 350000 });
  const session = await make('/api/training-session', { name: uniqueName('Jan class'), start_date: addDays(today, -10), end_date: addDays(today, 80) });
  studentId = await make('/api/students', { name: uniqueName('Adaeze'), phone: '08031112222', start_date: today, end_date: addDays(today, 30), program_id: program, session_id: session });
  const pkg = await make('/api/bridalpackages', { name: uniqueName('Gold'), price: 250000 });
  bookingId = await make('/api/bridalbookings', { client_name: uniqueName('Bride'), phone: '08031234567', event_date: addDays(today, 60), package_id: pkg });
});
afterAll(() => t.close());

describe('Paystack dedicated accounts', () => {
  it('without a key nothing is stored and every webhook is 401; the key is set by an admin and never shown again', async () => {
    const before = await snapshotDatabase(t.database.db);
    expect((await deliver(credit('9900000001', 500000))).statusCode).toBe(401);
    expect(await snapshotDatabase(t.database.db)).toBe(before);

    const staff = await t.staff();
    expect((await call('PUT', '/api/integrations/paystack', { secret_key: KEY }, staff.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/integrations/paystack', undefined, staff.token)).statusCode).toBe(403);
    const bad = await call('PUT', '/api/integrations/paystack', { secret_key: 'pk_test_abc' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['secret_key']);

    const set = await call('PUT', '/api/integrations/paystack', { secret_key: KEY });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ provider: 'paystack', configured: true, webhook_path: WEBHOOK });
    expect(set.body).not.toContain(KEY);
    expect((await call('GET', '/api/integrations/paystack')).body).not.toContain(KEY);
    expect((await call('GET', '/api/activity-log?per_page=5')).body).not.toContain(KEY);
  });

  it('records an account per person: a second account for her, or her number for another, is a 422', async () => {
    const res = await call('POST', '/api/virtual-accounts', { kind: 'student', record_id: studentId, account_number: '9900000001', bank_name: 'Wema Bank', account_name: 'GLAM STUDIO / ADAEZE' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await call('POST', '/api/virtual-accounts', { kind: 'booking', record_id: bookingId, account_number: '9900000001', bank_name: 'Wema Bank', account_name: 'X' })).json().errors).toHaveProperty('account_number');
    expect((await call('POST', '/api/virtual-accounts', { kind: 'student', record_id: studentId, account_number: '9900000003', bank_name: 'Wema Bank', account_name: 'X' })).json().errors).toHaveProperty('record_id');
    expect((await call('POST', '/api/virtual-accounts', { kind: 'student', record_id: 999999, account_number: '9900000004', bank_name: 'Wema Bank', account_name: 'X' })).json().errors).toHaveProperty('record_id');
    expect((await call('POST', '/api/virtual-accounts', { kind: 'booking', record_id: bookingId, account_number: '12345', bank_name: 'Wema Bank', account_name: 'X' })).json().errors).toHaveProperty('account_number');
    expect((await call('POST', '/api/virtual-accounts', { kind: 'booking', record_id: bookingId, account_number: '9900000002', bank_name: 'Wema Bank', account_name: 'GLAM STUDIO / BRIDE' })).statusCode).toBe(201);
    expect((await call('GET', `/api/virtual-accounts?kind=student&record_id=${studentId}`)).json().data.map((a: { account_number: string }) => a.account_number)).toEqual(['9900000001']);
    // her statement asks her to pay into her own account (issue 30, item 6)
    const statement = (await call('GET', `/api/students/${studentId}/statement`)).json().data as { bank_account: unknown; message: string };
    expect(statement.bank_account).toEqual({ bank: 'Wema Bank', number: '9900000001', name: 'GLAM STUDIO / ADAEZE' });
    expect(statement.message).toContain('9900000001');
  });

  it('a wrong or missing signature is 401 and stores nothing; the right one credits her ledger, confirmed by Paystack', async () => {
    const event = credit('9900000001', 5_000_000);
    const before = await snapshotDatabase(t.database.db);
    const raw = JSON.stringify(event);
    expect((await deliver(raw, null)).statusCode).toBe(401);
    expect((await deliver(raw, sign(raw, `sk_test_${'z'.repeat(40)}`))).statusCode).toBe(401);
    expect((await deliver(raw, 'not-hex')).statusCode).toBe(401);
    // the body changed after it was signed
    expect((await deliver(raw.replace('5000000', '9000000'), sign(raw))).statusCode).toBe(401);
    expect(await snapshotDatabase(t.database.db)).toBe(before);

    const res = await deliver(raw);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ outcome: 'credited', duplicate: false });
    const lines = (await call('GET', `/api/students/${studentId}/payments`)).json().data as { amount: number; method: string; transfer_status: string; note: string }[];
    expect(lines.map((l) => [l.amount, l.method, l.transfer_status])).toEqual([[50000, 'transfer', 'confirmed']]);
    expect(lines[0]!.note).toContain(event.data.reference);
    expect((await call('GET', `/api/students/${studentId}`)).json().data.amount_paid).toBe(50000);
    // nothing waits on Transfers to confirm for it
    const waiting = (await call('GET', '/api/transfers/unconfirmed')).json().data as { kind: string; parent_id: number }[];
    expect(waiting.filter((w) => w.kind === 'student' && w.parent_id === studentId)).toEqual([]);
  });

  it('the same event twice (and twenty at once) is stored once and pays once', async () => {
    const event = credit('9900000002', 1_000_000);
    const raw = JSON.stringify(event);
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(raw)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.json().data.duplicate === false)).toHaveLength(1);
    expect((await deliver(raw)).json().data).toEqual({ outcome: 'credited', duplicate: true });
    const lines = (await call('GET', `/api/bridalbookings/${bookingId}/payments`)).json().data as { amount: number }[];
    expect(lines.map((l) => l.amount)).toEqual([10000]);
  });

  it('money it cannot place waits for an admin with the reason: an unknown account, more than the balance; other events are kept and ignored', async () => {
    expect((await deliver(credit('9911111111', 100_000))).json().data.outcome).toBe('no-account');
    // the booking's balance is 240,000: 300,000 is more than it owes
    expect((await deliver(credit('9900000002', 30_000_000))).json().data.outcome).toBe('over-balance');
    expect((await deliver({ event: 'transfer.success', data: { id: 77, amount: 1000 } })).json().data.outcome).toBe('ignored');
    expect((await deliver(credit('9900000002', 100_000, { status: 'failed' }))).json().data.outcome).toBe('ignored');
    expect((await deliver('{not json')).json().data.outcome).toBe('ignored');
    const held = (await call('GET', '/api/integrations/paystack/events?outcome=no-account')).json().data as { account_number: string; detail: string; amount: number }[];
    expect(held[0]).toMatchObject({ account_number: '9911111111', amount: 1000 });
    expect(held[0]!.detail).toMatch(/money with no record/);
    const over = (await call('GET', '/api/integrations/paystack/events?outcome=over-balance')).json().data as { detail: string }[];
    expect(over[0]!.detail).toMatch(/balance/);
    expect((await call('GET', `/api/bridalbookings/${bookingId}/payments`)).json().data).toHaveLength(1);
  });

  it('with the key removed, webhooks are refused again', async () => {
    expect((await call('PUT', '/api/integrations/paystack', { secret_key: null })).json().data.configured).toBe(false);
    expect((await deliver(credit('9900000001', 100_000))).statusCode).toBe(401);
  });
});
