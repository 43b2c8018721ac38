// Migrates once per run, not once per test file: each file's database is a copy of one template
// (helpers/test-app.ts). PostgreSQL: a template database copied with CREATE DATABASE ... TEMPLATE.
// PGlite: a migrated in-memory instance dumped to a tarball that each file loads.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite runs: path of a data-folder tarball at the latest migration. */
    pgliteTemplate: string | null;
    /** PostgreSQL runs: name of a database at the latest migration, to copy. */
    postgresTemplate: string | null;
  }
}

async function adminQuery(url: string, text: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `studio_tpl_${crypto.randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = openPostgres(url.toString(), 1);
    try {
      await database.migrate();
    } finally {
      // no session may stay on a template while it is copied
      await database.close();
    }
    project.provide('pgliteTemplate', null);
    project.provide('postgresTemplate', name);
    return () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-tpl-'));
  const database = await openPglite();
  try {
    await database.migrate();
    // uncompressed: every file loads it, and gunzipping costs more than reading the larger file
    const tarball = await database.dump!('none');
    fs.writeFileSync(path.join(dir, 'pgdata.tar'), Buffer.from(await tarball.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', path.join(dir, 'pgdata.tar'));
  project.provide('postgresTemplate', null);
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}
