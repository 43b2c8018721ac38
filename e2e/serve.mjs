// Serves the built app on a fresh embedded database for the end-to-end tests.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-e2e-'));
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, PORT: process.env.E2E_PORT ?? '3199', HOST: '127.0.0.1', ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'e2e-admin-pass', LOG_LEVEL: 'warn', DATABASE_URL: '' },
});
const cleanUp = () => fs.rmSync(dataDir, { recursive: true, force: true });
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('SIGHUP', stop);
// the data folder goes with the server, however it ends (Playwright may stop this process group at once)
child.on('exit', (code) => {
  cleanUp();
  process.exit(code ?? 0);
});
process.on('exit', cleanUp);
