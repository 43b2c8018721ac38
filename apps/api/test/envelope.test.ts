import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../src/plugins/errors.js';
import { ADMIN, createTestApp, type TestApp } from './helpers/test-app.js';
import { userBody } from './helpers/fixtures.js';
import { CATALOGUES, exampleBody } from './helpers/records.js';

// Contract §2: the envelope and the error answers every client relies on.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, token = admin) => t.call(token, { method: 'POST', url, payload: payload as never });
const get = (url: string, token: string | null = admin) => t.call(token, { method: 'GET', url });

/** The 422 shape: a message and, per field, a list of sentences; the message is the first of them. */
function expect422(res: { statusCode: number; json(): unknown }, field: string) {
  expect(res.statusCode).toBe(422);
  const body = res.json() as { message: string; errors: Record<string, string[]> };
  expect(Object.keys(body).sort()).toEqual(['errors', 'message']);
  expect(typeof body.message).toBe('string');
  expect(body.errors[field], `errors.${field} in ${JSON.stringify(body)}`).toBeDefined();
  for (const list of Object.values(body.errors)) {
    expect(Array.isArray(list)).toBe(true);
    expect(list.length).toBeGreaterThan(0);
    for (const s of list) expect(typeof s).toBe('string');
  }
  expect(body.message.startsWith(Object.values(body.errors)[0]![0]!)).toBe(true);
  return body;
}

describe('success envelope', () => {
  it('create answers 201 { data } with id and ISO timestamps', async () => {
    const res = await post('/api/training-programs', exampleBody('/api/training-programs', 'Envelope program'));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['data']);
    expect(body.data).toMatchObject({ name: 'Envelope program', fee: 150000.5 });
    expect(Number.isInteger(body.data.id)).toBe(true);
    for (const k of ['created_at', 'updated_at']) expect(body.data[k]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
  });

  it('get, update and a list without ?page answer { data } only', async () => {
    const { data: created } = (await post('/api/bridalpackages', exampleBody('/api/bridalpackages'))).json();
    const one = await get(`/api/bridalpackages/${created.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ data: created });
    const list = await get('/api/bridalpackages');
    expect(Object.keys(list.json())).toEqual(['data']);
    expect(Array.isArray(list.json().data)).toBe(true);
    const put = await t.call(admin, { method: 'PUT', url: `/api/bridalpackages/${created.id}`, payload: { ...created, price: 300000 } });
    expect(put.statusCode).toBe(200);
    expect(Object.keys(put.json())).toEqual(['data']);
    expect(put.json().data.price).toBe(300000);
  });

  it('delete answers 200 { data: { id } }', async () => {
    const { data: created } = (await post('/api/extra-programs', exampleBody('/api/extra-programs'))).json();
    const res = await t.call(admin, { method: 'DELETE', url: `/api/extra-programs/${created.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: created.id } });
  });
});

describe('paged lists', () => {
  let ids: number[] = [];
  beforeAll(async () => {
    // 25 session records on top of whatever else: a 20 + 5 split at the default page size
    ids = [];
    for (let i = 0; i < 25; i++) ids.push((await post('/api/training-session', exampleBody('/api/training-session', `Paged session ${String(i).padStart(2, '0')}`))).json().data.id);
  });

  it('?page gives data, current_page, last_page, per_page (default 20) and total', async () => {
    const res = await get('/api/training-session?page=1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['current_page', 'data', 'last_page', 'per_page', 'total']);
    expect(body).toMatchObject({ current_page: 1, last_page: 2, per_page: 20, total: 25 });
    expect(body.data).toHaveLength(20);
    const second = (await get('/api/training-session?page=2')).json();
    expect(second).toMatchObject({ current_page: 2, last_page: 2, per_page: 20, total: 25 });
    expect(second.data).toHaveLength(5);
    const all = [...body.data, ...second.data].map((r: { id: number }) => r.id).sort((a, b) => a - b);
    expect(all).toEqual([...ids].sort((a, b) => a - b));
  });

  it('a page past the end is an empty page in the same envelope', async () => {
    const body = (await get('/api/training-session?page=9')).json();
    expect(body).toEqual({ data: [], current_page: 9, last_page: 2, per_page: 20, total: 25 });
  });

  it('per_page up to 100 is honoured; 101, 0 and non-numbers are 422', async () => {
    const body = (await get('/api/training-session?page=1&per_page=100')).json();
    expect(body).toMatchObject({ per_page: 100, last_page: 1, total: 25 });
    expect(body.data).toHaveLength(25);
    expect422(await get('/api/training-session?page=1&per_page=101'), 'per_page');
    expect422(await get('/api/training-session?page=1&per_page=0'), 'per_page');
    expect422(await get('/api/training-session?page=1&per_page=ten'), 'per_page');
    expect422(await get('/api/training-session?page=0'), 'page');
    expect422(await get('/api/training-session?page=-1'), 'page');
    expect422(await get('/api/training-session?page=1.5'), 'page');
  });

  it('search/{text} with ?page is paged too', async () => {
    const body = (await get('/api/training-session/search/paged%20session?page=1&per_page=10')).json();
    expect(body).toMatchObject({ current_page: 1, last_page: 3, per_page: 10, total: 25 });
  });

  it('an empty resource still has last_page 1', async () => {
    const body = (await get('/api/training-programs/search/no-such-program-anywhere?page=1')).json();
    expect(body).toEqual({ data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 });
  });
});

describe('401 Unauthenticated.', () => {
  it('for a missing, malformed, unknown or revoked token, on reads and writes alike', async () => {
    const revoked = await t.login(ADMIN.username, ADMIN.password, 'to-revoke');
    expect((await t.call(revoked, { method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
    const headerSets: Record<string, string>[] = [{}, { authorization: 'Bearer' }, { authorization: 'Bearer ' }, { authorization: admin }, { authorization: `Token ${admin}` }, { authorization: 'Bearer unknown-token' }, { authorization: `Bearer ${revoked}` }];
    const requests = [
      { method: 'GET', url: '/api/user' },
      { method: 'GET', url: '/api/training-programs' },
      { method: 'POST', url: '/api/training-programs', payload: exampleBody('/api/training-programs') },
      { method: 'DELETE', url: '/api/users/1' },
      { method: 'POST', url: '/api/logout' },
    ] as const;
    for (const headers of headerSets) {
      for (const r of requests) {
        const res = await t.app.inject({ ...r, headers });
        expect(res.statusCode, `${r.method} ${r.url} ${JSON.stringify(headers)}`).toBe(401);
        expect(res.json()).toEqual({ message: 'Unauthenticated.' });
      }
    }
  });

  it('comes before validation and not-found: a stranger learns nothing', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/training-programs', headers: { 'content-type': 'application/json' }, payload: '{not json' });
    expect(bad.statusCode).toBe(401);
    const missing = await t.app.inject({ method: 'GET', url: '/api/training-programs/999999' });
    expect(missing.statusCode).toBe(401);
  });
});

describe('403 This action is unauthorized.', () => {
  it('is the exact body for a staff member on an admin route, before validation', async () => {
    const s = await t.staff();
    for (const res of [await get('/api/users', s.token), await post('/api/training-programs', { nonsense: true }, s.token), await get('/api/training-programs/999999', s.token)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'This action is unauthorized.' });
    }
  });
});

describe('404 ... not found.', () => {
  it('for an unknown id on get, update and delete of every resource', async () => {
    for (const path of ['/api/users', ...CATALOGUES]) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await t.call(admin, { method, url: `${path}/999999`, ...(method === 'PUT' ? { payload: { name: 'Anything' } } : {}) });
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        expect(Object.keys(res.json())).toEqual(['message']);
        expect(res.json().message).toMatch(/^\S.* not found\.$/);
      }
    }
  });

  it('for a path id that is not a positive integer', async () => {
    for (const id of ['0', '-1', '1.5', 'abc', '1e3', '99999999999999999999', '%20', '0x10']) {
      const res = await get(`/api/training-programs/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toMatch(/ not found\.$/);
    }
  });

  it('for an unknown /api path', async () => {
    const res = await get('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/not found\.$/i);
  });
});

describe('422 for every bad input', () => {
  const programs = '/api/training-programs';
  const valid = () => exampleBody(programs);

  it('wrong type', async () => {
    expect422(await post(programs, { ...valid(), fee: '150000' }), 'fee');
    expect422(await post(programs, { ...valid(), name: 42 }), 'name');
    expect422(await post('/api/bridalpackages', { ...exampleBody('/api/bridalpackages'), active: 'yes' }), 'active');
  });

  it('missing field, with Laravel’s summary of how many more', async () => {
    const { name: _n, ...noName } = valid();
    expect422(await post(programs, noName), 'name');
    const body = expect422(await post(programs, {}), 'name');
    expect(Object.keys(body.errors).sort()).toEqual(['duration', 'fee', 'name']);
    expect(body.message).toMatch(/\(and 2 more errors\)$/);
  });

  it('too long', async () => {
    expect422(await post(programs, { ...valid(), name: 'x'.repeat(101) }), 'name');
    expect((await post(programs, { ...valid(), name: 'x'.repeat(100) })).statusCode).toBe(201);
  });

  it('negative money and money with 3 decimals; 2 decimals are kept exactly', async () => {
    expect422(await post(programs, { ...valid(), fee: -1 }), 'fee');
    expect422(await post(programs, { ...valid(), fee: -0.01 }), 'fee');
    expect422(await post(programs, { ...valid(), fee: 10.005 }), 'fee');
    expect422(await post(programs, { ...valid(), fee: 0.1 + 0.2 }), 'fee');
    for (const fee of [0, 0.1, 19.99, 1234567.89, 999999999999]) {
      const res = await post(programs, { ...valid(), fee });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.fee).toBe(fee);
      expect((await get(`${programs}/${res.json().data.id}`)).json().data.fee).toBe(fee);
    }
  });

  it('bad date', async () => {
    const sessions = '/api/training-session';
    for (const start_date of ['2027-02-30', '2027-13-01', '2027-1-05', '05/01/2027', 'tomorrow', '', '2027-01-05T00:00:00Z']) {
      expect422(await post(sessions, { ...exampleBody(sessions), start_date }), 'start_date');
    }
    expect((await post(sessions, { ...exampleBody(sessions), start_date: '2028-02-29', end_date: '2028-03-01' })).statusCode).toBe(201);
  });

  it('duplicate username, without regard to case', async () => {
    const body = userBody({ username: 'Duplicate.Name' });
    expect((await post('/api/users', body)).statusCode).toBe(201);
    const res = await post('/api/users', userBody({ username: 'duplicate.NAME' }));
    expect422(res, 'username');
    expect(res.json().errors.username).toEqual(['The username has already been taken.']);
  });

  it('malformed JSON, an empty JSON body and a wrong content type', async () => {
    const bad = await t.call(admin, { method: 'POST', url: programs, headers: { 'content-type': 'application/json' }, payload: '{"name": "x",' });
    expect422(bad, 'body');
    expect(bad.json().message).toBe('The request body is not valid JSON.');
    expect422(await t.call(admin, { method: 'POST', url: programs, headers: { 'content-type': 'application/json' }, payload: '' }), 'body');
    expect422(await t.call(admin, { method: 'POST', url: programs, headers: { 'content-type': 'text/plain' }, payload: 'name=x' }), 'body');
    expect422(await t.call(admin, { method: 'POST', url: programs, headers: { 'content-type': 'application/json' }, payload: '[1,2]' }), 'body');
  });
});

describe('unknown body fields', () => {
  it('are ignored, including id and timestamps the client echoes', async () => {
    const res = await post('/api/training-programs', { ...exampleBody('/api/training-programs', 'Ignores extras'), id: 777777, created_at: '2000-01-01T00:00:00Z', colour: 'gold', password_hash: 'x' });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data.id).not.toBe(777777);
    expect(data.created_at.startsWith('2000')).toBe(false);
    expect(data).not.toHaveProperty('colour');
    expect(data).not.toHaveProperty('password_hash');
  });
});

describe('413 for a body over 1 MB', () => {
  it('answers 413 with a message, and stores nothing', async () => {
    const before = (await get('/api/training-programs')).json().data.length;
    const res = await post('/api/training-programs', { ...exampleBody('/api/training-programs'), description: 'x'.repeat(1024 * 1024 + 10) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect((await get('/api/training-programs')).json().data.length).toBe(before);
  });

  it('a body just under 1 MB is read (and then validated)', async () => {
    const res = await post('/api/training-programs', { ...exampleBody('/api/training-programs'), description: 'x'.repeat(1000 * 1000) });
    expect422(res, 'description');
  });
});

describe('a database constraint that a check missed', () => {
  it('is a 422, not a 500, on this database driver', async () => {
    // a foreign key violation raised by the real database, through drizzle's error wrapper
    const tiny = Fastify();
    registerErrorHandling(tiny);
    tiny.post('/fk', async () => {
      await t.database.db.execute(sql`insert into api_tokens (user_id, device_id, token_hash) values (987654, 'd', 'h')`);
      return { ok: true };
    });
    tiny.post('/nul', async () => {
      await t.database.db.execute(sql`select ${'a\u0000b'}::text`);
      return { ok: true };
    });
    const fk = await tiny.inject({ method: 'POST', url: '/fk' });
    expect(fk.statusCode).toBe(422);
    expect(fk.json()).toEqual({ message: 'This record is in use by other records.', errors: { body: ['This record is in use by other records.'] } });
    expect((await tiny.inject({ method: 'POST', url: '/nul' })).statusCode).toBe(422);
    await tiny.close();
  });

  it('text the database cannot store (a NUL character) is 422', async () => {
    expect((await post('/api/training-programs', { ...exampleBody('/api/training-programs'), name: 'a\u0000b' })).statusCode).toBe(422);
    expect((await get('/api/training-programs/search/a%00b')).statusCode).toBe(422);
    expect((await t.call(null, { method: 'POST', url: '/api/login', payload: { username: 'ad\u0000min', password: 'x', deviceId: 'd' } })).statusCode).toBe(422);
  });
});
