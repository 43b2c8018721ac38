import cluster from 'node:cluster';
import os from 'node:os';
import type { AppConfig } from './config.js';

/** True when the database runs on this machine (a Unix socket, localhost, a loopback address): it needs cores too. */
export function databaseIsLocal(databaseUrl: string): boolean {
  let host: string;
  try {
    host = new URL(databaseUrl).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return true;
  }
  return host === '' || host === 'localhost' || host === '::1' || /^127\./.test(host) || host.startsWith('/');
}

/**
 * How many processes serve the API. On PostgreSQL (`DATABASE_URL`) `API_PROCESSES` (or `WEB_CONCURRENCY`, the
 * name hosting platforms set); by default one per core when PostgreSQL has cores of its own (another machine),
 * and half the cores (at least one) when it runs here: every request's SQL runs in a PostgreSQL process, and on
 * two cores a second Node process only took CPU from it (issue 20: 2 processes sold less than 1). The embedded
 * database always runs in one process: PGlite lives inside the process that opened its data folder.
 */
export function apiProcessCount(config: Pick<AppConfig, 'databaseUrl'>, env: NodeJS.ProcessEnv = process.env, cores = os.availableParallelism()): number {
  if (!config.databaseUrl) return 1;
  const raw = env.API_PROCESSES || env.WEB_CONCURRENCY;
  if (!raw) return databaseIsLocal(config.databaseUrl) ? Math.max(1, Math.floor(cores / 2)) : cores;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`API_PROCESSES must be a whole number of at least 1, not "${raw}".`);
  return n;
}

/** True in a process forked by `forkApiWorkers`: the primary already ran the migrations and made the first admin. */
export const isApiWorker = () => cluster.isWorker;

/** A worker tells the primary it is listening (cluster shares the port: connections go round-robin to the workers). */
export function announceListening(): void {
  if (cluster.isWorker) process.send?.({ type: 'api-listening' });
}

/**
 * In the primary: forks `n` workers running this same script and resolves with their pids once each
 * listens. A worker that dies while the primary is not stopping is replaced (at most `n` times a
 * minute, then the primary gives up and exits with the worker's code, so a supervisor sees the crash).
 * SIGINT and SIGTERM stop every worker, then the primary.
 */
export function forkApiWorkers(n: number, log: (msg: string) => void = console.log): Promise<number[]> {
  let stopping = false;
  const restarts: number[] = [];
  const listening = new Set<number>();
  return new Promise((resolve, reject) => {
    const fork = () => {
      const worker = cluster.fork();
      worker.on('message', (m: { type?: string }) => {
        if (m?.type !== 'api-listening') return;
        listening.add(worker.id);
        if (listening.size === n) resolve(Object.values(cluster.workers ?? {}).map((w) => w!.process.pid!));
      });
    };
    cluster.on('exit', (worker, code, signal) => {
      listening.delete(worker.id);
      if (stopping) {
        if (!Object.keys(cluster.workers ?? {}).length) process.exit(0);
        return;
      }
      const now = Date.now();
      restarts.push(now);
      while (restarts[0]! < now - 60_000) restarts.shift();
      if (restarts.length > n) {
        log(`API worker ${worker.process.pid} exited (${signal ?? code}); too many restarts in a minute, stopping.`);
        reject(new Error('API workers keep exiting'));
        process.exit(typeof code === 'number' && code > 0 ? code : 1);
      }
      log(`API worker ${worker.process.pid} exited (${signal ?? code}); starting another.`);
      fork();
    });
    const stop = (sig: NodeJS.Signals) => {
      stopping = true;
      const workers = Object.values(cluster.workers ?? {});
      if (!workers.length) process.exit(0);
      for (const w of workers) w!.process.kill(sig);
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
    for (let i = 0; i < n; i++) fork();
  });
}
