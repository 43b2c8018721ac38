import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openPglite, openPostgres, type Database } from '../../src/db/client.js';
import { ensureFirstAdmin } from '../../src/db/first-admin.js';
import { LoginThrottle } from '../../src/features/auth/login-throttle.js';

export const ADMIN = { username: 'admin', password: 'admin-password-1' };

/**
 * A fresh database for one test file: an in-memory PGlite, or, when
 * TEST_DATABASE_URL names a PostgreSQL server, a new database on it that is
 * dropped afterwards. Never shared between files.
 */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openPglite();
    return { database, drop: async () => {} };
  }
  const name = `studio_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 20);
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  /** Signs in and returns the bearer token. */
  login(username?: string, password?: string, deviceId?: string): Promise<string>;
  /** `app.inject` with a bearer token. */
  call(token: string | null, opts: InjectOptions): Promise<LightMyRequestResponse>;
  /** Creates a staff member (as admin) and returns it with a signed-in token. */
  staff(overrides?: Record<string, unknown>): Promise<{ id: number; username: string; password: string; token: string }>;
  close(): Promise<void>;
}

export async function createTestApp(opts: { throttle?: LoginThrottle } = {}): Promise<TestApp> {
  const { database, drop } = await freshDatabase();
  await database.migrate();
  await ensureFirstAdmin(database.db, ADMIN.username, ADMIN.password);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-test-'));
  const config = { ...loadConfig({}), dataDir };
  const app = await buildApp({ database, config, loginThrottle: opts.throttle });
  await app.ready();

  const call: TestApp['call'] = (token, o) =>
    app.inject({ ...o, headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(o.headers ?? {}) } });

  const login: TestApp['login'] = async (username = ADMIN.username, password = ADMIN.password, deviceId = crypto.randomUUID()) => {
    const res = await call(null, { method: 'POST', url: '/api/login', payload: { username, password, deviceId, deviceInfo: '' } });
    if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
    return res.json().data.tokens[0].api_token as string;
  };

  let adminToken: string | undefined;
  let n = 0;
  const staff: TestApp['staff'] = async (overrides = {}) => {
    adminToken ??= await login();
    const username = `staff${++n}_${crypto.randomBytes(3).toString('hex')}`;
    const password = 'staff-password-1';
    const res = await call(adminToken, { method: 'POST', url: '/api/users', payload: { name: `Staff ${n}`, username, role: 'Sales', password, ...overrides } });
    if (res.statusCode !== 201) throw new Error(`create staff failed: ${res.statusCode} ${res.body}`);
    const id = res.json().data.id as number;
    return { id, username, password, token: await login(username, password) };
  };

  return {
    app,
    database,
    dataDir,
    login,
    call,
    staff,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
