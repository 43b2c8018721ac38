// The database triggers of the tables in finances.table.ts (and the trigger functions this module owns), as the
// migrations create them: drizzle-kit writes no trigger, so each is also in a hand-written migration (apps/api/drizzle),
// and scripts/migration-triggers.test.mjs checks the two agree (docs/decisions/038-module-front-doors.md).
// A function's text is its last definition in the migrations.
export const financesTriggers: readonly string[] = [
  // daily_totals_insert on finances (0019_daily_totals.sql)
  `CREATE TRIGGER daily_totals_insert AFTER INSERT ON finances REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_finances();`,
  // daily_totals_update on finances (0019_daily_totals.sql)
  `CREATE TRIGGER daily_totals_update AFTER UPDATE ON finances REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_finances();`,
  // daily_totals_delete on finances (0019_daily_totals.sql)
  `CREATE TRIGGER daily_totals_delete AFTER DELETE ON finances REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_finances();`,
];
