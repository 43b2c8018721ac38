// The data of `npm run bench` (bench.ts): a large studio seeded with bulk SQL into a fresh database.
// Orders, items, payments and the stock ledger here; the finances, trainees and bookings in bench-finances.ts.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { hashPassword } from '../features/auth/index.js';
import { seedFinances } from './bench-finances.js';
import { seedTransferChecks } from './seed-demo-transfers.js';

export const STAFF = 20;
export const OPENING_STOCK = 1_000_000;
export const PASSWORD = 'bench-password-1';

export interface SeedSizes {
  products: number;
  orders: number;
  olderOrders: number;
  finances: number;
  fees: number;
}
type Step = <T>(label: string, fn: () => Promise<T>) => Promise<T>;

/**
 * What a studio's five years hold besides the rows written above, as the app's own upkeep leaves them: every
 * transfer taken before yesterday confirmed the morning after (the check seed:demo makes; not 75,000 waiting, which
 * no studio has and which the dashboard would sum), and each client created on the day of their first sale, booking or enrolment (the link
 * trigger made them all today, so every one of them would be this month's new client).
 */
export async function asAStudioKeepsThem(database: Database, TZ: string, step: Step) {
  await step('transfers before yesterday confirmed', () => seedTransferChecks(database.db, TZ, { sales: true, bookings: true, trainees: true }));
  const firsts = ['orders', 'bridal_bookings', 'students', 'office_students', 'hostel_students'].map((t) => `select client_id, created_at from ${t} where client_id is not null`).join(' union all ');
  await step('clients dated by their first record', () =>
    database.db.execute(sql.raw(`update clients c set created_at = f.at, updated_at = f.at from (select client_id, min(created_at) as at from (${firsts}) r group by 1) f where f.client_id = c.id and f.at < c.created_at`)),
  );
}

/**
 * Bulk SQL: staff, products (a third per outlet, one in five a service), opening stock, a busy last year
 * of orders and a quieter four years before it, with items and payments (1 % voided), every sale and void
 * in the stock ledger with its running quantity, and product quantities equal to their ledger sums, as
 * the API would leave them; then five years of finance entries, trainees, bookings and their payments.
 */
export async function seed(database: Database, sizes: SeedSizes, TZ: string, step: Step) {
  const { products: PRODUCTS, orders: ORDERS, olderOrders: OLDER_ORDERS, finances: FINANCES, fees: FEES } = sizes;
  const run = (text: string) => database.db.execute(sql.raw(text));
  const hash = await hashPassword(PASSWORD);
  await step(`${STAFF} staff`, () =>
    run(`INSERT INTO users (name, username, role, is_admin, active, password_hash)
         SELECT 'Bench Staff ' || g, 'bench' || g, 'Sales', 0, true, '${hash}' FROM generate_series(1, ${STAFF}) g`),
  );
  await step(`${PRODUCTS} products and services with opening stock`, async () => {
    await run(`INSERT INTO products (outlet, name, kind, sku, category, cost_price, price, quantity, reorder_level, created_at, updated_at)
      SELECT (ARRAY['store','office','salon'])[1 + (g - 1) % 3],
             'Bench ' || (ARRAY['Foundation','Lipstick','Brush','Lashes','Wig','Serum'])[1 + g % 6] || ' ' || g,
             CASE WHEN g % 5 = 0 THEN 'service' ELSE 'product' END,
             'BN-' || g, 'Category ' || (g % 24),
             round((500 + (g * 7919) % 150000) * 0.6, 2),
             (500 + (g * 7919) % 150000) + (g % 4) * 0.25,
             CASE WHEN g % 5 = 0 THEN NULL ELSE ${OPENING_STOCK} END,
             5, now() - interval '1860 days', now() - interval '1860 days'
      FROM generate_series(1, ${PRODUCTS}) g`);
    await run(`INSERT INTO stock_movements (product_id, outlet, change, quantity_after, reason, user_id, created_at)
      SELECT id, outlet, quantity, quantity, 'opening', 1, created_at FROM products WHERE kind = 'product'`);
  });
  const perOutlet = Math.floor(PRODUCTS / 3);
  const firstId = Number(((await run('SELECT min(id) AS id FROM products')) as unknown as { rows: { id: number }[] }).rows[0]!.id);
  const spacing = Math.max(1, Math.floor((365 * 86400) / ORDERS));
  const olderSpacing = OLDER_ORDERS ? Math.max(1, Math.floor((4 * 365 * 86400) / OLDER_ORDERS)) : 0;
  // Order n (its id in this fresh database) has 1 + n % 3 lines; line l sells the k-th product of the
  // order's outlet, k = (31n + 7919l) mod perOutlet, quantity 1 + (n + l) % 2. Products were inserted
  // store, office, salon in turn, so the k-th of outlet o has id first + o + 3k. Totals are computed
  // from the same formula as the items, so no 200,000-row UPDATE is needed afterwards.
  const productOf = (order: string, line: string, outletIndex: string) => `${firstId} + ${outletIndex} + 3 * ((${order} * 31 + ${line} * 7919) % ${perOutlet})`;
  // the first OLDER_ORDERS over the four years before the last one, then ORDERS over the last year: ids follow time
  await step(`${ORDERS.toLocaleString('en')} orders over the last year and ${OLDER_ORDERS.toLocaleString('en')} over the four years before`, () =>
    run(`INSERT INTO orders (outlet, invoice_no, customer_name, customer_phone, subtotal, discount, total, amount_paid, change, payment_method, status, staff_id, staff_name, business_date, created_at, updated_at, voided_at, voided_by)
      SELECT (ARRAY['store','office','salon'])[1 + b.k],
             (ARRAY['STO','PMU','SAL'])[1 + b.k] || '-' || lpad((row_number() OVER (PARTITION BY b.k ORDER BY b.g))::text, 6, '0'),
             (ARRAY['Adaeze Nwosu','Tonye Briggs','Ibinabo Jack','Chioma Okeke','Ebiere Dappa','Funmi Adeyemi','Walk-in Customer'])[1 + b.g % 7],
             -- half the sales give a phone, of 5,000 regulars: each a client with about 30 sales over five years
             CASE WHEN b.g % 2 = 0 THEN '0803' || lpad(((b.g / 2) % 5000)::text, 7, '0') END,
             t.sub, 0, t.sub, t.sub, 0,
             (ARRAY['cash','transfer','pos','card'])[1 + b.g % 4],
             CASE WHEN b.g % 100 = 0 THEN 'void' ELSE 'paid' END,
             s.id, s.name,
             (b.at AT TIME ZONE '${TZ}')::date, b.at, b.at,
             CASE WHEN b.g % 100 = 0 THEN b.at + interval '20 minutes' END,
             CASE WHEN b.g % 100 = 0 THEN 1 END
      FROM (SELECT g, (g * 7 + g / 3) % 3 AS k,
                   CASE WHEN g <= ${OLDER_ORDERS} THEN now() - interval '${5 * 365} days' + g * interval '${olderSpacing} seconds'
                        ELSE now() - interval '365 days' + (g - ${OLDER_ORDERS}) * interval '${spacing} seconds' END AS at
            FROM generate_series(1, ${ORDERS + OLDER_ORDERS}) g) b
      CROSS JOIN LATERAL (SELECT sum(p.price * (1 + (b.g + l) % 2)) AS sub
                          FROM generate_series(1, 1 + b.g % 3) l JOIN products p ON p.id = ${productOf('b.g', 'l', 'b.k')}) t
      JOIN (SELECT id, name, row_number() OVER (ORDER BY id) - 1 AS n FROM users WHERE username LIKE 'bench%') s ON s.n = b.g % ${STAFF}
      ORDER BY b.g`),
  );
  const firstOrder = Number(((await run('SELECT min(id) AS id FROM orders')) as unknown as { rows: { id: number }[] }).rows[0]!.id);
  if (firstOrder !== 1) throw new Error('The bench needs a fresh database (order ids from 1).');
  await step('order items (1-3 per order, priced from the products), payments, invoice counters', async () => {
    await run(`INSERT INTO order_items (order_id, product_id, name, kind, unit_price, cost_price, quantity, total)
      SELECT o.id, p.id, p.name, p.kind, p.price, p.cost_price, 1 + (o.id + l) % 2, p.price * (1 + (o.id + l) % 2)
      FROM orders o
      CROSS JOIN LATERAL generate_series(1, 1 + o.id % 3) l
      JOIN products p ON p.id = ${productOf('o.id', 'l', "(CASE o.outlet WHEN 'store' THEN 0 WHEN 'office' THEN 1 ELSE 2 END)")}
      ORDER BY o.id, l`);
    await run(`INSERT INTO order_payments (order_id, method, amount) SELECT id, payment_method, total FROM orders ORDER BY id`);
    await run(`INSERT INTO invoice_counters (outlet, last) SELECT outlet, count(*) FROM orders GROUP BY outlet`);
  });
  await step('stock ledger: every sale and void with its running quantity', async () => {
    await run(`INSERT INTO stock_movements (product_id, outlet, change, quantity_after, reason, order_id, note, user_id, created_at)
      SELECT product_id, outlet, change, ${OPENING_STOCK} + sum(change) OVER (PARTITION BY product_id ORDER BY at, seq), reason, order_id, note, user_id, at
      FROM (SELECT i.product_id, o.outlet, -i.quantity AS change, 'sale' AS reason, o.id AS order_id, o.invoice_no AS note, o.staff_id AS user_id, o.created_at AS at, i.id * 2 AS seq
              FROM order_items i JOIN orders o ON o.id = i.order_id WHERE i.kind = 'product'
            UNION ALL
            SELECT i.product_id, o.outlet, i.quantity, 'void', o.id, o.invoice_no, o.voided_by, o.voided_at, i.id * 2 + 1
              FROM order_items i JOIN orders o ON o.id = i.order_id WHERE i.kind = 'product' AND o.status = 'void') e
      ORDER BY at, seq`);
    await run(`UPDATE products p SET quantity = ${OPENING_STOCK} + s.delta
      FROM (SELECT product_id, sum(change) AS delta FROM stock_movements WHERE reason IN ('sale', 'void') GROUP BY product_id) s WHERE s.product_id = p.id`);
  });
  const adminId = Number(((await run('SELECT min(id) AS id FROM users WHERE is_admin = 1')) as unknown as { rows: { id: number }[] }).rows[0]!.id);
  const finances = await seedFinances(run, { entries: FINANCES, payments: FEES, today: `(now() AT TIME ZONE '${TZ}')::date`, adminId, step });
  await asAStudioKeepsThem(database, TZ, step);
  // PostgreSQL's autovacuum would get to the freshly loaded tables in the middle of the run: do its work
  // first. The embedded database has no autovacuum; the server only runs ANALYZE on it (server.ts).
  if (database.kind === 'pglite') await step('ANALYZE', () => run('ANALYZE'));
  else await step('VACUUM ANALYZE (what autovacuum would do)', () => run('VACUUM ANALYZE'));
  const result = (await run(`SELECT
      (SELECT count(*) FROM orders)::int AS orders,
      (SELECT count(*) FROM order_items)::int AS items,
      (SELECT count(*) FROM stock_movements)::int AS movements,
      (SELECT count(*) FROM orders o WHERE total <> (SELECT sum(total) FROM order_items i WHERE i.order_id = o.id))::int AS total_mismatches,
      (SELECT count(*) FROM products p WHERE kind = 'product' AND quantity <> (SELECT sum(change) FROM stock_movements m WHERE m.product_id = p.id))::int AS ledger_mismatches`)) as unknown as {
    rows: { orders: number; items: number; movements: number; total_mismatches: number; ledger_mismatches: number }[];
  };
  return { ...result.rows[0]!, finances };
}
