// `npm run backup:verify -- FILE`: checks a backup without touching any data. An embedded-database backup is
// unpacked into a temporary folder, opened (its recovery runs there) and its rows compared with its manifest,
// its photos with their checksums; a PostgreSQL .dump is read through with pg_restore --list. Exit 0: good.
import path from 'node:path';
import { verifyPgliteBackup, verifyPostgresDump } from '../db/backup.js';

async function main() {
  const arg = process.argv[2];
  if (!arg) throw new Error('Usage: npm run backup:verify -- FILE');
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
  if (file.endsWith('.dump')) {
    const n = await verifyPostgresDump(file);
    console.log(`${file}: a readable PostgreSQL backup (${n} entries).`);
    return;
  }
  const check = await verifyPgliteBackup(file);
  const m = check.manifest;
  console.log(`${file}: ${m ? `app ${m.app_version}, ${m.database}, taken ${m.created_at}, ${Object.keys(m.files).length} uploaded files` : 'an earlier version\'s backup (no manifest)'}`);
  for (const [t, n] of Object.entries(check.counts)) console.log(`  ${t}: ${n}${m && m.counts[t] !== undefined ? ` (manifest ${m.counts[t]})` : ''}`);
  if (check.problems.length) throw new Error(`The backup failed its check: ${check.problems.join('; ')}.`);
  console.log('The backup is good.');
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
