import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { LOGIN_MAX_FAILURES } from '@studio/shared';
import { normaliseUsername } from '../src/features/auth/login-throttle.js';
import { appOnSameDatabase } from './helpers/second-app.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Caller = Pick<TestApp, 'call'>;
const attempt = (via: Caller, username: string, password: string, remoteAddress = '127.0.0.1') =>
  via.call(null, { method: 'POST', url: '/api/login', remoteAddress, payload: { username, password, deviceId: 'throttle-test' } });
/** Answers that went through the password check: a 200 or the credentials 422, anything but the 429. */
const evaluated = (answers: LightMyRequestResponse[]) => answers.filter((a) => a.statusCode !== 429).length;

/** 99 wrong passwords and the right one (at `rightAt`), all at once, spread over `via` in turn. */
async function burst(via: Caller[], username: string, password: string, rightAt: number) {
  const answers = await Promise.all(
    Array.from({ length: 100 }, (_, i) => attempt(via[i % via.length]!, username, i === rightAt ? password : `wrong-guess-${i}`)),
  );
  for (const a of answers) expect([200, 422, 429]).toContain(a.statusCode);
  return answers;
}

describe('the login throttle counts each attempt before the password is checked', () => {
  it('of a 100-way parallel burst of wrong passwords and the right one, at most 5 are checked and the right one gets no token', async () => {
    const s = await t.staff();
    const answers = await burst([t], s.username, s.password, 99);
    const checked = evaluated(answers);
    console.info(`login throttle: ${checked} of 100 parallel guesses evaluated (${t.database.kind})`);
    expect(checked).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    expect(answers[99]!.statusCode).toBe(429);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(0);
    // every refusal says how long to wait, within the window
    for (const a of answers.filter((x) => x.statusCode === 429)) {
      expect(a.json()).toEqual({ message: expect.stringMatching(/^Too many login attempts\. Please try again in \d+ seconds\.$/) });
      expect(Number(a.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(a.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    // and the right password is still refused afterwards, within the window
    expect((await attempt(t, s.username, s.password)).statusCode).toBe(429);
  });

  it('counts every spelling of a username together: case, spaces around and inside, full-width letters', async () => {
    const s = await t.staff();
    const variants = [s.username.toUpperCase(), `  ${s.username}  `, s.username.replace(/^./, (c) => c.toUpperCase()), `\t${s.username.toUpperCase()}\n`];
    // full-width letters and digits fold to the same name (NFKC)
    const fullWidth = [...s.username].map((c) => (/[a-z0-9]/i.test(c) ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c)).join('');
    expect(normaliseUsername(fullWidth)).toBe(s.username.toLowerCase());
    for (const name of [...variants, fullWidth]) expect((await attempt(t, name, 'wrong-password')).statusCode).toBe(422);
    expect((await attempt(t, s.username, s.password)).statusCode).toBe(429);

    // an unknown name too: spaces inside collapse, so a guesser cannot make a new name per space
    for (const name of ['No Such User', 'no  such user', ' NO SUCH   USER ', 'no such\tuser', 'nO sUcH uSeR']) {
      expect((await attempt(t, name, 'wrong-password')).statusCode).toBe(422);
    }
    expect((await attempt(t, 'no such user', 'wrong-password')).statusCode).toBe(429);
  });

  it('keeps counting per username and address: another address, or another user, is not blocked', async () => {
    const s = await t.staff();
    for (let i = 0; i < 5; i++) expect((await attempt(t, s.username, 'wrong-password')).statusCode).toBe(422);
    expect((await attempt(t, s.username, s.password)).statusCode).toBe(429);
    expect((await attempt(t, s.username, s.password, '10.9.8.7')).statusCode).toBe(200);
    const other = await t.staff();
    expect((await attempt(t, other.username, other.password)).statusCode).toBe(200);
  });

  it('frees the name when the window is over, and a success forgives the failures before it', async () => {
    const s = await t.staff();
    for (let i = 0; i < 5; i++) await attempt(t, s.username, 'wrong-password');
    expect((await attempt(t, s.username, s.password)).statusCode).toBe(429);
    // a minute passes (the window is kept by the database's clock)
    await t.database.db.execute(sql`update login_throttle set window_started_at = window_started_at - interval '61 seconds'`);
    expect((await attempt(t, s.username, 'wrong-password')).statusCode).toBe(422);
    expect((await attempt(t, s.username, s.password)).statusCode).toBe(200);
    // forgiven: five more wrong ones are all checked, the sixth attempt is refused
    for (let i = 0; i < 5; i++) expect((await attempt(t, s.username, 'wrong-password')).statusCode).toBe(422);
    expect((await attempt(t, s.username, s.password)).statusCode).toBe(429);
  });

  it('never counts successful sign-ins one after another (the benchmark signs in freely)', async () => {
    const s = await t.staff();
    for (let i = 0; i < 12; i++) expect((await attempt(t, s.username, s.password)).statusCode).toBe(200);
  });
});

describe('the count lives in the database', () => {
  it('survives a restart: a new app on the same database still refuses', async () => {
    const s = await t.staff();
    for (let i = 0; i < 5; i++) expect((await attempt(t, s.username, 'wrong-password')).statusCode).toBe(422);
    const restarted = await appOnSameDatabase(t);
    try {
      const res = await attempt(restarted, s.username, s.password);
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
    } finally {
      await restarted.close();
    }
  });

  it('is shared by two app instances on one database, one after another and in a parallel burst through both', async () => {
    const other = await appOnSameDatabase(t);
    try {
      const s = await t.staff();
      for (let i = 0; i < 5; i++) expect((await attempt(i % 2 ? t : other, s.username, 'wrong-password')).statusCode).toBe(422);
      expect((await attempt(other, s.username, s.password)).statusCode).toBe(429);
      expect((await attempt(t, s.username, s.password)).statusCode).toBe(429);

      const s2 = await t.staff();
      const answers = await burst([t, other], s2.username, s2.password, 99);
      expect(evaluated(answers)).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
      expect(answers[99]!.statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });
});
