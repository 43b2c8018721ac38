// `npm run backup:verify -- FILE [--legacy]`: checks a backup without touching any data. An embedded-database backup
// is unpacked into a temporary folder (gzip checks every byte of the archive as it goes), its manifest checked
// against its own checksum, its photos against theirs, the copy opened (its recovery runs there) and its rows
// compared with the manifest. A PostgreSQL backup (.pg.tar) is unpacked there too: its manifest, dump and photos
// checked against their checksums, the dump read through by pg_restore (schema and data) and its rows counted
// against the manifest (no database touched). A backup without a manifest (or with an earlier version's, without
// checksums), and an earlier version's bare .dump, are refused unless --legacy says it is an earlier version's:
// then what can be checked is. Exit 0: good.
import path from 'node:path';
import { dumpRowCounts, NO_MANIFEST, verifyPgliteBackup, verifyPostgresBackup, verifyPostgresDump } from '../db/backup.js';

async function main() {
  const args = process.argv.slice(2);
  const legacy = args.includes('--legacy');
  const arg = args.find((a) => !a.startsWith('--'));
  if (!arg) throw new Error('Usage: npm run backup:verify -- FILE [--legacy]   (--legacy: an earlier version\'s backup, without a manifest or its checksums)');
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
  if (file.endsWith('.dump')) {
    if (!legacy) throw new Error(`The backup failed its check: ${NO_MANIFEST}.`);
    const n = await verifyPostgresDump(file);
    const counts = await dumpRowCounts(file);
    console.log(`${file}: an earlier version's PostgreSQL backup (no manifest), readable (${n} entries); its rows cannot be compared with anything.`);
    for (const [t, rows] of Object.entries(counts)) console.log(`  ${t}: ${rows}`);
    return;
  }
  const check = file.endsWith('.pg.tar') ? await verifyPostgresBackup(file, { legacy }) : await verifyPgliteBackup(file, { legacy });
  const m = check.manifest;
  const uploads = m ? Object.keys(m.files).filter((p) => p.startsWith('uploads/')).length : 0;
  console.log(`${file}: ${m ? `app ${m.app_version}, ${m.database}, taken ${m.created_at}, ${uploads} uploaded files` : "an earlier version's backup (no manifest): it opens, but what it should hold is unknown"}`);
  for (const [t, n] of Object.entries(check.counts)) console.log(`  ${t}: ${n}${m && m.counts[t] !== undefined ? ` (manifest ${m.counts[t]})` : ''}`);
  if (check.problems.length) throw new Error(`The backup failed its check: ${check.problems.join('; ')}.`);
  console.log(m?.sha256 ? 'The backup is good.' : 'What an earlier version\'s backup lets be checked is good.');
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
