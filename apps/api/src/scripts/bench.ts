// `npm run bench`: seeds a large studio in a fresh database (bench-seed.ts), starts the real app on it in a
// process of its own (bench-server.ts) and loads it from another process (bench-load.ts, undici), so the
// server's process and CPU are its own. For each request: at 1 connection (the till's feel) and at 16 (a
// busy day), req/s, p50/p99, and from the server's counters the app's CPU, the database time and the SQL
// statements per request. Both databases in one run when BENCH_DATABASE_URL names a PostgreSQL server
// (else the embedded PGlite only); a JSON file of the figures to compare two runs. It is not a test.
//
//   npm run bench [-- --quick] [-- --db=pglite|postgres|both] [-- --out=file.json]
//   npm run bench:compare -- before.json after.json
//   BENCH_DATABASE_URL=postgres://...  a server to create (and drop) a fresh database on
//   BENCH_PRODUCTS (5400)  BENCH_ORDERS (200000, the last year)  BENCH_OLDER_ORDERS (100000, the four years before)
//   BENCH_FINANCES (100000 entries)  BENCH_FEES (about 20000 fee and booking payments)
//   BENCH_CONCURRENCY (16)  BENCH_SECONDS (5, measured per row)  BENCH_WARMUP (1 s)  BENCH_ONLY (a part of a row's key)
//   BENCH_PROCESSES (PostgreSQL: also run checkout at 16 connections with the API in this many processes; default the core count)
//   BENCH_KEEP=1  keep the database (and print where) to look at it afterwards, or to measure it again with:
//   BENCH_REUSE=dir|postgres://.../studio_bench_x  a database kept by BENCH_KEEP: migrated, not seeded again, kept
//     (a folder is the embedded database, a URL PostgreSQL; give --db= to match). The sales measured stay in it.
import { fork, type ChildProcess, execSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addMonths, monthRange, studioDate, toKobo, type FinancePeriodRow, type FinanceSummary } from '@studio/shared';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { openPglite, openPostgres, type Database } from '../db/client.js';
import { ensureFirstAdmin } from '../features/auth/index.js';
import { PASSWORD, seed } from './bench-seed.js';
import type { LoadJob, LoadResult, LoadScenario } from './bench-load.js';
import { compareFiles, printRun, type BenchFile, type BenchRow, type BenchRun } from './bench-report.js';

const env = process.env;
const args = process.argv.slice(2);
const arg = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
// `npm run bench -- --quick` may reach this script as npm's own `quick` setting
const QUICK = args.includes('--quick') || env.npm_config_quick === 'true';
const SIZES = {
  products: Number(env.BENCH_PRODUCTS ?? (QUICK ? 600 : 5400)),
  orders: Number(env.BENCH_ORDERS ?? (QUICK ? 20_000 : 200_000)),
  olderOrders: Number(env.BENCH_OLDER_ORDERS ?? (QUICK ? 10_000 : 100_000)),
  finances: Number(env.BENCH_FINANCES ?? (QUICK ? 10_000 : 100_000)),
  fees: Number(env.BENCH_FEES ?? (QUICK ? 2_000 : 20_000)),
};
const CONCURRENCY = Number(env.BENCH_CONCURRENCY ?? 16);
const SECONDS = Number(env.BENCH_SECONDS ?? (QUICK ? 1 : 5));
const WARMUP = Number(env.BENCH_WARMUP ?? (QUICK ? 0.5 : 1));
const ONLY = env.BENCH_ONLY;
const PROCESSES = Number(env.BENCH_PROCESSES ?? os.cpus().length);
const REUSE = env.BENCH_REUSE;
const KEEP = Boolean(env.BENCH_KEEP) || Boolean(REUSE);
const TZ = loadConfig().tzStudio;
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');

const log = (msg: string) => console.log(`[bench] ${msg}`);
async function step<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const out = await fn();
  log(`${label} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  return out;
}
const loadAverage = () => os.loadavg().map((n) => Number(n.toFixed(2)));

type Kind = 'pglite' | 'postgres';

/** A fresh, empty database, and what the server process needs in its environment to open it. */
async function freshDatabase(kind: Kind): Promise<{ database: Database; label: string; serverEnv: Record<string, string>; dispose: () => Promise<void> }> {
  if (REUSE) return reusedDatabase(kind, REUSE);
  if (kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-bench-'));
    const database = await openPglite(dir);
    return {
      database,
      label: `embedded PGlite (${dir})`,
      serverEnv: { DATA_DIR: dir, DATABASE_URL: '' },
      dispose: async () => (KEEP ? log(`kept the database in ${dir}`) : fs.rmSync(dir, { recursive: true, force: true })),
    };
  }
  const adminUrl = env.BENCH_DATABASE_URL!;
  const name = `studio_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-bench-app-'));
  return {
    database: openPostgres(url.toString()),
    label: `PostgreSQL (${url.host}, database ${name})`,
    serverEnv: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    dispose: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (KEEP) return log(`kept the database: ${url}`);
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A database seeded by an earlier run and kept (BENCH_KEEP): measured again as it is. */
async function reusedDatabase(kind: Kind, where: string) {
  const isUrl = /^postgres(ql)?:\/\//.test(where);
  if (isUrl !== (kind === 'postgres')) throw new Error(`BENCH_REUSE=${where} is not a ${kind} database: give --db=${isUrl ? 'postgres' : 'pglite'}`);
  if (!isUrl && !fs.existsSync(where)) throw new Error(`BENCH_REUSE: no folder ${where}`);
  const dataDir = isUrl ? fs.mkdtempSync(path.join(os.tmpdir(), 'studio-bench-app-')) : where;
  return {
    database: isUrl ? openPostgres(where) : await openPglite(where),
    label: `${isUrl ? 'PostgreSQL' : 'embedded PGlite'} (reused: ${where})`,
    serverEnv: isUrl ? { DATABASE_URL: where, DATA_DIR: dataDir } : { DATA_DIR: where, DATABASE_URL: '' },
    dispose: async () => {
      if (isUrl) fs.rmSync(dataDir, { recursive: true, force: true });
      log(`kept the database: ${where}`);
    },
  };
}

/** What a reused database holds (the seed's consistency checks ran when it was seeded). */
async function counted(database: Database) {
  const res = (await database.db.execute(sql`SELECT (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM order_items)::int AS items,
    (SELECT count(*) FROM stock_movements)::int AS movements, (SELECT count(*) FROM finances)::int AS finances,
    (SELECT (SELECT count(*) FROM students) + (SELECT count(*) FROM office_students) + (SELECT count(*) FROM hostel_students))::int AS trainees,
    (SELECT (SELECT count(*) FROM student_payments) + (SELECT count(*) FROM office_student_payments) + (SELECT count(*) FROM hostel_student_payments) + (SELECT count(*) FROM bridal_booking_payments))::int AS fee_payments`)) as unknown as {
    rows: { orders: number; items: number; movements: number; finances: number; trainees: number; fee_payments: number }[];
  };
  const r = res.rows[0]!;
  return { orders: r.orders, items: r.items, movements: r.movements, total_mismatches: 0, ledger_mismatches: 0, finances: { finances: r.finances, trainees: r.trainees, fee_payments: r.fee_payments, paid_mismatches: 0 } };
}

// ---------------------------------------------------------------- the server and the load generator, each a process

interface Server {
  origin: string;
  pids: number[];
  child: ChildProcess;
  stop(): Promise<void>;
}

/** A port free on 127.0.0.1 now (the processes of a cluster must be told one). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function startServer(serverEnv: Record<string, string>, processes = 1): Promise<Server> {
  const child = fork(path.join(here, 'bench-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...env, ...serverEnv, PORT: String(processes > 1 ? await freePort() : 0), LOG_LEVEL: 'warn', API_PROCESSES: String(processes) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ port: number; pids: number[] }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { port: number; pids: number[] }));
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code}) before listening`)));
  });
  return {
    origin: `http://127.0.0.1:${ready.port}`,
    pids: ready.pids,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

class Loader {
  private child = fork(path.join(here, 'bench-load.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  /** Runs a job; `between` is called after the warm-up (nothing in flight) and again at the end. */
  run(job: LoadJob, atStart: () => Promise<void>): Promise<LoadResult> {
    return new Promise((resolve, reject) => {
      const onMessage = (m: { type: string; result?: LoadResult; message?: string }) => {
        if (m.type === 'ready') void atStart().then(() => this.child.send({ type: 'go' }), reject);
        else {
          this.child.off('message', onMessage);
          if (m.type === 'result') resolve(m.result!);
          else reject(new Error(m.message));
        }
      };
      this.child.on('message', onMessage);
      this.child.send({ type: 'job', job });
    });
  }
  close() {
    this.child.disconnect();
  }
}

interface Counters {
  cpuMicros: number;
  statements: number;
  dbMicros: number;
}
/** CPU time of a process from /proc (user + system, in µs): the processes of a cluster are read this way. */
function procCpuMicros(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
  return (ticks / 100) * 1e6; // USER_HZ is 100 on Linux
}
async function counters(server: Server): Promise<Counters> {
  if (server.pids.length > 1) return { cpuMicros: server.pids.reduce((s, pid) => s + procCpuMicros(pid), 0), statements: NaN, dbMicros: NaN };
  const res = await fetch(`${server.origin}/bench/metrics`);
  return (await res.json()) as Counters;
}

// ---------------------------------------------------------------- what is measured

interface Scenario extends LoadScenario {
  /** Stable across runs: rows of two JSON files are matched on it. */
  key: string;
  name: string;
  /** Only at 1 connection (a slow report a busy day does not hammer). */
  sequentialOnly?: boolean;
}

interface Context {
  origin: string;
  staffToken: string;
  adminToken: string;
  storeProductIds: number[];
  /** The last full month, YYYY-MM, and its first and last day. */
  lastMonth: string;
  today: string;
  /** The client with the most sales (a regular of five years): their page's history. */
  busiestClientId: number;
}

/**
 * The requests measured. Helpers adding one: give it a stable `key` (rows of two result files are matched
 * on it), the path, the token of who calls it and the status it answers. A row may send headers (an
 * If-None-Match for a 304) computed here from a first request.
 */
async function buildScenarios(c: Context): Promise<Scenario[]> {
  const staff = c.staffToken;
  const admin = c.adminToken;
  const thisMonth = c.today.slice(0, 7);
  const firstMonth = addMonths(thisMonth, -59);
  // the till's list (docs/api.md, The till's list): the ETags and the cursor now, before any row changes the store's list
  const till = async (path: string) => {
    const res = await fetch(`${c.origin}${path}`, { headers: { authorization: `Bearer ${staff}`, accept: 'application/json' } });
    const etag = res.headers.get('etag') ?? '';
    return { etag, body: (await res.json()) as { cursor?: string } };
  };
  const slim = await till('/api/pos/store/products');
  const contract = await till('/api/get-products/store');
  const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  const restock = { method: 'PUT' as const, path: `/api/products/quantity/${c.storeProductIds[0]}`, token: admin, body: JSON.stringify({ quantity: 1 }) };
  return [
    { key: 'bare', name: 'GET /bench/bare (no database, no auth)', method: 'GET', path: '/bench/bare', expect: 200 },
    { key: 'user', name: 'GET /api/user (the token check)', method: 'GET', path: '/api/user', token: staff, expect: 200 },
    // before checkout, which changes the store's list
    { key: 'till-list-304', name: 'GET /api/pos/store/products (unchanged: 304)', method: 'GET', path: '/api/pos/store/products', token: staff, expect: 304, headers: { ...browser, 'if-none-match': slim.etag } },
    { key: 'till-products-304', name: 'GET /api/get-products/store (unchanged: 304)', method: 'GET', path: '/api/get-products/store', token: staff, expect: 304, headers: { ...browser, 'if-none-match': contract.etag } },
    { key: 'till-changes', name: 'GET /api/pos/store/products/changes (a poll, nothing new)', method: 'GET', path: `/api/pos/store/products/changes?since=${slim.body.cursor}`, token: staff, expect: 200 },
    { key: 'till-list', name: 'GET /api/pos/store/products (gzip, a till opening)', method: 'GET', path: '/api/pos/store/products', token: staff, expect: 200, headers: browser },
    { key: 'till-list-changed', name: 'GET /api/pos/store/products (gzip, after a restock: changed)', method: 'GET', path: '/api/pos/store/products', token: staff, expect: 200, headers: browser, before: restock },
    { key: 'checkout', name: 'POST /api/orders (a sale of 1-3 lines)', method: 'POST', path: '/api/orders', token: staff, expect: 201, checkout: { outlet: 'store', productIds: c.storeProductIds } },
    { key: 'till-products', name: 'GET /api/get-products/store', method: 'GET', path: '/api/get-products/store', token: staff, expect: 200 },
    { key: 'orders-month', name: `GET /api/orders/getmonth/${c.lastMonth}/store?page=2`, method: 'GET', path: `/api/orders/getmonth/${c.lastMonth}/store?page=2`, token: staff, expect: 200 },
    { key: 'orders-page', name: 'GET /api/orders?page=2', method: 'GET', path: '/api/orders?page=2', token: staff, expect: 200 },
    { key: 'orders-search', name: 'GET /api/orders/name-search/Tonye?page=2', method: 'GET', path: '/api/orders/name-search/Tonye?page=2', token: staff, expect: 200 },
    { key: 'products-page', name: 'GET /api/products?page=2', method: 'GET', path: '/api/products?page=2', token: admin, expect: 200 },
    { key: 'finances-month', name: `GET /api/finances/getmonth/${c.lastMonth}?page=2`, method: 'GET', path: `/api/finances/getmonth/${c.lastMonth}?page=2`, token: admin, expect: 200 },
    { key: 'trainees-owing', name: 'GET /api/students-owing?page=1', method: 'GET', path: '/api/students-owing?page=1', token: staff, expect: 200 },
    { key: 'summary-month', name: 'GET /api/finances/summary-range (last month)', method: 'GET', path: `/api/finances/summary-range/${monthRange(c.lastMonth).from}/${monthRange(c.lastMonth).to}`, token: admin, expect: 200 },
    { key: 'summary-5y', name: 'GET /api/finances/summary-range (five years)', method: 'GET', path: `/api/finances/summary-range/${firstMonth}-01/${c.today}`, token: admin, expect: 200, sequentialOnly: true },
    { key: 'summary-60m', name: 'GET /api/finances/summary-monthly (60 months)', method: 'GET', path: `/api/finances/summary-monthly/${firstMonth}/${thisMonth}`, token: admin, expect: 200, sequentialOnly: true },
    { key: 'dashboard', name: 'GET /api/dashboard', method: 'GET', path: '/api/dashboard', token: admin, expect: 200, sequentialOnly: true },
    { key: 'client-history', name: "GET /api/clients/{id}/history (a regular's five years)", method: 'GET', path: `/api/clients/${c.busiestClientId}/history`, token: admin, expect: 200, sequentialOnly: true },
  ];
}

async function signIn(origin: string, username: string): Promise<string> {
  const login = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD, deviceId: `bench-${username}`, deviceInfo: '' }),
  });
  if (login.status !== 200) throw new Error(`login as ${username} failed: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { data: { tokens: { api_token: string }[] } }).data.tokens[0]!.api_token;
}

/** The 60 months must add up to the five-year range, to the kobo, whatever the code does to be fast. */
async function checkFinances(c: Context) {
  const thisMonth = c.today.slice(0, 7);
  const firstMonth = addMonths(thisMonth, -59);
  const get = async <T>(p: string): Promise<T> => {
    const res = await fetch(`${c.origin}${p}`, { headers: { authorization: `Bearer ${c.adminToken}`, accept: 'application/json' } });
    if (res.status !== 200) throw new Error(`GET ${p}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    return ((await res.json()) as { data: T }).data;
  };
  const range = await get<FinanceSummary>(`/api/finances/summary-range/${firstMonth}-01/${c.today}`);
  const monthly = await get<FinancePeriodRow[]>(`/api/finances/summary-monthly/${firstMonth}/${thisMonth}`);
  const adds = monthly.reduce((k, r) => k + toKobo(r.income), 0) === toKobo(range.income) && monthly.reduce((k, r) => k + toKobo(r.expense), 0) === toKobo(range.expense);
  log(`five years: income ₦${Math.round(range.income).toLocaleString('en')}, expense ₦${Math.round(range.expense).toLocaleString('en')}; the ${monthly.length} months add up to it: ${adds ? 'yes' : 'NO'}`);
  if (!adds) throw new Error('summary-monthly does not add up to summary-range over the same days');
}

async function measure(loader: Loader, server: Server, sc: Scenario, connections: number, processes = 1): Promise<BenchRow> {
  let before: Counters | undefined;
  const r = await loader.run(
    { origin: server.origin, scenario: sc, connections, warmupSeconds: WARMUP, seconds: SECONDS },
    async () => {
      before = await counters(server);
    },
  );
  const after = await counters(server);
  const per = (a: number, b: number) => (r.count ? (b - a) / r.count : NaN);
  const row: BenchRow = {
    key: sc.key,
    name: sc.name,
    connections,
    processes,
    count: r.count,
    errors: r.errors,
    rps: r.rps,
    p50: r.p50,
    p90: r.p90,
    p99: r.p99,
    max: r.max,
    bytes: r.bytes,
    cpuMs: per(before!.cpuMicros, after.cpuMicros) / 1000,
    dbMs: per(before!.dbMicros, after.dbMicros) / 1000,
    statements: per(before!.statements, after.statements),
    loadavg: loadAverage()[0]!,
  };
  log(`${sc.name} at ${connections}${processes > 1 ? ` (${processes} processes)` : ''}: ${r.count} requests, p50 ${r.p50.toFixed(2)} ms, ${row.cpuMs.toFixed(2)} ms CPU${r.errors ? `, ${r.errors} unexpected answers (e.g. ${r.sampleError})` : ''}`);
  return row;
}

async function benchDatabase(kind: Kind, loader: Loader): Promise<BenchRun> {
  const started = performance.now();
  const fresh = await freshDatabase(kind);
  log(`database: ${fresh.label}`);
  let server: Server | undefined;
  try {
    const { database } = fresh;
    await step('migrations', () => database.migrate());
    await ensureFirstAdmin(database.db, 'admin', PASSWORD);
    const seeded = REUSE ? await counted(database) : await seed(database, SIZES, TZ, step);
    const f = seeded.finances;
    log(`${REUSE ? 'reused' : 'seeded'} ${seeded.orders.toLocaleString('en')} orders, ${seeded.items.toLocaleString('en')} items, ${seeded.movements.toLocaleString('en')} ledger lines, ${f.finances.toLocaleString('en')} finance entries, ${f.trainees.toLocaleString('en')} trainees, ${f.fee_payments.toLocaleString('en')} fee and booking payments; mismatches: totals ${seeded.total_mismatches}, stock ${seeded.ledger_mismatches}, amount_paid ${f.paid_mismatches}`);
    const store = (await database.db.execute(sql`select id from products where outlet = 'store' and (kind = 'service' or quantity > 0) order by id`)) as unknown as { rows: { id: number }[] };
    const busiest = (await database.db.execute(sql`select client_id as id, count(*)::int as n from orders where client_id is not null group by client_id order by n desc limit 1`)) as unknown as { rows: { id: number; n: number }[] };
    log(`the busiest client has ${busiest.rows[0]?.n ?? 0} sales`);
    await database.close();
    const seedSeconds = (performance.now() - started) / 1000;

    server = await startServer(fresh.serverEnv);
    const today = studioDate(new Date(), TZ);
    const ctx: Context = {
      origin: server.origin,
      staffToken: await signIn(server.origin, 'bench1'),
      adminToken: await signIn(server.origin, 'admin'),
      storeProductIds: store.rows.map((r) => Number(r.id)),
      lastMonth: addMonths(today.slice(0, 7), -1),
      today,
      busiestClientId: Number(busiest.rows[0]?.id ?? 1),
    };
    await checkFinances(ctx);
    const scenarios = (await buildScenarios(ctx)).filter((s) => !ONLY || ONLY.split(',').some((o) => s.key.includes(o)));
    // every request answers as expected before anything is timed
    for (const s of scenarios) {
      if (s.checkout) continue;
      const res = await fetch(`${ctx.origin}${s.path}`, { method: s.method, headers: { accept: 'application/json', ...(s.token ? { authorization: `Bearer ${s.token}` } : {}), ...(s.headers ?? {}) } });
      if (res.status !== s.expect) throw new Error(`${s.name}: ${res.status} ${(await res.text()).slice(0, 300)}`);
      await res.arrayBuffer();
    }
    const rows: BenchRow[] = [];
    for (const s of scenarios) {
      rows.push(await measure(loader, server, s, 1));
      if (!s.sequentialOnly) rows.push(await measure(loader, server, s, CONCURRENCY));
    }
    await server.stop();
    server = undefined;
    // PostgreSQL: sales at 16 connections with the API in several processes (API_PROCESSES)
    const checkout = scenarios.find((s) => s.key === 'checkout');
    if (kind === 'postgres' && PROCESSES > 1 && checkout) {
      server = await startServer(fresh.serverEnv, PROCESSES);
      if (server.pids.length > 1) rows.push(await measure(loader, server, checkout, CONCURRENCY, server.pids.length));
      else log(`the server ran in one process: API_PROCESSES=${PROCESSES} is not supported by this code`);
      await server.stop();
      server = undefined;
    }
    return {
      kind,
      label: fresh.label.split(' (')[0]!,
      seedSeconds,
      seeded: { products: SIZES.products, orders: seeded.orders, items: seeded.items, movements: seeded.movements, finances: f.finances, trainees: f.trainees, feePayments: f.fee_payments },
      rows,
    };
  } finally {
    await server?.stop();
    await fresh.dispose();
  }
}

function gitDescribe() {
  try {
    const commit = execSync('git rev-parse --short HEAD', { cwd: repoRoot }).toString().trim();
    const dirty = execSync('git status --porcelain --untracked-files=no', { cwd: repoRoot }).toString().trim() !== '';
    return `${commit}${dirty ? '+changes' : ''}`;
  } catch {
    return 'unknown';
  }
}

async function main() {
  const compare = args.indexOf('--compare');
  if (compare >= 0) {
    const [a, b] = args.slice(compare + 1);
    if (!a || !b) throw new Error('usage: npm run bench:compare -- before.json after.json');
    return compareFiles(a, b);
  }
  const wanted = arg('db') ?? 'both';
  const kinds: Kind[] = [];
  if (wanted !== 'postgres' && !REUSE?.startsWith('postgres')) kinds.push('pglite');
  if (wanted !== 'pglite') {
    if (env.BENCH_DATABASE_URL || REUSE?.startsWith('postgres')) kinds.push('postgres');
    else if (wanted === 'postgres') throw new Error('--db=postgres needs BENCH_DATABASE_URL (a PostgreSQL server to create a fresh database on)');
    else log('PostgreSQL skipped: set BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres) to measure it too');
  }
  const file: BenchFile = {
    version: 1,
    at: new Date().toISOString(),
    code: gitDescribe(),
    quick: QUICK,
    node: process.version,
    cpus: os.cpus().length,
    settings: { ...SIZES, concurrency: CONCURRENCY, seconds: SECONDS, warmup: WARMUP },
    runs: [],
  };
  const loader = new Loader();
  try {
    for (const kind of kinds) file.runs.push(await benchDatabase(kind, loader));
  } finally {
    loader.close();
  }
  const out = arg('out') ?? path.join(repoRoot, 'bench-results', `bench-${file.at.slice(0, 16).replace(/[:T]/g, '')}-${file.code}${QUICK ? '-quick' : ''}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(file, null, 2) + '\n');
  console.log('');
  for (const run of file.runs) printRun(file, run);
  console.log(`Figures written to ${path.relative(process.cwd(), out)}; compare two runs with: npm run bench:compare -- A.json B.json`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
