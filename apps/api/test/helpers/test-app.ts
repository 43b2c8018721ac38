import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { bigint, pgSchema, text } from 'drizzle-orm/pg-core';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { migrationsFolder, openPglite, openPostgres, type Database } from '../../src/db/client.js';
import { ensureFirstAdmin } from '../../src/features/auth/first-admin.js';
import type { LoginThrottleOptions } from '../../src/features/auth/login-throttle.js';

export const ADMIN = { username: 'admin', password: 'admin-password-1' };

/**
 * A fresh database for one test file, copied from the run's migrated template (global-setup.ts): an
 * in-memory PGlite loaded from its tarball, or, when TEST_DATABASE_URL names a PostgreSQL server, a new
 * database on it made from the template database and dropped afterwards. Never shared between files.
 * Without a template (a run that skipped the global setup) it starts empty and migrates.
 */
async function freshDatabase(): Promise<{ database: Database; url: string | null; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const tarball = inject('pgliteTemplate');
    const database = tarball ? await openPglite(undefined, { loadDataDir: new Blob([fs.readFileSync(tarball)]) }) : await openPglite();
    if (!tarball) await database.migrate();
    return { database, url: null, drop: async () => {} };
  }
  const template = inject('postgresTemplate');
  const name = `studio_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 20);
  if (!template) await database.migrate();
  return {
    database,
    url: url.toString(),
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
  /** PostgreSQL runs: the address of this file's database, to open more connections to it (a second app process). */
  databaseUrl: string | null;
  dataDir: string;
  /** Signs in and returns the bearer token. */
  login(username?: string, password?: string, deviceId?: string): Promise<string>;
  /** `app.inject` with a bearer token. */
  call(token: string | null, opts: InjectOptions): Promise<LightMyRequestResponse>;
  /** Creates a staff member (as admin) and returns it with a signed-in token. */
  staff(overrides?: Record<string, unknown>): Promise<{ id: number; username: string; password: string; token: string }>;
  close(): Promise<void>;
}

/** drizzle's own record of the migrations it applied (drizzle-orm's migrator writes it). */
export const appliedMigrations = pgSchema('drizzle').table('__drizzle_migrations', { hash: text('hash').notNull(), created_at: bigint('created_at', { mode: 'number' }) });

/** Throws unless the database has exactly the migrations in the folder applied, the last one included. */
export async function assertMigrated(database: Database): Promise<void> {
  const expected = readMigrationFiles({ migrationsFolder }).map((m) => `${m.folderMillis} ${m.hash}`);
  const rows = await database.db.select().from(appliedMigrations).orderBy(appliedMigrations.created_at);
  const applied = rows.map((r) => `${r.created_at} ${r.hash}`);
  if (applied.join('\n') !== expected.join('\n')) {
    throw new Error(`The test database is not at the latest migration: applied [${applied.join(', ')}], in the folder [${expected.join(', ')}]`);
  }
}

/** `webDist`: a built web app to serve (a fake one in web-static.test.ts); by default apps/web/dist, if it was built. */
export async function createTestApp(opts: { throttle?: LoginThrottleOptions; webDist?: string } = {}): Promise<TestApp> {
  const { database, url: databaseUrl, drop } = await freshDatabase();
  await assertMigrated(database);
  await ensureFirstAdmin(database.db, ADMIN.username, ADMIN.password);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-test-'));
  const config = { ...loadConfig({}), dataDir, ...(opts.webDist ? { webDist: opts.webDist } : {}) };
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
    databaseUrl,
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

/**
 * The usual set-up of a test file: a fresh app (createTestApp) and its first admin signed in, made before the file's
 * tests and closed after them. Read `app.t` and `app.admin` inside the tests (they exist once beforeAll has run).
 *
 * @example
 * const app = signedInApp();
 * it('...', async () => { const res = await app.t.call(app.admin, { method: 'GET', url: '/api/user' }); });
 */
export function signedInApp(opts: Parameters<typeof createTestApp>[0] = {}): { readonly t: TestApp; readonly admin: string } {
  const ctx = {} as { t: TestApp; admin: string };
  beforeAll(async () => {
    ctx.t = await createTestApp(opts);
    ctx.admin = await ctx.t.login();
  });
  afterAll(() => ctx.t?.close());
  return ctx;
}
