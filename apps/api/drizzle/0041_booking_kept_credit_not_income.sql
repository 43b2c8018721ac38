ALTER TABLE "prepaid_lines" ADD COLUMN "booking_id" integer;
--> statement-breakpoint
-- A bridal booking's deposit kept as the client's credit (decision 032): the line names the booking, so that the money,
-- income since it was paid (decision 026), leaves the bookings' income on the day it was kept and is income again only
-- when the credit is spent at the till. An appointment's deposit was never income until its check-out: no booking_id.
CREATE OR REPLACE FUNCTION studio_kept_deposit_credit() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
-- The daily totals follow (migration 0019's pattern: one statement-level upsert): a line naming a booking takes its
-- amount off the `bookings` source on its day, under the key `kept_as_credit`.
CREATE FUNCTION daily_totals_kept_booking() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d daily_totals_delta[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    d := d || array(SELECT row('bookings', business_date, 'kept_as_credit', 0, amount, 0)::daily_totals_delta FROM old_rows WHERE booking_id IS NOT NULL);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    d := d || array(SELECT row('bookings', business_date, 'kept_as_credit', 0, -amount, 0)::daily_totals_delta FROM new_rows WHERE booking_id IS NOT NULL);
  END IF;
  IF cardinality(d) > 0 THEN PERFORM daily_totals_add(d); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER daily_totals_insert AFTER INSERT ON prepaid_lines REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_kept_booking();
--> statement-breakpoint
CREATE TRIGGER daily_totals_update AFTER UPDATE ON prepaid_lines REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_kept_booking();
--> statement-breakpoint
CREATE TRIGGER daily_totals_delete AFTER DELETE ON prepaid_lines REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_kept_booking();
--> statement-breakpoint
-- daily_totals_recount (migration 0035) with the kept bookings' lines
CREATE OR REPLACE FUNCTION daily_totals_recount() RETURNS SETOF daily_totals LANGUAGE plpgsql STABLE AS $$
DECLARE
  parts text := $q$
    SELECT 'sale' AS source, business_date AS day, outlet::text AS key, count(*)::int AS count, sum(total) AS amount, sum(change) AS extra
      FROM orders WHERE status = 'paid' GROUP BY business_date, outlet
    UNION ALL
    SELECT 'staff', business_date, outlet || ':' || staff_id, count(*)::int, sum(total), 0 FROM orders WHERE status = 'paid' GROUP BY business_date, outlet, staff_id
    UNION ALL
    SELECT 'product', o.business_date, i.product_id::text, sum(i.quantity)::int, sum(i.total), sum(i.cost_price * i.quantity)
      FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.status = 'paid' GROUP BY o.business_date, i.product_id
    UNION ALL
    SELECT 'method', o.business_date, o.outlet || ':' || p.method, count(*)::int, sum(p.amount), 0
      FROM order_payments p JOIN orders o ON o.id = p.order_id WHERE o.status = 'paid' GROUP BY o.business_date, o.outlet, p.method
    UNION ALL
    SELECT type, date, category, count(*)::int, sum(amount), 0 FROM finances GROUP BY type, date, category
    UNION ALL
    SELECT 'sale', r.business_date, r.outlet::text, 0, -sum(i.amount), 0
      FROM order_refund_items i JOIN order_refunds r ON r.id = i.refund_id GROUP BY r.business_date, r.outlet
    UNION ALL
    SELECT 'staff', r.business_date, r.outlet || ':' || o.staff_id, 0, -sum(i.amount), 0
      FROM order_refund_items i JOIN order_refunds r ON r.id = i.refund_id JOIN orders o ON o.id = r.order_id GROUP BY r.business_date, r.outlet, o.staff_id
    UNION ALL
    SELECT 'product', r.business_date, i.product_id::text, -sum(i.quantity)::int, -sum(i.amount), -sum(i.cost_price * i.quantity)
      FROM order_refund_items i JOIN order_refunds r ON r.id = i.refund_id GROUP BY r.business_date, i.product_id
    UNION ALL
    SELECT 'method', r.business_date, r.outlet || ':' || r.method, 0, -sum(i.amount), 0
      FROM order_refund_items i JOIN order_refunds r ON r.id = i.refund_id GROUP BY r.business_date, r.outlet, r.method
    UNION ALL
    SELECT 'refund', r.business_date, r.outlet::text, count(DISTINCT r.id)::int, sum(i.amount), 0
      FROM order_refund_items i JOIN order_refunds r ON r.id = i.refund_id GROUP BY r.business_date, r.outlet
    UNION ALL
    SELECT 'sale', b.date, o.outlet::text, 0, sum(b.amount), 0
      FROM order_balance_payments b JOIN orders o ON o.id = b.parent_id GROUP BY b.date, o.outlet
    UNION ALL
    SELECT 'method', b.date, o.outlet || ':' || b.method, 0, sum(b.amount), 0
      FROM order_balance_payments b JOIN orders o ON o.id = b.parent_id GROUP BY b.date, o.outlet, b.method
    UNION ALL
    SELECT 'bookings', business_date, 'kept_as_credit', 0, -sum(amount), 0 FROM prepaid_lines WHERE booking_id IS NOT NULL GROUP BY business_date$q$;
  l record;
BEGIN
  FOR l IN
    SELECT DISTINCT c.relname AS tbl, encode(substring(t.tgargs FROM 1 FOR position('\000'::bytea IN t.tgargs) - 1), 'escape') AS source
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc f ON f.oid = t.tgfoid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE f.proname = 'daily_totals_ledger' AND n.nspname = current_schema()
     ORDER BY 1
  LOOP
    parts := parts || format(' UNION ALL SELECT %L, date, %L, count(*)::int, sum(amount), 0 FROM %I GROUP BY date', l.source, l.tbl, l.tbl);
  END LOOP;
  RETURN QUERY EXECUTE format($q$
    SELECT g.grain::varchar(1), d.source::varchar(20), g.day, d.key::varchar(80), sum(d.count)::int, sum(d.amount)::numeric(18,2), sum(d.extra)::numeric(18,2)
      FROM (%s) d
     CROSS JOIN LATERAL (VALUES ('d', d.day), ('m', d.day - (extract(day FROM d.day)::int - 1))) g(grain, day)
     WHERE g.grain = 'm' OR d.source <> 'product'
     GROUP BY g.grain, d.source, g.day, d.key
    HAVING sum(d.count) <> 0 OR sum(d.amount) <> 0 OR sum(d.extra) <> 0$q$, parts);
END $$;
