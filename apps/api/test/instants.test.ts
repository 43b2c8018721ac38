import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studioDate } from '@studio/shared';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';
import { snapshotDatabase, uniqueName } from './helpers/fixtures.js';

// Issue 34, item 6 (decision 028): every instant a body or query may carry is in 2000 to 2100, like the dates.
// An appointment at 9999-12-31T23:59:59Z was a 500; 1999, 2101 and year 1 were taken; the offline block's
// queued_at and prices_as_of took any year from 0000 to 9999. Each is now a 422 naming the field.

/** The bounds every instant's OpenAPI schema carries (formatMinimum, formatMaximum). */
const INSTANT_MIN = '2000-01-01T00:00:00.000Z';
const INSTANT_MAX = '2100-12-31T23:59:59.999Z';

let t: TestApp;
let admin: string;
let artist: { id: number; token: string };
let pos: ReturnType<typeof posHelpers>;
let service: { id: number };
let product: { id: number; price: number };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  artist = await t.staff({ name: 'Ada Artist', role: 'PMU Artist' });
  pos = posHelpers(t, () => admin);
  service = await pos.product({ outlet: 'salon', kind: 'service', name: uniqueName('Braids'), price: 15000 });
  product = await pos.product({ price: 2500, quantity: 50 });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => t.call(admin, { method, url, ...(payload === undefined ? {} : { payload: payload as never }) });

/** Out of 2000..2100 (as written, or in UTC), or not a real instant at all. */
const BAD = [
  '9999-12-31T23:59:59Z',
  '0001-01-01T00:00:00Z',
  '0000-06-15T10:00:00Z',
  '1999-12-31T23:59:59Z',
  '2101-01-01T00:00:00Z',
  '2100-12-31T23:30:00-01:00', // 2101-01-01T00:30Z
  '2000-01-01T00:30:00+01:00', // 1999-12-31T23:30Z
  '2027-02-30T10:00:00Z',
  '2027-03-10T10:00:00', // no offset: which clock?
  '2027-03-10',
];

let phoneSeq = 400000;
const appointment = (starts_at: unknown) => ({ client_name: uniqueName('Client'), client_phone: `0806${String(++phoneSeq).padStart(7, '0')}`, service_id: service.id, artist_id: artist.id, starts_at });

let seq = 0;
function offlineSale(offline: Record<string, unknown>) {
  const now = Date.now();
  const n = ++seq;
  return {
    outlet: 'store',
    customer_name: 'Walk-in Customer',
    payment_method: 'cash',
    client_ref: crypto.randomUUID(),
    items: [{ product_id: product.id, quantity: 1, unit_price: product.price }],
    offline: {
      device_id: 'dev-instants-test',
      device_seq: n,
      provisional_no: `OFF-7Q2-${String(n).padStart(4, '0')}`,
      sold_on: studioDate(new Date(), 'Africa/Lagos'),
      queued_at: new Date(now - 60_000).toISOString(),
      prices_as_of: new Date(now - 3_600_000).toISOString(),
      ...offline,
    },
  };
}

describe('instants in 2000..2100', () => {
  it('an appointment starting out of 2000..2100 (or not a real instant) is a 422 on starts_at, never a 500; nothing is written', async () => {
    const before = await snapshotDatabase(t.database.db);
    for (const starts_at of BAD) {
      const res = await call('POST', '/api/appointments', appointment(starts_at));
      expect(res.statusCode, `${starts_at}: ${res.body}`).toBe(422);
      expect(res.json().errors.starts_at[0], starts_at).toMatch(/2000 to 2100/);
    }
    expect(await snapshotDatabase(t.database.db)).toBe(before);
  });

  it('moving an appointment out of 2000..2100 is a 422 on starts_at; it keeps its time', async () => {
    const made = await call('POST', '/api/appointments', appointment('2027-03-10T10:00:00+01:00'));
    expect(made.statusCode, made.body).toBe(201);
    const { id, starts_at } = made.json().data;
    for (const bad of BAD) {
      const res = await call('PUT', `/api/appointments/${id}`, { starts_at: bad });
      expect(res.statusCode, `${bad}: ${res.body}`).toBe(422);
      expect(Object.keys(res.json().errors), bad).toEqual(['starts_at']);
    }
    expect((await call('GET', `/api/appointments/${id}`)).json().data.starts_at).toBe(starts_at);
  });

  it('the edges of 2000..2100 are taken, and come back as sent', async () => {
    for (const starts_at of ['2000-01-01T00:00:00.000Z', '2100-12-31T12:00:00.000Z', '2028-02-29T09:00:00.000Z']) {
      const res = await call('POST', '/api/appointments', appointment(starts_at));
      expect(res.statusCode, `${starts_at}: ${res.body}`).toBe(201);
      expect(res.json().data.starts_at).toBe(starts_at);
    }
  });

  it("an offline sale's queued_at and prices_as_of out of 2000..2100 are a 422 on that field; nothing is sold", async () => {
    const before = await snapshotDatabase(t.database.db);
    for (const field of ['queued_at', 'prices_as_of']) {
      for (const bad of BAD) {
        const res = await call('POST', '/api/orders', offlineSale({ [field]: bad }));
        expect(res.statusCode, `${field} ${bad}: ${res.body}`).toBe(422);
        expect(Object.keys(res.json().errors), `${field} ${bad}`).toEqual([`offline.${field}`]);
        expect(res.json().errors[`offline.${field}`][0]).toMatch(/2000 to 2100/);
      }
    }
    expect(await snapshotDatabase(t.database.db)).toBe(before);
    const ok = await call('POST', '/api/orders', offlineSale({}));
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

type JsonSchema = { type?: string; format?: string; formatMinimum?: string; formatMaximum?: string; properties?: Record<string, JsonSchema>; [k: string]: unknown };

/** Every instant a schema holds: a node of format date-time, or a text property named like one (`*_at`, `*_as_of`). */
function instantsIn(node: unknown, where: string, out: { where: string; schema: JsonSchema }[], key = ''): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach((n) => instantsIn(n, where, out, key));
  const s = node as JsonSchema;
  if (s.format === 'date-time' || s.format === 'date-time-local' || (/(_at|_as_of)$/.test(key) && (s.type === 'string' || s.type === undefined) && !s.properties)) out.push({ where: `${where}${key}`, schema: s });
  for (const [k, v] of Object.entries(s)) {
    if (k === 'properties' && v && typeof v === 'object') for (const [name, child] of Object.entries(v as Record<string, unknown>)) instantsIn(child, `${where}${key ? `${key}.` : ''}`, out, name);
    else if (typeof v === 'object') instantsIn(v, where, out, key);
  }
}

describe('no route takes an unbounded instant', () => {
  it('every instant field of every body, query and path in the OpenAPI is bounded to 2000..2100', () => {
    const spec = t.app.swagger() as { paths: Record<string, Record<string, { parameters?: { name: string; in: string; schema?: unknown }[]; requestBody?: unknown }>> };
    const found: { where: string; schema: JsonSchema }[] = [];
    for (const [path, ops] of Object.entries(spec.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const p of op.parameters ?? []) instantsIn(p.schema, `${method.toUpperCase()} ${path} ${p.in} `, found, p.name);
        instantsIn(op.requestBody, `${method.toUpperCase()} ${path} body `, found);
      }
    }
    const where = found.map((f) => f.where);
    // the walk finds what is known to be there (it cannot pass by finding nothing)
    expect(where).toEqual(expect.arrayContaining(['POST /api/appointments body starts_at', 'PUT /api/appointments/{id} body starts_at', 'POST /api/orders body offline.queued_at', 'POST /api/orders body offline.prices_as_of']));
    const unbounded = found.filter((f) => f.schema.formatMinimum !== INSTANT_MIN || f.schema.formatMaximum !== INSTANT_MAX).map((f) => f.where);
    expect(unbounded).toEqual([]);
  });
});
