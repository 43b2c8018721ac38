#!/usr/bin/env node
// `npm run new:resource -- <name> --singular <Word> [--label <Words>] [--page <path>] [--menu <place>] [--staff]`
//
// Starts a resource the way docs/adding-a-resource.md describes, so nothing is forgotten: writes the shared
// declaration (with a fixture), the table, a plain module and the UI file, each with one `name` field to grow
// from, and registers it where the registries list resources: packages/shared/src/registry.ts and index.ts,
// apps/api/src/db/schema.ts and crud/registry.ts, apps/web/src/app/page-routes.ts (its route and menu place).
// What is left by hand is the resource itself: its fields in the three files it wrote (then `npm run db:generate`).
// Refuses to overwrite anything. `--root <dir>` works on another checkout (its test).
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
const [name] = args;

function fail(message) {
  console.error(`new:resource: ${message}`);
  process.exit(1);
}
if (!name || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) fail('give the resource name in kebab case, plural: `npm run new:resource -- suppliers --singular Supplier`');
if (!singular) fail('give the singular word: --singular Supplier');

const words = name.split('-');
const camel = words.map((w, i) => (i ? w[0].toUpperCase() + w.slice(1) : w)).join('');
const pascal = camel[0].toUpperCase() + camel.slice(1);
const snake = words.join('_');
const label = labelFlag ?? words.map((w) => w[0].toUpperCase() + w.slice(1)).join(' ');
const single = singular.replace(/\s+/g, '');
const singleCamel = single[0].toLowerCase() + single.slice(1);
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

create(
  `packages/shared/src/resources/${name}.ts`,
  `import { z } from 'zod';
import { defineResource } from '../crud/define-resource.js';
import { recordBase, text } from '../primitives.js';

export const ${singleCamel}Schema = z.object({
  ...recordBase,
  name: z.string(),
});
export type ${single} = z.infer<typeof ${singleCamel}Schema>;

export const ${singleCamel}InputSchema = z.object({
  name: text(100),
});

export const ${camel} = defineResource({
  name: '${name}',
  path: '/api/${name}',
  label: '${label}',
  singular: '${singular}',
  record: ${singleCamel}Schema,
  create: ${singleCamel}InputSchema,
  searchable: ['name'],
  sortable: ['name', 'created_at'],
  defaultSort: { field: 'name', order: 'asc' },
  roles: { read: '${role}', write: '${role}' },
  fixture: {
    examples: (n) => [{ name: \`Alpha ${singular} \${n}\` }, { name: \`Bravo ${singular} \${n}\` }, { name: \`Charlie ${singular} \${n}\` }],
  },
});
`,
);

create(
  `apps/api/src/resources/${name}/${name}.table.ts`,
  `import { pgTable, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns.js';

export const ${camel}Table = pgTable('${snake}', {
  id: idColumn(),
  name: varchar('name', { length: 100 }).notNull(),
  ...timestamps(),
});
`,
);

create(
  `apps/api/src/resources/${name}/${name}.module.ts`,
  `import { ${camel} } from '@studio/shared';
import { defineCrudModule } from '../../crud/define-crud-module.js';
import { ${camel}Table } from './${name}.table.js';

/** Plain CRUD: hooks, list conditions or routes of its own go here when it needs them (define-crud-module.ts). */
export const ${camel}Module = defineCrudModule({ resource: ${camel}, table: ${camel}Table });
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
change('apps/api/src/db/schema.ts', afterLast(/^export .* from '\.\.\/resources\//, `export { ${camel}Table } from '../resources/${name}/${name}.table.js';`), 'add the table to the schema');
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
and apps/web/src/features/${name}/${name}.ui.tsx; then \`npm run db:generate -- --name ${snake}\`.`);
