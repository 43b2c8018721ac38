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

  it('has the trigram index on both databases', async () => {
    const res = (await t.database.db.execute(sql`select indexdef from pg_indexes where indexname = 'orders_customer_name_trgm_idx'`)) as unknown as { rows: { indexdef: string }[] };
    expect(res.rows[0]?.indexdef).toContain('gin_trgm_ops');
    const sim = (await t.database.db.execute(sql`select similarity('Tonye', 'Tonye Briggs') > 0 as ok`)) as unknown as { rows: { ok: boolean }[] };
    expect(sim.rows[0]!.ok).toBe(true);
  });
});
