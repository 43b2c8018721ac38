import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SEARCH_COUNT_LIMIT } from '../src/features/pos/orders.routes.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// The orders' name search over many orders (issue 20, item 3): a trigram index (pg_trgm, on PGlite too) and a
// count that stops at SEARCH_COUNT_LIMIT ("1,000+"), newest first as every order list.

let t: TestApp;
let staff: Awaited<ReturnType<TestApp['staff']>>;
const get = (url: string) => t.call(staff.token, { method: 'GET', url });

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.staff();
  // 1,005 orders of one common name over 1,005 minutes, and three of a rare one, as bulk SQL (as an import would)
  await t.database.db.execute(sql`
    insert into orders (outlet, invoice_no, customer_name, subtotal, total, amount_paid, payment_method, staff_id, staff_name, business_date, created_at, updated_at)
    select 'store', 'BULK-' || lpad(g::text, 6, '0'), case when g % 400 = 0 then 'Ibinabo Rare-Jack' else 'Tonye Briggs ' || g end, 1000, 1000, 1000, 'cash',
           ${staff.id}, 'Bulk', (timestamptz '2030-01-01 08:00+01' + g * interval '1 minute')::date, timestamptz '2030-01-01 08:00+01' + g * interval '1 minute',
           timestamptz '2030-01-01 08:00+01' + g * interval '1 minute'
      from generate_series(1, 1008) g`);
});
afterAll(() => t.close());

describe('GET /api/orders/name-search/{text}', () => {
  it('counts a common name up to the limit and says there are more', async () => {
    const res = await get('/api/orders/name-search/tonye%20BRIGGS?page=2');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ current_page: 2, per_page: 20, total: SEARCH_COUNT_LIMIT, total_more: true, last_page: SEARCH_COUNT_LIMIT / 20 });
    // newest first: the second page starts at the 21st newest match
    expect(body.data.map((o: { customer_name: string }) => o.customer_name).slice(0, 2)).toEqual(['Tonye Briggs 988', 'Tonye Briggs 987']);
  });

  it('counts a rare name exactly', async () => {
    const body = (await get('/api/orders/name-search/rare-j')).json();
    expect(body).toMatchObject({ total: 2, total_more: false, last_page: 1 });
    expect(body.data.map((o: { invoice_no: string }) => o.invoice_no)).toEqual(['BULK-000800', 'BULK-000400']);
    expect((await get('/api/orders/name-search/nobody')).json()).toMatchObject({ data: [], total: 0, total_more: false, last_page: 1 });
  });

  it('bounds the invoice-number search the same way', async () => {
    expect((await get('/api/orders/search/BULK-')).json()).toMatchObject({ total: SEARCH_COUNT_LIMIT, total_more: true });
    expect((await get('/api/orders/search/bulk-0010')).json()).toMatchObject({ total: 9, total_more: false });
  });

  it('pages a few common names at several outlets newest first, exactly as one walk of the orders would (order_names)', async () => {
    // 1,200 orders under three names over two outlets, interleaved in time; the per-name page must merge them
    await t.database.db.execute(sql`
      insert into orders (outlet, invoice_no, customer_name, subtotal, total, amount_paid, payment_method, staff_id, staff_name, business_date, created_at, updated_at)
      select case when g % 3 = 0 then 'salon' else 'office' end, 'ADA-' || lpad(g::text, 6, '0'),
             case g % 4 when 0 then 'Adaku Obi' when 1 then 'ADAKU OBI' when 2 then 'Mrs Adaku Obi-Ade' else 'Tamuno Ada' end, 1000, 1000, 1000, 'cash',
             ${staff.id}, 'Bulk', (timestamptz '2031-01-01 08:00+01' + (g / 2) * interval '7 minutes')::date, timestamptz '2031-01-01 08:00+01' + (g / 2) * interval '7 minutes',
             timestamptz '2031-01-01 08:00+01' + g * interval '1 minute'
        from generate_series(1, 1200) g`);
    const expected = async (outlet: string | null, offset: number) =>
      (
        (await t.database.db.execute(sql`select invoice_no from orders where customer_name ilike '%adaku%' and (${outlet}::text is null or outlet = ${outlet})
          order by business_date desc, created_at desc, id desc limit 20 offset ${offset}`)) as unknown as { rows: { invoice_no: string }[] }
      ).rows.map((r) => r.invoice_no);
    const invoices = (body: { data: { invoice_no: string }[] }) => body.data.map((o) => o.invoice_no);
    for (const page of [1, 2, 7]) {
      const body = (await get(`/api/orders/name-search/adaku?page=${page}`)).json();
      expect(body).toMatchObject({ current_page: page, total: 900, total_more: false, last_page: 45 });
      expect(invoices(body)).toEqual(await expected(null, (page - 1) * 20));
    }
    // one outlet: exact count, its own orders only
    const salon = (await get('/api/orders/name-search/adaku?outlet=salon&page=3')).json();
    expect(salon).toMatchObject({ total: 300, total_more: false, last_page: 15 });
    expect(invoices(salon)).toEqual(await expected('salon', 40));
    expect((await get('/api/orders/name-search/ada?page=1')).json()).toMatchObject({ total: SEARCH_COUNT_LIMIT, total_more: true });
    // past the last page: nothing, the count still said
    expect((await get('/api/orders/name-search/adaku?page=46')).json()).toMatchObject({ data: [], total: 900 });
  });

  it('keeps order_names equal to a recount through a bulk insert, a rename, a void and a delete', async () => {
    const admin = await t.login();
    const recount = async () =>
      (
        (await t.database.db.execute(sql`select coalesce(json_agg(x order by x.outlet, x.customer_name), '[]') as j from (
          select outlet, customer_name, c.n as counted, k.n as kept
            from (select outlet, customer_name, count(*)::int as n from orders group by 1, 2) c
            full join (select outlet, customer_name, n from order_names where n > 0) k using (outlet, customer_name)
           where k.n is distinct from c.n) x`)) as unknown as { rows: { j: unknown[] }[] }
      ).rows[0]!.j;
    const [order] = ((await t.database.db.execute(sql`select id from orders where invoice_no = 'ADA-000004'`)) as unknown as { rows: { id: number }[] }).rows;
    expect((await t.call(admin, { method: 'PUT', url: `/api/orders/${order!.id}`, payload: { customer_name: 'Renamed Tari' } })).statusCode).toBe(200);
    expect((await get('/api/orders/name-search/renamed%20tari')).json()).toMatchObject({ total: 1 });
    expect((await get('/api/orders/name-search/adaku')).json()).toMatchObject({ total: 899 });
    expect((await t.call(admin, { method: 'DELETE', url: `/api/orders/${order!.id}`, payload: { reason: 'Typed twice' } })).statusCode).toBe(200);
    expect((await get('/api/orders/name-search/renamed%20tari')).json()).toMatchObject({ total: 1 });
    await t.database.db.execute(sql`delete from orders where invoice_no like 'ADA-00001%'`);
    expect((await get('/api/orders/name-search/adaku')).json()).toMatchObject({ total: 892 }) // ADA-000010..19: seven of them Adaku;
    expect(await recount()).toEqual([]);
  });

  it('has the trigram index on both databases', async () => {
    const res = (await t.database.db.execute(sql`select indexdef from pg_indexes where indexname = 'orders_customer_name_trgm_idx'`)) as unknown as { rows: { indexdef: string }[] };
    expect(res.rows[0]?.indexdef).toContain('gin_trgm_ops');
    const sim = (await t.database.db.execute(sql`select similarity('Tonye', 'Tonye Briggs') > 0 as ok`)) as unknown as { rows: { ok: boolean }[] };
    expect(sim.rows[0]!.ok).toBe(true);
  });
});
