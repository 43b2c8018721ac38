// The database triggers of the tables in trainees.table.ts (and the trigger functions this module owns), as the
// migrations create them: drizzle-kit writes no trigger, so each is also in a hand-written migration (apps/api/drizzle),
// and scripts/migration-triggers.test.mjs checks the two agree (docs/decisions/038-module-front-doors.md).
// A function's text is its last definition in the migrations.
export const traineesTriggers: readonly string[] = [
  // students_link_client on students (0018_client_links.sql)
  `CREATE TRIGGER students_link_client BEFORE INSERT OR UPDATE OF phone ON students FOR EACH ROW EXECUTE FUNCTION studio_link_client('name', 'phone');`,
  // office_students_link_client on office_students (0018_client_links.sql)
  `CREATE TRIGGER office_students_link_client BEFORE INSERT OR UPDATE OF phone ON office_students FOR EACH ROW EXECUTE FUNCTION studio_link_client('name', 'phone');`,
  // hostel_students_link_client on hostel_students (0018_client_links.sql)
  `CREATE TRIGGER hostel_students_link_client BEFORE INSERT OR UPDATE OF phone ON hostel_students FOR EACH ROW EXECUTE FUNCTION studio_link_client('name', 'phone');`,
  // daily_totals_insert on student_payments (0019_daily_totals.sql)
  `CREATE TRIGGER daily_totals_insert AFTER INSERT ON student_payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('fees');`,
  // daily_totals_update on student_payments (0019_daily_totals.sql)
  `CREATE TRIGGER daily_totals_update AFTER UPDATE ON student_payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('fees');`,
  // daily_totals_delete on student_payments (0019_daily_totals.sql)
  `CREATE TRIGGER daily_totals_delete AFTER DELETE ON student_payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('fees');`,
  // daily_totals_insert on office_student_payments (0019_daily_totals.sql)
  `CREATE TRIGGER daily_totals_insert AFTER INSERT ON office_student_payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('fees');`,
  // daily_totals_update on office_student_payments (0019_daily_totals.sql)
  `CREATE TRIGGER daily_totals_update AFTER UPDATE ON office_student_payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('fees');`,
  // daily_totals_delete on office_student_payments (0019_daily_totals.sql)
  `CREATE TRIGGER daily_totals_delete AFTER DELETE ON office_student_payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('fees');`,
  // daily_totals_insert on hostel_student_payments (0019_daily_totals.sql)
  `CREATE TRIGGER daily_totals_insert AFTER INSERT ON hostel_student_payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('fees');`,
  // daily_totals_update on hostel_student_payments (0019_daily_totals.sql)
  `CREATE TRIGGER daily_totals_update AFTER UPDATE ON hostel_student_payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('fees');`,
  // daily_totals_delete on hostel_student_payments (0019_daily_totals.sql)
  `CREATE TRIGGER daily_totals_delete AFTER DELETE ON hostel_student_payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('fees');`,
];
