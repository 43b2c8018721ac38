// The database triggers of the tables in appointments.table.ts (and the trigger functions this module owns), as the
// migrations create them: drizzle-kit writes no trigger, so each is also in a hand-written migration (apps/api/drizzle),
// and scripts/migration-triggers.test.mjs checks the two agree (docs/decisions/038-module-front-doors.md).
// A function's text is its last definition in the migrations.
export const appointmentsTriggers: readonly string[] = [
  // daily_totals_insert on appointment_payments (0019_daily_totals.sql)
  `CREATE TRIGGER daily_totals_insert AFTER INSERT ON appointment_payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('deposits');`,
  // daily_totals_update on appointment_payments (0019_daily_totals.sql)
  `CREATE TRIGGER daily_totals_update AFTER UPDATE ON appointment_payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('deposits');`,
  // daily_totals_delete on appointment_payments (0019_daily_totals.sql)
  `CREATE TRIGGER daily_totals_delete AFTER DELETE ON appointment_payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('deposits');`,
  // appointments_kept_credit on appointments (0040_prepaid_value.sql)
  `CREATE TRIGGER appointments_kept_credit AFTER UPDATE OF deposit_outcome ON appointments FOR EACH ROW EXECUTE FUNCTION studio_kept_deposit_credit('Appointment');`,
];
