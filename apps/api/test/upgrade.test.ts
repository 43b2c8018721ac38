// An upgrade keeps everything: a data folder made by the first release (fixtures/make-first-release.ts:
// its migrations 0000-0002 and a studio's records) opened by today's code, which migrates it, finds every
// record unchanged, lets its admin sign in and goes on numbering after its last rows. Embedded database
// only (a PostgreSQL server's upgrade is the same migrations, run by the same migrator).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openPglite } from '../src/db/client.js';

const fixtures = path.join(path.dirname(new URL(import.meta.url).pathname), 'fixtures');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-upgrade-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe.skipIf(!!process.env.TEST_DATABASE_URL)('upgrading a data folder made by the first release', () => {
  it('migrates it and finds every record; its admin signs in and sells; new rows get new ids', async () => {
    const dataDir = path.join(tmp, 'data');
    fs.mkdirSync(dataDir);
    await tar.x({ file: path.join(fixtures, 'first-release.tar.gz'), cwd: dataDir });
    const before = JSON.parse(fs.readFileSync(path.join(fixtures, 'first-release.rows.json'), 'utf8')) as Record<string, Record<string, unknown>[]>;

    const database = await openPglite(dataDir);
    await database.migrate();
    const pg = database.pglite!;
    for (const [table, rows] of Object.entries(before)) {
      const now = (await pg.query<{ r: Record<string, unknown> }>(`select to_jsonb(x) as r from "${table}" x order by 1`)).rows.map((r) => r.r);
      expect(now, table).toHaveLength(rows.length);
      // every column it had, with the same value (later versions may add columns)
      rows.forEach((row, i) => expect(now[i], `${table} row ${i}`).toMatchObject(row));
    }

    const app = await buildApp({ database, config: { ...loadConfig({}), dataDir } });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: 'admin-password-1', deviceId: crypto.randomUUID(), deviceInfo: '' } });
    expect(login.statusCode).toBe(200);
    const token = login.json().data.tokens[0].api_token as string;
    const auth = { authorization: `Bearer ${token}` };
    const old = await app.inject({ method: 'GET', url: '/api/orders/1', headers: auth });
    expect(old.json().data).toMatchObject({ id: 1, invoice_no: 'STO-000001', total: 8999.99, customer_name: 'Ada Obi' });
    const sale = await app.inject({ method: 'POST', url: '/api/orders', headers: auth, payload: { outlet: 'store', customer_name: 'Walk-in Customer', payment_method: 'cash', items: [{ product_id: 1, quantity: 1 }] } });
    expect(sale.statusCode).toBe(201);
    expect(sale.json().data.id).toBe(4);
    expect(sale.json().data.invoice_no).not.toMatch(/^STO-00000[12]$/);
    const product = await app.inject({ method: 'GET', url: '/api/products/1', headers: auth });
    expect(product.json().data.quantity).toBe(7);
    await app.close();
    await database.close();
  }, 600_000);
});
