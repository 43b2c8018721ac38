import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { snapshotDatabase } from './helpers/fixtures.js';

// Issue 19, D8, D9 and item 6: every date field and route takes years 2000 to 2100 and real calendar dates
// only (the shared isoDate / isoMonth primitives), and a monthly summary covers at most 10 years.

let t: TestApp;
let admin: string;
const call = (method: 'GET' | 'POST', url: string, payload?: unknown) => t.call(admin, { method, url, ...(payload === undefined ? {} : { payload: payload as never }) });
const entry = (date: string) => ({ type: 'expense', category: 'Generator fuel', amount: 25000, date, description: 'Diesel' });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

describe('dates the studio could mean', () => {
  it('D8: a record dated outside 2000..2100 or on a day that does not exist is a 422 on the field; the edges are taken', async () => {
    const before = await snapshotDatabase(t.database.db);
    for (const date of ['0001-01-01', '0099-06-15', '1999-12-31', '2101-01-01', '9999-12-31', '2026-02-30', '2026-04-31', '2027-02-29']) {
      const res = await call('POST', '/api/finances', entry(date));
      expect(res.statusCode, date).toBe(422);
      expect(res.json().errors.date[0], date).toMatch(/2000 to 2100/);
    }
    const booking = await call('POST', '/api/bridalbookings', { client_name: 'Ada', phone: '08030000000', event_date: '0026-05-01', price: 1000 });
    expect(booking.statusCode).toBe(422);
    expect(Object.keys(booking.json().errors)).toContain('event_date');
    expect(await snapshotDatabase(t.database.db)).toBe(before);
    for (const date of ['2000-01-01', '2100-12-31', '2028-02-29']) expect((await call('POST', '/api/finances', entry(date))).statusCode, date).toBe(201);
  });

  it('D8: the summary routes refuse such dates with a 422, never a 500', async () => {
    for (const url of [
      '/api/finances/summary-monthly/2026-01/9999-12',
      '/api/finances/summary-monthly/0001-01/0002-01',
      '/api/finances/summary-monthly/2026-02-30/2026-03',
      '/api/finances/summary-range/2026-02-30/2026-03-01',
      '/api/finances/summary-range/0050-01-01/0050-12-31',
      '/api/finances/summary-yearly/0099/0100',
      '/api/finances/summary-yearly/2026/9999',
      '/api/finances/summary-yearly/2026-13/2027',
      '/api/finances/getmonth/0026-01',
      '/api/finances/range/2026-02-29/2026-03-01',
    ]) {
      const res = await call('GET', url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors, url).toBeTruthy();
    }
    const edges = await call('GET', '/api/finances/summary-yearly/2000/2049');
    expect(edges.statusCode).toBe(200);
    expect(edges.json().data[0].period).toBe('2000');
  });

  it('D9: summary-monthly covers at most 120 months, with a clear 422 on `to`', async () => {
    const over = await call('GET', '/api/finances/summary-monthly/2016-01/2026-01');
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.to[0]).toMatch(/at most 120 months/);
    const ten = await call('GET', '/api/finances/summary-monthly/2016-02/2026-01');
    expect(ten.statusCode).toBe(200);
    expect(ten.json().data).toHaveLength(120);
  });
});
