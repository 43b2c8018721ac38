// A token that was just used (and so, on the embedded database, is remembered by the process: token-cache.ts)
// is refused on the very next request once it is revoked, whichever way: logout, a new login on the same
// device, deactivation, a demotion, a password change, a delete, or a write straight to the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { usersTable } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const me = (token: string) => t.call(token, { method: 'GET', url: '/api/user' });

describe('a token used a moment ago', () => {
  it('is refused right after logout', async () => {
    const s = await t.staff();
    expect((await me(s.token)).statusCode).toBe(200);
    expect((await t.call(s.token, { method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
    expect((await me(s.token)).statusCode).toBe(401);
  });

  it('is refused once the same device signs in again (its token replaced)', async () => {
    const s = await t.staff();
    const first = await t.login(s.username, s.password, 'till-1');
    expect((await me(first)).statusCode).toBe(200);
    const second = await t.login(s.username, s.password, 'till-1');
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('is refused right after its user is deactivated', async () => {
    const s = await t.staff();
    expect((await me(s.token)).statusCode).toBe(200);
    expect((await t.call(admin, { method: 'PUT', url: `/api/users/${s.id}`, payload: { active: false } })).statusCode).toBe(200);
    expect((await me(s.token)).statusCode).toBe(401);
  });

  it('loses admin rights right after a demotion, and shows the new role', async () => {
    const s = await t.staff({ is_admin: 1 });
    expect((await t.call(s.token, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);
    expect((await t.call(admin, { method: 'PUT', url: `/api/users/${s.id}`, payload: { is_admin: 0, role: 'Cashier' } })).statusCode).toBe(200);
    expect((await t.call(s.token, { method: 'GET', url: '/api/users' })).statusCode).toBe(403);
    expect((await me(s.token)).json().data).toMatchObject({ is_admin: 0, role: 'Cashier' });
  });

  it('of another device is refused right after a password change', async () => {
    const s = await t.staff();
    const other = await t.login(s.username, s.password, 'second-phone');
    expect((await me(other)).statusCode).toBe(200);
    const ok = await t.call(s.token, { method: 'PUT', url: `/api/users/password/${s.id}`, payload: { current_password: s.password, password: 'new-password-1', password_confirmation: 'new-password-1' } });
    expect(ok.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
  });

  it('is refused right after its user is deleted', async () => {
    const s = await t.staff();
    expect((await me(s.token)).statusCode).toBe(200);
    expect((await t.call(admin, { method: 'DELETE', url: `/api/users/${s.id}` })).statusCode).toBe(200);
    expect((await me(s.token)).statusCode).toBe(401);
  });

  it('is refused right after a write straight to the database (drizzle or raw SQL)', async () => {
    const a = await t.staff();
    expect((await me(a.token)).statusCode).toBe(200);
    await t.database.db.update(usersTable).set({ active: false }).where(eq(usersTable.id, a.id));
    expect((await me(a.token)).statusCode).toBe(401);
    const b = await t.staff();
    expect((await me(b.token)).statusCode).toBe(200);
    await t.database.db.execute(sql.raw(`DELETE FROM api_tokens WHERE user_id = ${b.id}`));
    expect((await me(b.token)).statusCode).toBe(401);
  });

  it('shows a renamed user by the new name on the next request', async () => {
    const s = await t.staff();
    expect((await me(s.token)).statusCode).toBe(200);
    expect((await t.call(admin, { method: 'PUT', url: `/api/users/${s.id}`, payload: { name: 'Renamed Person' } })).statusCode).toBe(200);
    expect((await me(s.token)).json().data.name).toBe('Renamed Person');
  });
});
