-- The activity log is append-only: who did what, when, before and after, for the owner to read later.
CREATE OR REPLACE FUNCTION activity_log_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'activity_log is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER activity_log_append_only BEFORE UPDATE OR DELETE ON activity_log
  FOR EACH ROW EXECUTE FUNCTION activity_log_refuse_change();
