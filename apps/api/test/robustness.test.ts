import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { resources } from '@studio/shared';
import { CATALOGUES, exampleBody } from './helpers/records.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { multipartFile, userBody } from './helpers/fixtures.js';

// Contract §2: every bad input is a 4xx answer, never a 500. Garbage goes into every
// route, path parameter, query parameter and body field; nothing may break.

let t: TestApp;
let admin: string;
let staffToken: string;
let routes: { method: string; path: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  staffToken = (await t.staff()).token;
  for (const path of CATALOGUES) await t.call(admin, { method: 'POST', url: path, payload: exampleBody(path) });
  const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(spec.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => ({ method: m.toUpperCase(), path })));
});
afterAll(() => t.close());

/** Path segments a client (or an attacker) might send, already URL-encoded. */
const SEGMENTS = [
  '0',
  '-1',
  '2147483648',
  '99999999999999999999',
  '1e309',
  '1.5',
  '%25',
  '%25%25',
  '_',
  '%5C',
  '%00',
  'a%00b',
  '%E2%98%83',
  '%F0%9F%92%84',
  '%C3%A9l%C3%A8ve',
  '%27%3B%20drop%20table%20users%3B--',
  '..%2F..%2Fetc%2Fpasswd',
  'null',
  'undefined',
  'true',
  '%20',
  'x'.repeat(150),
  '2027-13-45',
  '9999-99',
  'store',
  'office',
];

/** Values no field expects. */
const GARBAGE: unknown[] = [null, true, false, 0, -1, -0.001, 1.005, 2 ** 53, 1e308, '', ' ', 'x'.repeat(5000), 'a\u0000b', '\u{1F484}', '\ud800', '%_\\', {}, { $gt: '' }, [], [1, 2], '2027-02-30', "'; drop table users; --"];

function fill(path: string): string[] {
  return SEGMENTS.map((seg) => path.replace(/\{\w+\}/g, seg));
}

async function expectNo500(token: string | null, opts: InjectOptions, label = `${opts.method} ${opts.url}`) {
  const res = await t.call(token, opts);
  expect(res.statusCode, `${label} -> ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400 && res.body) expect(res.json(), label).toHaveProperty('message');
  return res;
}

describe('no request produces a 500', () => {
  it('garbage path parameters on every route, as admin and as staff', async () => {
    for (const route of routes) {
      if (route.path === '/api/logout' || route.path === '/api/logout-others') continue;
      const urls = route.path.includes('{') ? fill(route.path) : [route.path];
      const payload = route.method === 'POST' || route.method === 'PUT' ? {} : undefined;
      // staff get past the role check only on their own routes; elsewhere the 403 comes before any parameter is read
      const staffGetsIn = (await t.call(staffToken, { method: route.method as never, url: urls[0]!, ...(payload ? { payload } : {}) })).statusCode !== 403;
      for (const url of urls) {
        for (const token of staffGetsIn ? [admin, staffToken] : [admin]) await expectNo500(token, { method: route.method as never, url, ...(payload ? { payload } : {}) });
      }
    }
  });

  it('garbage in every body field of every create and update', async () => {
    const bodies: Record<string, Record<string, unknown>> = { '/api/users': userBody(), ...Object.fromEntries(CATALOGUES.map((p) => [p, exampleBody(p)])) };
    const ids: Record<string, number> = {};
    for (const [path, body] of Object.entries(bodies)) ids[path] = (await t.call(admin, { method: 'POST', url: path, payload: { ...body, ...(path === '/api/users' ? { username: `${body.username}x` } : {}) } })).json().data.id;
    for (const [path, body] of Object.entries(bodies)) {
      for (const field of [...Object.keys(body), 'id', 'unknown_field']) {
        for (const value of GARBAGE) {
          const payload = { ...body, ...(path === '/api/users' ? { username: `g${Math.random().toString(36).slice(2, 10)}` } : {}), [field]: value };
          const created = await expectNo500(admin, { method: 'POST', url: path, payload }, `POST ${path} ${field}=${JSON.stringify(value)?.slice(0, 40)}`);
          expect([201, 422], `POST ${path} ${field}=${JSON.stringify(value)?.slice(0, 40)}: ${created.body.slice(0, 200)}`).toContain(created.statusCode);
          const updated = await expectNo500(admin, { method: 'PUT', url: `${path}/${ids[path]}`, payload: { [field]: value } }, `PUT ${path} ${field}=${JSON.stringify(value)?.slice(0, 40)}`);
          expect([200, 422]).toContain(updated.statusCode);
        }
      }
    }
  });

  it('garbage query parameters on every list', async () => {
    const queries = [
      'page=abc',
      'page=0',
      'page=-5',
      'page=1e400',
      'page=9007199254740991&per_page=100',
      'page=1&page=2',
      'per_page=1e2',
      'per_page=%00',
      'sort=id;drop',
      'sort=password_hash',
      'sort=__proto__',
      'sort=constructor&order=desc',
      'order=DESC',
      'q=%25',
      'q=_',
      'q=%5C',
      'q=%00',
      'q=%E2%98%83',
      `q=${'q'.repeat(200)}`,
      'q[$ne]=1',
      'resource=%00&record_id=99999999999&user_id=-1',
      'record_id=2147483648',
      'outlet=mars',
    ];
    const lists = [...Object.values(resources).flatMap((r) => [r.path, `${r.path}/search/a`]), '/api/extra-programs/list/office', '/api/activity-log'];
    for (const list of lists) for (const q of queries) await expectNo500(admin, { method: 'GET', url: `${list}?${q}` });
  });

  it('malformed bodies and headers', async () => {
    const raw: [string, string | Buffer][] = [
      ['application/json', '{'],
      ['application/json', '{"name": "x"'],
      ['application/json', 'null'],
      ['application/json', '"just a string"'],
      ['application/json', '12'],
      ['application/json', '{"__proto__": {"is_admin": 1}}'],
      ['application/json', '{"constructor": {"prototype": {"is_admin": 1}}}'],
      ['application/json', Buffer.from([0xff, 0xfe, 0x00, 0x7b])],
      ['application/json; charset=latin1', '{"name":"x"}'],
      ['application/x-www-form-urlencoded', 'name=x&fee=1'],
      ['text/plain', 'hello'],
      ['application/xml', '<a/>'],
      ['multipart/form-data', 'no boundary'],
      ['multipart/form-data; boundary=zz', '--zz\r\nContent-Disposition: form-data; name="name"\r\n\r\nx'],
    ];
    const targets = ['/api/training-programs', '/api/users', '/api/login', '/api/users/1/photo', '/api/users/password/1', '/api/training-programs/1'];
    for (const url of targets) {
      for (const [type, payload] of raw) {
        const method = url.endsWith('/1') || url.includes('/password/') ? 'PUT' : 'POST';
        await expectNo500(admin, { method, url, headers: { 'content-type': type }, payload }, `${method} ${url} ${type} ${String(payload).slice(0, 30)}`);
      }
    }
    const photo = multipartFile('photo', '../../../../etc/passwd', 'image/png', Buffer.from('not an image'));
    await expectNo500(admin, { method: 'POST', url: '/api/users/1/photo', payload: photo.payload, headers: photo.headers });
    for (const authorization of [`Bearer ${'x'.repeat(10_000)}`, 'Bearer %00', 'Bearer \u00e9', 'Bearer a b', 'bearer', 'Basic YWRtaW46YWRtaW4=']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization } });
      expect(res.statusCode, authorization.slice(0, 20)).toBe(401);
    }
  });

  it('garbage logins are 422, never 500', async () => {
    for (const value of GARBAGE) {
      for (const field of ['username', 'password', 'deviceId', 'deviceInfo']) {
        const res = await t.call(null, { method: 'POST', url: '/api/login', payload: { username: 'nobody', password: 'wrong-pass', deviceId: 'd', [field]: value } as never, remoteAddress: `10.0.${GARBAGE.indexOf(value)}.${field.length}` });
        expect(res.statusCode, `${field}=${JSON.stringify(value)?.slice(0, 30)}`).toBeLessThan(500);
        expect([422, 429]).toContain(res.statusCode);
      }
    }
  });

  it('the app still answers normally afterwards', async () => {
    expect((await t.call(admin, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    expect((await t.call(admin, { method: 'GET', url: '/api/users' })).json().data.length).toBeGreaterThan(1);
  });
});
