import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// Issue 30, item 6 and issue 34, item 4: the studio's bank account is a setting (admin), read by every signed-in user
// (receipts and reminders print it), validated like every other setting.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

describe('the studio bank account setting', () => {
  it('is null until set; an admin sets it, staff read it and cannot change it; a bad number is a 422 naming the field and changes nothing', async () => {
    const get = async (token: string) => (await t.call(token, { method: 'GET', url: '/api/settings' })).json().data;
    expect((await get(admin)).bank_account).toBeNull();
    const account = { bank: 'GTBank', number: '0123456789', name: 'Glam Studio Ltd' };
    const put = await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { bank_account: account } });
    expect(put.statusCode, put.body).toBe(200);
    const staff = await t.staff();
    expect((await get(staff.token)).bank_account).toEqual(account);
    expect((await t.call(staff.token, { method: 'PUT', url: '/api/settings', payload: { bank_account: { ...account, number: '9999999999' } } })).statusCode).toBe(403);
    for (const number of ['012345678', '01234567890', '01234x6789']) {
      const bad = await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { bank_account: { ...account, number } } });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().errors)).toEqual(['bank_account.number']);
    }
    expect((await get(admin)).bank_account).toEqual(account);
    // other settings keep it
    expect((await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { reminder_skip_days: 5 } })).statusCode).toBe(200);
    expect((await get(admin)).bank_account).toEqual(account);
  });
});
