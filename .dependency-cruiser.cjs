// Import boundaries (style.md, docs/decisions/019-one-way-layers.md), checked by dependency-cruiser in `npm run lint`:
//   npx depcruise packages/shared/src apps/api/src apps/web/src
// Layers flow one way. API: tables < db < plugins < crud < resources, features < app/server/scripts
// (each folder's README.md says what lives there and what it may import). Web: lib, crud < features < app.
// Modules (a folder of features/ or resources/) meet only at their front doors, their index.ts (decision 038).
// No import cycles anywhere, `import type` included. scripts/boundaries.test.mjs plants a breach of every rule
// in a scratch tree and checks that it fires (and that the allowed imports beside it pass).

const API = '^apps/api/src/';
// a table: a *.table.ts file wherever it lives, or the column and table builders in db/
const TABLE = '(\\.table\\.ts$|^apps/api/src/db/columns\\.ts$)';
// a module of the API: one folder of features/ or resources/; its front door, index.ts
const MODULE = '^apps/api/src/(features|resources)/[^/]+/';
const FRONT_DOOR = '^apps/api/src/(features|resources)/[^/]+/index\\.ts$';

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
    // ---- API: modules meet at their front doors (docs/decisions/038-module-front-doors.md)
    {
      name: 'api-modules-meet-through-their-front-door',
      comment:
        "A module (a folder of features/ or resources/: the till, stock, clients, transfers, ...) is used by another only through its index.ts, " +
        'type imports included; its tables through db/schema.ts (a table itself imports the other table: a foreign key). What a module does not ' +
        'export there is its own, free to change. No cycle through the doors either (no-cycle, and madge in scripts/check-cycles.mjs).',
      severity: 'error',
      from: { path: '^apps/api/src/((features|resources)/[^/]+)/', pathNot: TABLE },
      to: { path: MODULE, pathNot: ['^apps/api/src/$1/', FRONT_DOOR] },
    },
    {
      name: 'api-entry-points-use-a-modules-front-door',
      comment:
        'app.ts, server.ts, cluster.ts, scripts/ and crud/registry.ts compose the modules: through their index.ts, and by the files that plug a module ' +
        'in: app.ts registers its routes (*.routes.ts), the registry lists its CRUD declaration (*.module.ts) and personal data (*.personal.ts).',
      severity: 'error',
      from: { path: '^apps/api/src/((app|server|cluster)\\.ts$|scripts/|crud/registry\\.ts$)' },
      to: { path: MODULE, pathNot: [FRONT_DOOR, TABLE, '\\.(routes|module|personal)\\.ts$'] },
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
