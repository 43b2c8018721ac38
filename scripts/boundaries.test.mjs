// The import rules of .dependency-cruiser.cjs (run by `npm run lint`), each shown firing: a scratch tree laid out
// like the repo holds, for every rule, a planted breach and an allowed import beside it; one cruise with the
// repo's own config must report exactly the breaches. (`npm run lint` itself shows the repo passes.)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { cruise } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const config = require('../.dependency-cruiser.cjs');

/** [rule that must fire, or null for an allowed import; importing file; import statement]. */
const CASES = [
  // cycles, type-only included (the web's api-client <-> error-notifier was one)
  ['no-cycle', 'apps/web/src/lib/a-client.ts', "import type { Note } from './a-notifier';"],
  ['no-cycle', 'apps/web/src/lib/a-notifier.ts', "import { client } from './a-client';"],
  ['no-unresolvable', 'apps/web/src/lib/lost.ts', "import { gone } from './not-there';"],
  // packages and apps
  ['shared-stays-independent', 'packages/shared/src/bad.ts', "export * from '../../../apps/api/src/app.js';"],
  ['web-never-imports-the-api', 'apps/web/src/lib/bad-api.ts', "import { x } from '../../../api/src/config.js';"],
  ['api-never-imports-the-web', 'apps/api/src/features/pos/bad-web.ts', "import { x } from '../../../../web/src/lib/config';"],
  [null, 'apps/web/src/lib/ok-shared.ts', "import { x } from '../../../../packages/shared/src/index';"],
  // web layers
  ['web-lib-and-crud-below-features-and-app', 'apps/web/src/lib/bad-up.ts', "import { a } from '../features/auth/login.page';"],
  ['web-lib-and-crud-below-features-and-app', 'apps/web/src/crud/bad-up.ts', "import { a } from '../app/router';"],
  ['web-features-below-app', 'apps/web/src/features/pos/bad-up.ts', "import { a } from '../../app/router';"],
  ['web-features-never-import-another-feature', 'apps/web/src/features/pos/bad-sibling.ts', "import { x } from '../users/users.ui';"],
  [null, 'apps/web/src/features/users/ok-down.ts', "import { a } from '../../crud/resource-list-page';\nimport { b } from './users.ui';"],
  [null, 'apps/web/src/app/ok-lazy.ts', "export const P = () => import('../features/users/users.ui');"],
  // API: tables at the bottom (the ledger table builder once lived in crud/ledger.ts: a cycle through db/schema)
  ['api-tables-import-only-tables', 'apps/api/src/resources/bookings/bookings.table.ts', "import { ledgerTable } from '../../crud/ledger.js';"],
  ['api-tables-import-only-tables', 'apps/api/src/features/pos/bad.table.ts', "import { invalidField } from '../../plugins/errors.js';"],
  ['api-tables-import-only-tables', 'apps/api/src/db/columns.ts', "import type { Db } from './client.js';"],
  [null, 'apps/api/src/resources/trainees/trainees.table.ts', "import { ledgerTable } from '../../db/ledger.table.js';\nimport { usersTable } from '../users/users.table.js';\nimport { idColumn } from '../../db/columns.js';"],
  ['api-db-below-everything', 'apps/api/src/db/bad-up.ts', "import { hashPassword } from '../features/auth/passwords.js';"],
  ['api-db-below-everything', 'apps/api/src/db/bad-plugin.ts', "import type { UserRow } from '../plugins/auth.js';"],
  [null, 'apps/api/src/db/schema.ts', "export { usersTable } from '../resources/users/users.table.js';\nexport { activityLogTable } from '../plugins/activity-log.table.js';"],
  [null, 'apps/api/src/db/open.ts', "import { loadConfig } from '../config.js';\nimport { db } from './client.js';"],
  ['api-plugins-below-crud-resources-and-features', 'apps/api/src/plugins/auth.ts', "import { x } from '../resources/users/users.routes.js';"],
  ['api-plugins-below-crud-resources-and-features', 'apps/api/src/plugins/registry.ts', "import { x } from '../features/pos/orders.routes.js';"],
  ['api-plugins-below-crud-resources-and-features', 'apps/api/src/plugins/bad-crud.ts', "import type { CrudModule } from '../crud/define-crud-module.js';"],
  [null, 'apps/api/src/plugins/activity-log.ts', "import { usersTable } from '../db/schema.js';\nimport { notFound } from './errors.js';"],
  ['api-crud-reaches-resources-and-features-only-through-its-registry', 'apps/api/src/crud/list-query.ts', "import { u } from '../resources/users/users.module.js';"],
  ['api-crud-reaches-resources-and-features-only-through-its-registry', 'apps/api/src/crud/define-crud-module.ts', "import type { Order } from '../features/pos/orders.service.js';"],
  [null, 'apps/api/src/crud/registry.ts', "import { usersModule } from '../resources/users/users.module.js';"],
  [null, 'apps/api/src/crud/ledger.ts', "import { recordActivity } from '../plugins/activity-log.js';\nimport type { LedgerTable } from '../db/ledger.table.js';"],
  ['api-nothing-below-imports-the-entry-points', 'apps/api/src/features/activity/bad-app.ts', "import { buildApp } from '../../app.js';"],
  ['api-nothing-below-imports-the-entry-points', 'apps/api/src/resources/products/bad-script.ts', "import { seed } from '../../scripts/seed-demo.js';"],
  [null, 'apps/api/src/scripts/seed-demo.ts', "import { buildApp } from '../app.js';\nimport { addLedgerLine } from '../crud/ledger.js';"],
  // API: modules meet at their front doors (decision 038): another module's index.ts, its tables through db/schema.ts
  ['api-modules-meet-through-their-front-door', 'apps/api/src/features/dashboard/bad-reach.ts', "import { dayClose } from '../pos/day-close.service.js';"],
  ['api-modules-meet-through-their-front-door', 'apps/api/src/features/pos/bad-stock.ts', "import { changeStock } from '../../resources/products/stock.js';"],
  ['api-modules-meet-through-their-front-door', 'apps/api/src/resources/appointments/bad-reach.ts', "import { createOrder } from '../../features/pos/orders.service.js';"],
  ['api-modules-meet-through-their-front-door', 'apps/api/src/resources/products/bad-sibling.ts', "import { x } from '../bridal-packages/bridal-packages.module.js';"],
  ['api-modules-meet-through-their-front-door', 'apps/api/src/resources/products/bad-types.ts', "import type {\n  UserRow,\n} from '../users/users.routes.js';"],
  ['api-modules-meet-through-their-front-door', 'apps/api/src/features/dashboard/bad-table.ts', "import { ordersTable } from '../pos/orders.table.js';"],
  [
    null,
    'apps/api/src/features/dashboard/ok-doors.ts',
    "import { createOrder } from '../pos/index.js';\nimport type { Movement } from '../../resources/products/index.js';\nimport { ordersTable } from '../../db/schema.js';\nimport { summaries } from './dashboard.service.js';",
  ],
  [null, 'apps/api/src/resources/products/products.table.ts', "import { usersTable } from '../users/users.table.js';"],
  [null, 'apps/api/src/features/pos/discount-approval.ts', "import { checkCredentials } from '../auth/index.js';\nimport { createOrder } from './orders.service.js';"],
  ['api-entry-points-use-a-modules-front-door', 'apps/api/src/scripts/bad-seed.ts', "import { createOrder } from '../features/pos/orders.service.js';"],
  ['api-entry-points-use-a-modules-front-door', 'apps/api/src/cluster.ts', "import { assertEveryMethodHasTender } from './features/pos/tenders.js';"],
  [
    null,
    'apps/api/src/app.ts',
    "import { registerOrderRoutes } from './features/pos/orders.routes.js';\nimport { LoginThrottle } from './features/auth/index.js';",
  ],
  [null, 'apps/api/src/crud/registry.ts', "import { ordersClientOwned } from '../features/pos/orders.personal.js';"],
];

let tmp;
let found; // "rule from" strings

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
  const files = new Map();
  for (const [, from, text] of CASES) files.set(from, `${files.get(from) ?? ''}${text}\nexport const here = 1;\n`);
  // every import target exists (an empty module), except the one that must not resolve
  for (const [, from, text] of CASES) {
    for (const [, spec] of text.matchAll(/['"](\.[^'"]+)['"]/g)) {
      if (spec.includes('not-there')) continue;
      let target = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec)).replace(/\.js$/, '');
      if (!/\.(ts|tsx)$/.test(target)) target += '.ts';
      if (![...files.keys()].some((f) => f.replace(/\.tsx?$/, '') === target.replace(/\.tsx?$/, ''))) files.set(target, 'export const here = 1;\n');
    }
  }
  for (const [file, text] of files) {
    fs.mkdirSync(path.join(tmp, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(tmp, file), text);
  }
  const { tsConfig: _t, ...options } = config.options;
  const cwd = process.cwd();
  process.chdir(tmp); // paths in the rules are relative to the cruise's working directory
  try {
    const result = await cruise(['packages', 'apps'], { ...options, validate: true, ruleSet: { forbidden: config.forbidden } }, { extensions: options.enhancedResolveOptions.extensions });
    found = result.output.summary.violations.map((v) => `${v.rule.name} ${v.from}`);
  } finally {
    process.chdir(cwd);
  }
}, 120_000);

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('import boundaries (.dependency-cruiser.cjs)', () => {
  it('every rule of the config has a planted breach here', () => {
    const planted = new Set(CASES.map(([rule]) => rule).filter(Boolean));
    expect(config.forbidden.map((r) => r.name).filter((n) => !planted.has(n))).toEqual([]);
  });
  for (const rule of new Set(CASES.map(([r]) => r).filter(Boolean))) {
    it(`${rule} fires on each planted breach`, () => {
      const planted = CASES.filter(([r]) => r === rule).map(([, from]) => `${rule} ${from}`);
      // a cycle is reported once, from one of its files
      if (rule === 'no-cycle') expect(planted.some((p) => found.includes(p))).toBe(true);
      else for (const p of planted) expect(found).toContain(p);
    });
  }
  it('nothing else fires: the allowed imports beside the breaches pass', () => {
    const expected = CASES.filter(([r]) => r).map(([r, from]) => `${r} ${from}`);
    expect(found.filter((f) => !expected.includes(f))).toEqual([]);
  });
});
