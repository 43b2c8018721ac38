import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiTokensTable, usersTable } from '../src/db/schema.js';
import { ADMIN, createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const loginAs = (payload: Record<string, unknown>) => t.call(null, { method: 'POST', url: '/api/login', payload });

describe('POST /api/login', () => {
  it('returns the user and only this device token', async () => {
    await t.login(ADMIN.username, ADMIN.password, 'other-device');
    const res = await loginAs({ username: ADMIN.username, password: ADMIN.password, deviceId: 'this-device', deviceInfo: '' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ username: 'admin', is_admin: 1, role: 'Administrator' });
    expect(data.tokens).toHaveLength(1);
    expect(data.tokens[0].device_id).toBe('this-device');
    expect(data.tokens[0].api_token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(data).not.toHaveProperty('password_hash');
    expect(JSON.stringify(data)).not.toContain('argon2');
  });

  it('answers the user record with only this device’s token', async () => {
    const res = await loginAs({ username: ADMIN.username, password: ADMIN.password, deviceId: 'shape-device', deviceInfo: '' });
    const { data } = res.json();
    expect(Object.keys(res.json())).toEqual(['data']);
    expect(Object.keys(data).sort()).toEqual(['active', 'created_at', 'email', 'id', 'is_admin', 'name', 'outlet', 'phone', 'profile_photo', 'role', 'tokens', 'updated_at', 'username']);
    expect(data.tokens).toEqual([{ device_id: 'shape-device', api_token: expect.any(String) }]);
    // 256 random bits, base64url: at least 128 bits as the contract asks
    expect(Buffer.from(data.tokens[0].api_token, 'base64url').length).toBeGreaterThanOrEqual(16);
  });

  it('makes a device id when the client sends none', async () => {
    const res = await loginAs({ username: ADMIN.username, password: ADMIN.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.tokens[0].device_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is case-insensitive on the username', async () => {
    const res = await loginAs({ username: 'ADMIN', password: ADMIN.password, deviceId: 'x' });
    expect(res.statusCode).toBe(200);
  });

  it('stores tokens hashed, never as given', async () => {
    const token = await t.login(ADMIN.username, ADMIN.password, 'hash-check');
    const rows = await t.database.db.select().from(apiTokensTable);
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.some((r) => r.token_hash === crypto.createHash('sha256').update(token).digest('hex'))).toBe(true);
  });

  it('replaces the token of a device that signs in again', async () => {
    const first = await t.login(ADMIN.username, ADMIN.password, 'same-device');
    const second = await t.login(ADMIN.username, ADMIN.password, 'same-device');
    expect(second).not.toBe(first);
    expect((await t.call(first, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect((await t.call(second, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
  });

  it('two sign-ins from one device at once both succeed and leave that device one token', async () => {
    const answers = await Promise.all(Array.from({ length: 4 }, () => loginAs({ username: ADMIN.username, password: ADMIN.password, deviceId: 'double-click' })));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const rows = await t.database.db.select().from(apiTokensTable).where(eq(apiTokensTable.device_id, 'double-click'));
    expect(rows).toHaveLength(1);
    const working = [];
    for (const res of answers) if ((await t.call(res.json().data.tokens[0].api_token, { method: 'GET', url: '/api/user' })).statusCode === 200) working.push(res);
    expect(working).toHaveLength(1);
  });

  it('keeps the tokens of other devices', async () => {
    const a = await t.login(ADMIN.username, ADMIN.password, 'device-a');
    await t.login(ADMIN.username, ADMIN.password, 'device-b');
    expect((await t.call(a, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
  });

  it('answers unknown user, wrong password and deactivated user alike', async () => {
    const s = await t.staff();
    const admin = await t.login();
    await t.call(admin, { method: 'PUT', url: `/api/users/${s.id}`, payload: { id: s.id, active: false } });
    const answers = await Promise.all([
      loginAs({ username: 'nobody-here', password: 'whatever-1', deviceId: 'd' }),
      loginAs({ username: ADMIN.username, password: 'wrong-password', deviceId: 'd' }),
      loginAs({ username: s.username, password: s.password, deviceId: 'd' }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'These credentials do not match our records.', errors: { username: ['These credentials do not match our records.'] } });
    }
  });

  it('rejects a missing username or password with field errors', async () => {
    const res = await loginAs({ deviceId: 'd' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['password', 'username']);
  });
});

describe('login throttle', () => {
  it('answers 429 with Retry-After after 5 failures per username and address, and only for that pair', async () => {
    for (let i = 0; i < 5; i++) expect((await loginAs({ username: 'victim', password: 'bad-bad-bad', deviceId: 'd' })).statusCode).toBe(422);
    const res = await loginAs({ username: 'victim', password: 'bad-bad-bad', deviceId: 'd' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    // the same user from another address is not blocked
    const other = await t.call(null, { method: 'POST', url: '/api/login', remoteAddress: '10.1.2.3', payload: { username: 'victim', password: 'bad-bad-bad', deviceId: 'd' } });
    expect(other.statusCode).toBe(422);
  });

  it('a success clears the count; once blocked, even the right password is 429', async () => {
    const s = await t.staff();
    const wrong = () => loginAs({ username: s.username, password: 'not-the-password', deviceId: 'd' });
    const right = () => loginAs({ username: s.username.toUpperCase(), password: s.password, deviceId: 'd' });
    for (let i = 0; i < 4; i++) expect((await wrong()).statusCode).toBe(422);
    expect((await right()).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await wrong()).statusCode).toBe(422);
    const blocked = await right();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
    expect(blocked.json()).toEqual({ message: expect.stringMatching(/too many/i) });
  });

  it('does not count successful logins', async () => {
    for (let i = 0; i < 8; i++) await t.login(ADMIN.username, ADMIN.password, `ok-${i}`);
  });
});

describe('tokens', () => {
  it('401s a missing, malformed, unknown or revoked token with the contract message', async () => {
    const token = await t.login();
    expect((await t.call(token, { method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
    for (const headers of [{}, { authorization: 'Basic abc' }, { authorization: 'Bearer not-a-token' }, { authorization: `Bearer ${token}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/user', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('logout revokes only the calling token', async () => {
    const s = await t.staff();
    const phone = await t.login(s.username, s.password, 'phone');
    const res = await t.call(s.token, { method: 'POST', url: '/api/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { message: 'Logged out.' } });
    expect((await t.call(s.token, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect((await t.call(s.token, { method: 'POST', url: '/api/logout' })).statusCode).toBe(401);
    expect((await t.call(phone, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
  });

  it('every token is kept only as its SHA-256', async () => {
    const tokens = [await t.login(), await t.login(), (await t.staff()).token];
    const rows = await t.database.db.select().from(apiTokensTable);
    const stored = new Set(rows.map((r) => r.token_hash));
    for (const token of tokens) {
      expect(stored.has(crypto.createHash('sha256').update(token).digest('hex'))).toBe(true);
      expect(JSON.stringify(rows)).not.toContain(token);
    }
    for (const r of rows) expect(r.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('GET /api/user returns the caller without secrets', async () => {
    const s = await t.staff();
    const res = await t.call(s.token, { method: 'GET', url: '/api/user' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: s.id, username: s.username, is_admin: 0 });
    expect(res.json().data).not.toHaveProperty('password_hash');
  });

  it('signs a deactivated user out of every device', async () => {
    const s = await t.staff();
    const admin = await t.login();
    await t.call(admin, { method: 'PUT', url: `/api/users/${s.id}`, payload: { active: false } });
    expect((await t.call(s.token, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
  });
});

describe('password change', () => {
  it('staff change their own with the current password; other devices are signed out, this one stays', async () => {
    const s = await t.staff();
    const other = await t.login(s.username, s.password, 'second-phone');
    const wrong = await t.call(s.token, { method: 'PUT', url: `/api/users/password/${s.id}`, payload: { current_password: 'nope-nope', password: 'new-password-1' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toHaveProperty('current_password');
    const missing = await t.call(s.token, { method: 'PUT', url: `/api/users/password/${s.id}`, payload: { password: 'new-password-1' } });
    expect(missing.statusCode).toBe(422);
    const ok = await t.call(s.token, { method: 'PUT', url: `/api/users/password/${s.id}`, payload: { current_password: s.password, password: 'new-password-1', password_confirmation: 'new-password-1' } });
    expect(ok.statusCode).toBe(200);
    expect((await t.call(other, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect((await t.call(s.token, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    await t.login(s.username, 'new-password-1');
    expect((await loginAs({ username: s.username, password: s.password, deviceId: 'x' })).statusCode).toBe(422);
  });

  it('an admin changing their own password also needs the current one', async () => {
    const second = await t.staff({ is_admin: 1 });
    const res = await t.call(second.token, { method: 'PUT', url: `/api/users/password/${second.id}`, payload: { password: 'new-admin-pass' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('current_password');
    await t.login(second.username, second.password);
  });

  it('for an unknown user is 404 for an admin', async () => {
    const admin = await t.login();
    const res = await t.call(admin, { method: 'PUT', url: '/api/users/password/999999', payload: { password: 'whatever-123' } });
    expect(res.statusCode).toBe(404);
  });

  it('rejects short passwords and mismatched confirmation', async () => {
    const s = await t.staff();
    const short = await t.call(s.token, { method: 'PUT', url: `/api/users/password/${s.id}`, payload: { current_password: s.password, password: 'short' } });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password[0]).toMatch(/at least 8 characters/);
    const mismatch = await t.call(s.token, { method: 'PUT', url: `/api/users/password/${s.id}`, payload: { current_password: s.password, password: 'long-enough-1', password_confirmation: 'long-enough-2' } });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toHaveProperty('password_confirmation');
  });

  it('staff may not change another user’s password; admins may, and that user is signed out everywhere', async () => {
    const a = await t.staff();
    const b = await t.staff();
    const res = await t.call(a.token, { method: 'PUT', url: `/api/users/password/${b.id}`, payload: { current_password: a.password, password: 'hijacked-pass' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'This action is unauthorized.' });
    const admin = await t.login();
    const bTablet = await t.login(b.username, b.password, 'tablet');
    const reset = await t.call(admin, { method: 'PUT', url: `/api/users/password/${b.id}`, payload: { password: 'reset-by-admin' } });
    expect(reset.statusCode).toBe(200);
    expect((await t.call(b.token, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect((await t.call(bTablet, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect((await t.call(admin, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    await t.login(b.username, 'reset-by-admin');
  });
});

describe('passwords at rest', () => {
  it('are argon2id hashes', async () => {
    const [row] = await t.database.db.select().from(usersTable).where(eq(usersTable.username, 'admin'));
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('are argon2id for created users and after every kind of change', async () => {
    const s = await t.staff();
    const admin = await t.login();
    await t.call(s.token, { method: 'PUT', url: `/api/users/password/${s.id}`, payload: { current_password: s.password, password: 'changed-by-self' } });
    const [own] = await t.database.db.select().from(usersTable).where(eq(usersTable.id, s.id));
    expect(own!.password_hash).toMatch(/^\$argon2id\$/);
    expect(own!.password_hash).not.toContain('changed-by-self');
    await t.call(admin, { method: 'PUT', url: `/api/users/password/${s.id}`, payload: { password: 'changed-by-admin' } });
    const [reset] = await t.database.db.select().from(usersTable).where(eq(usersTable.id, s.id));
    expect(reset!.password_hash).toMatch(/^\$argon2id\$/);
    expect(reset!.password_hash).not.toBe(own!.password_hash);
  });
});
