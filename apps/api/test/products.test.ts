import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, restockDetailFields } from '@studio/shared';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { posHelpers, sum } from './helpers/pos.js';
import { recordMaker, resourceNamed } from './helpers/records.js';

let t: TestApp;
let admin: string;
let staff: Awaited<ReturnType<TestApp['staff']>>;
let pos: ReturnType<typeof posHelpers>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  staff = await t.staff();
  pos = posHelpers(t, () => admin);
});
afterAll(() => t.close());

const get = (token: string, url: string) => t.call(token, { method: 'GET', url });
const putQty = (token: string, id: number, payload: Record<string, unknown>) => t.call(token, { method: 'PUT', url: `/api/products/quantity/${id}`, payload });
const ids = (res: { json(): { data: { id: number }[] } }) => res.json().data.map((p) => p.id);

describe('products CRUD', () => {
  it('creates a product with its opening stock as the first ledger line, and derives stock status', async () => {
    const res = await t.call(admin, { method: 'POST', url: '/api/products', payload: { outlet: 'store', name: 'Matte Foundation 120', category: 'Foundation', sku: 'FDN-120', cost_price: 9000, price: 14500.5, quantity: 12 } });
    expect(res.statusCode).toBe(201);
    const p = res.json().data;
    expect(p).toMatchObject({ outlet: 'store', kind: 'product', cost_price: 9000, price: 14500.5, quantity: 12, reorder_level: 5, stock_status: 'stocked' });
    const lines = await pos.ledger(p.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ reason: 'opening', change: 12, quantity_after: 12 });
    expect((await pos.product({ quantity: 3 })).quantity).toBe(3);
    expect((await get(admin, `/api/products/${(await pos.product({ quantity: 3 })).id}`)).json().data.stock_status).toBe('low');
    expect((await get(admin, `/api/products/${(await pos.product({ quantity: 0 })).id}`)).json().data.stock_status).toBe('finished');
  });

  it('a service has no stock and no status', async () => {
    const s = await pos.product({ outlet: 'office', name: 'Microblading', kind: 'service', price: 150000, quantity: 40 });
    expect(s.quantity).toBeNull();
    expect((await get(admin, `/api/products/${s.id}`)).json().data.stock_status).toBeNull();
    expect(await pos.ledger(s.id)).toHaveLength(0);
  });

  it('answers every bad input with 422 and field errors, never a 500', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ outlet: 'store', price: 100 }, 'name'],
      [{ outlet: 'store', name: 'x' }, 'price'],
      [{ outlet: 'mall', name: 'x', price: 1 }, 'outlet'],
      [{ outlet: 'store', name: 'x', price: -1 }, 'price'],
      [{ outlet: 'store', name: 'x', price: 1.234 }, 'price'],
      [{ outlet: 'store', name: 'x', price: '12' }, 'price'],
      [{ outlet: 'store', name: 'x', price: 1, quantity: -1 }, 'quantity'],
      [{ outlet: 'store', name: 'x', price: 1, quantity: 1.5 }, 'quantity'],
      [{ outlet: 'store', name: 'x', price: 1, kind: 'gift' }, 'kind'],
      [{ outlet: 'store', name: 'x'.repeat(151), price: 1 }, 'name'],
      [{ outlet: 'store', name: 'x', price: 1, reorder_level: -2 }, 'reorder_level'],
    ];
    for (const [payload, field] of bad) {
      const res = await t.call(admin, { method: 'POST', url: '/api/products', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors).toHaveProperty(field);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('keeps a SKU unique per outlet (422 on sku), and allows it at another outlet', async () => {
    await pos.product({ sku: 'LASH-01', outlet: 'store' });
    const dup = await t.call(admin, { method: 'POST', url: '/api/products', payload: { outlet: 'store', name: 'Other', sku: 'lash-01', price: 10 } });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.sku[0]).toMatch(/already been taken/);
    await pos.product({ sku: 'LASH-01', outlet: 'salon' });
  });

  it('staff may read products but never write them (403)', async () => {
    const p = await pos.product();
    for (const [method, url, payload] of [
      ['POST', '/api/products', { outlet: 'store', name: 'x', price: 1 }],
      ['PUT', `/api/products/${p.id}`, { name: 'renamed' }],
      ['DELETE', `/api/products/${p.id}`, undefined],
      ['PUT', `/api/products/quantity/${p.id}`, { quantity: 5 }],
      ['GET', `/api/products/${p.id}/movements`, undefined],
      ['POST', '/api/stock-transfers', { product_id: p.id, to_outlet: 'salon', quantity: 1 }],
    ] as const) {
      const res = await t.call(staff.token, { method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ message: 'This action is unauthorized.' });
    }
    expect((await get(staff.token, `/api/products/${p.id}`)).statusCode).toBe(200);
  });

  it('needs a token', async () => {
    expect((await t.call(null, { method: 'GET', url: '/api/products' })).statusCode).toBe(401);
    expect((await t.call(null, { method: 'GET', url: '/api/get-products/store' })).statusCode).toBe(401);
  });
});

describe('cost prices', () => {
  it('staff never see cost_price: list, paged list, get, get-products, search, stock filters', async () => {
    const p = await pos.product({ outlet: 'salon', name: 'Costly Wig Glue', quantity: 50, cost_price: 4321 });
    const urls = [
      '/api/products',
      '/api/products?page=1&outlet=salon',
      `/api/products/${p.id}`,
      '/api/get-products/salon',
      '/api/products/search/Costly',
      '/api/products/search/wig?outlet=salon',
      '/api/products/stocked?outlet=salon',
      '/api/products/low',
      '/api/products/finished',
    ];
    for (const url of urls) {
      const s = await get(staff.token, url);
      expect(s.statusCode, url).toBe(200);
      expect(s.body, url).not.toContain('cost_price');
      expect(s.body, url).not.toContain('4321');
      expect(s.body, url).not.toMatch(/profit/);
    }
    const a = await get(admin, `/api/products/${p.id}`);
    expect(a.json().data.cost_price).toBe(4321);
    expect((await get(admin, '/api/get-products/salon')).json().data.find((x: { id: number }) => x.id === p.id).cost_price).toBe(4321);
  });
});

describe('stock filters and search, with ?outlet=', () => {
  let store: { finished: number; low: number; stocked: number; service: number };
  let salon: { finished: number; low: number; stocked: number };
  beforeAll(async () => {
    store = {
      finished: (await pos.product({ outlet: 'store', name: 'Filter Finished Store', quantity: 0 })).id,
      low: (await pos.product({ outlet: 'store', name: 'Filter Low Store', quantity: 5, reorder_level: 5 })).id,
      stocked: (await pos.product({ outlet: 'store', name: 'Filter Stocked Store', quantity: 6, reorder_level: 5 })).id,
      service: (await pos.product({ outlet: 'store', name: 'Filter Service Store', kind: 'service' })).id,
    };
    salon = {
      finished: (await pos.product({ outlet: 'salon', name: 'Filter Finished Salon', quantity: 0 })).id,
      low: (await pos.product({ outlet: 'salon', name: 'Filter Low Salon', quantity: 1, reorder_level: 2 })).id,
      stocked: (await pos.product({ outlet: 'salon', name: 'Filter Stocked Salon', quantity: 100, reorder_level: 99 })).id,
    };
  });

  it('finished, low and stocked split products by quantity and reorder level; services are in none', async () => {
    for (const status of ['finished', 'low', 'stocked'] as const) {
      const all = ids(await get(staff.token, `/api/products/${status}`));
      expect(all).toEqual(expect.arrayContaining([store[status], salon[status]]));
      expect(all).not.toContain(store.service);
      const others = (['finished', 'low', 'stocked'] as const).filter((s) => s !== status);
      for (const o of others) expect(all).not.toContain(store[o]);
      const res = await get(staff.token, `/api/products/${status}?outlet=salon`);
      expect(res.json().data.every((p: { outlet: string; stock_status: string }) => p.outlet === 'salon' && p.stock_status === status)).toBe(true);
      expect(ids(res)).toContain(salon[status]);
      expect(ids(res)).not.toContain(store[status]);
    }
  });

  it('pages a stock filter on request', async () => {
    const res = await get(admin, '/api/products/finished?page=1&per_page=1');
    expect(res.json()).toMatchObject({ current_page: 1, per_page: 1 });
    expect(res.json().data).toHaveLength(1);
    expect(res.json().total).toBeGreaterThanOrEqual(2);
  });

  it('search/{text} is a case-insensitive substring of name, sku or category, narrowed by ?outlet=', async () => {
    expect(ids(await get(staff.token, '/api/products/search/filter%20low'))).toEqual(expect.arrayContaining([store.low, salon.low]));
    const salonOnly = ids(await get(staff.token, '/api/products/search/FILTER?outlet=salon'));
    expect(salonOnly.sort()).toEqual(Object.values(salon).sort());
    expect(ids(await get(staff.token, '/api/products?outlet=salon&q=filter')).sort()).toEqual(Object.values(salon).sort());
    expect((await get(staff.token, '/api/products/search/%25')).json().data).toEqual([]);
  });

  it('rejects a bad outlet or search text with 422', async () => {
    for (const url of ['/api/products/low?outlet=mall', '/api/products/search/x?outlet=1', `/api/products/search/${'a'.repeat(101)}`, '/api/products?outlet=mall', '/api/get-products/mall']) {
      const res = await get(staff.token, url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json()).toHaveProperty('errors');
    }
  });
});

describe('GET /api/get-products/{outlet}', () => {
  it('lists what the outlet can sell now: services and products in stock, by name', async () => {
    const inStock = await pos.product({ outlet: 'office', name: 'AA Numbing Cream', quantity: 2 });
    const empty = await pos.product({ outlet: 'office', name: 'AB Pigment Ink', quantity: 0 });
    const service = await pos.product({ outlet: 'office', name: 'AC Lip Blush', kind: 'service', price: 120000 });
    const elsewhere = await pos.product({ outlet: 'store', name: 'AA Store Only', quantity: 9 });
    const res = await get(staff.token, '/api/get-products/office');
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { id: number; name: string; outlet: string }[];
    expect(list.map((p) => p.id)).toEqual(expect.arrayContaining([inStock.id, service.id]));
    expect(list.map((p) => p.id)).not.toContain(empty.id);
    expect(list.map((p) => p.id)).not.toContain(elsewhere.id);
    expect(list.every((p) => p.outlet === 'office')).toBe(true);
    const names = list.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});

describe('GET /api/get-products/{outlet} (JSON built by the database)', () => {
  it('gives exactly the records GET /api/products/{id} gives, for admins and for staff', async () => {
    const made = [
      await pos.product({ outlet: 'salon', name: 'Zz Edge Control 250ml', sku: null, category: null, price: 4000.5, cost_price: 2200.25, quantity: 3, reorder_level: 5 }),
      await pos.product({ outlet: 'salon', name: 'Zz Knotless Braids', kind: 'service', price: 35000, cost_price: 0 }),
      await pos.product({ outlet: 'salon', name: 'Zz Satin "Bonnet" \\ ünïcode', sku: 'SB-1', category: 'Accessories', price: 0.1, cost_price: 999999999.99, quantity: 40 }),
    ];
    for (const token of [admin, staff.token]) {
      const res = await get(token, '/api/get-products/salon');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const list = res.json().data as { id: number }[];
      for (const p of made) {
        const one = (await get(token, `/api/products/${p.id}`)).json().data;
        expect(list.find((x) => x.id === p.id)).toEqual(one);
      }
    }
  });

  it('answers an outlet with nothing to sell with an empty list', async () => {
    const t2 = await createTestApp();
    try {
      expect((await t2.call(await t2.login(), { method: 'GET', url: '/api/get-products/office' })).json()).toEqual({ data: [] });
    } finally {
      await t2.close();
    }
  });
});

describe('PUT /api/products/quantity/{id}', () => {
  it('adds a signed delta: restock and write-off, each a ledger line with who, when and why', async () => {
    const p = await pos.product({ quantity: 4 });
    const up = await putQty(admin, p.id, { quantity: 6, note: 'Delivery from Lagos' });
    expect(up.statusCode).toBe(200);
    expect(up.json().data).toMatchObject({ id: p.id, quantity: 10, stock_status: 'stocked' });
    const down = await putQty(admin, p.id, { quantity: -3, note: 'Broken in transit' });
    expect(down.json().data.quantity).toBe(7);
    const res = await get(admin, `/api/products/${p.id}/movements`);
    expect(res.statusCode).toBe(200);
    const lines = res.json().data;
    expect(lines.map((l: { reason: string }) => l.reason)).toEqual(['write_off', 'restock', 'opening']);
    expect(lines[0]).toMatchObject({ change: -3, quantity_after: 7, note: 'Broken in transit', user: { name: 'Studio Admin' } });
    expect(lines[1]).toMatchObject({ change: 6, quantity_after: 10, note: 'Delivery from Lagos' });
    expect(new Date(lines[0].created_at).toString()).not.toBe('Invalid Date');
    expect(res.json()).toMatchObject({ current_page: 1, total: 3 });
  });

  it('refuses to go below zero with 422 and changes nothing', async () => {
    const p = await pos.product({ quantity: 2 });
    const res = await putQty(admin, p.id, { quantity: -3 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.quantity[0]).toMatch(/Only 2 in stock/);
    expect((await pos.getProduct(p.id)).quantity).toBe(2);
    expect(await pos.ledger(p.id)).toHaveLength(1);
    expect((await putQty(admin, p.id, { quantity: -2 })).json().data.quantity).toBe(0);
  });

  it('rejects zero, fractions, text, a service and an unknown id', async () => {
    const p = await pos.product();
    for (const payload of [{ quantity: 0 }, { quantity: 1.5 }, { quantity: '3' }, {}]) {
      const res = await putQty(admin, p.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors).toHaveProperty('quantity');
    }
    const s = await pos.product({ kind: 'service' });
    expect((await putQty(admin, s.id, { quantity: 1 })).statusCode).toBe(422);
    expect((await putQty(admin, 999999, { quantity: 1 })).statusCode).toBe(404);
    expect((await putQty(admin, 'abc' as never, { quantity: 1 })).statusCode).toBe(404);
  });

  it('keeps every concurrent delta (no lost update) and the ledger sums to the quantity', async () => {
    const p = await pos.product({ quantity: 0 });
    const res = await Promise.all(Array.from({ length: 10 }, (_, i) => putQty(admin, p.id, { quantity: i + 1 })));
    expect(res.every((r) => r.statusCode === 200)).toBe(true);
    expect((await pos.getProduct(p.id)).quantity).toBe(55);
    const lines = await pos.ledger(p.id);
    expect(sum(lines.map((l) => l.change))).toBe(55);
    expect(lines.at(-1)!.quantity_after).toBe(55);
  });
});

/** The restock's declared details that name a record (a supplier), with the resource each names: from the declarations. */
const restockRefs = Object.keys(restockDetailFields)
  .filter((field) => field in products.references)
  .map((field) => [field, (products.references as Record<string, string>)[field]!] as const);

describe.skipIf(!restockRefs.length).each(restockRefs)('a restock naming a %s (%s)', (field, target) => {
  const other = resourceNamed(target);
  const { make } = recordMaker(() => t, () => admin);

  it('a missing record is a 422 on the field and changes nothing; a real one is kept on the restock, counted in its usage and never deleted from under it', async () => {
    const p = await pos.product({ quantity: 2 });
    const bad = await putQty(admin, p.id, { quantity: 3, [field]: 2_000_000_000 });
    expect(bad.statusCode, bad.body).toBe(422);
    expect(bad.json().errors).toHaveProperty(field);
    expect((await pos.getProduct(p.id)).quantity).toBe(2);
    expect(await pos.ledger(p.id)).toHaveLength(1);

    const used = await make(other);
    expect((await putQty(admin, p.id, { quantity: 3, [field]: used.id })).statusCode).toBe(200);
    const [restock] = (await get(admin, `/api/products/${p.id}/movements`)).json().data;
    expect(restock).toMatchObject({ reason: 'restock', change: 3, [field]: used.id });
    const usage = (await get(admin, `${other.path}/usage`)).json().data.find((u: { id: number }) => u.id === used.id);
    expect(usage).toMatchObject({ by: { restocks: 1 }, total: 1 });

    // the restock's history keeps naming it: its delete is a 422 on the id saying why (never a foreign-key 500)
    const del = await t.call(admin, { method: 'DELETE', url: `${other.path}/${used.id}` });
    expect(del.statusCode, del.body).toBe(422);
    expect(del.json().errors.id[0]).toMatch(/used by 1 restock/);
    expect((await get(admin, `${other.path}/${used.id}`)).statusCode).toBe(200);
  });
});

describe('PUT /api/products/{id}', () => {
  it('records a changed quantity as an adjustment movement, and nothing when unchanged', async () => {
    const p = await pos.product({ quantity: 10 });
    const res = await t.call(admin, { method: 'PUT', url: `/api/products/${p.id}`, payload: { ...p, quantity: 7 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.quantity).toBe(7);
    const same = await t.call(admin, { method: 'PUT', url: `/api/products/${p.id}`, payload: { name: 'Renamed', quantity: 7 } });
    expect(same.json().data).toMatchObject({ name: 'Renamed', quantity: 7 });
    const lines = await pos.ledger(p.id);
    expect(lines.map((l) => [l.reason, l.change, l.quantity_after])).toEqual([
      ['opening', 10, 10],
      ['adjustment', -3, 7],
    ]);
  });

  it('an edit without a quantity never overwrites stock sold since the form was loaded', async () => {
    const p = await pos.product({ quantity: 10 });
    expect((await pos.sell(staff.token, { items: [{ product_id: p.id, quantity: 4 }] })).statusCode).toBe(201);
    const res = await t.call(admin, { method: 'PUT', url: `/api/products/${p.id}`, payload: { name: 'New name', price: 1200 } });
    expect(res.json().data).toMatchObject({ name: 'New name', price: 1200, quantity: 6 });
  });

  it('edits racing with sales lose no sale (the edit never writes a quantity it read before the lock)', async () => {
    const p = await pos.product({ quantity: 30 });
    const res = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 ? pos.sell(staff.token, { items: [{ product_id: p.id, quantity: 1 }] }) : t.call(admin, { method: 'PUT', url: `/api/products/${p.id}`, payload: { name: `Edit ${i}`, price: 1000 + i } }),
      ),
    );
    expect(res.map((r) => r.statusCode).sort()).toEqual([...Array(10).fill(200), ...Array(10).fill(201)]);
    expect((await pos.getProduct(p.id)).quantity).toBe(20);
    expect(sum((await pos.ledger(p.id)).map((l) => l.change))).toBe(20);
  });

  it('a product with stock cannot become a service; a service becoming a product opens its stock', async () => {
    const p = await pos.product({ quantity: 3 });
    const res = await t.call(admin, { method: 'PUT', url: `/api/products/${p.id}`, payload: { kind: 'service' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('kind');
    const s = await pos.product({ kind: 'service' });
    const became = await t.call(admin, { method: 'PUT', url: `/api/products/${s.id}`, payload: { kind: 'product', quantity: 8 } });
    expect(became.json().data).toMatchObject({ kind: 'product', quantity: 8, stock_status: 'stocked' });
    expect((await pos.ledger(s.id)).map((l) => [l.reason, l.change])).toEqual([['opening', 8]]);
  });

  it('keeps a product at its outlet (422 on outlet; sending the same outlet back is fine)', async () => {
    const p = await pos.product({ outlet: 'store' });
    const moved = await t.call(admin, { method: 'PUT', url: `/api/products/${p.id}`, payload: { outlet: 'salon' } });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors.outlet[0]).toMatch(/stock transfer/);
    expect((await t.call(admin, { method: 'PUT', url: `/api/products/${p.id}`, payload: { ...p, name: 'Same place' } })).json().data).toMatchObject({ outlet: 'store', name: 'Same place' });
  });

  it('rejects a negative quantity with 422', async () => {
    const p = await pos.product();
    const res = await t.call(admin, { method: 'PUT', url: `/api/products/${p.id}`, payload: { quantity: -1 } });
    expect(res.statusCode).toBe(422);
    expect((await pos.getProduct(p.id)).quantity).toBe(10);
  });

  it('a product that was sold is archived by DELETE (product-archive.test.ts); one with no history is deleted', async () => {
    const sold = await pos.product();
    await pos.sell(staff.token, { items: [{ product_id: sold.id, quantity: 1 }] });
    expect((await t.call(admin, { method: 'DELETE', url: `/api/products/${sold.id}` })).json()).toEqual({ data: { id: sold.id } });
    expect((await pos.getProduct(sold.id)).archived_at).toEqual(expect.any(String));
    const unused = await pos.product({ quantity: 0 });
    expect((await t.call(admin, { method: 'DELETE', url: `/api/products/${unused.id}` })).json()).toEqual({ data: { id: unused.id } });
    expect((await t.call(admin, { method: 'GET', url: `/api/products/${unused.id}` })).statusCode).toBe(404);
  });
});

describe('POST /api/stock-transfers', () => {
  it('moves stock to the same SKU at another outlet, one ledger line per leg', async () => {
    const from = await pos.product({ outlet: 'store', sku: 'TR-1', quantity: 10 });
    const to = await pos.product({ outlet: 'salon', sku: 'tr-1', quantity: 1 });
    const res = await t.call(admin, { method: 'POST', url: '/api/stock-transfers', payload: { product_id: from.id, to_outlet: 'salon', quantity: 4, note: 'For the bridal team' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ from: { id: from.id, quantity: 6 }, to: { id: to.id, quantity: 5 }, quantity: 4 });
    expect((await pos.ledger(from.id)).at(-1)).toMatchObject({ reason: 'transfer_out', change: -4, quantity_after: 6, note: 'For the bridal team' });
    expect((await pos.ledger(to.id)).at(-1)).toMatchObject({ reason: 'transfer_in', change: 4, quantity_after: 5, outlet: 'salon' });
  });

  it('creates the product at the other outlet when it has none', async () => {
    const from = await pos.product({ outlet: 'store', name: 'Brow Pencil Dark Brown', quantity: 5, price: 3500 });
    const res = await t.call(admin, { method: 'POST', url: '/api/stock-transfers', payload: { product_id: from.id, to_outlet: 'office', quantity: 2 } });
    expect(res.statusCode).toBe(201);
    const to = res.json().data.to;
    expect(to).toMatchObject({ outlet: 'office', name: 'Brow Pencil Dark Brown', price: 3500, quantity: 2 });
    expect((await pos.ledger(to.id)).map((l) => [l.reason, l.change])).toEqual([['transfer_in', 2]]);
    // both products' activity tell of the move; the new one starts with its creation
    const history = async (id: number) =>
      (await t.call(admin, { method: 'GET', url: `/api/activity-log?resource=products&record_id=${id}` })).json().data.map((e: { action: string; after: unknown }) => [e.action, e.after]);
    expect(await history(to.id)).toEqual([
      ['transfer', { from_product_id: from.id, from_outlet: 'store', quantity: 2, note: null }],
      ['create', expect.objectContaining({ id: to.id, outlet: 'office', quantity: 0 })],
    ]);
    expect((await history(from.id))[0]).toEqual(['transfer', { to_product_id: to.id, to_outlet: 'office', quantity: 2, note: null }]);
  });

  it('creates the product at the receiving outlet with its own SKU and reorder level: not LOW STOCK at once; a second transfer adds to it', async () => {
    const from = await pos.product({ outlet: 'store', name: 'Velvet Lip Tint Rose', sku: 'LIP-ROSE', quantity: 20, reorder_level: 5 });
    const transfer = (payload: Record<string, unknown>) => t.call(admin, { method: 'POST', url: '/api/stock-transfers', payload: { product_id: from.id, to_outlet: 'salon', ...payload } });
    const first = await transfer({ quantity: 3 });
    expect(first.statusCode).toBe(201);
    const to = first.json().data.to;
    expect(to).toMatchObject({ outlet: 'salon', name: 'Velvet Lip Tint Rose', sku: 'SAL-LIP-ROSE', reorder_level: 0, quantity: 3, stock_status: 'stocked' });
    expect(to.id).not.toBe(from.id);
    const lowAtSalon = (await get(admin, '/api/products/low?outlet=salon&per_page=100')).json().data.map((p: { id: number }) => p.id);
    expect(lowAtSalon).not.toContain(to.id);
    // the second transfer finds it (by its SKU) and adds to it: no second product at the salon
    const second = await transfer({ quantity: 2, reorder_level: 9 });
    expect(second.statusCode).toBe(201);
    expect(second.json().data.to).toMatchObject({ id: to.id, quantity: 5, reorder_level: 0, sku: 'SAL-LIP-ROSE' });
    const salon = (await get(admin, '/api/products/search/Velvet%20Lip%20Tint%20Rose?outlet=salon')).json().data;
    expect(salon.map((p: { id: number }) => p.id)).toEqual([to.id]);
    // every leg is a ledger line on its own side
    expect((await pos.ledger(from.id)).map((l) => [l.outlet, l.reason, l.change, l.quantity_after])).toEqual([
      ['store', 'opening', 20, 20],
      ['store', 'transfer_out', -3, 17],
      ['store', 'transfer_out', -2, 15],
    ]);
    expect((await pos.ledger(to.id)).map((l) => [l.outlet, l.reason, l.change, l.quantity_after])).toEqual([
      ['salon', 'transfer_in', 3, 3],
      ['salon', 'transfer_in', 2, 5],
    ]);
    // and back: the salon's SAL-LIP-ROSE is the store's LIP-ROSE
    const back = await t.call(admin, { method: 'POST', url: '/api/stock-transfers', payload: { product_id: to.id, to_outlet: 'store', quantity: 1 } });
    expect(back.json().data).toMatchObject({ from: { id: to.id, quantity: 4 }, to: { id: from.id, quantity: 16, sku: 'LIP-ROSE' } });
  });

  it('finds the product there by name (case and spaces aside) when the SKUs differ, and takes the reorder level the transfer gives for a new one', async () => {
    const there = await pos.product({ outlet: 'office', name: '  brow GEL   clear ', sku: 'OFF-77', quantity: 1 });
    const from = await pos.product({ outlet: 'store', name: 'Brow Gel Clear', sku: 'BG-CLEAR', quantity: 6 });
    const res = await t.call(admin, { method: 'POST', url: '/api/stock-transfers', payload: { product_id: from.id, to_outlet: 'office', quantity: 2 } });
    expect(res.json().data.to).toMatchObject({ id: there.id, quantity: 3, sku: 'OFF-77' });
    const other = await pos.product({ outlet: 'store', name: 'Setting Spray Matte', sku: 'SPRAY-M', quantity: 6 });
    const made = await t.call(admin, { method: 'POST', url: '/api/stock-transfers', payload: { product_id: other.id, to_outlet: 'office', quantity: 4, reorder_level: 2 } });
    expect(made.json().data.to).toMatchObject({ outlet: 'office', sku: 'PMU-SPRAY-M', reorder_level: 2, quantity: 4, stock_status: 'stocked' });
    const bad = await t.call(admin, { method: 'POST', url: '/api/stock-transfers', payload: { product_id: other.id, to_outlet: 'office', quantity: 1, reorder_level: -1 } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('reorder_level');
  });

  it("the new product's SKU is unique at its outlet: a service holding the derived SKU pushes it to -2", async () => {
    await pos.product({ outlet: 'salon', name: 'Lash Lift', kind: 'service', sku: 'SAL-LASH-GLUE', quantity: null });
    const from = await pos.product({ outlet: 'store', name: 'Lash Glue Black', sku: 'LASH-GLUE', quantity: 4 });
    const res = await t.call(admin, { method: 'POST', url: '/api/stock-transfers', payload: { product_id: from.id, to_outlet: 'salon', quantity: 1 } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.to).toMatchObject({ name: 'Lash Glue Black', sku: 'SAL-LASH-GLUE-2', quantity: 1 });
  });

  it('refuses more than the stock, the same outlet, a service and an unknown product, changing nothing', async () => {
    const from = await pos.product({ outlet: 'store', sku: 'TR-2', quantity: 3 });
    const s = await pos.product({ kind: 'service' });
    for (const [payload, field] of [
      [{ product_id: from.id, to_outlet: 'salon', quantity: 4 }, 'quantity'],
      [{ product_id: from.id, to_outlet: 'store', quantity: 1 }, 'to_outlet'],
      [{ product_id: s.id, to_outlet: 'salon', quantity: 1 }, 'product_id'],
      [{ product_id: 999999, to_outlet: 'salon', quantity: 1 }, 'product_id'],
      [{ product_id: from.id, to_outlet: 'salon', quantity: 0 }, 'quantity'],
      [{ product_id: from.id, to_outlet: 'mall', quantity: 1 }, 'to_outlet'],
    ] as const) {
      const res = await t.call(admin, { method: 'POST', url: '/api/stock-transfers', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors).toHaveProperty(field);
    }
    expect((await pos.getProduct(from.id)).quantity).toBe(3);
    const salon = (await get(admin, '/api/products/search/TR-2?outlet=salon')).json().data;
    expect(salon).toEqual([]);
  });

  it('transfers in both directions at once without deadlock or lost stock', async () => {
    const a = await pos.product({ outlet: 'store', sku: 'TR-3', quantity: 50 });
    const b = await pos.product({ outlet: 'salon', sku: 'TR-3', quantity: 50 });
    const res = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.call(admin, { method: 'POST', url: '/api/stock-transfers', payload: i % 2 ? { product_id: a.id, to_outlet: 'salon', quantity: 2 } : { product_id: b.id, to_outlet: 'store', quantity: 3 } }),
      ),
    );
    expect(res.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    const qa = (await pos.getProduct(a.id)).quantity!;
    const qb = (await pos.getProduct(b.id)).quantity!;
    expect(qa + qb).toBe(100);
    expect(qa).toBe(50 - 6 * 2 + 6 * 3);
    expect(sum((await pos.ledger(a.id)).map((l) => l.change))).toBe(qa);
    expect(sum((await pos.ledger(b.id)).map((l) => l.change))).toBe(qb);
  });
});
