// The database triggers of the tables in prepaid.table.ts (and the trigger functions this module owns), as the
// migrations create them: drizzle-kit writes no trigger, so each is also in a hand-written migration (apps/api/drizzle),
// and scripts/migration-triggers.test.mjs checks the two agree (docs/decisions/038-module-front-doors.md).
// A function's text is its last definition in the migrations.
export const prepaidTriggers: readonly string[] = [
  // studio_kept_deposit_credit (0041_booking_kept_credit_not_income.sql)
  `CREATE FUNCTION studio_kept_deposit_credit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE booking integer := CASE WHEN TG_TABLE_NAME = 'bridal_bookings' THEN NEW.id END;
BEGIN
  IF NEW.client_id IS NOT NULL AND NEW.amount_paid > 0 AND NEW.deposit_outcome = 'kept' AND OLD.deposit_outcome IS DISTINCT FROM 'kept' THEN
    INSERT INTO prepaid_lines (client_id, kind, amount, business_date, note, booking_id)
    VALUES (NEW.client_id, 'kept', NEW.amount_paid, coalesce(NEW.settled_on, current_date), TG_ARGV[0] || ' #' || NEW.id || ': deposit kept as credit', booking);
  ELSIF OLD.client_id IS NOT NULL AND OLD.amount_paid > 0 AND OLD.deposit_outcome = 'kept' AND NEW.deposit_outcome IS DISTINCT FROM 'kept' THEN
    INSERT INTO prepaid_lines (client_id, kind, amount, business_date, note, booking_id)
    VALUES (OLD.client_id, 'adjusted', -OLD.amount_paid, current_date, TG_ARGV[0] || ' #' || OLD.id || ': no longer kept as credit', booking);
  END IF;
  RETURN NULL;
END $$;`,
  // gift_vouchers_link_client on gift_vouchers (0040_prepaid_value.sql)
  `CREATE TRIGGER gift_vouchers_link_client BEFORE INSERT OR UPDATE OF buyer_phone ON gift_vouchers FOR EACH ROW EXECUTE FUNCTION studio_link_client('buyer_name', 'buyer_phone');`,
  // daily_totals_insert on prepaid_lines (0041_booking_kept_credit_not_income.sql)
  `CREATE TRIGGER daily_totals_insert AFTER INSERT ON prepaid_lines REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_kept_booking();`,
  // daily_totals_update on prepaid_lines (0041_booking_kept_credit_not_income.sql)
  `CREATE TRIGGER daily_totals_update AFTER UPDATE ON prepaid_lines REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_kept_booking();`,
  // daily_totals_delete on prepaid_lines (0041_booking_kept_credit_not_income.sql)
  `CREATE TRIGGER daily_totals_delete AFTER DELETE ON prepaid_lines REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_kept_booking();`,
];
