import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokensTable, usersTable } from '../src/db/schema.js';
import { ADMIN, createTestApp, type TestApp } from './helpers/test-app.js';
import { jpegBytes, multipartFile, pngImage, userBody } from './helpers/fixtures.js';

// Staff accounts (contract §4 User, docs/api.md "Users" and "Auth").

let t: TestApp;
let admin: string;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  adminId = (await t.call(admin, { method: 'GET', url: '/api/user' })).json().data.id;
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>, token = admin) => t.call(token, { method: 'POST', url: '/api/users', payload: body });
const update = (id: number, body: Record<string, unknown>, token = admin) => t.call(token, { method: 'PUT', url: `/api/users/${id}`, payload: body });
const remove = (id: number, token = admin) => t.call(token, { method: 'DELETE', url: `/api/users/${id}` });
const getUser = (id: number, token = admin) => t.call(token, { method: 'GET', url: `/api/users/${id}` });
const whoAmI = (token: string) => t.call(token, { method: 'GET', url: '/api/user' });

/** No answer ever carries a password, its hash or a stored token hash. */
function expectNoSecrets(body: string) {
  expect(body).not.toMatch(/"password(_hash)?"\s*:/);
  expect(body).not.toMatch(/\$argon2/);
  expect(body).not.toMatch(/token_hash/);
}

describe('CRUD', () => {
  it('creates, reads, lists, searches, updates and deletes a staff member', async () => {
    const body = userBody({ name: 'Adaeze Okafor', email: 'ada@studio.test', phone: '08031234567', role: 'Makeup Artist' });
    const created = await create(body);
    expect(created.statusCode).toBe(201);
    const user = created.json().data;
    expect(user).toMatchObject({ name: 'Adaeze Okafor', username: body.username, email: 'ada@studio.test', phone: '08031234567', role: 'Makeup Artist', is_admin: 0, active: true, profile_photo: null });
    expect(Object.keys(user).sort()).toEqual(['active', 'base_pay', 'created_at', 'email', 'id', 'is_admin', 'name', 'outlet', 'phone', 'profile_photo', 'role', 'updated_at', 'username'].sort());

    expect((await getUser(user.id)).json()).toEqual({ data: user });
    const list = await t.call(admin, { method: 'GET', url: '/api/users' });
    expect(list.json().data.map((u: { id: number }) => u.id)).toContain(user.id);
    const found = await t.call(admin, { method: 'GET', url: '/api/users/search/ADAEZE' });
    expect(found.json().data.map((u: { id: number }) => u.id)).toEqual([user.id]);

    // the client sends the whole record back, id included
    const put = await update(user.id, { ...user, name: 'Adaeze O.', phone: null });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ id: user.id, name: 'Adaeze O.', phone: null, email: 'ada@studio.test' });

    const del = await remove(user.id);
    expect(del.json()).toEqual({ data: { id: user.id } });
    expect((await getUser(user.id)).statusCode).toBe(404);
  });

  it('never returns a password hash, on any route', async () => {
    const body = userBody();
    const { data } = (await create(body)).json();
    const login = await t.call(null, { method: 'POST', url: '/api/login', payload: { username: body.username, password: body.password, deviceId: 'd1' } });
    const token = login.json().data.tokens[0].api_token;
    const answers = [
      login.body.replace(token, ''),
      (await getUser(data.id)).body,
      (await t.call(admin, { method: 'GET', url: '/api/users' })).body,
      (await t.call(admin, { method: 'GET', url: '/api/users?page=1' })).body,
      (await t.call(admin, { method: 'GET', url: `/api/users/search/${body.username}` })).body,
      (await update(data.id, { role: 'Receptionist' })).body,
      (await whoAmI(token)).body,
      (await t.call(token, { method: 'PUT', url: `/api/users/password/${data.id}`, payload: { current_password: body.password, password: 'another-pass-1' } })).body,
      (await t.call(admin, { method: 'GET', url: '/api/activity-log?per_page=100' })).body,
    ];
    for (const a of answers) expectNoSecrets(a);
  });

  it('a partial PUT changes only what it names: defaults (is_admin 0, active true) never overwrite stored values', async () => {
    const { data } = (await create(userBody({ is_admin: 1, role: 'Manager' }))).json();
    const res = await update(data.id, { phone: '0800' });
    expect(res.json().data).toMatchObject({ is_admin: 1, active: true, role: 'Manager', phone: '0800' });
    const off = (await update(data.id, { active: false })).json().data;
    expect(off).toMatchObject({ is_admin: 1, active: false });
    expect((await update(data.id, { name: 'Renamed' })).json().data).toMatchObject({ is_admin: 1, active: false, name: 'Renamed' });
  });

  it('keeps the outlet a staff member works at: sign-in and /api/user carry it (their till), null until set; another is 422', async () => {
    const s = await t.staff({ name: 'Ibiere Salon', role: 'Salon Stylist', outlet: 'salon' });
    const login = await t.call(null, { method: 'POST', url: '/api/login', payload: { username: s.username, password: s.password, deviceId: crypto.randomUUID(), deviceInfo: '' } });
    expect(login.json().data.outlet).toBe('salon');
    expect((await whoAmI(s.token)).json().data.outlet).toBe('salon');
    expect((await update(s.id, { outlet: 'office' })).json().data.outlet).toBe('office');
    expect((await whoAmI(s.token)).json().data.outlet).toBe('office');
    expect((await update(s.id, { outlet: null })).json().data.outlet).toBeNull();
    const plain = await create(userBody({ name: 'No Outlet Yet' }));
    expect(plain.json().data.outlet).toBeNull();
    const bad = await update(s.id, { outlet: 'kitchen' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['outlet']);
  });

  it('PUT cannot set a password', async () => {
    const body = userBody();
    const { data } = (await create(body)).json();
    await update(data.id, { password: 'sneaky-new-pass', password_hash: 'x' });
    await t.login(body.username, body.password);
    const [row] = await t.database.db.select().from(usersTable).where(eq(usersTable.id, data.id));
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('validates the fields', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [userBody({ password: 'short7!' }), 'password'],
      [userBody({ password: undefined }), 'password'],
      [userBody({ username: 'ab' }), 'username'],
      [userBody({ username: 'has space' }), 'username'],
      [userBody({ username: 'x'.repeat(51) }), 'username'],
      [userBody({ name: '' }), 'name'],
      [userBody({ name: 'x'.repeat(101) }), 'name'],
      [userBody({ email: 'not-an-email' }), 'email'],
      [userBody({ is_admin: 2 }), 'is_admin'],
      [userBody({ is_admin: true }), 'is_admin'],
      [userBody({ active: 'no' }), 'active'],
      [userBody({ role: undefined }), 'role'],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors, JSON.stringify(body)).toHaveProperty(field);
    }
    expect((await create(userBody({ password: '8chars!!' }))).statusCode).toBe(201);
  });

  it('username is unique without regard to case, on create and on update', async () => {
    const a = (await create(userBody({ username: 'Chioma' }))).json().data;
    const b = (await create(userBody({ username: 'ngozi' }))).json().data;
    const dup = await create(userBody({ username: 'CHIOMA' }));
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.username).toEqual(['The username has already been taken.']);
    const clash = await update(b.id, { username: 'chioma' });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toHaveProperty('username');
    // renaming to itself in another case is not a clash
    expect((await update(a.id, { ...a, username: 'CHIOMA' })).statusCode).toBe(200);
  });

  it('sorts by name by default and by a declared column on request', async () => {
    for (const name of ['Sortable Bravo', 'Sortable Alpha', 'Sortable Charlie']) await create(userBody({ name }));
    const names = async (url: string) => (await t.call(admin, { method: 'GET', url })).json().data.map((u: { name: string }) => u.name);
    expect(await names('/api/users/search/sortable')).toEqual(['Sortable Alpha', 'Sortable Bravo', 'Sortable Charlie']);
    expect(await names('/api/users/search/sortable?order=desc')).toEqual(['Sortable Charlie', 'Sortable Bravo', 'Sortable Alpha']);
    expect(await names('/api/users?q=sortable&sort=created_at&order=desc')).toEqual(['Sortable Charlie', 'Sortable Alpha', 'Sortable Bravo']);
    // a column that is not declared sortable (the hash) is not used: the default order stands
    expect(await names('/api/users?q=sortable&sort=password_hash')).toEqual(['Sortable Alpha', 'Sortable Bravo', 'Sortable Charlie']);
  });
});

describe('the last active admin', () => {
  it('cannot be demoted, deactivated or deleted; with a second admin they can', async () => {
    const demote = await update(adminId, { is_admin: 0 });
    expect(demote.statusCode).toBe(422);
    expect(demote.json().errors).toHaveProperty('is_admin');
    const deactivate = await update(adminId, { active: false });
    expect(deactivate.statusCode).toBe(422);
    expect(deactivate.json().errors).toHaveProperty('active');
    const self = await remove(adminId);
    expect(self.statusCode).toBe(422);
    expect(self.json().errors).toHaveProperty('id');
    expect((await getUser(adminId)).json().data).toMatchObject({ is_admin: 1, active: true });

    // an inactive admin does not count as the one the studio keeps
    const dormant = (await create(userBody({ is_admin: 1, active: false }))).json().data;
    expect((await update(adminId, { is_admin: 0 })).statusCode).toBe(422);

    const second = userBody({ is_admin: 1 });
    const secondId = (await create(second)).json().data.id;
    const secondToken = await t.login(second.username, second.password);
    // the second admin may demote the first, but then cannot demote or deactivate themselves
    expect((await update(adminId, { is_admin: 0 }, secondToken)).statusCode).toBe(200);
    expect((await update(secondId, { is_admin: 0 }, secondToken)).statusCode).toBe(422);
    expect((await update(secondId, { active: false }, secondToken)).statusCode).toBe(422);
    // restore: the first admin is admin again, and the second can then be removed by the first
    expect((await update(adminId, { is_admin: 1 }, secondToken)).statusCode).toBe(200);
    expect((await remove(secondId)).statusCode).toBe(200);
    expect((await remove(dormant.id)).statusCode).toBe(200);
  });

  it('an admin cannot delete their own account even when another admin exists', async () => {
    const other = userBody({ is_admin: 1 });
    const otherId = (await create(other)).json().data.id;
    const res = await remove(adminId);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.id).toEqual(['You cannot delete your own account.']);
    expect((await remove(otherId)).statusCode).toBe(200);
  });
});

describe('deactivation and deletion sign the user out', () => {
  it('a deactivated user’s tokens are revoked and stay revoked after reactivation', async () => {
    const s = await t.staff();
    const second = await t.login(s.username, s.password, 'tablet');
    expect((await update(s.id, { active: false })).statusCode).toBe(200);
    const rows = await t.database.db.select().from(apiTokensTable).where(eq(apiTokensTable.user_id, s.id));
    expect(rows).toHaveLength(0);
    for (const token of [s.token, second]) expect((await whoAmI(token)).statusCode).toBe(401);
    const refused = await t.call(null, { method: 'POST', url: '/api/login', payload: { username: s.username, password: s.password, deviceId: 'x' } });
    expect(refused.statusCode).toBe(422);
    expect((await update(s.id, { active: true })).statusCode).toBe(200);
    for (const token of [s.token, second]) expect((await whoAmI(token)).statusCode).toBe(401);
    await t.login(s.username, s.password);
  });

  it('a deleted user’s tokens stop working', async () => {
    const s = await t.staff();
    expect((await remove(s.id)).statusCode).toBe(200);
    expect((await whoAmI(s.token)).statusCode).toBe(401);
  });

  it('a user who made sales is in use: deleting them is 422 and nothing is removed', async (ctx) => {
    const s = await t.staff();
    const product = await t.call(admin, { method: 'POST', url: '/api/products', payload: { outlet: 'store', name: 'Setting spray', price: 4500, quantity: 10 } });
    const sale =
      product.statusCode === 201
        ? await t.call(s.token, { method: 'POST', url: '/api/orders', payload: { outlet: 'store', customer_name: 'Walk-in', items: [{ product_id: product.json().data.id, quantity: 1 }], payment_method: 'cash', amount_paid: 4500 } })
        : undefined;
    if (!sale || sale.statusCode !== 201) ctx.skip(); // the POS is not there to make a sale with
    const res = await remove(s.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This record is in use by other records.');
    expect((await getUser(s.id)).statusCode).toBe(200);
    expect((await whoAmI(s.token)).statusCode).toBe(200);
  });
});

describe('profile photo', () => {
  const upload = (id: number, part: ReturnType<typeof multipartFile>, token = admin) => t.call(token, { method: 'POST', url: `/api/users/${id}/photo`, payload: part.payload, headers: part.headers });

  it('takes a real PNG over 1 MB, stores it under an unguessable name and serves it without auth', async () => {
    const s = await t.staff();
    const png = pngImage(700, 700); // ~1.4 MB: over the JSON body limit, under the 5 MB upload limit
    expect(png.length).toBeGreaterThan(1024 * 1024);
    const res = await upload(s.id, multipartFile('photo', 'me.png', 'image/png', png));
    expect(res.statusCode, res.body).toBe(200);
    const photo = res.json().data.profile_photo as string;
    expect(photo).toMatch(new RegExp(`^uploads/profile/${s.id}-[0-9a-f]{16}\\.png$`));
    expect((await getUser(s.id)).json().data.profile_photo).toBe(photo);
    expect((await whoAmI(s.token)).json().data.profile_photo).toBe(photo);

    const served = await t.app.inject({ method: 'GET', url: `/${photo}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\/png/);
    expect(served.rawPayload.equals(png)).toBe(true);

    // a new photo replaces the old file
    const next = await upload(s.id, multipartFile('photo', 'camera-upload', 'application/octet-stream', jpegBytes()));
    expect(next.statusCode).toBe(200);
    expect(next.json().data.profile_photo).toMatch(/\.jpg$/);
    expect((await t.app.inject({ method: 'GET', url: `/${photo}` })).statusCode).toBe(404);
    expect(fs.existsSync(path.join(t.dataDir, photo))).toBe(false);
  });

  it('recognises the type by content: a text file named .png is 422', async () => {
    const s = await t.staff();
    const res = await upload(s.id, multipartFile('photo', 'evil.png', 'image/png', Buffer.from('<script>alert(1)</script>\n'.repeat(20))));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('photo');
    expect((await getUser(s.id)).json().data.profile_photo).toBeNull();
  });

  it('over 5 MB is 413 and the old photo stays', async () => {
    const s = await t.staff();
    const first = (await upload(s.id, multipartFile('photo', 'a.png', 'image/png', pngImage()))).json().data.profile_photo;
    const big = pngImage(1300, 1400); // ~5.5 MB
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const res = await upload(s.id, multipartFile('photo', 'big.png', 'image/png', big));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect((await getUser(s.id)).json().data.profile_photo).toBe(first);
    expect(fs.readdirSync(path.join(t.dataDir, 'uploads/profile')).filter((f) => f.startsWith(`${s.id}-`))).toHaveLength(1);
  });

  it('a missing file, another field name, JSON instead of multipart and a broken multipart body are 422', async () => {
    const s = await t.staff();
    const wrongField = await upload(s.id, multipartFile('avatar', 'me.png', 'image/png', pngImage()));
    expect(wrongField.statusCode).toBe(422);
    expect(wrongField.json().errors).toHaveProperty('photo');
    const json = await t.call(admin, { method: 'POST', url: `/api/users/${s.id}/photo`, payload: { photo: 'data:image/png;base64,AAAA' } });
    expect(json.statusCode).toBe(422);
    expect(json.json().errors).toHaveProperty('photo');
    const noBoundary = await t.call(admin, { method: 'POST', url: `/api/users/${s.id}/photo`, headers: { 'content-type': 'multipart/form-data' }, payload: 'garbage' });
    expect(noBoundary.statusCode).toBe(422);
    const cutShort = await t.call(admin, { method: 'POST', url: `/api/users/${s.id}/photo`, headers: { 'content-type': 'multipart/form-data; boundary=xyz' }, payload: '--xyz\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\n\r\n\x89PNG' });
    expect(cutShort.statusCode).toBe(422);
    expect((await getUser(s.id)).json().data.profile_photo).toBeNull();
  });

  it('for an unknown user is 404', async () => {
    const res = await upload(999999, multipartFile('photo', 'me.png', 'image/png', pngImage()));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/ not found\.$/);
  });

  it('uploads are served only from the uploads folder', async () => {
    for (const url of ['/uploads/%2e%2e/%2e%2e/package.json', '/uploads/..%2f..%2fpackage.json', '/uploads/profile/nope.png']) {
      const res = await t.app.inject({ method: 'GET', url });
      // either not found, or (a normalised `..`) the web app's page: never a file from outside
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body).not.toMatch(/"dependencies"|"workspaces"/);
    }
  });
});

describe('first admin', () => {
  it('signs in with the configured password', async () => {
    expect(await t.login(ADMIN.username, ADMIN.password)).toMatch(/\S{43,}/);
  });
});

// Last in the file: the first admin may not survive it.
describe('two admins removing each other at the same moment', () => {
  it('leave exactly one active admin, whatever the order the database sees them in', async () => {
    const activeAdmins = async () => (await t.database.db.select().from(usersTable)).filter((u) => u.is_admin === 1 && u.active).map((u) => u.id);
    let main = { id: adminId, token: admin };
    for (let round = 0; round < 6; round++) {
      expect(await activeAdmins()).toEqual([main.id]);
      const body = userBody({ is_admin: 1 });
      const other = { id: (await create(body, main.token)).json().data.id as number, token: '' };
      other.token = await t.login(body.username, body.password);
      const act = (actor: typeof main, target: typeof main) =>
        round < 2 ? update(target.id, { is_admin: 0 }, actor.token) : round < 4 ? update(target.id, { active: false }, actor.token) : remove(target.id, actor.token);
      const [a, b] = await Promise.all([act(main, other), act(other, main)]);
      expect(a.statusCode === 200 && b.statusCode === 200, `round ${round}: ${a.statusCode} ${b.statusCode}`).toBe(false);
      const left = await activeAdmins();
      expect(left, `round ${round}`).toHaveLength(1);
      const survivor = left[0] === main.id ? main : other;
      const loser = survivor === main ? other : main;
      if ((await getUser(loser.id, survivor.token)).statusCode === 200) expect((await remove(loser.id, survivor.token)).statusCode).toBe(200);
      main = survivor;
    }
  });
});
