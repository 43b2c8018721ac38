#!/usr/bin/env node
// `npm start`: builds the web app when its sources are newer than the build (unless STUDIO_NO_BUILD=1: a service
// built at deploy time), then serves API and web on one port. Exits with the server's status: non-zero when the
// server fails or is killed by a signal (128 + its number, as a shell reports it), so a supervisor restarts it.
import os from 'node:os';
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'apps/web/dist/index.html');

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...fs.readdirSync(p).map((e) => newest(path.join(p, e))));
}

const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/studio.config.json', 'packages/shared/src'].map((p) => path.join(root, p));
const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
if (process.env.STUDIO_NO_BUILD !== '1' && builtAt < Math.max(...sources.map(newest))) {
  console.log('Building the web app...');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// the data folder, its backups and anything else the server writes are readable by this user only
process.umask(0o077);
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], { cwd: root, stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => {
  if (signal) console.error(`The server was killed by ${signal}.`);
  process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0));
});
