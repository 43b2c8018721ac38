// The database triggers of the tables in bridal-bookings.table.ts (and the trigger functions this module owns), as the
// migrations create them: drizzle-kit writes no trigger, so each is also in a hand-written migration (apps/api/drizzle),
// and scripts/migration-triggers.test.mjs checks the two agree (docs/decisions/038-module-front-doors.md).
// A function's text is its last definition in the migrations.
export const bridalBookingsTriggers: readonly string[] = [
  // bridal_bookings_link_client on bridal_bookings (0018_client_links.sql)
  `CREATE TRIGGER bridal_bookings_link_client BEFORE INSERT OR UPDATE OF phone ON bridal_bookings FOR EACH ROW EXECUTE FUNCTION studio_link_client('client_name', 'phone');`,
  // daily_totals_insert on bridal_booking_payments (0019_daily_totals.sql)
  `CREATE TRIGGER daily_totals_insert AFTER INSERT ON bridal_booking_payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('bookings');`,
  // daily_totals_update on bridal_booking_payments (0019_daily_totals.sql)
  `CREATE TRIGGER daily_totals_update AFTER UPDATE ON bridal_booking_payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('bookings');`,
  // daily_totals_delete on bridal_booking_payments (0019_daily_totals.sql)
  `CREATE TRIGGER daily_totals_delete AFTER DELETE ON bridal_booking_payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('bookings');`,
  // bridal_bookings_kept_credit on bridal_bookings (0040_prepaid_value.sql)
  `CREATE TRIGGER bridal_bookings_kept_credit AFTER UPDATE OF deposit_outcome ON bridal_bookings FOR EACH ROW EXECUTE FUNCTION studio_kept_deposit_credit('Bridal booking');`,
];
