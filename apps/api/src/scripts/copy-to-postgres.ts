// `npm run db:copy-to-postgres -- postgres://user:pass@host/db` (or with DATABASE_URL set): moves the embedded
// studio in DATA_DIR to a new, empty PostgreSQL database, with every record and every sequence. The embedded
// data stays where it is; stop the server first (the data-folder lock refuses otherwise). Then start the
// server with DATABASE_URL set to that database.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { openPglite, openPostgres } from '../db/client.js';
import { copyToPostgres } from '../db/copy-to-postgres.js';
import { PGDATA } from '../db/data-dir.js';

async function main() {
  const config = loadConfig();
  const target = process.argv[2] ?? config.databaseUrl;
  if (!target) throw new Error('Usage: npm run db:copy-to-postgres -- postgres://user:password@host:5432/database   (or set DATABASE_URL)');
  if (!fs.existsSync(path.join(config.dataDir, PGDATA))) throw new Error(`There is no embedded database in ${config.dataDir} (DATA_DIR).`);
  const source = await openPglite(config.dataDir);
  try {
    await source.migrate();
    const destination = openPostgres(target, 1);
    try {
      await destination.migrate();
    } finally {
      await destination.close();
    }
    const report = await copyToPostgres(source, target, (line) => console.log(`  ${line}`));
    const rows = Object.values(report.tables).reduce((a, b) => a + b, 0);
    console.log(`Copied ${rows} rows in ${Object.keys(report.tables).length} tables from ${config.dataDir} to PostgreSQL; sequences set. Start the server with DATABASE_URL set to that database.`);
  } finally {
    await source.close();
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
