// `node scripts/trace-summary.mjs trace.json [mark] [top]`: what the page's main thread did between each keydown and
// the user timing mark after it (`receipt-shown` by default; scripts/measure-offline.mjs OFF_TRACE writes such a
// trace): the tasks, the time by kind (script, style, layout, paint, GC, IndexedDB) and the JS functions sampled.
// Built with source maps (`npx vite build --sourcemap` in apps/web), a function is named by its source file and line.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [file, markName = 'receipt-shown', topArg = '12'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/trace-summary.mjs trace.json [mark] [top]');
  process.exit(1);
}
const top = Number(topArg);
const { traceEvents: events } = JSON.parse(fs.readFileSync(file, 'utf8'));

const marks = events.filter((e) => e.name === markName && e.cat?.includes('user_timing'));
if (!marks.length) throw new Error(`no '${markName}' mark in the trace`);
const { pid, tid } = marks[0];
const thread = events.filter((e) => e.pid === pid && e.tid === tid);
const keydowns = thread.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown').map((e) => e.ts);

// the JS samples of that thread: Profile (start time) and its chunks (nodes, samples, time deltas)
const samples = [];
const profiles = new Map();
for (const e of events.filter((x) => x.pid === pid && (x.name === 'Profile' || x.name === 'ProfileChunk'))) {
  const p = profiles.get(e.id) ?? { t: 0, nodes: new Map() };
  profiles.set(e.id, p);
  if (e.name === 'Profile') p.t = e.args.data.startTime;
  const cpu = e.args?.data?.cpuProfile;
  for (const n of cpu?.nodes ?? []) p.nodes.set(n.id, n);
  const deltas = e.args?.data?.timeDeltas ?? [];
  (cpu?.samples ?? []).forEach((id, i) => {
    p.t += deltas[i] ?? 0;
    samples.push({ ts: p.t, node: id, profile: p });
  });
}
// the build's source maps, when it has them (a transitive dependency of the build tools reads them)
const assets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist/assets');
const mapping = await import('@jridgewell/trace-mapping').catch(() => null);
const maps = new Map();
const mapOf = (file) => {
  if (!maps.has(file)) {
    const at = path.join(assets, `${file}.map`);
    maps.set(file, mapping && fs.existsSync(at) ? new mapping.TraceMap(fs.readFileSync(at, 'utf8')) : null);
  }
  return maps.get(file);
};
const fn = (n) => {
  const f = n?.callFrame ?? {};
  const file = f.url?.split('/').pop() ?? '';
  const map = file && mapOf(file);
  const source = map && mapping.originalPositionFor(map, { line: (f.lineNumber ?? 0) + 1, column: f.columnNumber ?? 0 });
  if (source?.source) return `${source.name ?? f.functionName ?? '(anonymous)'} ${source.source.replace(/^(\.\.\/)+/, '')}:${source.line}`;
  const where = f.url ? `${file}:${(f.lineNumber ?? 0) + 1}:${(f.columnNumber ?? 0) + 1}` : '';
  return `${f.functionName || '(anonymous)'} ${where}`.trim();
};

const ms = (us) => (us / 1000).toFixed(1);
const windows = marks.map((m) => ({ end: m.ts, start: Math.max(...keydowns.filter((k) => k < m.ts)) }));
const byKind = new Map();
const cpus = [];
const byFn = new Map();
for (const [i, w] of windows.entries()) {
  console.log(`\n#${i + 1}: keydown to '${markName}' ${ms(w.end - w.start)} ms`);
  // self time of each event name inside the window (nested X events: a child's time is not its parent's)
  const inside = thread.filter((e) => e.ph === 'X' && e.ts < w.end && e.ts + (e.dur ?? 0) > w.start).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const stack = [];
  const self = new Map();
  const add = (name, us) => self.set(name, (self.get(name) ?? 0) + us);
  for (const e of inside) {
    const s = Math.max(e.ts, w.start);
    const end = Math.min(e.ts + e.dur, w.end);
    while (stack.length && stack.at(-1).end <= s) stack.pop();
    if (stack.length) add(stack.at(-1).name, -(end - s));
    add(e.name, end - s);
    stack.push({ name: e.name, end });
  }
  const tasks = inside.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  const busy = tasks.reduce((a, t) => a + Math.min(t.ts + t.dur, w.end) - Math.max(t.ts, w.start), 0);
  // thread time (tdur): what the main thread ran on a core, whatever else the machine was doing (a loaded machine
  // stretches the wall time of a task, not this); tasks cut by the window count in proportion
  const cpu = tasks.reduce((a, t) => a + ((t.tdur ?? t.dur) * (Math.min(t.ts + t.dur, w.end) - Math.max(t.ts, w.start))) / Math.max(1, t.dur), 0);
  cpus.push(cpu);
  console.log(`  main thread busy ${ms(busy)} ms (CPU ${ms(cpu)} ms) in ${tasks.length} tasks; longest: ${tasks.map((t) => ms(t.dur)).sort((a, b) => b - a).slice(0, 6).join(', ')} ms`);
  const kinds = [...self].filter(([n]) => !/RunTask/.test(n)).sort((a, b) => b[1] - a[1]).slice(0, top);
  console.log(`  by kind: ${kinds.map(([n, us]) => `${n} ${ms(us)}`).join(' · ')}`);
  for (const [n, us] of self) byKind.set(n, (byKind.get(n) ?? 0) + us);
  const inWindow = samples.filter((s) => s.ts >= w.start && s.ts <= w.end);
  const fns = new Map();
  for (let j = 0; j < inWindow.length; j++) {
    const s = inWindow[j];
    const dt = (inWindow[j + 1]?.ts ?? w.end) - s.ts;
    const name = fn(s.profile.nodes.get(s.node));
    fns.set(name, (fns.get(name) ?? 0) + dt);
    byFn.set(name, (byFn.get(name) ?? 0) + dt);
  }
  const shown = [...fns].filter(([n]) => !/^\(idle\)|^\(program\)/.test(n)).sort((a, b) => b[1] - a[1]).slice(0, top);
  console.log(`  JS (self, sampled): ${shown.map(([n, us]) => `${n} ${ms(us)}`).join(' · ')}`);
}
const n = windows.length;
const sorted = [...cpus].sort((a, b) => a - b);
console.log(`\nAll ${n}: keydown to mark median ${ms([...windows.map((w) => w.end - w.start)].sort((a, b) => a - b)[Math.floor((n - 1) / 2)])} ms; main-thread CPU median ${ms(sorted[Math.floor((n - 1) / 2)])} ms (${cpus.map(ms).join(', ')}); per receipt on average:`);
console.log(`  by kind: ${[...byKind].filter(([k]) => !/RunTask/.test(k)).sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, us]) => `${k} ${ms(us / n)}`).join(' · ')}`);
console.log(`  JS: ${[...byFn].filter(([k]) => !/^\(idle\)/.test(k)).sort((a, b) => b[1] - a[1]).slice(0, top * 2).map(([k, us]) => `${k} ${ms(us / n)}`).join('\n      ')}`);
