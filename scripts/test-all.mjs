#!/usr/bin/env node
// `npm test`: every check and every test. API tests run on the embedded PGlite and, when a
// PostgreSQL server answers (TEST_DATABASE_URL, default the local `test` database), on it too.
// In CI (CI=true) or with REQUIRE_POSTGRES=1 a missing server is a failure, not a skip.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-tests-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Each failed test, named with its file and the first lines of its error: printed last, where a CI log's tail shows it. */
const failedTests = [];
const firstLines = (text, n = 4) => stripVTControlCharacters(String(text ?? '')).split('\n').filter((l) => l.trim()).slice(0, n).join('\n      ');
const only = process.argv.slice(2); // e.g. `npm test -- unit api` runs only those steps

/** A step's name as a file name in `tmp`. */
const slug = (name) => name.replace(/[^a-z0-9]+/gi, '-');

/** The line that ends a step: ok or FAILED, its wall time and its CPU. */
function ended(name, ok, started, cpuFile) {
  console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s${cpuNote(cpuFile)}`);
}

/**
 * The command under bash, which writes the CPU time its processes used (`times`: user and system, every descendant that
 * was waited for) to a file, so that each step reports its CPU beside its wall time: on a shared machine the wall time
 * says how busy the machine was, the CPU time what the step costs.
 */
function withCpu(name, cmd, args) {
  const file = path.join(tmp, `${slug(name)}.cpu`);
  return { file, cmd: 'bash', args: ['-c', `"$@"; rc=$?; times > '${file}'; exit $rc`, 'bash', cmd, ...args] };
}
/** ' (CPU 123 s)' from `times`' second line (the children's user and system time, e.g. "2m32.218s 0m8.407s"). */
function cpuNote(file) {
  if (!fs.existsSync(file)) return '';
  const line = fs.readFileSync(file, 'utf8').trim().split('\n')[1] ?? '';
  const seconds = line.split(/\s+/).reduce((sum, t) => {
    const m = /^(\d+)m([\d.]+)s$/.exec(t);
    return m ? sum + Number(m[1]) * 60 + Number(m[2]) : sum;
  }, 0);
  return ` (CPU ${seconds.toFixed(0)} s)`;
}

/** The step's output is shown as it comes and kept in `tmp` (a failure outside any test is quoted from it at the end). */
const logOf = (name) => path.join(tmp, `${slug(name)}.log`);

function run(name, cmd, args, env = {}) {
  const started = Date.now();
  console.log(`\n=== ${name}`);
  const timed = withCpu(name, 'bash', ['-c', `"$@" 2>&1 | tee '${logOf(name)}'; exit \${PIPESTATUS[0]}`, 'bash', cmd, ...args]);
  const r = spawnSync(timed.cmd, timed.args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  ended(name, r.status === 0, started, timed.file);
  if (r.status !== 0) failures.push(name);
  return r.status === 0;
}

/** Runs steps at the same time, each one's output kept in a file and printed whole when it ends (not interleaved). */
async function runTogether(steps) {
  await Promise.all(
    steps.map(
      ([name, cmd, args, env, { judged = false } = {}]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const log = logOf(name);
          const out = fs.openSync(log, 'w');
          console.log(`\n=== ${name} (started; its output follows when it ends)`);
          const timed = withCpu(name, cmd, args);
          const child = spawn(timed.cmd, timed.args, { cwd: root, stdio: ['ignore', out, out], env: { ...process.env, ...env } });
          child.on('close', (code) => {
            fs.closeSync(out);
            console.log(`\n=== ${name}: output\n${fs.readFileSync(log, 'utf8')}`);
            ended(name, code === 0, started, timed.file);
            if (code !== 0 && !judged) failures.push(name);
            resolve();
          });
        }),
    ),
  );
}

function countVitest(file, step = path.basename(file)) {
  if (!fs.existsSync(file)) return;
  const j = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const f of j.testResults ?? []) {
    const where = path.relative(root, f.name ?? '');
    const failed = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) failedTests.push(`${step}: ${where} > ${a.fullName}\n      ${firstLines(a.failureMessages?.[0])}`);
    if (f.status === 'failed' && failed.length === 0) failedTests.push(`${step}: ${where} (the file failed)\n      ${firstLines(f.message)}`);
  }
  totals.passed += j.numPassedTests;
  totals.failed += j.numFailedTests;
  totals.skipped += j.numPendingTests + (j.numTodoTests ?? 0);
}

function countPlaywright(file, step = path.basename(file)) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
        const error = (t.results ?? []).map((r) => r.error?.message).find(Boolean);
        failedTests.push(`${step}: ${spec.file} > ${spec.title}${t.status === 'flaky' ? ' (flaky: passed on a retry)' : ''}\n      ${firstLines(error)}`);
      }
    }
    (suite.suites ?? []).forEach(walk);
  };
  (report.suites ?? []).forEach(walk);
  const s = report.stats ?? {};
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
  // single-threaded each: side by side on two cores
  await runTogether([
    ['typecheck', 'npm', ['run', 'typecheck'], {}],
    ['lint (ESLint, import boundaries) and migrations up to date', 'bash', ['-c', 'npm run lint && node scripts/check-migrations.mjs'], {}],
  ]);
}
/**
 * A vitest step that failed with no failed test (an unhandled error, a worker that died, a report not written): the
 * lines of its output that say why are listed with the failed tests, which is what a CI summary shows (stop 36: the
 * unit step failed and the summary named no test).
 */
function quoteFailureOutsideTests(name, before) {
  if (failedTests.length > before) return;
  const lines = fs.existsSync(logOf(name)) ? stripVTControlCharacters(fs.readFileSync(logOf(name), 'utf8')).split('\n') : [];
  const at = lines.findIndex((l) => /Unhandled|Error:|ELIFECYCLE|Timeout|killed|heap out of memory/i.test(l));
  const excerpt = at < 0 ? lines.filter((l) => l.trim()).slice(-8) : lines.slice(at, at + 12).filter((l) => l.trim());
  failedTests.push(`${name}: failed outside any test\n      ${excerpt.join('\n      ')}`);
}

if (want('unit')) {
  const name = 'unit tests (shared, tools, web)';
  const before = failedTests.length;
  const ok = vitest(name, ['shared', 'tools', 'web'], {}, path.join(tmp, 'unit.json'));
  countVitest(path.join(tmp, 'unit.json'), 'unit tests');
  if (!ok) quoteFailureOutsideTests(name, before);
}
// The API tests run on both databases and under both Node.js versions without running the suite four times:
// with STUDIO_NODE24 (the folder of a Node 24 `node`, which .ci/run installs from the npm registry) the files are
// split in two halves, and each half runs on PGlite under one Node and on PostgreSQL under the
// other. So every API test runs on both databases and under both Nodes, in two lanes of one worker each (one
// per Node), at the cost of one run per database. Without STUDIO_NODE24 each database is one run under this Node.
const node24 = process.env.STUDIO_NODE24;
const node24Path = node24 ? { PATH: `${node24}${path.delimiter}${process.env.PATH}` } : {};
/** The API test files in two halves: the slow ones (apps/api/test/slow-files.json) dealt out first, then the rest. */
function apiHalves() {
  const dir = path.join(root, 'apps/api/test');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.test.ts')).sort();
  const slow = JSON.parse(fs.readFileSync(path.join(dir, 'slow-files.json'), 'utf8'));
  const isSlow = (f) => slow.some((s) => f.includes(s));
  const halves = [[], []];
  [...files.filter(isSlow), ...files.filter((f) => !isSlow(f))].forEach((f, i) => halves[i % 2].push(`apps/api/test/${f}`));
  return halves;
}
const apiRun = (name, key, db, { files, node24: on24, workers } = {}) => {
  const out = path.join(tmp, `api-${key}.json`);
  const args = ['vitest', 'run', '--project', 'api', ...(files ?? []), ...(workers ? [`--maxWorkers=${workers}`] : []), '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
  const env = { TEST_DATABASE_URL: db, ...(on24 ? node24Path : {}) };
  return { name, out, cmd: 'npx', args, env };
};
// What runs side by side at the end: the two API lanes (CPU) beside the end-to-end runs (mostly waiting on the
// browser, the 3 s loader and polling), and what judges each afterwards.
const together = [];
const afterwards = [];
if (want('api')) {
  const url = await postgresUrl();
  const pgUrl = typeof url === 'string' ? url : null;
  if (!pgUrl && (process.env.CI || process.env.REQUIRE_POSTGRES)) {
    console.error(`\nPostgreSQL is required here but ${url.url} did not answer: ${url.error}`);
    failures.push('API tests on PostgreSQL (no server)');
  } else if (!pgUrl) {
    console.warn(`\nSkipping the PostgreSQL run: ${url.url} did not answer (${url.error}). Set TEST_DATABASE_URL to a server to include it.`);
  }
  if (node24) {
    const v24 = spawnSync(path.join(node24, 'node'), ['-v'], { encoding: 'utf8' }).stdout.trim();
    const [h1, h2] = apiHalves();
    const lanes = [
      { node: process.version, runs: [apiRun('API tests on PGlite, half 1', 'pglite-1', '', { files: h1, workers: 1 }), ...(pgUrl ? [apiRun('API tests on PostgreSQL, half 2', 'pg-2', pgUrl, { files: h2, workers: 1 })] : [])] },
      { node: v24, runs: [apiRun('API tests on PGlite, half 2', 'pglite-2', '', { files: h2, workers: 1, node24: true }), ...(pgUrl ? [apiRun('API tests on PostgreSQL, half 1', 'pg-1', pgUrl, { files: h1, workers: 1, node24: true })] : [])] },
    ];
    const shell = (r) => `env ${Object.entries(r.env).map(([k, v]) => `${k}='${v}'`).join(' ')} ${r.cmd} ${r.args.join(' ')}`;
    together.push(...lanes.map((l) => [`API tests under Node ${l.node} (${l.runs.map((r) => r.name.replace('API tests on ', '')).join(', then ')})`, 'bash', ['-c', l.runs.map(shell).join(' ; ')], {}, { judged: true }]));
    // a lane's exit status is its last run's: each run is judged by its own report
    afterwards.push(() => {
      for (const r of lanes.flatMap((l) => l.runs)) {
        const report = fs.existsSync(r.out) ? JSON.parse(fs.readFileSync(r.out, 'utf8')) : null;
        if (!report || report.numFailedTests > 0 || report.numFailedTestSuites > 0 || !report.success) failures.push(r.name);
        countVitest(r.out, r.name);
      }
    });
  } else {
    for (const r of [apiRun('API tests on PGlite', 'pglite', ''), ...(pgUrl ? [apiRun('API tests on PostgreSQL', 'pg', pgUrl)] : [])]) {
      run(r.name, r.cmd, r.args, r.env);
      countVitest(r.out, r.name);
    }
  }
}

if (want('e2e')) {
  if (run('chromium', 'bash', ['scripts/ensure-chromium.sh']) && run('web build', 'npm', ['run', 'build', '-w', 'apps/web'])) {
    // With STUDIO_NODE24 the end-to-end runs (the app's server included) use Node 24, the recommended Node.
    // Four runs at once, each with its own server and database: the accessibility sweep (browser CPU) and the flows
    // in three shards (mostly waiting: the 3 s loader, polling, sign-ins). Failures keep their traces under test-results/.
    const port = Number(process.env.E2E_PORT ?? 3199);
    const runs = [
      ['end-to-end: accessibility sweep', ['--project', 'a11y'], 'a11y'],
      ...[1, 2, 3].map((i) => [`end-to-end: flows ${i}/3`, ['--project', 'flows', '--shard', `${i}/3`], `flows-${i}`]),
    ];
    // The browsers run at a lower priority (nice 10): the API lanes are the longest step and mostly CPU, the flows mostly
    // wait (the loader, polling), so the lanes take the cores first and the browsers fill what is left, instead of four
    // Chromiums starving the lanes (ci1 of stop 28: the PGlite halves took 575 and 672 s beside them, 90 s alone)
    together.push(
      ...runs.map(([name, args, key], i) => [
        name,
        'nice',
        ['-n', '10', 'npx', 'playwright', 'test', ...args, '--output', path.join(root, 'test-results', key)],
        { E2E_PORT: String(port + i), PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(tmp, `e2e-${key}.json`), ...node24Path },
      ]),
    );
    afterwards.push(() => runs.forEach(([name, , key]) => countPlaywright(path.join(tmp, `e2e-${key}.json`), name)));
  }
}
if (together.length) await runTogether(together);
for (const judge of afterwards) judge();

fs.rmSync(tmp, { recursive: true, force: true });
if (failedTests.length) console.log(`\nFailed or flaky tests (${failedTests.length}):\n${failedTests.map((t) => `  - ${t}`).join('\n')}`);
console.log(`\n${failures.length ? `Failed steps: ${failures.join(', ')}` : 'All steps passed.'}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failures.length ? 1 : 0);
