// The database triggers of the tables in activity-log.table.ts (and the trigger functions this module owns), as the
// migrations create them: drizzle-kit writes no trigger, so each is also in a hand-written migration (apps/api/drizzle),
// and scripts/migration-triggers.test.mjs checks the two agree (docs/decisions/038-module-front-doors.md).
// A function's text is its last definition in the migrations.
export const activityLogTriggers: readonly string[] = [
  // activity_log_refuse_change (0031_erasure_holds_client.sql)
  `CREATE FUNCTION activity_log_refuse_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND coalesce(current_setting('studio.erasing', true), '') = 'on'
     AND NEW.id = OLD.id AND NEW.action = OLD.action AND NEW.resource = OLD.resource
     AND NEW.record_id IS NOT DISTINCT FROM OLD.record_id AND NEW.user_id IS NOT DISTINCT FROM OLD.user_id
     AND NEW.user_name IS NOT DISTINCT FROM OLD.user_name AND NEW.created_at = OLD.created_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'activity_log is append-only';
END;
$$ LANGUAGE plpgsql;`,
  // activity_log_append_only on activity_log (0001_activity_log_append_only.sql)
  `CREATE TRIGGER activity_log_append_only BEFORE UPDATE OR DELETE ON activity_log
  FOR EACH ROW EXECUTE FUNCTION activity_log_refuse_change();`,
  // activity_log_no_truncate on activity_log (0008_activity_log_no_truncate.sql)
  `CREATE TRIGGER activity_log_no_truncate BEFORE TRUNCATE ON activity_log
  FOR EACH STATEMENT EXECUTE FUNCTION activity_log_refuse_change();`,
];
