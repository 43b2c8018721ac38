import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUES, exampleBody } from './helpers/records.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// What the catalogues (program types, training sessions, PMU packages and hostel pricing, bridal packages) add to
// the contract every resource keeps (resources.contract.test.ts: CRUD, roles, sort, search, paging, references).

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

it('the catalogues are the four settings lists and the suppliers (admin-only lists that others pick from), derived from the registry', () => {
  expect(CATALOGUES.sort()).toEqual(['/api/bridalpackages', '/api/extra-programs', '/api/suppliers', '/api/training-programs', '/api/training-session']);
});

describe('search/{text} (the one search of every list)', () => {
  const path = '/api/training-programs';
  const create = async (name: string) => {
    const res = await call('POST', path, exampleBody(path, name));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Rec;
  };

  it('case-insensitive substring; % and _ are taken literally', async () => {
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

  it('takes 1 to 100 characters, in the path and in ?q=', async () => {
    expect((await call('GET', `${path}/search/${'a'.repeat(100)}`)).statusCode).toBe(200);
    const longQ = await call('GET', `${path}?q=${'a'.repeat(101)}`);
    expect(longQ.statusCode).toBe(422);
    expect(longQ.json().errors).toHaveProperty('q');
  });

  it('an undeclared sort column falls back to the default order instead of failing or leaking', async () => {
    const tag = `S${Date.now().toString(36)}`;
    for (const n of ['Bravo', 'Alpha', 'Charlie']) await create(`${tag} ${n}`);
    expect(await names(`${path}?q=${tag}&sort=nope`)).toEqual([`${tag} Alpha`, `${tag} Bravo`, `${tag} Charlie`]);
  });
});

describe('money fields', () => {
  it.each([
    ['/api/training-programs', 'fee'],
    ['/api/extra-programs', 'price'],
    ['/api/bridalpackages', 'price'],
  ])('%s %s: negative, 3 decimals, a string and over the column are 422; kobo are exact', async (path, field) => {
    for (const bad of [-1, -0.5, 1.001, 99.999, '100', null, 1e13]) {
      const res = await call('POST', path, { ...exampleBody(path), [field]: bad });
      expect(res.statusCode, String(bad)).toBe(422);
      expect(res.json().errors).toHaveProperty(field);
    }
    for (const good of [0, 0.01, 0.1, 0.29, 1234.56, 987654321.99]) {
      const res = await call('POST', path, { ...exampleBody(path), [field]: good });
      expect(res.statusCode).toBe(201);
      expect(res.json().data[field]).toBe(good);
    }
  });
});

describe('training sessions', () => {
  const path = '/api/training-session';

  it('an end date before the start date is 422, on create and on a PUT naming either date', async () => {
    const bad = await call('POST', path, { ...exampleBody(path), start_date: '2027-03-01', end_date: '2027-02-28' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('end_date');
    const same = await call('POST', path, { ...exampleBody(path), start_date: '2027-03-01', end_date: '2027-03-01' });
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
      const res = await call('POST', path, { ...exampleBody(path), start_date: d, end_date: '2029-01-01' });
      expect(res.statusCode, String(d)).toBe(422);
    }
    const res = await call('POST', path, { ...exampleBody(path), start_date: '2028-02-29', end_date: '2028-12-31' });
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
    const office = (await call('POST', path, { ...exampleBody(path), type: 'office' })).json().data;
    const hostel = (await call('POST', path, { ...exampleBody(path), type: 'hostel', name: 'Shared room' })).json().data;
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
      const res = await call('POST', path, { ...exampleBody(path), type });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toHaveProperty('type');
    }
  });
});
