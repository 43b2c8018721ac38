import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogTable, apiTokensTable, usersTable } from '../src/db/schema.js';
import { verifyPassword } from '../src/features/auth/passwords.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// Issue 19, D2 and D10: a current password is a sign-in (the login throttle counts it), and passwords follow
// NIST SP 800-63B (at least 8 characters, not a common password, not the username).

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const change = (token: string, id: number, current: string, password: string) =>
  t.call(token, { method: 'PUT', url: `/api/users/password/${id}`, payload: { current_password: current, password, password_confirmation: password } });
const hashOf = async (id: number) => (await t.database.db.select().from(usersTable).where(eq(usersTable.id, id)))[0]!.password_hash;

describe('D2: current_password shares the login throttle', () => {
  it('a 30-way burst of guesses evaluates at most 5; the rest are refused without a check', async () => {
    const s = await t.staff();
    const res = await Promise.all(Array.from({ length: 30 }, (_, i) => change(s.token, s.id, `wrong-guess-${i}`, 'lipstick-velvet-92')));
    expect(res.every((r) => r.statusCode === 422)).toBe(true);
    const evaluated = res.filter((r) => /incorrect/.test(r.json().errors?.current_password?.[0] ?? ''));
    const throttled = res.filter((r) => /Too many sign-in attempts/.test(r.json().errors?.current_password?.[0] ?? ''));
    expect(evaluated.length).toBeLessThanOrEqual(5);
    expect(evaluated.length + throttled.length).toBe(30);
    expect(throttled[0]!.headers['retry-after']).toBeTruthy();
  });

  it('once the throttle is reached the right password changes nothing, and the login is throttled too (one count)', async () => {
    const s = await t.staff();
    for (let i = 0; i < 5; i++) expect((await change(s.token, s.id, `wrong-${i}`, 'lipstick-velvet-92')).statusCode).toBe(422);
    const hash = await hashOf(s.id);
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => change(s.token, s.id, i === 29 ? s.password : `guess-${i}`, 'lipstick-velvet-92')));
    expect(burst.every((r) => r.statusCode === 422)).toBe(true);
    expect(await hashOf(s.id)).toBe(hash);
    expect(await verifyPassword(await hashOf(s.id), s.password)).toBe(true);
    const login = await t.call(null, { method: 'POST', url: '/api/login', payload: { username: s.username, password: s.password } });
    expect(login.statusCode).toBe(429);
  });

  it('the right current password still changes it, and forgives the failures before it', async () => {
    const s = await t.staff();
    expect((await change(s.token, s.id, 'wrong-once', 'lipstick-velvet-92')).statusCode).toBe(422);
    const ok = await change(s.token, s.id, s.password, 'lipstick-velvet-92');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await verifyPassword(await hashOf(s.id), 'lipstick-velvet-92')).toBe(true);
  });
});

describe('D10: passwords per NIST SP 800-63B', () => {
  it('refuses a common password, a short or blank one and the username, naming the rule; on create and on change', async () => {
    const username = `nist_${Date.now().toString(36)}`;
    const create = (password: string) => t.call(admin, { method: 'POST', url: '/api/users', payload: { name: 'Nist Check', username, role: 'Sales', password } });
    for (const [password, rule] of [
      ['12345678', /common/],
      ['password', /common/],
      ['Password1', /common/],
      ['iloveyou', /common/],
      ['        ', /at least 8 characters/],
      ['  abc   ', /at least 8 characters/],
      ['short', /at least 8 characters/],
      [username, /username/],
      [username.toUpperCase(), /username/],
    ] as [string, RegExp][]) {
      const res = await create(password);
      expect(res.statusCode, password).toBe(422);
      expect(res.json().errors.password[0], password).toMatch(rule);
    }
    const made = await create('lipstick-velvet-92');
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as number;
    const token = await t.login(username, 'lipstick-velvet-92');
    for (const [password, rule] of [
      ['qwertyuiop', /common/],
      [username, /username/],
      ['       x', /at least 8 characters/],
    ] as [string, RegExp][]) {
      const res = await change(token, id, 'lipstick-velvet-92', password);
      expect(res.statusCode, password).toBe(422);
      expect(res.json().errors.password[0], password).toMatch(rule);
    }
    // an admin setting it for someone else meets the same rules
    const byAdmin = await t.call(admin, { method: 'PUT', url: `/api/users/password/${id}`, payload: { password: username } });
    expect(byAdmin.statusCode).toBe(422);
    expect(byAdmin.json().errors.password[0]).toMatch(/username/);
  });
});

// Issue 19, item 5: tokens unused for a set time expire (the `token_idle_days` setting, default 30), and a person can
// sign out their other devices.
describe('tokens unused for token_idle_days expire', () => {
  const me = (token: string) => t.call(token, { method: 'GET', url: '/api/user' });
  const setting = (token: string, payload: unknown) => t.call(token, { method: 'PUT', url: '/api/settings', payload: payload as never });
  /** Makes the token's device look unused since `days` ago (its last use, or its sign-in when never used). */
  const idleSince = async (userId: number, deviceId: string, days: number, field: 'last_used_at' | 'created_at' = 'last_used_at') => {
    const at = new Date(Date.now() - days * 86400_000);
    await t.database.db
      .update(apiTokensTable)
      .set(field === 'created_at' ? { created_at: at, last_used_at: null } : { last_used_at: at })
      .where(and(eq(apiTokensTable.user_id, userId), eq(apiTokensTable.device_id, deviceId)));
  };
  const tokenRow = async (userId: number, deviceId: string) =>
    (await t.database.db.select().from(apiTokensTable).where(and(eq(apiTokensTable.user_id, userId), eq(apiTokensTable.device_id, deviceId))))[0];

  it('the setting: 30 days by default, admin-only, a whole number of days from 1 to 365; the other settings keep their values', async () => {
    const s = await t.staff();
    expect((await t.call(s.token, { method: 'GET', url: '/api/settings' })).json().data).toMatchObject({ token_idle_days: 30 });
    expect((await setting(s.token, { token_idle_days: 60 })).statusCode).toBe(403);
    for (const bad of [0, -3, 1.5, 366, '30', null]) {
      const res = await setting(admin, { token_idle_days: bad });
      expect(res.statusCode, String(bad)).toBe(422);
      expect(Object.keys(res.json().errors), String(bad)).toEqual(['token_idle_days']);
    }
    expect((await setting(admin, {})).statusCode).toBe(422);
    const before = (await t.call(admin, { method: 'GET', url: '/api/settings' })).json().data;
    const ok = await setting(admin, { token_idle_days: 45 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ ...before, token_idle_days: 45 });
    expect((await setting(admin, { token_idle_days: 30 })).statusCode).toBe(200);
  });

  it('a token unused past the limit is a 401 and is deleted; one used within it works and its last use is recorded', async () => {
    const s = await t.staff();
    const [old, fresh, neverUsed] = ['old-phone', 'fresh-phone', 'never-used'];
    const tokens = { old: await t.login(s.username, s.password, old), fresh: await t.login(s.username, s.password, fresh), never: await t.login(s.username, s.password, neverUsed) };
    await idleSince(s.id, old, 31);
    await idleSince(s.id, fresh, 29);
    await idleSince(s.id, neverUsed, 31, 'created_at');
    expect((await me(tokens.old)).statusCode).toBe(401);
    expect(await tokenRow(s.id, old)).toBeUndefined();
    expect((await me(tokens.never)).statusCode).toBe(401);
    const res = await me(tokens.fresh);
    expect(res.statusCode).toBe(200);
    // the use is recorded (at most once an hour), so the 29 days start again
    const row = await tokenRow(s.id, fresh);
    expect(Date.now() - row!.last_used_at!.getTime()).toBeLessThan(60_000);

    // a shorter limit applies at once, to every token
    expect((await setting(admin, { token_idle_days: 7 })).statusCode).toBe(200);
    try {
      const tablet = await t.login(s.username, s.password, 'tablet');
      await idleSince(s.id, 'tablet', 8);
      expect((await me(tablet)).statusCode).toBe(401);
      expect((await me(tokens.fresh)).statusCode).toBe(200);
    } finally {
      expect((await setting(admin, { token_idle_days: 30 })).statusCode).toBe(200);
    }
  });
});

describe('POST /api/logout-others', () => {
  it('signs out every other device of the caller and keeps this one; staff may; nobody else is touched', async () => {
    const s = await t.staff();
    const here = await t.login(s.username, s.password, 'till-1');
    const others = [await t.login(s.username, s.password, 'phone'), await t.login(s.username, s.password, 'laptop')];
    const res = await t.call(here, { method: 'POST', url: '/api/logout-others' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ message: 'Signed out 3 other devices.', signed_out: 3 });
    expect((await t.call(here, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    for (const token of [...others, s.token]) expect((await t.call(token, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    // the admin's own devices are not this person's
    expect((await t.call(admin, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    const logged = await t.database.db.select().from(activityLogTable).where(and(eq(activityLogTable.action, 'logout_others'), eq(activityLogTable.user_id, s.id)));
    expect(logged).toHaveLength(1);
    expect(logged[0]!.after).toEqual({ devices: 3 });
    // again: nothing left to sign out
    expect((await t.call(here, { method: 'POST', url: '/api/logout-others' })).json().data).toEqual({ message: 'No other device was signed in.', signed_out: 0 });
    expect((await t.call(null, { method: 'POST', url: '/api/logout-others' })).statusCode).toBe(401);
  });
});
