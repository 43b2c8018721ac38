// The figures of `npm run bench`: the JSON file one run writes, its tables, and two runs side by side.
import fs from 'node:fs';

export interface BenchRow {
  key: string;
  name: string;
  connections: number;
  /** API processes serving (1 but for the PostgreSQL cluster row). */
  processes: number;
  count: number;
  errors: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Response body bytes per request. */
  bytes: number;
  /** The server's CPU time (user + system) per request, ms. */
  cpuMs: number;
  /** Time from sending each statement to having its rows, summed, per request, ms (NaN over several processes). */
  dbMs: number;
  /** SQL statements per request (NaN over several processes). */
  statements: number;
  /** The 1-minute load average when the row ended (other work on the machine shows here). */
  loadavg: number;
}
export interface BenchRun {
  kind: 'pglite' | 'postgres';
  label: string;
  seedSeconds: number;
  seeded: Record<string, number>;
  rows: BenchRow[];
}
export interface BenchFile {
  version: 1;
  at: string;
  /** The commit measured (+changes when the worktree had uncommitted changes). */
  code: string;
  quick: boolean;
  node: string;
  cpus: number;
  settings: Record<string, number>;
  runs: BenchRun[];
}

const fmt = (n: number, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : '-');

function table(header: string[], rows: string[][], leftColumns = 1) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < leftColumns ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

const label = (r: BenchRow) => `${r.name}${r.processes > 1 ? ` [${r.processes} processes]` : ''}`;

export function printRun(file: BenchFile, run: BenchRun): void {
  const s = run.seeded;
  console.log(`${run.label}${file.quick ? ' (--quick)' : ''}, code ${file.code}, ${file.at}: ${s.products?.toLocaleString('en')} products, ${s.orders?.toLocaleString('en')} orders, ${s.finances?.toLocaleString('en')} finance entries (seeded in ${run.seedSeconds.toFixed(0)} s)`);
  console.log(`node ${file.node}, ${file.cpus} CPU; server and load generator in separate processes; ${file.settings.seconds} s measured per row after ${file.settings.warmup} s warm-up`);
  table(
    ['endpoint', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'CPU ms/req', 'DB ms/req', 'SQL/req', 'KB/req', 'errors', 'load'],
    run.rows.map((r) => [label(r), String(r.connections), fmt(r.rps, 0), fmt(r.p50), fmt(r.p99), fmt(r.cpuMs), fmt(r.dbMs), fmt(r.statements, 1), fmt(r.bytes / 1024, 1), String(r.errors), fmt(r.loadavg, 1)]),
  );
  console.log('');
}

/** Two result files side by side: each row of the second matched with the first's by database, key, connections and processes. */
export function compareFiles(a: string, b: string): void {
  const before = JSON.parse(fs.readFileSync(a, 'utf8')) as BenchFile;
  const after = JSON.parse(fs.readFileSync(b, 'utf8')) as BenchFile;
  const ratio = (x: number, y: number) => (Number.isFinite(x) && Number.isFinite(y) && x > 0 ? `${(y / x).toFixed(2)}x` : '-');
  for (const run of after.runs) {
    const old = before.runs.find((r) => r.kind === run.kind);
    console.log(`${run.label}: ${before.code} (${before.at.slice(0, 16)}) → ${after.code} (${after.at.slice(0, 16)})`);
    table(
      ['endpoint', 'conns', 'p50 ms', 'p99 ms', 'req/s', 'CPU ms/req', 'SQL/req', 'p50'],
      run.rows.map((r) => {
        const o = old?.rows.find((x) => x.key === r.key && x.connections === r.connections && x.processes === r.processes);
        const pair = (x: number | undefined, y: number, d = 2) => `${o ? fmt(x!, d) : '-'} → ${fmt(y, d)}`;
        return [label(r), String(r.connections), pair(o?.p50, r.p50), pair(o?.p99, r.p99), pair(o?.rps, r.rps, 0), pair(o?.cpuMs, r.cpuMs), pair(o?.statements, r.statements, 1), o ? ratio(o.p50, r.p50) : 'new'];
      }),
    );
    console.log('');
  }
}
