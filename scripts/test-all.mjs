#!/usr/bin/env node
// `npm test`: every check and every test. API tests run on the embedded PGlite and, when a
// PostgreSQL server answers (TEST_DATABASE_URL, default the local `test` database), on it too.
// In CI (CI=true) or with REQUIRE_POSTGRES=1 a missing server is a failure, not a skip.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-tests-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const only = process.argv.slice(2); // e.g. `npm test -- unit api` runs only those steps

function run(name, cmd, args, env = {}) {
  const started = Date.now();
  console.log(`\n=== ${name}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (r.status !== 0) failures.push(name);
  return r.status === 0;
}

function countVitest(file) {
  if (!fs.existsSync(file)) return;
  const j = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += j.numPassedTests;
  totals.failed += j.numFailedTests;
  totals.skipped += j.numPendingTests + (j.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return;
  const s = JSON.parse(fs.readFileSync(file, 'utf8')).stats ?? {};
  totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
  totals.failed += s.unexpected ?? 0;
  totals.skipped += s.skipped ?? 0;
}

async function postgresUrl() {
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.end();
    return url;
  } catch (err) {
    return { error: err.message, url };
  }
}

const want = (step) => only.length === 0 || only.includes(step);
const vitest = (name, project, env, out) => run(name, 'npx', ['vitest', 'run', ...project.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], env);

if (want('static')) {
  run('typecheck', 'npm', ['run', 'typecheck']);
  run('lint (ESLint, import boundaries)', 'npm', ['run', 'lint']);
  run('migrations up to date', 'node', ['scripts/check-migrations.mjs']);
}
if (want('unit')) {
  vitest('unit tests (shared, tools, web)', ['shared', 'tools', 'web'], {}, path.join(tmp, 'unit.json'));
  countVitest(path.join(tmp, 'unit.json'));
}
if (want('api')) {
  vitest('API tests on PGlite', ['api'], { TEST_DATABASE_URL: '' }, path.join(tmp, 'api-pglite.json'));
  countVitest(path.join(tmp, 'api-pglite.json'));
  const url = await postgresUrl();
  if (typeof url === 'string') {
    vitest('API tests on PostgreSQL', ['api'], { TEST_DATABASE_URL: url }, path.join(tmp, 'api-pg.json'));
    countVitest(path.join(tmp, 'api-pg.json'));
  } else if (process.env.CI || process.env.REQUIRE_POSTGRES) {
    console.error(`\nPostgreSQL is required here but ${url.url} did not answer: ${url.error}`);
    failures.push('API tests on PostgreSQL (no server)');
  } else {
    console.warn(`\nSkipping the PostgreSQL run: ${url.url} did not answer (${url.error}). Set TEST_DATABASE_URL to a server to include it.`);
  }
}
if (want('e2e')) {
  if (run('chromium', 'bash', ['scripts/ensure-chromium.sh']) && run('web build', 'npm', ['run', 'build', '-w', 'apps/web'])) {
    run('end-to-end tests (Chromium)', 'npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(tmp, 'e2e.json') });
    countPlaywright(path.join(tmp, 'e2e.json'));
  }
}

fs.rmSync(tmp, { recursive: true, force: true });
console.log(`\n${failures.length ? `Failed steps: ${failures.join(', ')}` : 'All steps passed.'}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failures.length ? 1 : 0);
