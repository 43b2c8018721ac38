// `npm run backup:verify -- FILE`: checks a backup without touching any data. An embedded-database backup is
// unpacked into a temporary folder, opened (its recovery runs there) and its rows compared with its manifest, its
// photos with their checksums. A PostgreSQL backup (.pg.tar) is unpacked there too: its photos checked, its dump
// read through by pg_restore and its rows counted from the data against the manifest (no database touched). An
// earlier version's bare .dump has no manifest: read through and counted. Exit 0: good.
import path from 'node:path';
import { dumpRowCounts, verifyPgliteBackup, verifyPostgresBackup, verifyPostgresDump } from '../db/backup.js';

async function main() {
  const arg = process.argv[2];
  if (!arg) throw new Error('Usage: npm run backup:verify -- FILE');
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
  if (file.endsWith('.dump')) {
    const n = await verifyPostgresDump(file);
    const counts = await dumpRowCounts(file);
    console.log(`${file}: an earlier version's PostgreSQL backup (no manifest), readable (${n} entries).`);
    for (const [t, rows] of Object.entries(counts)) console.log(`  ${t}: ${rows}`);
    return;
  }
  const check = file.endsWith('.pg.tar') ? await verifyPostgresBackup(file) : await verifyPgliteBackup(file);
  const m = check.manifest;
  console.log(`${file}: ${m ? `app ${m.app_version}, ${m.database}, taken ${m.created_at}, ${Object.keys(m.files).length} uploaded files` : "an earlier version's backup (no manifest)"}`);
  for (const [t, n] of Object.entries(check.counts)) console.log(`  ${t}: ${n}${m && m.counts[t] !== undefined ? ` (manifest ${m.counts[t]})` : ''}`);
  if (check.problems.length) throw new Error(`The backup failed its check: ${check.problems.join('; ')}.`);
  console.log('The backup is good.');
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
