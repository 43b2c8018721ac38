#!/usr/bin/env node
// Fails when the Drizzle schema has changes that no checked-in migration holds.
// Triggers are not in the schema drizzle-kit reads: scripts/migration-triggers.test.mjs checks the hand-written migrations
// create exactly those declared beside their tables (*.triggers.ts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const api = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/api');
const dirs = [path.join(api, 'drizzle'), path.join(api, 'drizzle/meta')];
const journal = path.join(api, 'drizzle/meta/_journal.json');
const journalText = fs.readFileSync(journal, 'utf8');
const before = dirs.map((d) => new Set(fs.readdirSync(d)));

const r = spawnSync('npx', ['drizzle-kit', 'generate', '--name', 'stale_check'], { cwd: api, encoding: 'utf8' });
const added = dirs.flatMap((d, i) => fs.readdirSync(d).filter((f) => !before[i].has(f)).map((f) => path.join(d, f)));
// the check never leaves anything behind
for (const f of added) fs.rmSync(f, { force: true });
fs.writeFileSync(journal, journalText);

if (r.status !== 0) {
  console.error(r.stdout, r.stderr);
  process.exit(1);
}
if (added.length) {
  console.error('Migrations are stale: the schema changed without a migration. Run `npm run db:generate` and commit the result.');
  process.exit(1);
}
console.log('migrations: up to date');
