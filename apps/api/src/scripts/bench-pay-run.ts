// `npx tsx apps/api/src/scripts/bench-pay-run.ts`: how long a pay run's draft takes over the bench's sales (issue 32).
// Seeds the bench's studio (bench-seed.ts: by default its full size, 200,000 sales over the last year) into a fresh
// database, gives its staff commission rules (a tiered percentage on services, a flat rate on products, a change in
// the middle of the last month), then times drafting the last whole month and the whole year (each written and
// closed-free, as POST /api/pay-runs does).
//   BENCH_DATABASE_URL=postgres://...   PostgreSQL (a database is made and dropped); else embedded PGlite
//   BENCH_ORDERS=20000 BENCH_PRODUCTS=600   a smaller studio; BENCH_KEEP=1 keeps the PostgreSQL database
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { monthRange, studioDate } from '@studio/shared';
import { openPglite, openPostgres, type Database } from '../db/client.js';
import { ensureFirstAdmin } from '../features/auth/index.js';
import { computePay, draftPayRun } from '../features/pay/index.js';
import { usersTable, commissionRulesTable } from '../db/schema.js';
import { seed } from './bench-seed.js';
import { eq } from 'drizzle-orm';

const env = process.env;
const TZ = 'Africa/Lagos';
const SIZES = {
  products: Number(env.BENCH_PRODUCTS ?? 5400),
  orders: Number(env.BENCH_ORDERS ?? 200_000),
  olderOrders: Number(env.BENCH_OLDER_ORDERS ?? 0),
  finances: Number(env.BENCH_FINANCES ?? 1000),
  fees: Number(env.BENCH_FEES ?? 200),
};
const log = (s: string) => console.log(`[bench-pay-run] ${s}`);
async function step<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const out = await fn();
  log(`${label}: ${((performance.now() - t0) / 1000).toFixed(2)} s`);
  return out;
}

async function open(): Promise<{ database: Database; dispose: () => Promise<void> }> {
  const adminUrl = env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-pay-bench-'));
    return { database: await openPglite(dir), dispose: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `studio_pay_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    database: openPostgres(url.toString()),
    dispose: async () => {
      if (env.BENCH_KEEP) return log(`kept ${url.toString()}`);
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

const { database, dispose } = await open();
try {
  await step('migrations', () => database.migrate());
  await ensureFirstAdmin(database.db, 'admin', 'bench-password-1');
  const seeded = await step(`seed (${SIZES.orders.toLocaleString('en')} sales over the last year)`, () => seed(database, SIZES, TZ, (label, fn) => fn()));
  log(`${seeded.orders.toLocaleString('en')} orders, ${seeded.items.toLocaleString('en')} order lines`);
  const db = database.db;
  const [owner] = await db.select().from(usersTable).where(eq(usersTable.username, 'admin'));
  await db.update(usersTable).set({ base_pay: 80000 }).where(sql`${usersTable.role} = 'Sales'`);
  const today = studioDate(new Date(), TZ);
  const [y, m] = today.slice(0, 7).split('-').map(Number) as [number, number];
  const month = monthRange(m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`);
  await db.insert(commissionRulesTable).values([
    { name: 'Services, tiered', role: 'Sales', applies_to: 'service', kind: 'percentage', rate: 10, tiers: [{ threshold: 2_000_000, rate: 12 }, { threshold: 5_000_000, rate: 15 }], tier_mode: 'above', effective_from: '2000-01-01' },
    { name: 'Services from mid-month', role: 'Sales', applies_to: 'service', kind: 'percentage', rate: 11, tiers: [{ threshold: 2_000_000, rate: 13 }], tier_mode: 'whole', effective_from: `${month.from.slice(0, 8)}16` },
    { name: 'Products, flat', role: 'Sales', applies_to: 'product', kind: 'flat', rate: 100, basis: 'list', effective_from: '2000-01-01' },
    { name: 'Category 3 bonus', role: 'Sales', applies_to: 'product', category: 'Category 3', kind: 'percentage', rate: 5, effective_from: '2000-01-01' },
  ]);
  const lines = await db.execute(sql`select count(*)::int as n from order_items i join orders o on o.id = i.order_id where o.business_date between ${month.from}::date and ${month.to}::date`);
  log(`last month ${month.from} to ${month.to}: ${(lines as unknown as { rows: { n: number }[] }).rows[0]!.n.toLocaleString('en')} order lines`);
  for (let i = 0; i < 2; i++) await step(`work out last month's pay (read only, run ${i + 1})`, () => computePay(db, { ...month, timeZone: TZ }));
  const run = await step("draft last month's pay run (POST /api/pay-runs: worked out and written)", () => draftPayRun(db, owner!, month, TZ));
  log(`  ${run.lines.length} people, total ${run.total.toLocaleString('en')}; per person: ${run.lines.map((l) => `${l.staff.name} ${l.net}`).slice(0, 5).join(', ')}…`);
  const yearFrom = `${y - 1}-${String(m).padStart(2, '0')}-01`;
  const year = await step(`draft a whole year's pay run (${yearFrom} to ${month.to})`, () => draftPayRun(db, owner!, { from: yearFrom, to: month.to }, TZ));
  log(`  ${year.lines.reduce((n, l) => n + l.sources.length, 0).toLocaleString('en')} sources, total ${year.total.toLocaleString('en')}`);
} finally {
  await database.close();
  await dispose();
}
