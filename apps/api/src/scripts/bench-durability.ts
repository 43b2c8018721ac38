// `npm run bench:durability -w apps/api`: what durability costs the till, on the embedded database
// (docs/decisions/009-durability.md). Prints figures; it is not a test.
//
//  1. checkout with and without fsync: p50/p90 of POST /api/orders (one at a time, in-process), each in a
//     fresh data folder;
//  2. a backup while sales go on, on a database seeded to about SEED_MB megabytes: the longest sale, the
//     CHECKPOINT's own time, and for comparison how long PGlite's dumpDataDir holds the database.
//
//   BENCH_SALES (200)  BENCH_SEED_MB (40)  BENCH_SKIP_FSYNC=1 (only part 2)
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openPglite, type Database } from '../db/client.js';
import { backupPglite } from '../db/backup.js';
import { ensureFirstAdmin } from '../features/auth/index.js';

const SALES = Number(process.env.BENCH_SALES ?? 200);
const SEED_MB = Number(process.env.BENCH_SEED_MB ?? 40);
const log = (s: string) => console.log(`[durability] ${s}`);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

async function till(database: Database, dataDir: string) {
  await ensureFirstAdmin(database.db, 'admin', 'bench-password-1');
  const app = await buildApp({ database, config: { ...loadConfig({}), dataDir } });
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: 'bench-password-1', deviceId: crypto.randomUUID(), deviceInfo: '' } });
  const headers = { authorization: `Bearer ${login.json().data.tokens[0].api_token as string}` };
  const product = await app.inject({ method: 'POST', url: '/api/products', headers, payload: { outlet: 'store', name: 'Velvet Lipstick', price: 4500.5, cost_price: 2000, quantity: 10_000_000 } });
  const productId = product.json().data.id as number;
  const sell = async () => {
    const t0 = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api/orders', headers, payload: { outlet: 'store', customer_name: 'Walk-in Customer', payment_method: 'cash', items: [{ product_id: productId, quantity: 1 }] } });
    if (res.statusCode !== 201) throw new Error(`sale ${res.statusCode} ${res.body}`);
    return performance.now() - t0;
  };
  return { app, sell };
}

function size(dir: string): number {
  let n = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) n += e.isDirectory() ? size(path.join(dir, e.name)) : fs.statSync(path.join(dir, e.name)).size;
  return n;
}

async function main() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-durability-'));
  log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores`);
  try {
    if (!process.env.BENCH_SKIP_FSYNC) {
      for (const fsync of [false, true]) {
        const dir = path.join(root, `fsync-${fsync}`);
        const database = await openPglite(dir, { fsync });
        await database.migrate();
        const t = await till(database, dir);
        for (let i = 0; i < 20; i++) await t.sell(); // warm up
        const lat: number[] = [];
        for (let i = 0; i < SALES; i++) lat.push(await t.sell());
        log(`checkout, fsync ${fsync ? 'on ' : 'off'}: p50 ${pct(lat, 50).toFixed(1)} ms, p90 ${pct(lat, 90).toFixed(1)} ms, max ${Math.max(...lat).toFixed(1)} ms (${SALES} sales)`);
        await t.app.close();
        await database.close();
      }
    }

    const dir = path.join(root, 'seeded');
    const database = await openPglite(dir);
    await database.migrate();
    const t = await till(database, dir);
    // old sales, in bulk: about SEED_MB of orders, items, payments and stock movements
    const [{ id: staff }] = (await database.pglite!.query<{ id: number }>(`select id from users limit 1`)).rows as [{ id: number }];
    while (size(path.join(dir, 'pgdata')) < SEED_MB * 1024 * 1024) {
      await database.pglite!.exec(`
        with o as (
          insert into orders (outlet, invoice_no, customer_name, subtotal, total, amount_paid, payment_method, staff_id, staff_name, business_date)
          select 'store', 'S' || substr(md5(random()::text), 1, 16), 'Seeded Customer ' || g, 4500.50, 4500.50, 4500.50, 'cash', ${staff}, 'Studio Admin', current_date - (g % 365)
          from generate_series(1, 20000) g returning id)
        insert into order_items (order_id, product_id, name, kind, unit_price, cost_price, quantity, total)
          select id, (select min(id) from products), 'Velvet Lipstick', 'product', 4500.50, 2000, 1, 4500.50 from o;
        insert into order_payments (order_id, method, amount) select o.id, 'cash', 4500.50 from orders o left join order_payments p on p.order_id = o.id where p.id is null;
      `);
      await database.pglite!.query('CHECKPOINT');
    }
    log(`seeded: ${(size(path.join(dir, 'pgdata')) / 1024 / 1024).toFixed(0)} MB in pgdata`);
    for (let i = 0; i < 20; i++) await t.sell();

    const idle: number[] = [];
    for (let i = 0; i < 50; i++) idle.push(await t.sell());
    log(`sales with no backup: p50 ${pct(idle, 50).toFixed(1)} ms, max ${Math.max(...idle).toFixed(1)} ms`);

    for (let round = 1; round <= 2; round++) {
      // a few minutes of trade since the last checkpoint, as between two hourly backups
      for (let i = 0; i < 100; i++) await t.sell();
      let running = true;
      const during: { at: number; ms: number }[] = [];
      const seller = (async () => {
        while (running) {
          const at = performance.now();
          during.push({ at, ms: await t.sell() });
        }
      })();
      await new Promise((r) => setTimeout(r, 500));
      // the checkpoint, on its own: the server takes it at a quiet moment (no request for 1 s)
      const c0 = performance.now();
      await database.pglite!.query('CHECKPOINT');
      const c1 = performance.now();
      const file = await backupPglite(database, path.join(root, 'backups'), 'manual');
      const b1 = performance.now();
      running = false;
      await seller;
      const inCheckpoint = during.filter((d) => d.at + d.ms >= c0 && d.at <= c1).map((d) => d.ms);
      const inBackup = during.filter((d) => d.at + d.ms >= c1 && d.at <= b1).map((d) => d.ms);
      log(
        `backup ${round}: ${((b1 - c1) / 1000).toFixed(1)} s, ${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB; ${inBackup.length} sales during it: ` +
          `longest ${Math.max(...inBackup).toFixed(0)} ms, p50 ${pct(inBackup, 50).toFixed(1)} ms, over 200 ms: ${inBackup.filter((x) => x > 200).length}. ` +
          `The checkpoint before it (100+ sales to write) took ${(c1 - c0).toFixed(0)} ms; the longest sale that met it ${inCheckpoint.length ? Math.max(...inCheckpoint).toFixed(0) : '-'} ms`,
      );
    }

    const d0 = performance.now();
    await database.dump!();
    log(`for comparison, PGlite's dumpDataDir (the old backup) held the database ${((performance.now() - d0) / 1000).toFixed(1)} s`);
    await t.app.close();
    await database.close();
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
