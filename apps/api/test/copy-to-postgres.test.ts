// Moving an embedded studio to PostgreSQL keeps every record and every sequence: on the local
// PostgreSQL server named by TEST_DATABASE_URL (the PostgreSQL run of the suite).
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openPglite, openPostgres, type Database } from '../src/db/client.js';
import { ensureFirstAdmin } from '../src/features/auth/first-admin.js';
import { ADMIN } from './helpers/test-app.js';
import { snapshotDatabase } from './helpers/fixtures.js';
import { repoRoot } from './helpers/server-process.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-copy-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function studio(database: Database) {
  await ensureFirstAdmin(database.db, ADMIN.username, ADMIN.password);
  const app = await buildApp({ database, config: { ...loadConfig({}), dataDir: tmp } });
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: ADMIN.username, password: ADMIN.password, deviceId: crypto.randomUUID(), deviceInfo: '' } });
  const headers = { authorization: `Bearer ${login.json().data.tokens[0].api_token as string}` };
  const post = async (url: string, payload: Record<string, unknown>) => {
    const res = await app.inject({ method: 'POST', url, headers, payload });
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json().data as { id: number; invoice_no?: string };
  };
  const del = (url: string) => app.inject({ method: 'DELETE', url, headers });
  return { app, post, del };
}

const sale = (productId: number) => ({ outlet: 'store', customer_name: 'Ada Obi', payment_method: 'cash', items: [{ product_id: productId, quantity: 1 }] });

describe.runIf(!!process.env.TEST_DATABASE_URL)('npm run db:copy-to-postgres', () => {
  it('copies every record, and new rows on PostgreSQL take the next numbers without colliding', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `studio_copy_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const target = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
    try {
      // an embedded studio with sales, catalogues and staff; the last product deleted, so its
      // sequence stands past the highest id left
      const dataDir = path.join(tmp, 'data');
      const source = await openPglite(dataDir);
      await source.migrate();
      const s = await studio(source);
      const lipstick = await s.post('/api/products', { outlet: 'store', name: 'Velvet Lipstick', price: 4500.5, cost_price: 2000, quantity: 50 });
      for (let i = 0; i < 5; i++) await s.post('/api/orders', sale(lipstick.id));
      await s.post('/api/training-programs', { name: 'Professional Makeup Class', duration: '3 months', fee: 350000.5, description: null });
      await s.post('/api/users', { name: 'Chiamaka Eze', username: 'chiamaka', role: 'Sales', password: 'staff-password-1' });
      const gone = await s.post('/api/products', { outlet: 'store', name: 'Deleted', price: 1, quantity: 0 });
      expect((await s.del(`/api/products/${gone.id}`)).statusCode).toBeLessThan(300);
      const snapshot = await snapshotDatabase(source.db);
      await s.app.close();
      await source.close();

      const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/api/src/scripts/copy-to-postgres.ts'), target], {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', INIT_CWD: repoRoot },
        encoding: 'utf8',
      });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/Copied \d+ rows/);

      const moved = openPostgres(target, 2);
      expect(await snapshotDatabase(moved.db)).toBe(snapshot);
      // next numbers: after the embedded database's, never one already used
      const m = await studio(moved);
      const product = await m.post('/api/products', { outlet: 'store', name: 'Matte Lipstick', price: 3000, quantity: 5 });
      expect(product.id).toBe(gone.id + 1);
      const order = await m.post('/api/orders', sale(lipstick.id));
      expect(order.id).toBe(6);
      await m.app.close();
      await moved.close();

      // a second copy into a database that now holds rows is refused and changes nothing
      const again = spawnSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/api/src/scripts/copy-to-postgres.ts'), target], {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', INIT_CWD: repoRoot },
        encoding: 'utf8',
      });
      expect(again.status).toBe(1);
      expect(again.stderr).toMatch(/already holds rows/);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 900_000);
});
