// Front door of resources/commission-rules: commission rules.
// Other modules import it only from here, and its tables from db/schema.ts (docs/decisions/038-module-front-doors.md).
// Nothing of it is used by another module: app.ts registers its routes, crud/registry.ts its CRUD declaration.
export {};
