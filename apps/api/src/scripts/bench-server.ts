// The server `npm run bench` measures, in a process of its own (bench.ts forks it): the real app as
// server.ts builds it, on the seeded database (DATA_DIR or DATABASE_URL), with two bench-only routes
// outside /api: GET /bench/bare (the floor: Fastify and the app's hooks, no database) and GET
// /bench/metrics (this process's CPU time, and the statements and database time counted by
// db/query-metrics.ts). It tells its parent its port over IPC.
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/open.js';
import { maintainEmbedded } from '../db/maintenance.js';
import { enableQueryMetrics, queryMetrics } from '../db/query-metrics.js';
import { buildApp } from '../app.js';
import { announceListening, apiProcessCount, forkApiWorkers, isApiWorker } from '../cluster.js';

async function main() {
  enableQueryMetrics();
  const config = loadConfig();
  // several API processes (PostgreSQL, API_PROCESSES > 1) as server.ts runs them; PORT is then set by bench.ts
  const processes = apiProcessCount(config);
  if (processes > 1 && !isApiWorker()) {
    const pids = await forkApiWorkers(processes);
    process.send?.({ port: Number(process.env.PORT), pids });
    process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
    return;
  }
  const database = await openDatabase(config, { migrate: !isApiWorker() });
  // as server.ts: the embedded database's vacuum and statistics before the first request
  await maintainEmbedded(database);
  // BENCH_ANSWERS=send: write answers without checking them against their schemas (the baseline of decision 037)
  const app = await buildApp({ database, config, logger: false, checkAnswers: process.env.BENCH_ANSWERS !== 'send' });
  app.get('/bench/bare', async () => ({ data: 'ok' }));
  app.get('/bench/metrics', async () => {
    const cpu = process.cpuUsage();
    return { pid: process.pid, cpuMicros: cpu.user + cpu.system, statements: queryMetrics.statements, dbMicros: queryMetrics.dbMicros };
  });
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
  if (isApiWorker()) return announceListening();
  const port = (app.server.address() as { port: number }).port;
  process.send?.({ port, pids: [process.pid] });
  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('disconnect', () => void stop());
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
