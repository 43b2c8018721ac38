// The load generator of `npm run bench`, in a process of its own (bench.ts forks it, so the server's
// process and CPU time are the server's alone): `connections` keep-alive connections (undici), each
// sending its next request as soon as the previous answer is read. A warm-up, then every connection
// stops and its parent is told ('ready'); the parent reads the server's counters and says 'go'; then
// `seconds` measured; when every connection is idle again the figures go back to the parent.
import crypto from 'node:crypto';
import { Client } from 'undici';

export interface LoadScenario {
  method: 'GET' | 'POST';
  path: string;
  token?: string;
  headers?: Record<string, string>;
  expect: number;
  /** POST /api/orders: a cart of 1-3 of these product ids, a fresh client_ref each. */
  checkout?: { outlet: string; productIds: number[] };
  /** Sent, untimed, before each timed request on the same connection (a restock, so the till's list has changed). */
  before?: { method: 'PUT' | 'POST'; path: string; token: string; body: string };
}
export interface LoadJob {
  origin: string;
  scenario: LoadScenario;
  connections: number;
  warmupSeconds: number;
  seconds: number;
}
export interface LoadResult {
  count: number;
  errors: number;
  sampleError?: string;
  seconds: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
  bytes: number;
}

function body(s: LoadScenario): string | undefined {
  if (!s.checkout) return undefined;
  const ids = s.checkout.productIds;
  const items = Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () => ({ product_id: ids[Math.floor(Math.random() * ids.length)]!, quantity: 1 }));
  return JSON.stringify({ outlet: s.checkout.outlet, customer_name: 'Bench Customer', items, payment_method: 'transfer', client_ref: crypto.randomUUID() });
}

async function run(job: LoadJob, go: Promise<void>, onReady: () => void): Promise<LoadResult> {
  const s = job.scenario;
  const headers: Record<string, string> = { accept: 'application/json', ...(s.headers ?? {}) };
  if (s.token) headers.authorization = `Bearer ${s.token}`;
  const clients = Array.from({ length: job.connections }, () => new Client(job.origin, { pipelining: 1, keepAliveTimeout: 60_000 }));
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  let sampleError: string | undefined;
  const once = async (client: Client, measure: boolean) => {
    const payload = body(s);
    if (s.before) {
      const b = s.before;
      const prep = await client.request({ method: b.method, path: b.path, headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${b.token}` }, body: b.body });
      await prep.body.arrayBuffer();
    }
    const t0 = performance.now();
    let status = 0;
    let text = '';
    try {
      const res = await client.request({ method: s.method, path: s.path, headers: payload ? { ...headers, 'content-type': 'application/json' } : headers, body: payload });
      status = res.statusCode;
      const buf = Buffer.from(await res.body.arrayBuffer());
      if (measure) bytes += buf.length;
      if (status !== s.expect) text = buf.toString().slice(0, 200);
    } catch (err) {
      text = String(err);
    }
    const ms = performance.now() - t0;
    if (!measure) return;
    latencies.push(ms);
    if (status !== s.expect) {
      errors++;
      sampleError ??= `${status} ${text}`;
    }
  };
  // warm-up
  let stop = performance.now() + job.warmupSeconds * 1000;
  await Promise.all(clients.map(async (c) => {
    do await once(c, false);
    while (performance.now() < stop);
  }));
  onReady();
  await go;
  const started = performance.now();
  stop = started + job.seconds * 1000;
  await Promise.all(clients.map(async (c) => {
    while (performance.now() < stop) await once(c, true);
  }));
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(clients.map((c) => c.close()));
  const sorted = latencies.sort((a, b) => a - b);
  const q = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! : NaN);
  return {
    count: sorted.length,
    errors,
    sampleError,
    seconds,
    rps: sorted.length / seconds,
    p50: q(0.5),
    p90: q(0.9),
    p99: q(0.99),
    max: sorted[sorted.length - 1] ?? NaN,
    mean: sorted.reduce((a, b) => a + b, 0) / (sorted.length || 1),
    bytes: bytes / (sorted.length || 1),
  };
}

// as a child process: one job per 'job' message
if (process.send) {
  let release: () => void = () => {};
  process.on('message', (msg: { type: 'job'; job: LoadJob } | { type: 'go' }) => {
    if (msg.type === 'go') return release();
    const go = new Promise<void>((r) => (release = r));
    run(msg.job, go, () => process.send!({ type: 'ready' }))
      .then((result) => process.send!({ type: 'result', result }))
      .catch((err: unknown) => process.send!({ type: 'error', message: String(err) }));
  });
}
