import crypto from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bridalBookings } from '@studio/shared';
import { z } from 'zod';
import type { CrudModule } from '../src/crud/define-crud-module.js';
import { registerCrudRoutes } from '../src/crud/register-crud-routes.js';
import { crudModules } from '../src/crud/registry.js';
import { bridalBookingsModule } from '../src/resources/bridal-bookings/bridal-bookings.module.js';
import type { Db } from '../src/db/client.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';
import { uniqueName } from './helpers/fixtures.js';

// Issue 28, item 5: a create that takes money (a deposit on its ledger) is safe to retry by construction. The route
// mechanism refuses to register one whose create does not declare client_ref; appointment, booking and trainee creates
// with a deposit, sent twice with one key, make one record and one deposit; the key with another body is a 422.

describe('the route mechanism', () => {
  it('refuses to register a create that takes a deposit without client_ref', () => {
    const { client_ref: _ref, ...shape } = bridalBookings.create.shape;
    const withoutRef = z.object(shape);
    const mod = { ...(bridalBookingsModule as unknown as CrudModule), resource: { ...bridalBookings, create: withoutRef } } as CrudModule;
    expect(() => registerCrudRoutes(Fastify(), {} as Db, mod)).toThrow(/takes money \(amount_paid\) but declares no client_ref/);
    // and every module of the registry that takes a deposit on create declares it (so registers)
    const takers = crudModules.filter((m) => m.resource.ledger && 'amount_paid' in m.resource.create.shape);
    expect(takers.map((m) => m.resource.name).sort()).toEqual(['appointments', 'bridalbookings', 'hostel-students', 'office-students', 'students']);
    for (const m of takers) expect(Object.keys(m.resource.create.shape), m.resource.name).toContain('client_ref');
  });
});

let t: TestApp;
let admin: string;
let staff: { id: number; token: string };
let service: { id: number };
let packageId: number;
let pricingId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  staff = await t.staff();
  const pos = posHelpers(t, () => admin);
  service = await pos.product({ outlet: 'salon', kind: 'service', name: uniqueName('Braids'), price: 15000, cost_price: 0, quantity: null });
  const pkg = await t.call(admin, { method: 'POST', url: '/api/bridalpackages', payload: { name: uniqueName('Bridal'), price: 80000 } });
  expect(pkg.statusCode, pkg.body).toBe(201);
  packageId = pkg.json().data.id;
  const pricing = await t.call(admin, { method: 'POST', url: '/api/extra-programs', payload: { type: 'hostel', name: uniqueName('Shared room'), price: 60000 } });
  expect(pricing.statusCode, pricing.body).toBe(201);
  pricingId = pricing.json().data.id;
});
afterAll(() => t.close());

let phoneSeq = 300000;
const newPhone = () => `0807${String(++phoneSeq).padStart(7, '0')}`;

describe.each([
  ['appointments', () => ({ client_name: uniqueName('Client'), client_phone: newPhone(), service_id: service.id, artist_id: staff.id, starts_at: '2027-03-10T10:00:00+01:00', amount_paid: 2000, payment_method: 'cash' }), () => staff.token],
  ['bridalbookings', () => ({ client_name: uniqueName('Bride'), phone: newPhone(), event_date: '2027-06-01', package_id: packageId, amount_paid: 20000, payment_method: 'transfer' }), () => admin],
  ['hostel-students', () => ({ name: uniqueName('Trainee'), phone: newPhone(), pricing_id: pricingId, room: 'B2', start_date: '2027-01-10', end_date: '2027-04-10', amount_paid: 30000, payment_method: 'cash' }), () => admin],
])('POST /api/%s with a deposit and client_ref', (name, body, token) => {
  const count = async () => (await t.call(admin, { method: 'GET', url: `/api/${name}?page=1&per_page=1` })).json().total as number;
  const post = (payload: Record<string, unknown>) => t.call(token(), { method: 'POST', url: `/api/${name}`, payload });

  it('sent twice makes one record and one deposit; the second answers the first (200, Idempotent-Replay)', async () => {
    const payload = { ...body(), client_ref: crypto.randomUUID() };
    const before = await count();
    const first = await post(payload);
    expect(first.statusCode, first.body).toBe(201);
    const again = await post(payload);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await count()).toBe(before + 1);
    const lines = (await t.call(admin, { method: 'GET', url: `/api/${name}/${first.json().data.id}/payments` })).json().data as unknown[];
    expect(lines).toHaveLength(1);
  });

  it('the same client_ref with another body is a 422 on client_ref, and nothing is made', async () => {
    const ref = crypto.randomUUID();
    const first = await post({ ...body(), client_ref: ref });
    expect(first.statusCode, first.body).toBe(201);
    const before = await count();
    const other = await post({ ...body(), client_ref: ref });
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json().errors.client_ref).toBeDefined();
    expect(await count()).toBe(before);
  });

  it('without client_ref a create with a deposit is still accepted (the key is optional in the contract)', async () => {
    const res = await post(body());
    expect(res.statusCode, res.body).toBe(201);
  });
});
