import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '@studio/shared';
import type { Db } from '../src/db/client.js';
import { registerAuth } from '../src/plugins/auth.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { multipartFile, pngImage, snapshotDatabase, userBody } from './helpers/fixtures.js';
import { allResources, recordMaker } from './helpers/records.js';

// Contract §3: `is_admin` 0 (staff) may do only what the contract lists; everything
// else is 403 on the server, and a refused request changes nothing.

type Route = { method: string; path: string };

/**
 * Routes that trust a provider's signature, not a token (issue 30, item 4): whoever calls them unsigned, staff and admin
 * too, is answered 401 and nothing changes (paystack.test.ts proves the signature). Adding one is a decision: list it.
 */
const SIGNED = new Set(['POST /api/integrations/paystack/webhook']);
const signed = (r: Route) => SIGNED.has(`${r.method} ${r.path}`);

/**
 * The routes of a resource whose declaration gives staff the right (`roles: { read: 'staff' }`: products, clients,
 * appointments): every read under its path when staff read it, every write when staff write it. Derived from the
 * registry, so a new staff-readable resource needs no line here; a route of such a resource that staff may not call
 * (a client's merge) is listed above this as an exception, and is a decision.
 */
function declaredForStaff({ method, path }: Route): boolean {
  const read = method === 'GET' || method === 'HEAD';
  return Object.values(resources).some((r) => (path === r.path || path.startsWith(`${r.path}/`)) && (read ? r.roles.read : r.roles.write) === 'staff');
}

/**
 * What staff may call, straight from contract §3: sell (get-products, POST orders),
 * read invoices, read own performance (orders-staff, own id only), read products,
 * read the in-session / owing / vacated lists, change own password, logout.
 */
function staffMay({ method, path }: Route): boolean {
  const read = method === 'GET' || method === 'HEAD';
  if (path.startsWith('/api/docs')) return true;
  if (path === '/api/login') return true;
  if (signed({ method, path })) return true; // not the staff's, nor anyone's with a token: the signature decides
  if (method === 'POST' && path === '/api/logout') return true;
  // signing out one's own other devices (issue 19, item 5)
  if (method === 'POST' && path === '/api/logout-others') return true;
  if (read && path === '/api/user') return true;
  if (method === 'PUT' && path === '/api/users/password/{id}') return true; // own id only: checked below
  if (read && path.startsWith('/api/get-products/')) return true;
  // the till's own list of what it sells, and its changes (docs/api.md, Point of sale)
  if (read && /^\/api\/pos\/\{outlet\}\/products(\/changes)?$/.test(path)) return true;
  if (method === 'POST' && path === '/api/orders') return true;
  // a till reports how many offline sales it holds (issue 18); the review queue of those sales is the admin's
  if (method === 'POST' && path === '/api/devices/heartbeat') return true;
  // a partial refund: staff with an admin's approval given on the spot (issue 17, item 6; refunds.test.ts)
  if (method === 'POST' && path === '/api/orders/{id}/refunds') return true;
  // what a sale still owes is taken at the till (issue 28, item 3; owed-sales.test.ts)
  if (method === 'POST' && path === '/api/orders/{id}/payments') return true;
  // the desk sends the day-before appointment reminders, recorded for every device (issue 34, item 4)
  if (path === '/api/reminders/appointments/{day}' && read) return true;
  if (method === 'POST' && path === '/api/reminders/appointments/sent') return true;
  // the till reads the staff discount limit (issue 9; docs/decisions/011); only admins change it
  if (read && path === '/api/settings') return true;
  // reading invoices: the invoice lists and a day's invoices of an outlet
  if (read && (/^\/api\/orders(\/|$)/.test(path) || path.startsWith('/api/day-close/'))) return true;
  if (read && path.startsWith('/api/orders-staff/')) return true; // own id only
  // one's own earnings (issue 32); another's is 403: pay-runs.test.ts
  if (read && path === '/api/my-earnings/{from}/{to}') return true;
  // whoever sells at an outlet closes its day (docs/api.md, Day close); reopening is the admin's
  if (method === 'POST' && path === '/api/day-close/{outlet}/{date}') return true;
  if (read && /^\/api\/(students|office-students|hostel-students)-(insession|owing|vacated)(\/|$)/.test(path)) return true;
  if (read && path.startsWith('/api/hostel-students/getmonth-vacated/')) return true;
  // trainees (issue 33): the overdue lists as the owing ones, a trainee's schedule, attendance and statement, the class
  // register and its marks; schedule edits and certificates are the admin's
  if (read && /^\/api\/(students|office-students)-overdue$/.test(path)) return true;
  if (read && /^\/api\/(students|office-students)\/\{id\}\/(schedule|attendance|statement)$/.test(path)) return true;
  if ((method === 'POST' && path === '/api/attendance') || (read && path === '/api/attendance/register')) return true;
  // an employer checks a certificate without signing in (throttled by address)
  if (read && path === '/api/certificates/{serial}') return true;
  // staff serve clients and keep the appointment book (issue 21); merge, erase, export and the backfill are the admin's
  // a client's store credit is read at the till; topping it up takes money: the admin's (issue 31; prepaid.test.ts)
  if (method === 'POST' && path === '/api/clients/{id}/credit') return false;
  if (/^\/api\/clients\/(merge|backfill|\{id\}\/(erase|export))$/.test(path)) return false;
  // a resource declared for staff (`roles` in packages/shared/src/resources): its routes, as its declaration says
  if (declaredForStaff({ method, path })) return true;
  // the till reads a gift voucher by its code (issue 31); selling, listing, extending and writing off are the admin's
  if (read && path === '/api/gift-vouchers/code/{code}') return true;
  // packages of sessions are offered at the till and on a client's page; a client's packages and touch-up plans are
  // under /api/clients; the touch-ups due feed the desk's reminders (decision 040); declaring packages is the admin's
  if (read && /^\/api\/service-packages(\/|$)/.test(path)) return true;
  if (read && path === '/api/touch-ups/due') return true;
  return false;
}

let t: TestApp;
let admin: string;
let staff: Awaited<ReturnType<TestApp['staff']>>;
let victim: Awaited<ReturnType<TestApp['staff']>>;
const recordIds: Record<string, number> = {};
const bodies: Record<string, Record<string, unknown>> = {};
let routes: Route[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  staff = await t.staff();
  victim = await t.staff();
  // a record of every resource of the registry, and a valid body for each, from the resources' fixtures
  const { body, make } = recordMaker(() => t, () => admin);
  for (const r of allResources.filter((x) => x.name !== 'users')) {
    recordIds[r.path] = (await make(r, 1)).id;
    bodies[r.path] = await body(r, 0);
  }
  recordIds['/api/users'] = victim.id;

  // every route the app serves, from its OpenAPI document (generated from the registered routes)
  const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(spec.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => ({ method: m.toUpperCase(), path })));
});
afterAll(() => t.close());

/** A concrete URL for a route template: real ids, so a missing check would really change something. */
function urlFor(path: string): string {
  const base = Object.keys(recordIds)
    .sort((a, b) => b.length - a.length)
    .find((p) => path.startsWith(`${p}/`));
  const values: Record<string, string> = {
    id: String(base ? recordIds[base] : 1),
    text: 'a',
    type: 'office',
    outlet: 'store',
    month: '2027-01',
    from: '2027-01-01',
    to: '2027-12-31',
    date: '2027-01-10',
    staffId: String(victim.id),
  };
  return path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '1');
}

/** A valid body for the route, so that only the role check can stop it. */
function requestFor({ method, path }: Route) {
  const url = urlFor(path);
  if (method !== 'POST' && method !== 'PUT') return { method, url };
  if (path.endsWith('/photo')) return { method, url, ...multipartFile('photo', 'me.png', 'image/png', pngImage()) };
  if (path === '/api/users') return { method, url, payload: userBody() };
  if (path === '/api/users/{id}') return { method, url, payload: { id: victim.id, is_admin: 1, active: false } };
  if (path.startsWith('/api/users/password/')) return { method, url, payload: { password: 'taken-over-1' } };
  const resource = Object.keys(bodies).find((p) => path === p || path === `${p}/{id}`);
  if (resource) return { method, url, payload: { ...bodies[resource], id: recordIds[resource] } };
  if (path.startsWith('/api/products')) return { method, url, payload: { outlet: 'store', name: 'Staff product', price: 1, quantity: 1 } };
  return { method, url, payload: {} };
}

describe('the route list', () => {
  it('gives staff the routes of each resource its declaration opens to them, and no other resource’s', () => {
    for (const r of Object.values(resources)) {
      expect(declaredForStaff({ method: 'GET', path: `${r.path}/{id}` }), `GET ${r.path}/{id}`).toBe(r.roles.read === 'staff');
      expect(declaredForStaff({ method: 'PUT', path: `${r.path}/{id}` }), `PUT ${r.path}/{id}`).toBe(r.roles.write === 'staff');
    }
    // a path that only begins like a resource's is not its route
    expect(declaredForStaff({ method: 'GET', path: '/api/clients-archive' })).toBe(false);
  });

  it('covers every foundation route, so nothing below is skipped by accident', () => {
    const has = (method: string, path: string) => routes.some((r) => r.method === method && r.path === path);
    for (const r of Object.values(resources)) {
      for (const [m, p] of [
        ['GET', r.path],
        ['POST', r.path],
        ['GET', `${r.path}/{id}`],
        ['PUT', `${r.path}/{id}`],
        ['DELETE', `${r.path}/{id}`],
      ] as const) {
        expect(has(m, p), `${m} ${p}`).toBe(true);
      }
      if (r.searchable.length) expect(has('GET', `${r.path}/search/{text}`), `${r.path}/search`).toBe(true);
    }
    for (const [m, p] of [
      ['POST', '/api/login'],
      ['POST', '/api/logout'],
      ['POST', '/api/logout-others'],
      ['GET', '/api/user'],
      ['PUT', '/api/users/password/{id}'],
      ['POST', '/api/users/{id}/photo'],
      ['GET', '/api/extra-programs/list/{type}'],
      ['GET', '/api/activity-log'],
    ] as const) {
      expect(has(m, p), `${m} ${p}`).toBe(true);
    }
  });
});

describe('staff (is_admin 0) on admin-only routes', () => {
  it('every route outside the staff list answers 403 and changes nothing', async () => {
    const adminOnly = routes.filter((r) => !staffMay(r));
    // the foundation's admin-only routes must all be in the sweep
    for (const p of ['/api/users', '/api/users/search/{text}', '/api/training-programs', '/api/training-session', '/api/extra-programs', '/api/extra-programs/list/{type}', '/api/bridalpackages', '/api/activity-log', '/api/users/{id}/photo', '/api/digest']) {
      expect(adminOnly.some((r) => r.path === p)).toBe(true);
    }
    const before = await snapshotDatabase(t.database.db);
    const checked: string[] = [];
    for (const route of adminOnly) {
      const req = requestFor(route);
      const res = await t.call(staff.token, req as never);
      expect(res.statusCode, `${route.method} ${req.url}: ${res.body}`).toBe(403);
      expect(res.json()).toEqual({ message: 'This action is unauthorized.' });
      if (route.method === 'GET') {
        const head = await t.call(staff.token, { method: 'HEAD', url: req.url });
        expect(head.statusCode, `HEAD ${req.url}`).toBe(403);
      }
      checked.push(`${route.method} ${route.path}`);
    }
    expect(await snapshotDatabase(t.database.db)).toBe(before);
    expect(checked.length).toBeGreaterThanOrEqual(25);
  });

  it('cannot make themselves admin or reactivate through PUT /api/users/{own id}', async () => {
    const res = await t.call(staff.token, { method: 'PUT', url: `/api/users/${staff.id}`, payload: { is_admin: 1 } });
    expect(res.statusCode).toBe(403);
    const me = await t.call(staff.token, { method: 'GET', url: '/api/user' });
    expect(me.json().data.is_admin).toBe(0);
  });

  it('cannot set another user’s password, even with their own current password', async () => {
    const before = await snapshotDatabase(t.database.db);
    const res = await t.call(staff.token, { method: 'PUT', url: `/api/users/password/${victim.id}`, payload: { password: 'taken-over-1', current_password: staff.password } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'This action is unauthorized.' });
    expect(await snapshotDatabase(t.database.db)).toBe(before);
    await t.login(victim.username, victim.password);
  });

  it('may still use what the contract gives them', async () => {
    expect((await t.call(staff.token, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    const own = await t.call(staff.token, { method: 'PUT', url: `/api/users/password/${staff.id}`, payload: { current_password: staff.password, password: 'staff-password-2' } });
    expect(own.statusCode).toBe(200);
    staff.password = 'staff-password-2';
    expect((await t.call(staff.token, { method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
    staff.token = await t.login(staff.username, staff.password);
  });
});

describe('without a token', () => {
  it('every route but login and the API docs answers 401', async () => {
    for (const route of routes) {
      if (route.path === '/api/login' || route.path.startsWith('/api/docs')) continue;
      if (route.method === 'GET' && route.path === '/api/certificates/{serial}') continue; // public by design (issue 33)
      const req = requestFor(route);
      const res = await t.call(null, req as never);
      expect(res.statusCode, `${route.method} ${req.url}`).toBe(401);
      if (!signed(route)) expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });
});

describe('admins (is_admin 1)', () => {
  it('are refused nowhere', async () => {
    for (const route of routes) {
      if (route.path === '/api/logout' || route.path === '/api/logout-others') continue; // would end this token, or the others
      if (signed(route)) continue; // 401 to anyone unsigned, an admin too (above)
      const req = requestFor(route);
      const res = await t.call(admin, req as never);
      expect([401, 403], `${route.method} ${req.url}: ${res.statusCode} ${res.body}`).not.toContain(res.statusCode);
      expect(res.statusCode, `${route.method} ${req.url}: ${res.body}`).toBeLessThan(500);
    }
  });
});

describe('role declarations', () => {
  const fakeDb = {} as Db;

  it('an /api route without a role stops the app from starting', async () => {
    const app = Fastify();
    registerAuth(app, fakeDb);
    let error: unknown;
    try {
      app.get('/api/forgotten', async () => ({ data: 'open to anyone' }));
      await app.ready();
    } catch (err) {
      error = err;
    }
    expect(String(error)).toMatch(/GET \/api\/forgotten declares no role/);
    await app.close().catch(() => {});
  });

  it('a route that declares one starts, and routes outside /api need none', async () => {
    const app = Fastify();
    registerAuth(app, fakeDb);
    app.get('/api/declared', { config: { role: 'public' } }, async () => ({ data: 'ok' }));
    app.get('/health', async () => ({ ok: true }));
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/declared' })).statusCode).toBe(200);
    await app.close();
  });

  it('a staff route refuses a missing token before the handler runs', async () => {
    const app = Fastify();
    registerAuth(app, fakeDb);
    let ran = false;
    app.get('/api/staff-only', { config: { role: 'staff' } }, async () => {
      ran = true;
      return {};
    });
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/api/staff-only' });
    expect(res.statusCode).toBe(401);
    expect(ran).toBe(false);
    await app.close();
  });
});
