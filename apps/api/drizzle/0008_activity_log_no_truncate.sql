-- The activity log is append-only (0001 refuses UPDATE and DELETE row by row). TRUNCATE fires no row
-- trigger, so it is refused by a statement-level one: nothing the app's database role can run erases it.
CREATE TRIGGER activity_log_no_truncate BEFORE TRUNCATE ON activity_log
  FOR EACH STATEMENT EXECUTE FUNCTION activity_log_refuse_change();
