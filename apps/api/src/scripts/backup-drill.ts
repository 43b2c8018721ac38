// `npm run backup:drill [-- FILE] [--legacy]`: restores the newest backup in BACKUP_DIR (or FILE) into a temporary place (a
// folder for the embedded database, a database of its own on the same server for PostgreSQL), counts what it holds
// and compares that with its manifest and with the live database counted now. Prints the result; exit 0 when the
// backup restores and holds what its manifest says, 1 when not. Never changes the studio's data; safe while the
// server runs (on the embedded database it asks the server for the live counts, through a backup of its own).
import path from 'node:path';
import { loadConfig } from '../config.js';
import { backupDrill } from '../db/backup-drill.js';

async function main() {
  const args = process.argv.slice(2);
  const arg = args.find((a) => !a.startsWith('--'));
  const file = arg ? path.resolve(process.env.INIT_CWD ?? process.cwd(), arg) : undefined;
  const result = await backupDrill(loadConfig(), { file, legacy: args.includes('--legacy'), log: (line) => console.log(line) });
  if (!result.ok) process.exitCode = 1;
}

main().catch((err: Error) => {
  console.error(`FAILED: ${err.message}`);
  process.exit(1);
});
