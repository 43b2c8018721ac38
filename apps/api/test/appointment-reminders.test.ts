import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activityLogTable, duesRemindersTable } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';
import { uniqueName } from './helpers/fixtures.js';

// Issue 34, item 4: an appointment reminder marked sent on one phone is sent on every device. The server keeps it
// with who sent it and when (beside the payment reminders), and every device reads it back for the day.

let t: TestApp;
let admin: string;
let desk: { id: number; token: string };
let other: { id: number; token: string };
let artist: { id: number; token: string };
let braids: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  desk = await t.staff({ name: 'Desk Phone' });
  other = await t.staff({ name: 'Tablet Two' });
  artist = await t.staff({ name: 'Remi Artist', role: 'Hair Stylist' });
  braids = await posHelpers(t, () => admin).product({ outlet: 'salon', kind: 'service', name: uniqueName('Braids'), price: 15000 });
});
afterAll(() => t.close());

let phoneSeq = 400000;
async function book(startsAt: string): Promise<number> {
  const res = await t.call(desk.token, {
    method: 'POST',
    url: '/api/appointments',
    payload: { client_name: uniqueName('Client'), client_phone: `0806${String(++phoneSeq).padStart(7, '0')}`, service_id: braids.id, artist_id: artist.id, starts_at: startsAt },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}
type Sent = { appointment_id: number; last_reminder: { at: string; by: { id: number; name: string } | null } };
const sentOn = async (token: string, day: string): Promise<Sent[]> => {
  const res = await t.call(token, { method: 'GET', url: `/api/reminders/appointments/${day}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('appointment reminders on the server', () => {
  it('sent from one device is sent on every other, with who sent it and when; the latest counts', async () => {
    const a = await book('2027-06-08T10:00:00+01:00');
    const b = await book('2027-06-08T12:00:00+01:00');
    const elsewhere = await book('2027-06-09T10:00:00+01:00');
    expect(await sentOn(other.token, '2027-06-08')).toEqual([]);

    const before = Date.now();
    const res = await t.call(desk.token, { method: 'POST', url: '/api/reminders/appointments/sent', payload: { ids: [a, a] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject([{ appointment_id: a, last_reminder: { by: { id: desk.id, name: 'Desk Phone' } } }]);

    // another staff member's device, and the admin's: the same answer
    for (const token of [other.token, admin]) {
      const sent = await sentOn(token, '2027-06-08');
      expect(sent.map((s) => s.appointment_id)).toEqual([a]);
      expect(sent[0]!.last_reminder.by).toEqual({ id: desk.id, name: 'Desk Phone' });
      expect(Date.parse(sent[0]!.last_reminder.at)).toBeGreaterThanOrEqual(before - 1000);
    }
    expect(await sentOn(other.token, '2027-06-09')).toEqual([]);
    // named twice: one line; and a line in the activity log on the appointment
    expect(await t.database.db.select().from(duesRemindersTable).where(and(eq(duesRemindersTable.kind, 'appointment'), eq(duesRemindersTable.record_id, a)))).toHaveLength(1);
    const log = await t.database.db.select().from(activityLogTable).where(and(eq(activityLogTable.action, 'remind'), eq(activityLogTable.resource, 'appointments'), eq(activityLogTable.record_id, a)));
    expect(log).toHaveLength(1);

    // reminded again from the other device: its name is the last
    expect((await t.call(other.token, { method: 'POST', url: '/api/reminders/appointments/sent', payload: { ids: [a, b] } })).statusCode).toBe(200);
    const again = await sentOn(desk.token, '2027-06-08');
    expect(again.map((s) => [s.appointment_id, s.last_reminder.by?.name])).toEqual([
      [a, 'Tablet Two'],
      [b, 'Tablet Two'],
    ]);
    expect((await sentOn(desk.token, '2027-06-09')).length).toBe(0);
    expect(elsewhere).toBeGreaterThan(0);
  });

  it('bad input is a 422 on the field and records nothing; no one signed out may read or write', async () => {
    const a = await book('2027-06-10T10:00:00+01:00');
    const count = async () => (await t.database.db.select().from(duesRemindersTable).where(eq(duesRemindersTable.kind, 'appointment'))).length;
    const n = await count();
    const cases: [unknown, string][] = [
      [{ ids: [a, 99_999_999] }, 'ids.1'],
      [{ ids: [] }, 'ids'],
      [{ ids: ['x'] }, 'ids.0'],
      [{ ids: [-1] }, 'ids.0'],
      [{}, 'ids'],
    ];
    for (const [payload, field] of cases) {
      const res = await t.call(desk.token, { method: 'POST', url: '/api/reminders/appointments/sent', payload: payload as never });
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    expect(await count()).toBe(n);
    const badDay = await t.call(desk.token, { method: 'GET', url: '/api/reminders/appointments/2027-13-40' });
    expect(badDay.statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/api/reminders/appointments/2027-06-10' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/reminders/appointments/sent', payload: { ids: [a] } })).statusCode).toBe(401);
  });
});
