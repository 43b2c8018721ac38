import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const ADMIN_PASSWORD = 'admin-password-1';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything the process wrote (stdout and stderr). */
  output: () => string;
  /** Resolves when the server says it is running; rejects when it exits first. */
  ready: Promise<void>;
  /** Resolves with the exit code and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * A real server process: `node --import tsx apps/api/src/server.ts` (or another entry such as
 * scripts/start.mjs) on its own data folder and port, as `npm start` runs it.
 */
export function startServer(opts: { dataDir: string; port: number; entry?: string[]; env?: Record<string, string> }): ServerProcess {
  const entry = opts.entry ?? ['--import', 'tsx', path.join(repoRoot, 'apps/api/src/server.ts')];
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATA_DIR: opts.dataDir,
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    ...opts.env,
  };
  delete env.INIT_CWD;
  const child = spawn(process.execPath, entry, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (b: Buffer) => {
      out += b.toString();
      if (out.includes('Studio back office is running at')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(({ code, signal }) => reject(new Error(`the server exited (${code ?? signal}) before it was ready:\n${out}`)));
  });
  ready.catch(() => {});
  return { child, url: `http://127.0.0.1:${opts.port}`, output: () => out, ready, exited };
}

export async function killAndWait(server: ServerProcess, signal: NodeJS.Signals = 'SIGKILL') {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  return server.exited;
}

/** JSON over HTTP to a running server. */
export async function api(url: string, token: string | null, method: string, route: string, body?: unknown) {
  const res = await fetch(url + route, {
    method,
    headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as { data?: Record<string, unknown> & { id?: number } }) : {} };
}

export async function login(url: string): Promise<string> {
  const res = await api(url, null, 'POST', '/api/login', { username: 'admin', password: ADMIN_PASSWORD, deviceId: crypto.randomUUID(), deviceInfo: '' });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body.data as { tokens: { api_token: string }[] }).tokens[0]!.api_token;
}

/** A product with stock, then `n` cash sales of it; returns the ids the server acknowledged (201). */
export async function sell(url: string, token: string, n: number, productId?: number): Promise<{ productId: number; orderIds: number[] }> {
  if (productId === undefined) {
    const p = await api(url, token, 'POST', '/api/products', { outlet: 'store', name: `Lipstick ${crypto.randomBytes(3).toString('hex')}`, price: 4500.5, cost_price: 2000, quantity: 100000 });
    if (p.status !== 201) throw new Error(`product: ${p.status} ${JSON.stringify(p.body)}`);
    productId = p.body.data!.id!;
  }
  const orderIds: number[] = [];
  for (let i = 0; i < n; i++) {
    const o = await api(url, token, 'POST', '/api/orders', { outlet: 'store', customer_name: 'Walk-in Customer', payment_method: 'cash', items: [{ product_id: productId, quantity: 1 }] });
    if (o.status !== 201) throw new Error(`order: ${o.status} ${JSON.stringify(o.body)}`);
    orderIds.push(o.body.data!.id!);
  }
  return { productId, orderIds };
}
