// `npm run probe:issue19 [-- --db=pglite|postgres|both] [--postgres=URL]`: re-runs the four probes of issue 19's
// "Done when" against real server processes on this machine (loopback only) and prints the figures. Not a test: a
// check a person can run on a studio's own machine. Bounded: 30 guesses, 72 payments in 3 kills, 6 minutes per database.
//
//  1. a 30-way burst of wrong current_password guesses on PUT /api/users/password/{id}: how many were evaluated (≤ 5);
//  2. kill -9 of the server while fee payments are in flight, then every payment sent again with its client_ref: each
//     is on the ledger once (a payment saved without an answer is answered as a replay, not taken twice);
//  3. a backup with the activity log's table file (embedded) or the dump (PostgreSQL) cut short: restore refuses, the data is
//     unchanged and the studio starts;
//  4. restore of a backup taken this hour: the file is still there afterwards. On PostgreSQL also: a server idle past
//     its pool's 10 s holds the lock that makes a restore refuse.
//
// PostgreSQL: --postgres=URL (or PROBE_DATABASE_URL, else TEST_DATABASE_URL) names a loopback server where the user may
// create databases; the probe makes its own database and drops it. Each database gets a temporary DATA_DIR, removed after.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import * as tar from 'tar';
import { PG_DUMP, tableCounts } from '../db/backup.js';
import { openPglite } from '../db/client.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const LIMIT_MS = 6 * 60_000;
const GUESSES = 30;
const PAYMENTS_PER_ROUND = 24;
const IN_FLIGHT = 8;
const KILL_AFTER = 8; // answered payments before the kill
const KILL_DELAYS_MS = [0, 3, 10];
const ADMIN_PASSWORD = `probe-${crypto.randomBytes(9).toString('base64url')}`;

type Kind = 'pglite' | 'postgres';
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
let failed = false;
let say = (line: string) => console.log(line);
const check = (ok: boolean, line: string) => {
  if (!ok) failed = true;
  say(`${ok ? 'PASS' : 'FAIL'}  ${line}`);
};

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]', '']);
function loopbackUrl(url: string): string {
  const host = new URL(url).hostname;
  if (!LOOPBACK.has(host)) throw new Error(`The probe runs on this machine only: ${host} is not a loopback address.`);
  return url;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** What the API answers (its data as each probe reads it). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a probe reads a few fields of many routes' answers
type Answer = { data?: any; errors?: Record<string, string[]>; message?: string };

/** One studio under probe: its environment, and the server process when one runs. */
class Studio {
  server: ChildProcess | null = null;
  base = '';
  output = '';
  constructor(readonly kind: Kind, readonly env: Record<string, string>) {}

  get dataDir() {
    return this.env.DATA_DIR!;
  }

  async start(): Promise<number> {
    const port = await freePort();
    this.base = `http://127.0.0.1:${port}`;
    const t0 = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/api/src/server.ts')], { cwd: ROOT, env: { ...process.env, ...this.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
    this.server = child;
    this.output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (b: Buffer) => {
        this.output += b.toString();
        if (this.output.includes('Studio back office is running at')) resolve();
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.on('exit', (code, signal) => reject(new Error(`the server exited (${code ?? signal}) before it was ready:\n${this.output.trim()}`)));
    });
    return Math.round(performance.now() - t0);
  }

  /** Ends the server: SIGTERM (a clean stop) or SIGKILL (kill -9). */
  async stop(signal: NodeJS.Signals = 'SIGTERM') {
    const child = this.server;
    this.server = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill(signal);
    await exited;
  }

  async call(token: string | null, method: string, route: string, body?: unknown) {
    const res = await fetch(this.base + route, {
      method,
      headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    return { status: res.status, replay: res.headers.get('idempotent-replay') === 'true', body: (text ? JSON.parse(text) : {}) as Answer };
  }

  async login(username: string, password: string): Promise<{ token: string; id: number }> {
    const r = await this.call(null, 'POST', '/api/login', { username, password, deviceId: crypto.randomUUID(), deviceInfo: 'probe' });
    if (r.status !== 200) throw new Error(`login as ${username}: ${r.status} ${JSON.stringify(r.body)}`);
    return { token: r.body.data.tokens[0].api_token, id: r.body.data.id };
  }

  async make(token: string, route: string, body: Record<string, unknown>): Promise<number> {
    const r = await this.call(token, 'POST', route, body);
    if (r.status !== 201) throw new Error(`${route}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data.id;
  }

  /** A script of apps/api/src/scripts as a person runs it (`npm run restore -- FILE`), with this studio's environment. */
  script(name: string, args: string[]) {
    const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/api/src/scripts', name), ...args], { cwd: ROOT, env: { ...process.env, ...this.env, INIT_CWD: ROOT }, encoding: 'utf8', timeout: 120_000 });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr.trim() };
  }

  /** Rows per table, counted with the server stopped (the embedded database has one owner). */
  async counts(): Promise<Record<string, number>> {
    if (this.kind === 'postgres') {
      const c = new pg.Client({ connectionString: this.env.DATABASE_URL });
      await c.connect();
      return tableCounts((q) => c.query(q)).finally(() => c.end());
    }
    const database = await openPglite(this.dataDir, { log: () => {} });
    return tableCounts((q) => database.pglite!.query(q) as never).finally(() => database.close());
  }
}

/** 1: a burst of wrong current passwords on a staff member's own account. */
async function burst(studio: Studio, admin: string) {
  const password = `brush-${crypto.randomBytes(6).toString('hex')}`;
  const username = `probe.staff.${crypto.randomBytes(3).toString('hex')}`;
  await studio.make(admin, '/api/users', { name: 'Probe Staff', username, role: 'Sales', password });
  const staff = await studio.login(username, password);
  const next = 'lipstick-velvet-92';
  const guess = (current: string) => studio.call(staff.token, 'PUT', `/api/users/password/${staff.id}`, { current_password: current, password: next, password_confirmation: next });
  const answers = await Promise.all(Array.from({ length: GUESSES }, (_, i) => guess(`wrong-guess-${i}`)));
  const field = (r: Awaited<ReturnType<typeof guess>>) => r.body.errors?.current_password?.[0] ?? '';
  const evaluated = answers.filter((r) => /incorrect/i.test(field(r))).length;
  const throttled = answers.filter((r) => /too many/i.test(field(r))).length;
  const right = await guess(password);
  check(
    evaluated <= 5 && evaluated + throttled === GUESSES && right.status === 422 && /too many/i.test(field(right)),
    `burst: ${GUESSES} wrong current_password guesses at once: ${evaluated} evaluated, ${throttled} refused unchecked; the right one after them: ${right.status} "${field(right)}"`,
  );
}

/** 2: kill -9 while fee payments are in flight, then each sent again with its client_ref; a few rounds, each kill a little later. */
async function killDuringPayments(studio: Studio, admin: string) {
  const tag = crypto.randomBytes(3).toString('hex');
  const program = await studio.make(admin, '/api/training-programs', { name: `Probe makeup ${tag}`, duration: '3 months', fee: 5_000_000 });
  const session = await studio.make(admin, '/api/training-session', { name: `Probe class ${tag}`, start_date: '2026-01-05', end_date: '2027-12-20' });
  const student = await studio.make(admin, '/api/students', { name: `Probe Student ${tag}`, phone: '08031112222', start_date: '2026-02-01', end_date: '2026-12-01', program_id: program, session_id: session });
  const route = `/api/students/${student}/payments`;
  const total = { sent: 0, answered: 0, cut: 0, replays: 0, savedUnanswered: 0, takenNow: 0, amount: 0 };
  const restarts: number[] = [];
  for (const [round, delay] of KILL_DELAYS_MS.entries()) {
    const bodies = Array.from({ length: PAYMENTS_PER_ROUND }, (_, i) => ({ amount: 1000 + round * 100 + i, method: 'cash', date: '2026-03-01', note: `probe ${tag} #${round}.${i}`, client_ref: crypto.randomUUID() }));
    const state: ('acked' | 'lost' | 'unsent')[] = bodies.map(() => 'unsent');
    let acked = 0;
    let next = 0;
    let killing = false;
    let killed: Promise<void> | undefined;
    const kill = () => {
      killed = studio.stop('SIGKILL');
    };
    const worker = async () => {
      while (next < bodies.length && !killing) {
        const i = next++;
        state[i] = 'lost';
        try {
          const r = await studio.call(admin, 'POST', route, bodies[i]);
          if (r.status !== 201) throw new Error(`payment ${i}: ${r.status} ${JSON.stringify(r.body)}`);
          state[i] = 'acked';
          if (++acked === KILL_AFTER) {
            killing = true;
            if (delay) setTimeout(kill, delay);
            else kill();
          }
        } catch (err) {
          if (!killing) throw err;
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    while (!killed) await new Promise((r) => setTimeout(r, 1));
    await (killed as Promise<void>);
    restarts.push(await studio.start());
    // the web app's retry: every payment sent before the kill, again, with its own client_ref
    for (let i = 0; i < bodies.length; i++) {
      if (state[i] === 'unsent') continue;
      total.sent++;
      total.amount += bodies[i]!.amount;
      if (state[i] === 'acked') total.answered++;
      else total.cut++;
      const r = await studio.call(admin, 'POST', route, bodies[i]);
      if (r.status === 200 && r.replay) {
        total.replays++;
        if (state[i] === 'lost') total.savedUnanswered++;
      } else if (r.status === 201 && state[i] === 'lost') total.takenNow++;
      else throw new Error(`retry of payment ${round}.${i} (${state[i]}): ${r.status} ${JSON.stringify(r.body)}`);
    }
  }
  const lines = (await studio.call(admin, 'GET', route)).body.data as { note: string | null; amount: number }[];
  const ours = lines.filter((l) => l.note?.startsWith(`probe ${tag} #`));
  const distinct = new Set(ours.map((l) => l.note)).size;
  const paid = (await studio.call(admin, 'GET', `/api/students/${student}`)).body.data.amount_paid as number;
  check(
    ours.length === total.sent && distinct === total.sent && paid === total.amount,
    `kill -9 during fee payments, ${KILL_DELAYS_MS.length} rounds (${IN_FLIGHT} in flight, killed ${KILL_DELAYS_MS.join('/')} ms after the ${KILL_AFTER}th answer): ` +
      `${total.sent} sent, ${total.answered} answered, ${total.cut} cut off; restarts ${restarts.join('/')} ms; ` +
      `all ${total.sent} sent again with their client_ref: ${total.replays} answered as replays (${total.savedUnanswered} of the cut-off ones had been saved without an answer), ${total.takenNow} taken now; ` +
      `ledger: ${ours.length} payments, ${ours.length - distinct} duplicates, amount_paid ${paid} = ${total.amount} sent`,
  );
}

/** 3: a backup with a table's data cut short: restore refuses, the data stays, the studio starts. */
async function truncatedBackup(studio: Studio, root: string) {
  let relation: { name: string; file: string; size: number } | null = null;
  if (studio.kind === 'pglite') {
    const database = await openPglite(studio.dataDir, { log: () => {} });
    try {
      const { rows } = await database.pglite!.query<{ name: string; file: string; size: number }>(
        `select relname as name, pg_relation_filepath(oid) as file, pg_relation_size(oid)::int as size from pg_class where oid = 'public.activity_log'::regclass`,
      );
      relation = rows[0]!;
    } finally {
      await database.close();
    }
  }
  const before = await studio.counts();
  const made = studio.script('backup.ts', []);
  const file = /Backed up to (.*)$/m.exec(made.stdout)?.[1];
  if (made.status !== 0 || !file) throw new Error(`npm run backup: ${made.status} ${made.stderr}`);
  const unpacked = path.join(root, 'unpacked');
  fs.mkdirSync(unpacked);
  await tar.x({ file, cwd: unpacked });
  let what: string;
  if (relation) {
    const target = path.join(unpacked, 'pgdata', relation.file);
    const size = fs.statSync(target).size;
    const cut = Math.floor(size / 2 / 8192) * 8192;
    fs.truncateSync(target, cut);
    what = `table ${relation.name}'s file (${relation.file}) cut from ${size} to ${cut} bytes`;
  } else {
    const dump = path.join(unpacked, PG_DUMP);
    const size = fs.statSync(dump).size;
    fs.truncateSync(dump, Math.floor(size / 2));
    what = `its ${PG_DUMP} cut from ${size} to ${Math.floor(size / 2)} bytes`;
  }
  const bad = path.join(root, path.basename(file).replace('-manual.', '-hourly.'));
  await tar.c({ file: bad, cwd: unpacked, gzip: bad.endsWith('.gz') }, fs.readdirSync(unpacked));
  const verify = studio.script('backup-verify.ts', [bad]);
  const restore = studio.script('restore.ts', [bad]);
  const after = await studio.counts();
  const same = JSON.stringify(after) === JSON.stringify(before);
  let started = -1;
  try {
    started = await studio.start();
  } catch (err) {
    say(`      ${(err as Error).message}`);
  }
  await studio.stop();
  const rows = Object.values(before).reduce((a, b) => a + b, 0);
  check(
    verify.status === 1 && restore.status === 1 && same && started >= 0,
    `truncated backup: ${what}; backup:verify exit ${verify.status}; restore exit ${restore.status}: "${restore.stderr.split('\n')[0]!.slice(0, 300)}"; ` +
      `data ${same ? 'unchanged' : 'CHANGED'} (${rows} rows in ${Object.keys(before).length} tables); the studio ${started >= 0 ? `started in ${started} ms` : 'DID NOT START'}`,
  );
}

/** 4: restore of a backup taken this hour keeps the file; on PostgreSQL an idle server's lock refuses a restore. */
async function currentHourRestore(studio: Studio) {
  const made = studio.script('backup.ts', []);
  const file = /Backed up to (.*)$/m.exec(made.stdout)?.[1];
  if (made.status !== 0 || !file) throw new Error(`npm run backup: ${made.status} ${made.stderr}`);
  if (studio.kind === 'postgres') {
    await studio.start();
    await new Promise((r) => setTimeout(r, 12_000)); // past the pool's 10 s idle: no pool connection is open
    const refused = studio.script('restore.ts', [file]);
    await studio.stop();
    check(refused.status === 1 && /server is running/.test(refused.stderr), `a server idle for 12 s: restore exit ${refused.status}: "${refused.stderr.split('\n')[0]}"`);
  }
  const r = studio.script('restore.ts', [file]);
  const kept = fs.existsSync(file);
  check(r.status === 0 && kept, `restore of this hour's ${path.basename(file)}: exit ${r.status}${r.status ? ` "${r.stderr.split('\n')[0]}"` : ''}; the file ${kept ? 'is still there' : 'IS GONE'}`);
}

async function probe(kind: Kind, adminUrl?: string) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `studio-probe19-${kind}-`));
  const name = `studio_probe19_${crypto.randomBytes(4).toString('hex')}`;
  let url = '';
  if (kind === 'postgres') {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`).finally(() => admin.end());
    url = Object.assign(new URL(adminUrl!), { pathname: `/${name}` }).toString();
  }
  const studio = new Studio(kind, {
    DATA_DIR: path.join(root, 'data'),
    BACKUP_DIR: path.join(root, 'backups'),
    BACKUP_COPY_DIR: '',
    DATABASE_URL: url,
    API_PROCESSES: '1',
    HOST: '127.0.0.1',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
  });
  say = (line: string) => console.log(`[${kind}] ${line}`);
  const t0 = performance.now();
  const watchdog = setTimeout(() => {
    say(`FAIL  gave up after ${LIMIT_MS / 1000} s`);
    studio.server?.kill('SIGKILL');
    process.exit(2);
  }, LIMIT_MS);
  try {
    say(`started in ${await studio.start()} ms (${kind === 'pglite' ? `embedded, ${studio.dataDir}` : `PostgreSQL, database ${name}`})`);
    const { token } = await studio.login('admin', ADMIN_PASSWORD);
    await burst(studio, token);
    await killDuringPayments(studio, token);
    await studio.stop();
    await truncatedBackup(studio, root);
    await currentHourRestore(studio);
  } catch (err) {
    check(false, `the probe stopped: ${(err as Error).stack ?? String(err)}`);
  } finally {
    clearTimeout(watchdog);
    await studio.stop('SIGKILL');
    fs.rmSync(root, { recursive: true, force: true });
    if (kind === 'postgres') {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`).finally(() => admin.end());
    }
    say(`done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
}

async function main() {
  const db = arg('db') ?? 'both';
  if (!['pglite', 'postgres', 'both'].includes(db)) throw new Error('--db is pglite, postgres or both.');
  const adminUrl = arg('postgres') ?? process.env.PROBE_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (db !== 'postgres') await probe('pglite');
  if (db !== 'pglite') {
    if (adminUrl) await probe('postgres', loopbackUrl(adminUrl));
    else if (db === 'postgres') throw new Error('PostgreSQL: give --postgres=URL (a loopback server where the user may create databases).');
    else console.log('[postgres] skipped: no --postgres=URL, PROBE_DATABASE_URL or TEST_DATABASE_URL');
  }
  console.log(failed ? 'Some probes FAILED.' : 'Every probe passed.');
  process.exit(failed ? 1 : 0);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
