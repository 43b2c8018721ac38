// `npm run bench`: seeds a large studio in a fresh database, starts the real app on a local port and
// measures checkout, the POS product list and a paged month of invoices over real sockets, each beside
// a bare Fastify route measured the same way in the same run; then, one request at a time, the finance
// summaries over a month and over five years and the dashboard. It prints figures; it is not a test.
//
//   --quick (or `npm run bench -- --quick`)  a small studio, tried in under a minute
//   BENCH_DATABASE_URL=postgres://...  use a fresh database on that PostgreSQL server (default: embedded PGlite in a temp dir)
//   BENCH_PRODUCTS (5400)  BENCH_ORDERS (200000, the last year)  BENCH_OLDER_ORDERS (100000, the four years before)
//   BENCH_FINANCES (100000 entries)  BENCH_FEES (about 20000 fee and booking payments)
//   BENCH_CONCURRENCY (16)  BENCH_SECONDS (5)  BENCH_REQUESTS (100, per request at 1 connection)
//   BENCH_KEEP=1  keep the database (and print where) to look at it afterwards
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Fastify from 'fastify';
import { addMonths, monthRange, studioDate, toKobo, type Dashboard, type FinancePeriodRow, type FinanceSummary } from '@studio/shared';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openPglite, openPostgres, type Database } from '../db/client.js';
import { ensureFirstAdmin } from '../db/first-admin.js';
import { hashPassword } from '../features/auth/passwords.js';
import { seedFinances } from './bench-finances.js';

const env = process.env;
// `npm run bench -- --quick` at the root reaches this script as npm's own `quick` setting
const QUICK = process.argv.includes('--quick') || env.npm_config_quick === 'true';
const PRODUCTS = Number(env.BENCH_PRODUCTS ?? (QUICK ? 600 : 5400));
const ORDERS = Number(env.BENCH_ORDERS ?? (QUICK ? 20_000 : 200_000));
const OLDER_ORDERS = Number(env.BENCH_OLDER_ORDERS ?? (QUICK ? 10_000 : 100_000));
const FINANCES = Number(env.BENCH_FINANCES ?? (QUICK ? 10_000 : 100_000));
const FEES = Number(env.BENCH_FEES ?? (QUICK ? 2_000 : 20_000));
const CONCURRENCY = Number(env.BENCH_CONCURRENCY ?? 16);
const SECONDS = Number(env.BENCH_SECONDS ?? (QUICK ? 1 : 5));
const REQUESTS = Number(env.BENCH_REQUESTS ?? (QUICK ? 50 : 100));
const KEEP = Boolean(env.BENCH_KEEP);
const STAFF = 20;
const OPENING_STOCK = 1_000_000;
const PASSWORD = 'bench-password-1';
const TZ = loadConfig().tzStudio;

const log = (msg: string) => console.log(`[bench] ${msg}`);
async function step<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const out = await fn();
  log(`${label} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  return out;
}

/** A fresh, empty database: a new one on the PostgreSQL server, or PGlite in a temp folder. */
async function freshDatabase(): Promise<{ database: Database; label: string; dispose: () => Promise<void> }> {
  const adminUrl = env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-bench-'));
    const database = await openPglite(dir);
    return { database, label: `embedded PGlite (${dir})`, dispose: async () => (KEEP ? log(`kept the database in ${dir}`) : fs.rmSync(dir, { recursive: true, force: true })) };
  }
  const name = `studio_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString());
  return {
    database,
    label: `PostgreSQL (${url.host}, database ${name}, pool of 10 as in production)`,
    dispose: async () => {
      if (KEEP) return log(`kept the database: ${url}`);
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Bulk SQL: staff, products (a third per outlet, one in five a service), opening stock, a busy last year
 * of orders and a quieter four years before it, with items and payments (1 % voided), every sale and void
 * in the stock ledger with its running quantity, and product quantities equal to their ledger sums, as
 * the API would leave them; then five years of finance entries, trainees, bookings and their payments.
 */
async function seed(database: Database) {
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
             CASE WHEN b.g % 2 = 0 THEN '0803' || lpad((b.g % 10000000)::text, 7, '0') END,
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

// ---------------------------------------------------------------- load generator (in a worker thread)

interface Scenario {
  name: string;
  port: number;
  method: 'GET' | 'POST';
  path: string;
  token?: string;
  /** POST /api/orders: carts drawn from these product ids. */
  checkout?: { outlet: string; productIds: number[] };
  expect: number;
}
interface Result {
  count: number;
  errors: number;
  seconds: number;
  latencies: number[];
  sampleError?: string;
}

// Plain CommonJS so the worker needs no loader: N parallel keep-alive connections, each sending its next
// request as soon as the previous answer is read, for a warm-up second and then SECONDS measured; or, with
// `requests`, one connection sending a few warm-up requests and then that many, one after another.
const workerSource = `
const http = require('node:http');
const crypto = require('node:crypto');
const { parentPort, workerData } = require('node:worker_threads');
const { scenario: s, concurrency, seconds, requests, warmup } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
function body() {
  if (!s.checkout) return undefined;
  const ids = s.checkout.productIds;
  const n = 1 + Math.floor(Math.random() * 3);
  const items = [];
  for (let i = 0; i < n; i++) items.push({ product_id: ids[Math.floor(Math.random() * ids.length)], quantity: 1 });
  return JSON.stringify({ outlet: s.checkout.outlet, customer_name: 'Bench Customer', items, payment_method: 'transfer', client_ref: crypto.randomUUID() });
}
function once() {
  return new Promise((resolve) => {
    const payload = body();
    const headers = { accept: 'application/json' };
    if (s.token) headers.authorization = 'Bearer ' + s.token;
    if (payload) { headers['content-type'] = 'application/json'; headers['content-length'] = Buffer.byteLength(payload); }
    const t0 = process.hrtime.bigint();
    const req = http.request({ host: '127.0.0.1', port: s.port, path: s.path, method: s.method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ ms: Number(process.hrtime.bigint() - t0) / 1e6, status: res.statusCode, body: res.statusCode === s.expect ? '' : Buffer.concat(chunks).toString().slice(0, 200) }));
    });
    req.on('error', (e) => resolve({ ms: Number(process.hrtime.bigint() - t0) / 1e6, status: 0, body: String(e) }));
    if (payload) req.write(payload);
    req.end();
  });
}
async function sequential() {
  const latencies = [];
  let errors = 0, sampleError;
  for (let i = 0; i < warmup; i++) await once();
  const started = process.hrtime.bigint();
  for (let i = 0; i < requests; i++) {
    const r = await once();
    latencies.push(r.ms);
    if (r.status !== s.expect) { errors++; sampleError ??= r.status + ' ' + r.body; }
  }
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  parentPort.postMessage({ count: requests, errors, seconds: elapsed, latencies, sampleError });
}
(async () => {
  if (requests) return sequential();
  let measuring = false, stop = false, count = 0, errors = 0, sampleError;
  const latencies = [];
  setTimeout(() => { measuring = true; started = process.hrtime.bigint(); }, 1000);
  let started = 0n;
  setTimeout(() => { stop = true; }, 1000 + seconds * 1000);
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (!stop) {
      const r = await once();
      if (!measuring || stop) continue;
      count++;
      latencies.push(r.ms);
      if (r.status !== s.expect) { errors++; sampleError ??= r.status + ' ' + r.body; }
    }
  }));
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  parentPort.postMessage({ count, errors, seconds: elapsed, latencies, sampleError });
})();
`;

/** Load at CONCURRENCY for SECONDS, or (`requests`) that many requests one at a time after `warmup` unmeasured ones. */
function load(scenario: Scenario, sequential?: { requests: number; warmup: number }): Promise<Result> {
  return new Promise((resolve, reject) => {
    const w = new Worker(workerSource, { eval: true, workerData: { scenario, concurrency: sequential ? 1 : CONCURRENCY, seconds: SECONDS, ...sequential } });
    w.once('message', (r: Result) => {
      void w.terminate();
      resolve(r);
    });
    w.once('error', reject);
  });
}

function stats(r: Result) {
  const sorted = [...r.latencies].sort((a, b) => a - b);
  const q = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! : NaN);
  return { rps: r.count / r.seconds, p50: q(0.5), p90: q(0.9), p99: q(0.99), max: sorted[sorted.length - 1] ?? NaN, errors: r.errors, count: r.count, sampleError: r.sampleError };
}

// ---------------------------------------------------------------- main

const loadAverage = () => os.loadavg().map((n) => n.toFixed(2)).join(', ');

async function signIn(port: number, username: string): Promise<string> {
  const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD, deviceId: `bench-${username}`, deviceInfo: '' }),
  });
  if (login.status !== 200) throw new Error(`login as ${username} failed: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { data: { tokens: { api_token: string }[] } }).data.tokens[0]!.api_token;
}

/**
 * summary-range over last month and over the five years to today, summary-monthly over those 60 months,
 * summary-yearly over the last five years and the dashboard; each read once first, to describe its answer
 * and check that the 60 months add up to the five-year range.
 */
async function financeScenarios(port: number, token: string): Promise<(Scenario & { answer: string })[]> {
  const today = studioDate(new Date(), TZ);
  const thisMonth = today.slice(0, 7);
  const lastMonth = monthRange(addMonths(thisMonth, -1));
  const firstMonth = addMonths(thisMonth, -59);
  const year = Number(today.slice(0, 4));
  const get = async <T>(p: string): Promise<T> => {
    const res = await fetch(`http://127.0.0.1:${port}${p}`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    if (res.status !== 200) throw new Error(`GET ${p}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    return ((await res.json()) as { data: T }).data;
  };
  const naira = (n: number) => `₦${Math.round(n).toLocaleString('en')}`;
  const paths = {
    month: `/api/finances/summary-range/${lastMonth.from}/${lastMonth.to}`,
    range: `/api/finances/summary-range/${firstMonth}-01/${today}`,
    monthly: `/api/finances/summary-monthly/${firstMonth}/${thisMonth}`,
    yearly: `/api/finances/summary-yearly/${year - 4}/${year}`,
    dashboard: '/api/dashboard',
  };
  const month = await get<FinanceSummary>(paths.month);
  const range = await get<FinanceSummary>(paths.range);
  const monthly = await get<FinancePeriodRow[]>(paths.monthly);
  const yearly = await get<FinancePeriodRow[]>(paths.yearly);
  const dash = await get<Dashboard>(paths.dashboard);
  const monthlyIncomeK = monthly.reduce((k, r) => k + toKobo(r.income), 0);
  const monthlyExpenseK = monthly.reduce((k, r) => k + toKobo(r.expense), 0);
  const adds = monthlyIncomeK === toKobo(range.income) && monthlyExpenseK === toKobo(range.expense);
  log(`five years (${firstMonth}-01 to ${today}): income ${naira(range.income)} (sales ${naira(range.income_by_source.sales)}, fees ${naira(range.income_by_source.fees)}, bookings ${naira(range.income_by_source.bookings)}, manual ${naira(range.income_by_source.manual)}), expense ${naira(range.expense)}; the ${monthly.length} months add up to it: ${adds ? 'yes' : 'NO'}`);
  if (!adds) throw new Error('summary-monthly does not add up to summary-range over the same days');
  const scenario = (name: string, p: string, answer: string) => ({ name: `GET ${p}${name}`, answer, port, method: 'GET' as const, path: p, token, expect: 200 });
  return [
    scenario(' (a month)', paths.month, `income ${naira(month.income)}`),
    scenario(' (5 years)', paths.range, `income ${naira(range.income)}`),
    scenario('', paths.monthly, `${monthly.length} rows`),
    scenario('', paths.yearly, `${yearly.length} rows`),
    scenario('', paths.dashboard, `${dash.bookings.upcoming.length} bookings, ${dash.students.in_session.total} in session`),
  ];
}

async function main() {
  const started = performance.now();
  const { database, label, dispose } = await freshDatabase();
  log(`database: ${label}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-bench-app-'));
  const servers: { close(): Promise<unknown> }[] = [];
  try {
    await step('migrations', () => database.migrate());
    await ensureFirstAdmin(database.db, 'admin', PASSWORD);
    const seeded = await seed(database);
    const seedSeconds = (performance.now() - started) / 1000;
    log(`seeded ${seeded.orders.toLocaleString('en')} orders, ${seeded.items.toLocaleString('en')} items, ${seeded.movements.toLocaleString('en')} ledger lines; orders whose total differs from their items: ${seeded.total_mismatches}; products whose quantity differs from their ledger: ${seeded.ledger_mismatches}`);
    const f = seeded.finances;
    log(`seeded ${f.finances.toLocaleString('en')} finance entries, ${f.trainees.toLocaleString('en')} trainees, ${f.bookings.toLocaleString('en')} bookings, ${f.fee_payments.toLocaleString('en')} fee and booking payments (makeup ${f.student_payments.toLocaleString('en')}, PMU ${f.office_student_payments.toLocaleString('en')}, hostel ${f.hostel_student_payments.toLocaleString('en')}, bookings ${f.bridal_booking_payments.toLocaleString('en')}; ${f.reversals} reversals); parents whose amount_paid differs from their ledger: ${f.paid_mismatches}`);

    // the real app, as server.ts builds it, on a local port
    const app = await buildApp({ database, config: { ...loadConfig(), dataDir }, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    servers.push(app);
    const appPort = (app.server.address() as { port: number }).port;
    // a bare Fastify beside it, in the same process: the floor any route is measured against
    const bare = Fastify({ logger: false });
    bare.get('/bench/bare', async () => ({ data: 'ok' }));
    await bare.listen({ host: '127.0.0.1', port: 0 });
    servers.push(bare);
    const barePort = (bare.server.address() as { port: number }).port;

    // sign in once, over HTTP, as a staff member at the till
    const token = await signIn(appPort, 'bench1');

    const list = await fetch(`http://127.0.0.1:${appPort}/api/get-products/store`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    const listBody = (await list.json()) as { data: { id: number; kind: string }[] };
    const productIds = listBody.data.map((p) => p.id);
    const today = new Date(`${studioDate(new Date(), TZ)}T00:00:00Z`);
    today.setUTCDate(1);
    today.setUTCMonth(today.getUTCMonth() - 1);
    const month = today.toISOString().slice(0, 7); // last full month
    const monthProbe = (await (await fetch(`http://127.0.0.1:${appPort}/api/orders/getmonth/${month}/store?page=2`, { headers: { authorization: `Bearer ${token}` } })).json()) as { total: number; summary: { count: number } };
    log(`POS list for the store: ${productIds.length} sellable items; ${month} at the store: ${monthProbe.total.toLocaleString('en')} invoices`);

    const scenarios: Scenario[] = [
      { name: 'POST /api/orders (checkout)', port: appPort, method: 'POST', path: '/api/orders', token, checkout: { outlet: 'store', productIds }, expect: 201 },
      { name: 'GET /api/get-products/store', port: appPort, method: 'GET', path: '/api/get-products/store', token, expect: 200 },
      { name: `GET /api/orders/getmonth/${month}/store?page=2`, port: appPort, method: 'GET', path: `/api/orders/getmonth/${month}/store?page=2`, token, expect: 200 },
    ];
    const rows: { name: string; s: ReturnType<typeof stats>; bare: ReturnType<typeof stats> }[] = [];
    for (const sc of scenarios) {
      const b = stats(await load({ name: 'bare', port: barePort, method: 'GET', path: '/bench/bare', expect: 200 }));
      const s = stats(await load(sc));
      log(`${sc.name}: ${s.count} requests, ${s.errors} unexpected answers${s.sampleError ? ` (e.g. ${s.sampleError})` : ''}`);
      rows.push({ name: sc.name, s, bare: b });
    }

    const loadThroughput = loadAverage();

    // the finance summaries and the dashboard, as the admin, one request at a time
    const adminToken = await signIn(appPort, 'admin');
    const finance = await financeScenarios(appPort, adminToken);
    const perRequest: { name: string; answer: string; s: ReturnType<typeof stats> }[] = [];
    for (const sc of [{ name: 'GET /bench/bare (bare Fastify)', answer: '', port: barePort, method: 'GET' as const, path: '/bench/bare', expect: 200 }, ...finance]) {
      const s = stats(await load(sc, { requests: REQUESTS, warmup: 5 }));
      if (s.errors) log(`${sc.name}: ${s.errors} unexpected answers (e.g. ${s.sampleError})`);
      perRequest.push({ name: sc.name, answer: sc.answer, s });
    }
    const loadPerRequest = loadAverage();

    const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '-');
    const print = (header: string[], table: string[][]) => {
      const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
      const line = (cells: string[]) => cells.map((c, i) => (header[i] === 'endpoint' || header[i] === 'answer' ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
      console.log(line(header));
      console.log(widths.map((w) => '-'.repeat(w)).join('  '));
      for (const row of table) console.log(line(row));
    };
    console.log('');
    console.log(`Studio API benchmark${QUICK ? ' (--quick)' : ''}: ${label.split(' (')[0]}, ${PRODUCTS.toLocaleString('en')} products, ${seeded.orders.toLocaleString('en')} orders, ${f.finances.toLocaleString('en')} finance entries, ${f.fee_payments.toLocaleString('en')} fee and booking payments (seeded in ${seedSeconds.toFixed(0)} s)`);
    console.log(`node ${process.version}, ${os.cpus().length} CPU; load generator in a worker thread of the same process`);
    console.log('');
    console.log(`${CONCURRENCY} concurrent keep-alive connections, ${SECONDS} s measured per row after 1 s warm-up (load average ${loadThroughput})`);
    print(
      ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'bare req/s', 'bare p50', 'bare p99', 'req/s vs bare', 'p50 vs bare'],
      rows.map((r) => [r.name, fmt(r.s.rps, 0), fmt(r.s.p50, 2), fmt(r.s.p99, 2), String(r.s.errors), fmt(r.bare.rps, 0), fmt(r.bare.p50, 2), fmt(r.bare.p99, 2), `${fmt((r.s.rps / r.bare.rps) * 100, 1)} %`, `${fmt(r.s.p50 / r.bare.p50, 1)}x`]),
    );
    console.log('');
    console.log(`One request at a time (1 keep-alive connection), ${REQUESTS} measured per row after 5 warm-up, as the admin (load average ${loadPerRequest})`);
    print(
      ['endpoint', 'answer', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'errors', 'p99 < 100 ms'],
      perRequest.map((r) => [r.name, r.answer, fmt(r.s.p50, 2), fmt(r.s.p90, 2), fmt(r.s.p99, 2), fmt(r.s.max, 2), String(r.s.errors), r.s.p99 < 100 ? 'yes' : 'NO']),
    );
    console.log('');
  } finally {
    for (const s of servers.reverse()) await s.close();
    await database.close();
    await dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
