import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { catalogueBodies } from './helpers/fixtures.js';

// The generic CRUD mechanism on each catalogue: program types, training sessions,
// extra programs (PMU packages, hostel pricing) and bridal packages.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

type Rec = { id: number; name: string; updated_at: string } & Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => t.call(admin, { method, url, ...(payload === undefined ? {} : { payload: payload as never }) });
const names = async (url: string) => {
  const res = await call('GET', url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return (res.json().data as Rec[]).map((r) => r.name);
};

/** A field each catalogue can change in a PUT, and a new value for it. */
const edits: Record<string, [string, unknown]> = {
  '/api/training-programs': ['fee', 175000.25],
  '/api/training-session': ['end_date', '2027-05-30'],
  '/api/extra-programs': ['price', 90000],
  '/api/bridalpackages': ['active', false],
};

describe.each(Object.keys(catalogueBodies))('%s', (path) => {
  const body = catalogueBodies[path]!;
  const create = async (name?: string, extra: Record<string, unknown> = {}) => {
    const res = await call('POST', path, { ...body(name), ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Rec;
  };

  it('create, get, list, update (PUT with the record echoed back), delete', async () => {
    const input = body();
    const created = await create(input.name as string);
    for (const [k, v] of Object.entries(input)) expect(created[k], k).toEqual(v);
    expect((await call('GET', `${path}/${created.id}`)).json().data).toEqual(created);
    expect((await call('GET', path)).json().data.map((r: Rec) => r.id)).toContain(created.id);

    const [field, value] = edits[path]!;
    await new Promise((r) => setTimeout(r, 5));
    const put = await call('PUT', `${path}/${created.id}`, { ...created, [field]: value });
    expect(put.statusCode, put.body).toBe(200);
    const updated = put.json().data as Rec;
    expect(updated[field]).toEqual(value);
    expect(updated.id).toBe(created.id);
    expect(updated.created_at).toBe(created.created_at);
    expect(updated.updated_at > created.updated_at).toBe(true);
    expect((await call('GET', `${path}/${created.id}`)).json().data).toEqual(updated);

    expect((await call('DELETE', `${path}/${created.id}`)).json()).toEqual({ data: { id: created.id } });
    expect((await call('GET', `${path}/${created.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `${path}/${created.id}`)).statusCode).toBe(404);
    expect((await call('PUT', `${path}/${created.id}`, { name: 'Back from the dead' })).statusCode).toBe(404);
  });

  it('a PUT naming one field keeps the others; the path id wins over a body id', async () => {
    const a = await create();
    const b = await create();
    const put = await call('PUT', `${path}/${a.id}`, { id: b.id, name: 'Only the name' });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toEqual({ ...a, name: 'Only the name', updated_at: put.json().data.updated_at });
    expect((await call('GET', `${path}/${b.id}`)).json().data).toEqual(b);
  });

  it('a PUT with a bad value is 422 and changes nothing', async () => {
    const a = await create();
    for (const payload of [{ name: '' }, { name: 'x'.repeat(101) }, { name: 7 }]) {
      const res = await call('PUT', `${path}/${a.id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors).toHaveProperty('name');
    }
    expect((await call('GET', `${path}/${a.id}`)).json().data).toEqual(a);
  });

  it('search/{text}: case-insensitive substring; % and _ are taken literally', async () => {
    const tag = `Q${Date.now().toString(36)}`;
    const gold = await create(`${tag} Gold_Pack`);
    const goldx = await create(`${tag} GoldXPack`);
    const pct = await create(`${tag} 50% off`);
    await create(`${tag} 50 off`);
    const ids = async (text: string) => ((await call('GET', `${path}/search/${text}`)).json().data as Rec[]).map((r) => r.id).sort();
    expect(await ids(`${tag.toLowerCase()}%20gold`)).toEqual([gold.id, goldx.id].sort());
    expect(await ids(`${tag.toUpperCase()}%20GOLD`)).toEqual([gold.id, goldx.id].sort());
    expect(await ids('d_p')).toEqual([gold.id]);
    expect(await ids('_')).toEqual([gold.id]);
    expect(await ids('%25')).toEqual([pct.id]);
    expect(await ids('0%25%20o')).toEqual([pct.id]);
    expect(await ids('%5C')).toEqual([]); // a backslash is a character too
    expect(await ids(`${tag}%20Gold_Pack`)).toEqual([gold.id]);
  });

  it('search/{text} takes 1 to 100 characters', async () => {
    expect((await call('GET', `${path}/search/${'a'.repeat(100)}`)).statusCode).toBe(200);
    const long = await call('GET', `${path}/search/${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toHaveProperty('text');
    const longQ = await call('GET', `${path}?q=${'a'.repeat(101)}`);
    expect(longQ.statusCode).toBe(422);
    expect(longQ.json().errors).toHaveProperty('q');
  });

  it('sort, order and q', async () => {
    const tag = `S${Date.now().toString(36)}`;
    // one letter case throughout, so the order does not depend on the database's collation
    for (const n of ['Bravo', 'Alpha', 'Charlie']) await create(`${tag} ${n}`);
    expect(await names(`${path}?q=${tag}&sort=name&order=asc`)).toEqual([`${tag} Alpha`, `${tag} Bravo`, `${tag} Charlie`]);
    expect(await names(`${path}?q=${tag}&sort=name&order=desc`)).toEqual([`${tag} Charlie`, `${tag} Bravo`, `${tag} Alpha`]);
    expect(await names(`${path}?q=${tag}&sort=created_at&order=asc`)).toEqual([`${tag} Bravo`, `${tag} Alpha`, `${tag} Charlie`]);
    expect(await names(`${path}?q=${tag}&sort=created_at&order=desc`)).toEqual([`${tag} Charlie`, `${tag} Alpha`, `${tag} Bravo`]);
    expect(await names(`${path}?q=${tag.toLowerCase()}%20cHAR`)).toEqual([`${tag} Charlie`]);
    // q and search/{text} are the same search
    expect(await names(`${path}/search/${tag.toLowerCase()}%20cHAR`)).toEqual([`${tag} Charlie`]);
    // an undeclared column falls back to the default order instead of failing or leaking
    expect((await names(`${path}?q=${tag}&sort=nope`)).sort()).toEqual([`${tag} Alpha`, `${tag} Bravo`, `${tag} Charlie`]);
    expect((await call('GET', `${path}?order=sideways`)).statusCode).toBe(422);
  });

  it('pages are stable: ties are broken by id, every record exactly once', async () => {
    const tag = `P${Date.now().toString(36)}`;
    const made: number[] = [];
    for (let i = 0; i < 7; i++) made.push((await create(`${tag} same name`)).id);
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = (await call('GET', `${path}?q=${tag}&sort=name&page=${page}&per_page=3`)).json();
      expect(res).toMatchObject({ current_page: page, last_page: 3, per_page: 3, total: 7 });
      seen.push(...(res.data as Rec[]).map((r) => r.id));
    }
    expect(seen).toHaveLength(7);
    expect([...seen].sort((a, b) => a - b)).toEqual([...made].sort((a, b) => a - b));
    // and asking again gives the same order
    const again = (await call('GET', `${path}?q=${tag}&sort=name&per_page=100&page=1`)).json().data.map((r: Rec) => r.id);
    expect(again).toEqual(seen);
  });
});

describe('money fields', () => {
  it.each([
    ['/api/training-programs', 'fee'],
    ['/api/extra-programs', 'price'],
    ['/api/bridalpackages', 'price'],
  ])('%s %s: negative, 3 decimals, a string and over the column are 422; kobo are exact', async (path, field) => {
    for (const bad of [-1, -0.5, 1.001, 99.999, '100', null, 1e13]) {
      const res = await call('POST', path, { ...catalogueBodies[path]!(), [field]: bad });
      expect(res.statusCode, String(bad)).toBe(422);
      expect(res.json().errors).toHaveProperty(field);
    }
    for (const good of [0, 0.01, 0.1, 0.29, 1234.56, 987654321.99]) {
      const res = await call('POST', path, { ...catalogueBodies[path]!(), [field]: good });
      expect(res.statusCode).toBe(201);
      expect(res.json().data[field]).toBe(good);
    }
  });
});

describe('training sessions', () => {
  const path = '/api/training-session';

  it('an end date before the start date is 422, on create and on a PUT naming either date', async () => {
    const bad = await call('POST', path, { ...catalogueBodies[path]!(), start_date: '2027-03-01', end_date: '2027-02-28' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('end_date');
    const same = await call('POST', path, { ...catalogueBodies[path]!(), start_date: '2027-03-01', end_date: '2027-03-01' });
    expect(same.statusCode).toBe(201);
    const id = same.json().data.id;
    const endOnly = await call('PUT', `${path}/${id}`, { end_date: '2027-02-01' });
    expect(endOnly.statusCode).toBe(422);
    expect(endOnly.json().errors).toHaveProperty('end_date');
    const startOnly = await call('PUT', `${path}/${id}`, { start_date: '2027-03-02' });
    expect(startOnly.statusCode).toBe(422);
    expect((await call('GET', `${path}/${id}`)).json().data).toMatchObject({ start_date: '2027-03-01', end_date: '2027-03-01' });
    expect((await call('PUT', `${path}/${id}`, { start_date: '2027-02-01', end_date: '2027-02-20' })).statusCode).toBe(200);
  });

  it('dates are real calendar days in YYYY-MM-DD, and come back the same', async () => {
    for (const d of ['2027-02-29', '2027-04-31', '2027-00-10', '27-01-01', '2027/01/01', '20270101', 20270101, '0000-01-01']) {
      const res = await call('POST', path, { ...catalogueBodies[path]!(), start_date: d, end_date: '2029-01-01' });
      expect(res.statusCode, String(d)).toBe(422);
    }
    const res = await call('POST', path, { ...catalogueBodies[path]!(), start_date: '2028-02-29', end_date: '2028-12-31' });
    expect(res.json().data).toMatchObject({ start_date: '2028-02-29', end_date: '2028-12-31', active: true });
  });

  it('lists newest start first by default', async () => {
    const tag = `D${Date.now().toString(36)}`;
    for (const [n, s] of [['b', '2030-02-01'], ['a', '2030-01-01'], ['c', '2030-03-01']]) await call('POST', path, { name: `${tag} ${n}`, start_date: s, end_date: '2030-12-31' });
    expect(await names(`${path}?q=${tag}`)).toEqual([`${tag} c`, `${tag} b`, `${tag} a`]);
  });
});

describe('extra programs', () => {
  const path = '/api/extra-programs';

  it('list/office and list/hostel give one kind each; another type is 422', async () => {
    const office = (await call('POST', path, { ...catalogueBodies[path]!(), type: 'office' })).json().data;
    const hostel = (await call('POST', path, { ...catalogueBodies[path]!(), type: 'hostel', name: 'Shared room' })).json().data;
    const officeList = (await call('GET', `${path}/list/office`)).json().data as Rec[];
    const hostelList = (await call('GET', `${path}/list/hostel`)).json().data as Rec[];
    expect(officeList.map((r) => r.id)).toContain(office.id);
    expect(officeList.map((r) => r.id)).not.toContain(hostel.id);
    expect(officeList.every((r) => r.type === 'office')).toBe(true);
    expect(hostelList.map((r) => r.id)).toEqual(expect.arrayContaining([hostel.id]));
    expect(hostelList.every((r) => r.type === 'hostel')).toBe(true);
    for (const type of ['other', 'OFFICE', 'salon', '%25']) {
      const res = await call('GET', `${path}/list/${type}`);
      expect(res.statusCode, type).toBe(422);
      expect(res.json().errors).toHaveProperty('type');
    }
    const paged = (await call('GET', `${path}/list/hostel?page=1&per_page=1`)).json();
    expect(paged).toMatchObject({ current_page: 1, per_page: 1 });
    expect(paged.data).toHaveLength(1);
  });

  it('type is required and must be office or hostel', async () => {
    for (const type of [undefined, 'pmu', '', 1]) {
      const res = await call('POST', path, { ...catalogueBodies[path]!(), type });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toHaveProperty('type');
    }
  });
});
