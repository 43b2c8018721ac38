#!/usr/bin/env node
// `npm run new:resource -- <name> --singular <Word> [--label <Words>] [--page <path>] [--menu <place>] [--staff] [--ledger <source>]`
// `npm run new:resource -- <name> --triggers` (after `npm run db:generate`: its ledger's daily-totals migration)
//
// Starts a resource the way docs/adding-a-resource.md describes, so nothing is forgotten: writes the shared
// declaration (with a fixture), the table, a plain module and the UI file, each with one `name` field to grow
// from, and registers it where the registries list resources: packages/shared/src/registry.ts and index.ts,
// apps/api/src/db/schema.ts and crud/registry.ts, apps/web/src/app/page-routes.ts (its route and menu place).
// What is left by hand is the resource itself: its fields in the three files it wrote (then `npm run db:generate`).
// `--ledger <source>` (fees, bookings, deposits, or a new word) gives it a price and a payment ledger: the declaration's
// `ledger` and `totals`, `ledgerColumns` and a `<name>_payments` table, the module's `ledger`, and the ledger's
// daily-totals triggers (which drizzle-kit does not write) in `<name>.daily-totals.sql` beside the table;
// `--triggers` then puts them in a custom migration after the table's (drizzle-kit generate --custom).
// Refuses to overwrite anything. `--root <dir>` works on another checkout (its test).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const value = args[i + 1];
  args.splice(i, 2);
  return value;
};
const has = (name) => {
  const i = args.indexOf(`--${name}`);
  if (i >= 0) args.splice(i, 1);
  return i >= 0;
};
const root = path.resolve(flag('root') ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
const singular = flag('singular');
const labelFlag = flag('label');
const pageFlag = flag('page');
const menu = flag('menu') ?? 'Settings';
const staff = has('staff');
const ledgerSource = flag('ledger');
const triggersOnly = has('triggers');
const [name] = args;

function fail(message) {
  console.error(`new:resource: ${message}`);
  process.exit(1);
}
if (!name || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) fail('give the resource name in kebab case, plural: `npm run new:resource -- suppliers --singular Supplier`');
if (ledgerSource !== undefined && !/^[a-z][a-z_]{1,19}$/.test(ledgerSource)) fail('give the ledger\'s daily-totals source as one word: --ledger bookings');
if (!singular && !triggersOnly) fail('give the singular word: --singular Supplier');

const words = name.split('-');
const camel = words.map((w, i) => (i ? w[0].toUpperCase() + w.slice(1) : w)).join('');
const pascal = camel[0].toUpperCase() + camel.slice(1);
const snake = words.join('_');
const label = labelFlag ?? words.map((w) => w[0].toUpperCase() + w.slice(1)).join(' ');
const single = (singular ?? '').replace(/\s+/g, '');
const singleCamel = single ? single[0].toLowerCase() + single.slice(1) : camel;
const singleSnake = (singular ?? '').trim().toLowerCase().replace(/\s+/g, '_');
const pagePath = pageFlag ?? `/settings/${name}`;
const role = staff ? 'staff' : 'admin';

const file = (rel) => path.join(root, rel);
const read = (rel) => fs.readFileSync(file(rel), 'utf8');
const planned = [];
function create(rel, text) {
  if (fs.existsSync(file(rel))) fail(`${rel} exists already`);
  planned.push(() => {
    fs.mkdirSync(path.dirname(file(rel)), { recursive: true });
    fs.writeFileSync(file(rel), text);
  });
}
/** `rel` with `edit` applied; fails when the edit finds nothing to change (the file's layout moved on). */
function change(rel, edit, what) {
  const before = read(rel);
  const after = edit(before);
  if (after === before) fail(`could not ${what} in ${rel}: add it by hand (docs/adding-a-resource.md)`);
  planned.push(() => fs.writeFileSync(file(rel), after));
}
/** Inserts `line` after the last line matching `pattern`. */
const afterLast = (pattern, line) => (text) => {
  const lines = text.split('\n');
  const i = lines.findLastIndex((l) => pattern.test(l));
  if (i < 0) return text;
  lines.splice(i + 1, 0, line);
  return lines.join('\n');
};

/**
 * The list's elements as line ranges, `lines[from]` to `lines[to - 1]`: an element spans lines until its brackets close
 * (`...outlets.map((o) => ({ ... }))` over six lines is one), so a new entry never lands inside another.
 */
function routeEntries(lines, from, to) {
  const entries = [];
  let depth = 0;
  let first = -1;
  for (let i = from; i < to; i++) {
    const code = lines[i].replace(/'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`|\/\/.*$/g, '');
    if (depth === 0 && first < 0 && code.trim()) first = i;
    for (const c of code) depth += '([{'.includes(c) ? 1 : ')]}'.includes(c) ? -1 : 0;
    if (depth === 0 && first >= 0) {
      entries.push({ first, last: i });
      first = -1;
    }
  }
  return entries;
}

/** The three statement triggers that count a payment ledger in the daily totals (drizzle/0019_daily_totals.sql). */
function dailyTotalsTriggers(table, source) {
  return [
    `-- ${table}: each payment and reversal counted in the daily totals under '${source}' (docs/decisions/018-daily-totals.md).`,
    `CREATE TRIGGER daily_totals_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('${source}');`,
    '--> statement-breakpoint',
    `CREATE TRIGGER daily_totals_update AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('${source}');`,
    '--> statement-breakpoint',
    `CREATE TRIGGER daily_totals_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('${source}');`,
    '',
  ].join('\n');
}

const triggersFile = `apps/api/src/resources/${name}/${name}.daily-totals.sql`;
if (triggersOnly) {
  // after `npm run db:generate -- --name <snake>`: a custom migration (drizzle-kit's own, so its journal knows it) that
  // holds the triggers written beside the table
  if (!fs.existsSync(file(triggersFile))) fail(`${triggersFile} is missing: only a resource made with --ledger has one`);
  const migrations = file('apps/api/drizzle');
  const before = new Set(fs.readdirSync(migrations));
  execFileSync('npx', ['drizzle-kit', 'generate', '--custom', '--name', `${snake}_daily_totals`], { cwd: file('apps/api'), stdio: 'inherit' });
  const made = fs.readdirSync(migrations).find((f) => !before.has(f) && f.endsWith(`_${snake}_daily_totals.sql`));
  if (!made) fail('drizzle-kit wrote no custom migration');
  fs.writeFileSync(path.join(migrations, made), fs.readFileSync(file(triggersFile), 'utf8'));
  console.log(`${name}: its ledger's daily-totals triggers are in apps/api/drizzle/${made}.`);
  process.exit(0);
}

const ledger = ledgerSource !== undefined;
create(
  `packages/shared/src/resources/${name}.ts`,
  `import { z } from 'zod';
import { defineResource } from '../crud/define-resource.js';
import { ${ledger ? 'money, ' : ''}recordBase, text } from '../primitives.js';

export const ${singleCamel}Schema = z.object({
  ...recordBase,
  name: z.string(),${ledger ? '\n  price: z.number(),\n  amount_paid: z.number(),\n  balance: z.number(),' : ''}
});
export type ${single} = z.infer<typeof ${singleCamel}Schema>;

export const ${singleCamel}InputSchema = z.object({
  name: text(100),${ledger ? '\n  price: money(),' : ''}
});

export const ${camel} = defineResource({
  name: '${name}',
  path: '/api/${name}',
  label: '${label}',
  singular: '${singular}',
  record: ${singleCamel}Schema,
  create: ${singleCamel}InputSchema,
  searchable: ['name'],
  sortable: ['name', ${ledger ? "'price', 'amount_paid', 'balance', " : ''}'created_at'],
  defaultSort: { field: 'name', order: 'asc' },${
    ledger
      ? "\n  totals: ['price', 'amount_paid', 'balance'],\n  // payments under each record: GET|POST {path}/{id}/payments; counted in the daily totals by its triggers\n  ledger: { charge: 'price', singular: 'Payment' },"
      : ''
  }
  roles: { read: '${role}', write: '${role}' },
  fixture: {
    examples: (n) => [${['Alpha', 'Bravo', 'Charlie'].map((w, i) => `{ name: \`${w} ${singular} \${n}\`${ledger ? `, price: ${(i + 1) * 10000}` : ''} }`).join(', ')}],
  },
});
`,
);

create(
  `apps/api/src/resources/${name}/${name}.table.ts`,
  `import { pgTable, varchar } from 'drizzle-orm/pg-core';
import { idColumn, ${ledger ? 'moneyColumn, ' : ''}timestamps } from '../../db/columns.js';${ledger ? "\nimport { ledgerColumns, ledgerTable } from '../../db/ledger.table.js';" : ''}

// a date column: date('day', { mode: 'string' }) (the shared schema's YYYY-MM-DD); a unique one: the module's \`unique\`
export const ${camel}Table = pgTable('${snake}', {
  id: idColumn(),
  name: varchar('name', { length: 100 }).notNull(),${ledger ? "\n  price: moneyColumn('price').notNull(),\n  // amount_paid, and balance generated as price - amount_paid\n  ...ledgerColumns('price')," : ''}
  ...timestamps(),
});${ledger ? `\n\n/** Its payments; each counted in the daily totals by the triggers in ${name}.daily-totals.sql. */\nexport const ${singleCamel}PaymentsTable = ledgerTable('${singleSnake}_payments', () => ${camel}Table.id);` : ''}
`,
);

create(
  `apps/api/src/resources/${name}/${name}.module.ts`,
  `import { ${camel} } from '@studio/shared';
import { defineCrudModule } from '../../crud/define-crud-module.js';
import { ${camel}Table${ledger ? `, ${singleCamel}PaymentsTable` : ''} } from './${name}.table.js';

/** Plain CRUD: hooks, list conditions or routes of its own go here when it needs them (define-crud-module.ts). */
export const ${camel}Module = defineCrudModule({ resource: ${camel}, table: ${camel}Table${ledger ? `, ledger: { table: ${singleCamel}PaymentsTable }` : ''} });
`,
);

create(
  `apps/web/src/features/${name}/${name}.ui.tsx`,
  `import { ${camel} } from '@studio/shared';
import { ResourceListPage } from '../../crud/resource-list-page';
import { defineResourceUi } from '../../crud/resource-ui';

/** ${label}: ${pagePath}. */
export const ${camel}Ui = defineResourceUi({
  resource: ${camel},
  columns: [{ key: 'name', label: 'Name', nowrap: true }],
  fields: [{ name: 'name', label: 'Name', kind: 'text', required: true }],
});

export function ${pascal}Page({ title }: { title: string }) {
  return <ResourceListPage ui={${camel}Ui} title={title} csv={{ name: '${name}' }} />;
}
`,
);

change(
  'packages/shared/src/registry.ts',
  (t) =>
    afterLast(/^import \{ \w+ \} from '\.\/resources\//, `import { ${camel} } from './resources/${name}.js';`)(t).replace(
      /(export const resources = \{[^}]*?)(\s*\} as const;)/,
      `$1, ${camel}$2`,
    ),
  'register the declaration',
);
change('packages/shared/src/index.ts', afterLast(/^export \* from '\.\/resources\//, `export * from './resources/${name}.js';`), 'export the declaration');
if (ledger) create(triggersFile, dailyTotalsTriggers(`${singleSnake}_payments`, ledgerSource));
change(
  'apps/api/src/db/schema.ts',
  afterLast(/^export .* from '\.\.\/resources\//, `export { ${camel}Table${ledger ? `, ${singleCamel}PaymentsTable` : ''} } from '../resources/${name}/${name}.table.js';`),
  'add the table to the schema',
);
change(
  'apps/api/src/crud/registry.ts',
  (t) =>
    afterLast(/^import \{ [\w, ]+ \} from '\.\.\/resources\//, `import { ${camel}Module } from '../resources/${name}/${name}.module.js';`)(t).replace(
      /(export const crudModules = \[[^\]]*?)(\] as unknown as CrudModule\[\];)/,
      `$1, ${camel}Module$2`,
    ),
  'serve the module',
);
change(
  'apps/web/src/app/page-routes.ts',
  (t) => {
    const withPage = afterLast(/^const \w+: Page = lazyPage\(/, `const ${pascal}: Page = lazyPage(() => import('../features/${name}/${name}.ui').then((m) => m.${pascal}Page));`)(t);
    const entry = `  { path: '${pagePath}', title: '${label}', access: '${role}', page: ${pascal}, menu: ${staff ? `both({ in: '${menu}' })` : `{ admin: { in: '${menu}' } }`} },`;
    // last in its menu group (links follow the list's order), else last of all
    const lines = withPage.split('\n');
    const start = lines.findIndex((l) => /^export const PAGE_ROUTES/.test(l));
    const end = lines.findIndex((l, i) => i > start && /^\];/.test(l));
    if (start < 0 || end < 0) return t;
    let at = end;
    for (const element of routeEntries(lines, start + 1, end)) {
      if (lines.slice(element.first, element.last + 1).some((l) => l.includes(`in: '${menu}'`))) at = element.last + 1;
    }
    lines.splice(at, 0, entry);
    return lines.join('\n');
  },
  'add its page and menu place',
);

for (const write of planned) write();
console.log(`${name}: declared, stored, served and shown at ${pagePath} (${role}, menu: ${menu}).
Next, by hand: its fields in packages/shared/src/resources/${name}.ts (schemas, fixture), apps/api/src/resources/${name}/${name}.table.ts
and apps/web/src/features/${name}/${name}.ui.tsx; then \`npm run db:generate -- --name ${snake}\`${
  ledger ? `, then \`npm run new:resource -- ${name} --triggers\` (its ledger's daily-totals triggers, ${triggersFile}, as a migration)` : ''
}.`);
