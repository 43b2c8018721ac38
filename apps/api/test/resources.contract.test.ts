import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceDefinition } from '@studio/shared';
import { crudModules } from '../src/crud/registry.js';
import { allResources, createFields, examples, recordMaker, refFields, type Rec } from './helpers/records.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// The contract of every resource of the registry, from its own fixture (`fixture` beside its shared declaration):
// CRUD, roles (staff 403 where admin only), sorting on every sortable field, search, paging, references and usage.
// Resource N+1 gets all of it by being in the registry; without a fixture its tests fail.

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const all = allResources;
const byName = new Map(all.map((r) => [r.name, r]));

let t: TestApp;
let admin: string;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  staff = (await t.staff()).token;
});
afterAll(() => t.close());

const call = (method: Method, url: string, payload?: unknown, token = admin) => t.call(token, { method, url, ...(payload === undefined ? {} : { payload: payload as never }) });
const json = async (method: Method, url: string, payload?: unknown, token = admin) => {
  const res = await call(method, url, payload, token);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
};
const { body, make } = recordMaker(() => t, () => admin);

/** Example 0 without the money a create may take: the record the CRUD tests edit and delete. */
const plain = (r: ResourceDefinition) => (r.ledger ? { amount_paid: undefined, payment_method: undefined } : {});

/** A text field a PUT may change (a searchable one first: nothing is derived from it), with another example's value for it. */
function textEdit(r: ResourceDefinition): [string, string] {
  const [a, b] = [examples(r)[0]!, examples(r)[1]!];
  const updatable = Object.keys(r.update.shape);
  const field = [...new Set([...r.searchable, ...createFields(r)])].find((f) => updatable.includes(f) && !(f in r.references) && typeof a[f] === 'string' && typeof b[f] === 'string' && a[f] !== b[f]);
  if (!field) throw new Error(`${r.name}: its first two examples should differ in a text field a PUT may change`);
  return [field, b[field] as string];
}

const sample: Record<string, string> = { month: '2027-03', type: 'office', text: 'a', day: '2027-03-01', from: '2027-01-01', to: '2027-12-31' };
/** Every list call of the resource with its path params filled in, and who may call it. */
const listCalls = (r: ResourceDefinition) =>
  Object.entries(r.lists).map(([name, l]) => ({
    name,
    role: l.role ?? r.roles.read,
    url: (l.path.startsWith('/') ? l.path : `${r.path}/${l.path}`).replace(/:(\w+)/g, (_: string, p: string) => sample[p] ?? 'all'),
  }));

/** How PostgreSQL orders the values (ascending; NULLs last), ties broken by id. Strings by code unit: fixtures keep to one letter case. */
function compare(field: string) {
  const key = (v: unknown) => (typeof v === 'boolean' ? Number(v) : v);
  return (a: Rec, b: Rec) => {
    const [x, y] = [key(a[field]), key(b[field])];
    if (x === y) return a.id - b.id;
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    return (x as number | string) < (y as number | string) ? -1 : 1;
  };
}

/** The ids of `ours` in the order the list gives them. */
async function orderOf(url: string, ours: readonly Rec[]): Promise<number[]> {
  const res = (await json('GET', url)) as { data: Rec[] };
  const wanted = new Set(ours.map((r) => r.id));
  const got = res.data.filter((row) => wanted.has(row.id)).map((row) => row.id);
  expect(got, `${url}: every record made here fits in one page`).toHaveLength(ours.length);
  return got;
}

describe('the registry', () => {
  it('every CRUD module serves a resource of the shared registry, and every resource has one', () => {
    expect(crudModules.map((m) => m.resource.name).sort()).toEqual(all.map((r) => r.name).sort());
  });

  it.each(all.map((r) => [r.name, r] as const))('%s has a fixture of valid, different examples', (_name, r) => {
    const list = examples(r);
    expect(list.length, `${r.name}: at least three examples`).toBeGreaterThanOrEqual(3);
    for (const [i, example] of list.entries()) {
      const withRefs = { ...Object.fromEntries(refFields(r).map(([f]) => [f, 1])), ...example };
      const parsed = r.create.safeParse(withRefs);
      expect(parsed.success, `${r.name} example ${i}: ${parsed.error?.message}`).toBe(true);
    }
    // apart in every sortable field a create sets, so the sort tests see an order, not ties
    for (const field of r.sortable.filter((f) => createFields(r).includes(f))) {
      const values = new Set(list.map((e) => JSON.stringify(e[field] ?? null)));
      expect(values.size, `${r.name}: the examples should differ in ${field}`).toBeGreaterThan(1);
    }
  });
});

describe.each(all.map((r) => [r.name, r] as const))('%s', (_name, r) => {
  const recordFields = Object.keys(r.record.shape);

  it('create, get, list, update (PUT with the record echoed back), delete', async () => {
    const input = await body(r, 0, plain(r));
    const res = await call('POST', r.path, input);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data as Rec;
    for (const [k, v] of Object.entries(input)) if (recordFields.includes(k) && v !== undefined) expect(created[k], k).toEqual(v);
    expect((await json('GET', `${r.path}/${created.id}`)).data).toEqual(created);
    expect(((await json('GET', `${r.path}?per_page=100`)).data as Rec[]).map((x) => x.id)).toContain(created.id);

    const [field, value] = textEdit(r);
    await new Promise((done) => setTimeout(done, 5));
    const updated = (await json('PUT', `${r.path}/${created.id}`, { ...created, [field]: value })).data as Rec;
    expect(updated).toEqual({ ...created, [field]: value, updated_at: updated.updated_at });
    expect((updated.updated_at as string) > (created.updated_at as string)).toBe(true);
    expect((await json('GET', `${r.path}/${created.id}`)).data).toEqual(updated);

    expect((await call('DELETE', `${r.path}/${created.id}`)).json()).toEqual({ data: { id: created.id } });
    for (const [method, payload] of [['GET'], ['PUT', { [field]: value }], ['DELETE']] as const) {
      const gone = await call(method, `${r.path}/${created.id}`, payload);
      expect(gone.statusCode, `${method} after the delete`).toBe(404);
    }
  });

  it('a PUT naming one field keeps the others, the path id wins over a body id, a bad value is 422 and changes nothing', async () => {
    const [a, b] = [await make(r, 0, plain(r)), await make(r, 0, plain(r))];
    const [field, value] = textEdit(r);
    const put = (await json('PUT', `${r.path}/${a.id}`, { id: b.id, [field]: value })).data as Rec;
    expect(put).toEqual({ ...a, [field]: value, updated_at: put.updated_at });
    expect((await json('GET', `${r.path}/${b.id}`)).data).toEqual(b);
    for (const bad of [12345, true, ['x']]) {
      const res = await call('PUT', `${r.path}/${a.id}`, { [field]: bad });
      expect(res.statusCode, `${field}: ${JSON.stringify(bad)}`).toBe(422);
      expect(res.json().errors).toHaveProperty(field);
    }
    expect((await json('GET', `${r.path}/${a.id}`)).data).toEqual(put);
  });

  it('an id that is not a record is a 404, never a 500', async () => {
    for (const id of ['0', '-1', '1.5', 'abc', '2147483647', '99999999999']) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await call(method, `${r.path}/${id}`, method === 'PUT' ? {} : undefined);
        expect(res.statusCode, `${method} ${id}`).toBe(404);
      }
    }
  });

  it(`staff: read ${r.roles.read}, write ${r.roles.write} (403 where admin only, and nothing changes)`, async () => {
    const record = await make(r, 0, plain(r));
    const reads = [
      { url: r.path, role: r.roles.read },
      { url: `${r.path}/${record.id}`, role: r.roles.read },
      ...(r.searchable.length ? [{ url: `${r.path}/search/a`, role: r.roles.read }] : []),
      ...listCalls(r),
    ];
    for (const { url, role } of reads) {
      const res = await call('GET', url, undefined, staff);
      if (role === 'admin') {
        expect(res.statusCode, `staff GET ${url}`).toBe(403);
        continue;
      }
      expect(res.statusCode, `staff GET ${url}: ${res.body}`).toBe(200);
      const data = res.json().data as Rec | Rec[];
      for (const row of Array.isArray(data) ? data : [data]) for (const f of r.adminOnly) expect(row, `staff GET ${url}`).not.toHaveProperty(f);
    }
    const writes: [Method, string, unknown][] = [
      ['POST', r.path, await body(r, 0, plain(r))],
      ['PUT', `${r.path}/${record.id}`, { [textEdit(r)[0]]: textEdit(r)[1] }],
      ['DELETE', `${r.path}/${record.id}`, undefined],
    ];
    if (r.roles.write === 'admin') {
      const total = (await json('GET', `${r.path}?per_page=1`)).total;
      for (const [method, url, payload] of writes) {
        const res = await call(method, url, payload, staff);
        expect(res.statusCode, `staff ${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ message: 'This action is unauthorized.' });
      }
      expect((await json('GET', `${r.path}/${record.id}`)).data).toEqual(record);
      expect((await json('GET', `${r.path}?per_page=1`)).total).toBe(total);
    } else {
      const mine = await make(r, 0, plain(r), staff);
      for (const f of r.adminOnly) expect(mine).not.toHaveProperty(f);
    }
  });

  it('sorts on every sortable field, both ways, ties broken by id; every list call takes every sortable field', async () => {
    const ours = [await make(r, 0), await make(r, 1), await make(r, 2)];
    for (const field of r.sortable) {
      const fresh = ((await json('GET', `${r.path}?per_page=100`)).data as Rec[]).filter((row) => ours.some((o) => o.id === row.id));
      const expected = [...fresh].sort(compare(field)).map((row) => row.id);
      expect(await orderOf(`${r.path}?sort=${field}&order=asc&per_page=100`, ours), `sort=${field} asc`).toEqual(expected);
      expect(await orderOf(`${r.path}?sort=${field}&order=desc&per_page=100`, ours), `sort=${field} desc`).toEqual([...expected].reverse());
    }
    for (const { url } of listCalls(r)) {
      for (const field of r.sortable) {
        const res = await call('GET', `${url}?sort=${field}&order=desc&per_page=5`);
        expect(res.statusCode, `${url} sort=${field}: ${res.body}`).toBe(200);
      }
    }
    const unknown = await call('GET', `${r.path}?sort=nope`);
    expect(unknown.statusCode, 'an undeclared sort falls back to the default order').toBe(200);
    expect((await call('GET', `${r.path}?order=sideways`)).statusCode).toBe(422);
  });

  it('pages are stable: every record exactly once, in the same order when asked again', async () => {
    await make(r, 0, plain(r));
    const first = await json('GET', `${r.path}?per_page=2&page=1`);
    const seen: number[] = [];
    for (let page = 1; page <= first.last_page; page++) {
      const res = await json('GET', `${r.path}?per_page=2&page=${page}`);
      expect(res).toMatchObject({ current_page: page, per_page: 2, total: first.total });
      seen.push(...(res.data as Rec[]).map((x) => x.id));
    }
    expect(seen).toHaveLength(first.total);
    expect(new Set(seen).size).toBe(first.total);
    expect(((await json('GET', `${r.path}?per_page=100`)).data as Rec[]).map((x) => x.id)).toEqual(seen.slice(0, 100));
  });

  it.runIf(r.searchable.length > 0)('search/{text} and ?q= find a case-insensitive part of every searchable field', async () => {
    const ours = [await make(r, 0), await make(r, 1), await make(r, 2)];
    for (const field of r.searchable) {
      const record = ours.find((o) => typeof o[field] === 'string' && o[field] !== '');
      expect(record, `an example with a ${field}`).toBeDefined();
      const value = record![field] as string;
      const part = (value.length > 4 ? value.slice(1, 9) : value).replace(/[a-z]/gi, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()));
      const ids = async (url: string) => ((await json('GET', url)).data as Rec[]).map((x) => x.id);
      const found = await ids(`${r.path}/search/${encodeURIComponent(part)}?per_page=100`);
      expect(found, `${field}: ${part}`).toContain(record!.id);
      expect(await ids(`${r.path}?q=${encodeURIComponent(part)}&per_page=100`)).toEqual(found);
      expect(await ids(`${r.path}/search/${encodeURIComponent(`${part}%zq`)}?per_page=100`)).not.toContain(record!.id);
    }
    const long = await call('GET', `${r.path}/search/${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toHaveProperty('text');
  });

  describe.each(refFields(r).map(([field, target]) => [field, target] as const))('reference %s (%s)', (field, target) => {
    const other = byName.get(target)!;

    it('a missing record is a 422 on the field and creates nothing; a real one is kept and counted in its usage', async () => {
      const total = (await json('GET', `${r.path}?per_page=1`)).total;
      const bad = await call('POST', r.path, await body(r, 0, { ...plain(r), [field]: 2_000_000_000 }));
      expect(bad.statusCode, bad.body).toBe(422);
      expect(bad.json().errors).toHaveProperty(field);
      expect((await json('GET', `${r.path}?per_page=1`)).total).toBe(total);

      const used = await make(other, r.fixture?.refs?.[field] ?? 0);
      const record = await make(r, 0, { ...plain(r), [field]: used.id });
      expect(record[field]).toBe(used.id);
      const usage = async () => ((await json('GET', `${other.path}/usage`)).data as { id: number; by: Record<string, number> }[]).find((u) => u.id === used.id);
      expect((await usage())?.by[r.name]).toBe(1);
      expect((await call('GET', `${other.path}/usage`, undefined, staff)).statusCode).toBe(other.roles.read === 'admin' ? 403 : 200);

      // never deleted from under the record that uses it: refused (422 on the id) or kept (archived)
      const del = await call('DELETE', `${other.path}/${used.id}`);
      if (del.statusCode === 422) expect(del.json().errors).toHaveProperty('id');
      else expect(del.statusCode).toBe(200);
      expect((await call('GET', `${other.path}/${used.id}`)).statusCode).toBe(200);

      expect((await call('DELETE', `${r.path}/${record.id}`)).statusCode).toBe(200);
      expect((await usage())?.by[r.name]).toBeUndefined();
    });
  });
});
