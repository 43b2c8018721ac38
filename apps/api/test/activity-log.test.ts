import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogTable } from '../src/db/schema.js';
import { CATALOGUES, exampleBody } from './helpers/records.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { multipartFile, pngImage, userBody } from './helpers/fixtures.js';

// docs/api.md "Activity log": every write through the generic routes leaves a line,
// the owner reads them newest first, and the database refuses to change them.

let t: TestApp;
let admin: string;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  adminId = (await t.call(admin, { method: 'GET', url: '/api/user' })).json().data.id;
});
afterAll(() => t.close());

type Entry = { id: number; user_id: number | null; user_name: string | null; action: string; resource: string; record_id: number | null; before: Record<string, unknown> | null; after: Record<string, unknown> | null; created_at: string };

const log = async (query = '') => {
  const res = await t.call(admin, { method: 'GET', url: `/api/activity-log?per_page=100${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Entry[];
};
const rawRows = async () => t.database.db.select().from(activityLogTable);

describe('every write through the generic routes', () => {
  const paths = ['/api/users', ...CATALOGUES];
  const resourceName = (path: string) => path.replace('/api/', '');

  it.each(paths)('%s: create, update and delete each append { user_id, action, resource, record_id, before, after }', async (path) => {
    const body = path === '/api/users' ? userBody() : exampleBody(path);
    const created = (await t.call(admin, { method: 'POST', url: path, payload: body })).json().data;
    const updated = (await t.call(admin, { method: 'PUT', url: `${path}/${created.id}`, payload: { id: created.id, name: 'Renamed for the log' } })).json().data;
    expect((await t.call(admin, { method: 'DELETE', url: `${path}/${created.id}` })).statusCode).toBe(200);

    const entries = (await log(`&resource=${resourceName(path)}&record_id=${created.id}`)).reverse();
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    for (const e of entries) expect(e).toMatchObject({ user_id: adminId, user_name: 'Studio Admin', resource: resourceName(path), record_id: created.id });
    expect(entries[0]!.before).toBeNull();
    expect(entries[0]!.after).toEqual(created);
    expect(entries[1]!.before).toEqual(created);
    expect(entries[1]!.after).toEqual(updated);
    expect(entries[2]!.before).toEqual(updated);
    expect(entries[2]!.after).toBeNull();
    for (const e of entries) expect(e.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
  });

  it('a refused write leaves no line', async () => {
    const before = (await rawRows()).length;
    expect((await t.call(admin, { method: 'POST', url: '/api/training-programs', payload: { name: '' } })).statusCode).toBe(422);
    expect((await t.call(admin, { method: 'PUT', url: `/api/users/${adminId}`, payload: { is_admin: 0 } })).statusCode).toBe(422);
    expect((await t.call(admin, { method: 'DELETE', url: `/api/users/${adminId}` })).statusCode).toBe(422);
    expect((await t.call(admin, { method: 'DELETE', url: '/api/bridalpackages/999999' })).statusCode).toBe(404);
    expect((await rawRows()).length).toBe(before);
    const s = await t.staff();
    const afterStaff = (await rawRows()).length;
    expect((await t.call(s.token, { method: 'POST', url: '/api/bridalpackages', payload: exampleBody('/api/bridalpackages') })).statusCode).toBe(403);
    expect((await rawRows()).length).toBe(afterStaff);
  });

  it('password changes, photo changes, logins and logouts are logged, never with a password hash', async () => {
    const body = userBody();
    const id = (await t.call(admin, { method: 'POST', url: '/api/users', payload: body })).json().data.id;
    const token = await t.login(body.username, body.password);
    await t.call(token, { method: 'PUT', url: `/api/users/password/${id}`, payload: { current_password: body.password, password: 'brand-new-pass' } });
    await t.call(admin, { method: 'PUT', url: `/api/users/password/${id}`, payload: { password: 'admin-set-pass' } });
    const part = multipartFile('photo', 'p.png', 'image/png', pngImage());
    await t.call(admin, { method: 'POST', url: `/api/users/${id}/photo`, payload: part.payload, headers: part.headers });
    const second = await t.login(body.username, 'admin-set-pass');
    await t.call(second, { method: 'POST', url: '/api/logout' });

    const mine = (await log(`&record_id=${id}`)).filter((e) => e.resource === 'users' || e.resource === 'auth').reverse();
    expect(mine.map((e) => `${e.resource}:${e.action}`)).toEqual(['users:create', 'auth:login', 'users:password', 'users:password', 'users:photo', 'auth:login', 'auth:logout']);
    expect(mine[2]!.user_id).toBe(id);
    expect(mine[3]!.user_id).toBe(adminId);
    expect(mine[4]!.after).toMatchObject({ profile_photo: expect.stringMatching(/^uploads\/profile\//) });

    const everything = JSON.stringify(await rawRows());
    expect(everything).not.toMatch(/\$argon2/);
    expect(everything).not.toMatch(/password_hash/);
    expect(everything).not.toContain('brand-new-pass');
    expect(everything).not.toContain(body.password);
  });
});

describe('GET /api/activity-log', () => {
  it('is admin-only', async () => {
    const s = await t.staff();
    const res = await t.call(s.token, { method: 'GET', url: '/api/activity-log' });
    expect(res.statusCode).toBe(403);
    expect((await t.call(null, { method: 'GET', url: '/api/activity-log' })).statusCode).toBe(401);
  });

  it('is always paged, newest first', async () => {
    for (let i = 0; i < 3; i++) await t.call(admin, { method: 'POST', url: '/api/bridalpackages', payload: exampleBody('/api/bridalpackages') });
    const res = (await t.call(admin, { method: 'GET', url: '/api/activity-log' })).json();
    expect(Object.keys(res).sort()).toEqual(['current_page', 'data', 'last_page', 'per_page', 'total']);
    expect(res.current_page).toBe(1);
    expect(res.per_page).toBe(20);
    const total = (await rawRows()).length;
    expect(res.total).toBe(total);
    expect(res.last_page).toBe(Math.ceil(total / 20));
    const ids = (res.data as Entry[]).map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const times = (res.data as Entry[]).map((e) => e.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(res.data[0].resource).toBe('bridalpackages');
    const page2 = (await t.call(admin, { method: 'GET', url: '/api/activity-log?page=2' })).json();
    expect(page2.data[0].id).toBeLessThan(ids[ids.length - 1]!);
    expect((await t.call(admin, { method: 'GET', url: '/api/activity-log?per_page=101' })).statusCode).toBe(422);
  });

  it('filters by resource, record_id and user_id', async () => {
    const s = await t.staff();
    const byUser = await log(`&user_id=${s.id}`);
    expect(byUser.length).toBeGreaterThan(0);
    expect(byUser.every((e) => e.user_id === s.id)).toBe(true);
    const byResource = await log('&resource=training-session');
    expect(byResource.every((e) => e.resource === 'training-session')).toBe(true);
    expect((await log('&resource=nothing-like-this')).length).toBe(0);
    expect((await t.call(admin, { method: 'GET', url: '/api/activity-log?record_id=abc' })).statusCode).toBe(422);
  });
});

describe('append-only in the database', () => {
  it('UPDATE and DELETE on activity_log are refused by the trigger, and the rows stay as they were', async () => {
    const before = JSON.stringify(await rawRows());
    expect(before.length).toBeGreaterThan(2);
    const { db } = t.database;
    await expect(db.execute(sql`update activity_log set action = 'tampered'`)).rejects.toThrow();
    await expect(db.execute(sql`update activity_log set before = null where id = (select min(id) from activity_log)`)).rejects.toThrow();
    await expect(db.execute(sql`delete from activity_log`)).rejects.toThrow();
    await expect(db.execute(sql`delete from activity_log where id = (select max(id) from activity_log)`)).rejects.toThrow();
    await expect(db.update(activityLogTable).set({ user_name: 'someone else' })).rejects.toThrow(/append-only|Failed query/);
    expect(JSON.stringify(await rawRows())).toBe(before);
    // appending still works
    await db.execute(sql`insert into activity_log (action, resource) values ('test', 'test')`);
    expect((await rawRows()).length).toBe(JSON.parse(before).length + 1);
  });
});
