import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { studioDate } from '@studio/shared';
import { loadConfig } from '../src/config.js';
import { ignoredAdminSettings } from '../src/features/auth/first-admin.js';
import { seedFoundation } from '../src/scripts/seed-demo.js';
import { seedPos } from '../src/scripts/seed-demo-pos.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// A newcomer's console (issue 20, item 7): the request log is quiet unless asked for, ADMIN_USERNAME /
// ADMIN_PASSWORD given to a database that already has users are reported as ignored, and the demo's
// point of sale never dates a sale, a void or a stock change after the moment it runs.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('log settings', () => {
  it('is quiet by default (warnings and errors), LOG_LEVEL and LOG_FILE when set', () => {
    expect(loadConfig({}).logLevel).toBe('warn');
    expect(loadConfig({}).logFile).toBeUndefined();
    expect(loadConfig({ LOG_LEVEL: '' }).logLevel).toBe('warn');
    const c = loadConfig({ LOG_LEVEL: 'info', LOG_FILE: '/var/log/studio/app.log' });
    expect(c.logLevel).toBe('info');
    expect(c.logFile).toBe('/var/log/studio/app.log');
  });
});

describe('ADMIN_USERNAME / ADMIN_PASSWORD on a database with users', () => {
  it('says nothing when neither is set', async () => {
    expect(await ignoredAdminSettings(t.database.db, undefined, undefined)).toBeUndefined();
  });
  it('says they are ignored and names the existing admins', async () => {
    const msg = await ignoredAdminSettings(t.database.db, 'owner', 'a-new-password-1');
    expect(msg).toMatch(/^ADMIN_USERNAME and ADMIN_PASSWORD are ignored: the database already has users/);
    expect(msg).toContain('"admin"');
  });
  it('says an existing user keeps its password', async () => {
    const msg = await ignoredAdminSettings(t.database.db, 'ADMIN', 'another-password-1');
    expect(msg).toContain('The user "admin" exists');
    expect(msg).toContain('ADMIN_PASSWORD does not change it');
    // and it did not: the old password still signs in
    await expect(t.login()).resolves.toBeTruthy();
  });
  it('names only the setting given', async () => {
    expect(await ignoredAdminSettings(t.database.db, undefined, 'x-password-123')).toMatch(/^ADMIN_PASSWORD is ignored/);
  });
});

describe('seed:demo point of sale', () => {
  it('stops at the present minute: no sale, void or stock change after now', async () => {
    const tz = t.app.config.tzStudio;
    // "now" is 10:17 this morning in the studio, while the day's sales run from 09:00 to 19:00
    const today = studioDate(new Date(), tz);
    const now = new Date(`${today}T10:17:00+01:00`);
    expect(await seedFoundation(t.database.db)).toBe(true);
    const seeded = await seedPos(t.database.db, tz, 1, now);
    expect(seeded!.orders).toBeGreaterThan(20);
    const rows = async (q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
    const [late] = await rows(sql`select
      (select count(*) from orders where created_at > ${now.toISOString()}::timestamptz) as orders,
      (select count(*) from orders where voided_at > ${now.toISOString()}::timestamptz) as voids,
      (select count(*) from stock_movements where created_at > ${now.toISOString()}::timestamptz) as movements,
      (select max(created_at) from orders) as last`);
    expect({ orders: Number(late!.orders), voids: Number(late!.voids), movements: Number(late!.movements) }).toEqual({ orders: 0, voids: 0, movements: 0 });
    // it still trades up to the last hours: the newest sale is within the last week
    expect(new Date(late!.last as string).getTime()).toBeGreaterThan(now.getTime() - 7 * 86_400_000);
  });
});
