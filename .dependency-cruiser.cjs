// Import boundaries (style.md, docs/decisions/019-one-way-layers.md), checked by dependency-cruiser in `npm run lint`:
//   npx depcruise packages/shared/src apps/api/src apps/web/src
// Layers flow one way. API: tables < db < plugins < crud < resources, features < app/server/scripts
// (each folder's README.md says what lives there and what it may import). Web: lib, crud < features < app.
// No import cycles anywhere, `import type` included. scripts/boundaries.test.mjs plants a breach of every rule
// in a scratch tree and checks that it fires (and that the allowed imports beside it pass).

const API = '^apps/api/src/';
// a table: a *.table.ts file wherever it lives, or the column and table builders in db/
const TABLE = '(\\.table\\.ts$|^apps/api/src/db/columns\\.ts$)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'No import cycles, type-only imports included: a cycle is a layer that is not one way (and, at runtime, a module used before it is initialised).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-unresolvable',
      comment: 'Every import resolves: an import the checker cannot follow is one no rule can see.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    // ---- packages and apps
    { name: 'shared-stays-independent', severity: 'error', from: { path: '^packages/shared/' }, to: { path: '^apps/' } },
    { name: 'web-never-imports-the-api', severity: 'error', from: { path: '^apps/web/' }, to: { path: '^apps/api/' } },
    { name: 'api-never-imports-the-web', severity: 'error', from: { path: '^apps/api/' }, to: { path: '^apps/web/' } },
    // ---- web
    { name: 'web-lib-and-crud-below-features-and-app', severity: 'error', from: { path: '^apps/web/src/(lib|crud)/' }, to: { path: '^apps/web/src/(features|app)/' } },
    { name: 'web-features-below-app', severity: 'error', from: { path: '^apps/web/src/features/' }, to: { path: '^apps/web/src/app/' } },
    {
      name: 'web-features-never-import-another-feature',
      comment: 'Move what two features share to lib/ or crud/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    // ---- API: tables are the bottom layer
    {
      name: 'api-tables-import-only-tables',
      comment: 'A table (and the column and ledger-table builders in db/) imports drizzle, @studio/shared and other tables only: never crud/, plugins/ or a service, so loading the schema never loads the engine.',
      severity: 'error',
      from: { path: TABLE },
      to: { path: API, pathNot: TABLE },
    },
    {
      name: 'api-db-below-everything',
      comment: 'db/ (connection, columns, table builders, the schema barrel, backups) imports only db/, config.ts and tables.',
      severity: 'error',
      from: { path: '^apps/api/src/db/' },
      to: { path: API, pathNot: [TABLE, '^apps/api/src/db/', '^apps/api/src/config\\.ts$'] },
    },
    {
      name: 'api-plugins-below-crud-resources-and-features',
      comment: 'Plugins see the tables through db/schema, never the engine, a feature or a resource.',
      severity: 'error',
      from: { path: '^apps/api/src/plugins/' },
      to: { path: '^apps/api/src/(crud|features|resources)/', pathNot: '\\.table\\.ts$' },
    },
    {
      name: 'api-crud-reaches-resources-and-features-only-through-its-registry',
      comment: 'The engine knows the resources only through crud/registry.ts (the list of them).',
      severity: 'error',
      from: { path: '^apps/api/src/crud/', pathNot: '^apps/api/src/crud/registry\\.ts$' },
      to: { path: '^apps/api/src/(features|resources)/' },
    },
    {
      name: 'api-nothing-below-imports-the-entry-points',
      comment: 'app.ts, server.ts, cluster.ts and scripts/ sit on top: nothing in db, plugins, crud, resources or features imports them.',
      severity: 'error',
      from: { path: '^apps/api/src/(db|plugins|crud|resources|features)/' },
      to: { path: '^apps/api/src/(app|server|cluster)\\.ts$|^apps/api/src/scripts/' },
    },
    {
      name: 'api-resources-never-import-another-resource',
      comment: 'Only its table (a foreign key needs the other table), or the users types.',
      severity: 'error',
      from: { path: '^apps/api/src/resources/([^/]+)/' },
      to: { path: '^apps/api/src/resources/', pathNot: ['^apps/api/src/resources/$1/', '\\.table\\.ts$', '^apps/api/src/resources/users/'] },
    },
    {
      name: 'api-resources-import-users-types-only',
      severity: 'error',
      from: { path: '^apps/api/src/resources/', pathNot: '^apps/api/src/resources/users/' },
      to: { path: '^apps/api/src/resources/users/', pathNot: '\\.table\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'api-features-never-import-another-feature',
      comment:
        "Declared exceptions: a feature's tables; the dashboard shows the month's income and expense from the finance summaries, and the transfers waiting for a person from where they are declared (issue 17); a reminder run reads the studio's settings (its skip window); " +
        "the till's approval (pos only) is a sign-in against the studio's discount limit (docs/decisions/011-till-money-controls.md); " +
        "a sale's transfer flagged not received makes the sale owe it, through the one module that moves a sale's balance (docs/decisions/027-owed-sales-offline-restock.md); the tender registry (payments) knows the handlers of value paid before (prepaid.tenders.ts), which implement its handler type (docs/decisions/032-prepaid-value.md); a trainee's statement names her own dedicated account when she has one (own-account.ts, docs/decisions/036-paystack-dedicated-accounts.md).",
      severity: 'error',
      from: { path: '^apps/api/src/features/([^/]+)/', pathNot: '^apps/api/src/features/pos/' },
      to: { path: '^apps/api/src/features/', pathNot: ['^apps/api/src/features/$1/', '\\.table\\.ts$', '^apps/api/src/features/finances/finance-summaries\\.ts$', '^apps/api/src/features/transfers/transfers\\.service\\.ts$', '^apps/api/src/features/settings/settings\\.service\\.ts$', '^apps/api/src/features/pos/orders-balance\\.service\\.ts$', '^apps/api/src/features/payments/tender-handler\\.ts$', '^apps/api/src/features/prepaid/prepaid\\.tenders\\.ts$', '^apps/api/src/features/integrations/own-account\\.ts$'] },
    },
    {
      name: 'api-pos-imports-only-its-declared-features',
      severity: 'error',
      from: { path: '^apps/api/src/features/pos/' },
      to: {
        path: '^apps/api/src/features/',
        pathNot: [
          '^apps/api/src/features/pos/',
          '\\.table\\.ts$',
          '^apps/api/src/features/finances/finance-summaries\\.ts$',
          '^apps/api/src/features/auth/(login-throttle|check-credentials)\\.ts$',
          '^apps/api/src/features/settings/settings\\.service\\.ts$',
          // a sale, its void and its refunds take and give back each line through its method's handler (decision 032)
          '^apps/api/src/features/payments/tenders\\.ts$',
        ],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // `import type` counts: a type-only cycle is still a cycle
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.d.ts'],
    },
    // the resolver's cache across runs is not worth its files here: one run a lint
    cache: false,
  },
};
