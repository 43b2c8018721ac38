import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usersTable } from '../src/db/schema.js';
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
