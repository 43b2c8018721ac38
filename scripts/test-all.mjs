#!/usr/bin/env node
// `npm test`: every check and every test. API tests run on the embedded PGlite and, when a
// PostgreSQL server answers (TEST_DATABASE_URL, default the local `test` database), on it too.
// In CI (CI=true) or with REQUIRE_POSTGRES=1 a missing server is a failure, not a skip.
import { spawn, spawnSync } from 'node:child_process';
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

/** Runs steps at the same time, each one's output kept in a file and printed whole when it ends (not interleaved). */
async function runTogether(steps) {
  await Promise.all(
    steps.map(
      ([name, cmd, args, env]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const log = path.join(tmp, `${name.replace(/[^a-z0-9]+/gi, '-')}.log`);
          const out = fs.openSync(log, 'w');
          console.log(`\n=== ${name} (started; its output follows when it ends)`);
          const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', out, out], env: { ...process.env, ...env } });
          child.on('close', (code) => {
            fs.closeSync(out);
            console.log(`\n=== ${name}: output\n${fs.readFileSync(log, 'utf8')}`);
            console.log(`=== ${name}: ${code === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
            if (code !== 0) failures.push(name);
            resolve();
          });
        }),
    ),
  );
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
// The API tests again under Node.js 24 (STUDIO_NODE24: the folder of its `node`, which .ci/run installs from the
// npm registry): PGlite, then PostgreSQL, one worker each, beside the end-to-end runs (mostly waiting on the
// browser), so that the second Node costs CI little wall time. Without STUDIO_NODE24 it is skipped.
const node24 = process.env.STUDIO_NODE24;
const node24Step = async (pg) => {
  const env = { PATH: `${node24}${path.delimiter}${process.env.PATH}` };
  const vitest24 = (key) =>
    `npx vitest run --project api --maxWorkers=1 --reporter=default --reporter=json --outputFile.json=${path.join(tmp, `api24-${key}.json`)}`;
  const script = [`node -v`, `TEST_DATABASE_URL= ${vitest24('pglite')}`, ...(typeof pg === 'string' ? [`TEST_DATABASE_URL='${pg}' ${vitest24('pg')}`] : [])].join(' && ');
  return ['API tests under Node.js 24 (PGlite, then PostgreSQL)', 'bash', ['-c', script], env];
};
const countNode24 = () => ['pglite', 'pg'].forEach((k) => countVitest(path.join(tmp, `api24-${k}.json`)));
const wantNode24 = node24 && (want('api') || want('api24'));

if (want('e2e')) {
  if (run('chromium', 'bash', ['scripts/ensure-chromium.sh']) && run('web build', 'npm', ['run', 'build', '-w', 'apps/web'])) {
    // Three runs at once, each with its own server and database: the accessibility sweep (browser CPU) and the flows
    // in two shards (mostly waiting: the 3 s loader, polling, sign-ins). Failures keep their traces under test-results/.
    const port = Number(process.env.E2E_PORT ?? 3199);
    const runs = [
      ['end-to-end: accessibility sweep', ['--project', 'a11y'], 'a11y'],
      ['end-to-end: flows 1/2', ['--project', 'flows', '--shard', '1/2'], 'flows-1'],
      ['end-to-end: flows 2/2', ['--project', 'flows', '--shard', '2/2'], 'flows-2'],
    ];
    await runTogether([
      ...runs.map(([name, args, key], i) => [
        name,
        'npx',
        ['playwright', 'test', ...args, '--output', path.join(root, 'test-results', key)],
        { E2E_PORT: String(port + i), PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(tmp, `e2e-${key}.json`) },
      ]),
      ...(wantNode24 ? [await node24Step(await postgresUrl())] : []),
    ]);
    for (const [, , key] of runs) countPlaywright(path.join(tmp, `e2e-${key}.json`));
    if (wantNode24) countNode24();
  }
} else if (wantNode24) {
  await runTogether([await node24Step(await postgresUrl())]);
  countNode24();
}

fs.rmSync(tmp, { recursive: true, force: true });
console.log(`\n${failures.length ? `Failed steps: ${failures.join(', ')}` : 'All steps passed.'}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failures.length ? 1 : 0);
