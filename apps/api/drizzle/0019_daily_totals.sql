CREATE TABLE "daily_totals" (
	"grain" varchar(1) NOT NULL,
	"source" varchar(20) NOT NULL,
	"day" date NOT NULL,
	"key" varchar(80) NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"extra" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "daily_totals_grain_source_day_key_pk" PRIMARY KEY("grain","source","day","key")
);
--> statement-breakpoint
-- Daily and monthly totals of what the studio took and spent (features/finances/daily-totals.table.ts;
-- docs/decisions/018-daily-totals.md), kept by the database in the writing transaction: statement-level triggers
-- with transition tables on every table that holds money (one upsert per statement: a sale, a void, a bulk
-- import alike), so every writer is counted without calling anything. Each trigger turns the rows a statement
-- wrote (+) and removed (-) into deltas; daily_totals_add nets them per row of the table and adds them to the
-- day's and the month's rows. daily_totals_recount() is the same figures from scratch.
CREATE TYPE daily_totals_delta AS (source varchar, day date, key varchar, count integer, amount numeric, extra numeric);
--> statement-breakpoint
-- One upsert: the day's row and the month's (products by month only), rows netting to nothing left alone, in one
-- fixed order (sale, staff, product, method, then the rest; grain, day, key) that every writer follows, so two
-- transactions never wait on each other's rows in opposite orders.
CREATE FUNCTION daily_totals_add(deltas daily_totals_delta[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO daily_totals AS t (grain, source, day, key, count, amount, extra)
  SELECT g.grain, d.source, g.day, d.key, sum(d.count)::int, sum(d.amount), sum(d.extra)
    FROM unnest(deltas) d
   CROSS JOIN LATERAL (VALUES ('d', d.day), ('m', d.day - (extract(day FROM d.day)::int - 1))) g(grain, day)
   WHERE g.grain = 'm' OR d.source <> 'product'
   GROUP BY d.source, g.grain, g.day, d.key
  HAVING sum(d.count) <> 0 OR sum(d.amount) <> 0 OR sum(d.extra) <> 0
   ORDER BY CASE d.source WHEN 'sale' THEN 1 WHEN 'staff' THEN 2 WHEN 'product' THEN 3 WHEN 'method' THEN 4 ELSE 5 END, d.source, g.grain, g.day, d.key
  ON CONFLICT (grain, source, day, key) DO UPDATE
    SET count = t.count + excluded.count, amount = t.amount + excluded.amount, extra = t.extra + excluded.extra
$$;
--> statement-breakpoint
-- Orders: a paid sale counts (per outlet, per seller). A change of status (a void), day, outlet, seller, total or
-- change moves the order's figures, its lines' and its payments' with it.
CREATE FUNCTION daily_totals_orders() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d daily_totals_delta[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    d := array(
      SELECT row('sale', business_date, outlet, 1, total, change)::daily_totals_delta FROM new_rows WHERE status = 'paid'
      UNION ALL
      SELECT row('staff', business_date, outlet || ':' || staff_id, 1, total, 0)::daily_totals_delta FROM new_rows WHERE status = 'paid');
  ELSIF TG_OP = 'DELETE' THEN
    -- the lines and payments of a deleted order were taken off before it went (daily_totals_order_deleted)
    d := array(
      SELECT row('sale', business_date, outlet, -1, -total, -change)::daily_totals_delta FROM old_rows WHERE status = 'paid'
      UNION ALL
      SELECT row('staff', business_date, outlet || ':' || staff_id, -1, -total, 0)::daily_totals_delta FROM old_rows WHERE status = 'paid');
  ELSE
    d := array(
      WITH changed AS (
        SELECT o.id, o.status AS o_status, o.business_date AS o_day, o.outlet AS o_outlet, o.staff_id AS o_staff, o.total AS o_total, o.change AS o_change,
               n.status AS n_status, n.business_date AS n_day, n.outlet AS n_outlet, n.staff_id AS n_staff, n.total AS n_total, n.change AS n_change
          FROM old_rows o JOIN new_rows n ON n.id = o.id
         WHERE (o.status, o.business_date, o.outlet, o.staff_id, o.total, o.change) IS DISTINCT FROM (n.status, n.business_date, n.outlet, n.staff_id, n.total, n.change)
      ), c AS (
        SELECT -1 AS s, id, o_day AS day, o_outlet AS outlet, o_staff AS staff_id, o_total AS total, o_change AS change FROM changed WHERE o_status = 'paid'
        UNION ALL
        SELECT 1, id, n_day, n_outlet, n_staff, n_total, n_change FROM changed WHERE n_status = 'paid'
      )
      SELECT row('sale', c.day, c.outlet, c.s, c.s * c.total, c.s * c.change)::daily_totals_delta FROM c
      UNION ALL
      SELECT row('staff', c.day, c.outlet || ':' || c.staff_id, c.s, c.s * c.total, 0)::daily_totals_delta FROM c
      UNION ALL
      SELECT row('product', c.day, i.product_id::text, c.s * i.quantity, c.s * i.total, c.s * i.cost_price * i.quantity)::daily_totals_delta
        FROM c JOIN order_items i ON i.order_id = c.id
      UNION ALL
      SELECT row('method', c.day, c.outlet || ':' || p.method, c.s, c.s * p.amount, 0)::daily_totals_delta
        FROM c JOIN order_payments p ON p.order_id = c.id);
  END IF;
  PERFORM daily_totals_add(d);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A deleted paid order's lines and payments come off while the order is still there to say where they counted
-- (the cascade deletes them after it, when their own trigger finds no order).
CREATE FUNCTION daily_totals_order_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'paid' THEN
    PERFORM daily_totals_add(array(
      SELECT row('product', OLD.business_date, i.product_id::text, -i.quantity, -i.total, -(i.cost_price * i.quantity))::daily_totals_delta
        FROM order_items i WHERE i.order_id = OLD.id
      UNION ALL
      SELECT row('method', OLD.business_date, OLD.outlet || ':' || p.method, -1, -p.amount, 0)::daily_totals_delta
        FROM order_payments p WHERE p.order_id = OLD.id));
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
-- A sale's lines, while its order is paid.
CREATE FUNCTION daily_totals_order_items() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d daily_totals_delta[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    d := d || array(SELECT row('product', o.business_date, i.product_id::text, -i.quantity, -i.total, -(i.cost_price * i.quantity))::daily_totals_delta
                      FROM old_rows i JOIN orders o ON o.id = i.order_id WHERE o.status = 'paid');
  END IF;
  IF TG_OP <> 'DELETE' THEN
    d := d || array(SELECT row('product', o.business_date, i.product_id::text, i.quantity, i.total, i.cost_price * i.quantity)::daily_totals_delta
                      FROM new_rows i JOIN orders o ON o.id = i.order_id WHERE o.status = 'paid');
  END IF;
  PERFORM daily_totals_add(d);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A sale's payments per method, while its order is paid.
CREATE FUNCTION daily_totals_order_payments() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d daily_totals_delta[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    d := d || array(SELECT row('method', o.business_date, o.outlet || ':' || p.method, -1, -p.amount, 0)::daily_totals_delta
                      FROM old_rows p JOIN orders o ON o.id = p.order_id WHERE o.status = 'paid');
  END IF;
  IF TG_OP <> 'DELETE' THEN
    d := d || array(SELECT row('method', o.business_date, o.outlet || ':' || p.method, 1, p.amount, 0)::daily_totals_delta
                      FROM new_rows p JOIN orders o ON o.id = p.order_id WHERE o.status = 'paid');
  END IF;
  PERFORM daily_totals_add(d);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Manual income and expense entries, per category.
CREATE FUNCTION daily_totals_finances() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d daily_totals_delta[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    d := d || array(SELECT row(type, date, category, -1, -amount, 0)::daily_totals_delta FROM old_rows);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    d := d || array(SELECT row(type, date, category, 1, amount, 0)::daily_totals_delta FROM new_rows);
  END IF;
  PERFORM daily_totals_add(d);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Any payment ledger (crud/ledger.ts: parent_id, amount, method, date, ...): its lines under the source named by
-- the trigger's argument (fees, bookings), keyed by the ledger's table; a reversal is a negative line. A new
-- ledger is counted by one CREATE TRIGGER (daily-totals.test.ts checks that every ledger has it).
CREATE FUNCTION daily_totals_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d daily_totals_delta[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    d := d || array(SELECT row(TG_ARGV[0], date, TG_TABLE_NAME, -1, -amount, 0)::daily_totals_delta FROM old_rows);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    d := d || array(SELECT row(TG_ARGV[0], date, TG_TABLE_NAME, 1, amount, 0)::daily_totals_delta FROM new_rows);
  END IF;
  PERFORM daily_totals_add(d);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER daily_totals_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_orders();
--> statement-breakpoint
CREATE TRIGGER daily_totals_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_orders();
--> statement-breakpoint
CREATE TRIGGER daily_totals_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_orders();
--> statement-breakpoint
CREATE TRIGGER daily_totals_deleting BEFORE DELETE ON orders FOR EACH ROW EXECUTE FUNCTION daily_totals_order_deleted();
--> statement-breakpoint
CREATE TRIGGER daily_totals_insert AFTER INSERT ON order_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_order_items();
--> statement-breakpoint
CREATE TRIGGER daily_totals_update AFTER UPDATE ON order_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_order_items();
--> statement-breakpoint
CREATE TRIGGER daily_totals_delete AFTER DELETE ON order_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_order_items();
--> statement-breakpoint
CREATE TRIGGER daily_totals_insert AFTER INSERT ON order_payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_order_payments();
--> statement-breakpoint
CREATE TRIGGER daily_totals_update AFTER UPDATE ON order_payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_order_payments();
--> statement-breakpoint
CREATE TRIGGER daily_totals_delete AFTER DELETE ON order_payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_order_payments();
--> statement-breakpoint
CREATE TRIGGER daily_totals_insert AFTER INSERT ON finances REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_finances();
--> statement-breakpoint
CREATE TRIGGER daily_totals_update AFTER UPDATE ON finances REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_finances();
--> statement-breakpoint
CREATE TRIGGER daily_totals_delete AFTER DELETE ON finances REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_finances();
--> statement-breakpoint
CREATE TRIGGER daily_totals_insert AFTER INSERT ON student_payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('fees');
--> statement-breakpoint
CREATE TRIGGER daily_totals_update AFTER UPDATE ON student_payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('fees');
--> statement-breakpoint
CREATE TRIGGER daily_totals_delete AFTER DELETE ON student_payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('fees');
--> statement-breakpoint
CREATE TRIGGER daily_totals_insert AFTER INSERT ON office_student_payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('fees');
--> statement-breakpoint
CREATE TRIGGER daily_totals_update AFTER UPDATE ON office_student_payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('fees');
--> statement-breakpoint
CREATE TRIGGER daily_totals_delete AFTER DELETE ON office_student_payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('fees');
--> statement-breakpoint
CREATE TRIGGER daily_totals_insert AFTER INSERT ON hostel_student_payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('fees');
--> statement-breakpoint
CREATE TRIGGER daily_totals_update AFTER UPDATE ON hostel_student_payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('fees');
--> statement-breakpoint
CREATE TRIGGER daily_totals_delete AFTER DELETE ON hostel_student_payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('fees');
--> statement-breakpoint
CREATE TRIGGER daily_totals_insert AFTER INSERT ON bridal_booking_payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('bookings');
--> statement-breakpoint
CREATE TRIGGER daily_totals_update AFTER UPDATE ON bridal_booking_payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('bookings');
--> statement-breakpoint
CREATE TRIGGER daily_totals_delete AFTER DELETE ON bridal_booking_payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('bookings');
--> statement-breakpoint
-- Appointment deposits (issue 21) are counted as income in the sale they are checked out into (orders.deposit is
-- part of its total): kept apart as `deposits`, which the finance summaries do not add to income.
CREATE TRIGGER daily_totals_insert AFTER INSERT ON appointment_payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('deposits');
--> statement-breakpoint
CREATE TRIGGER daily_totals_update AFTER UPDATE ON appointment_payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('deposits');
--> statement-breakpoint
CREATE TRIGGER daily_totals_delete AFTER DELETE ON appointment_payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_ledger('deposits');
--> statement-breakpoint
-- The same figures from scratch: the migration fills the table with it, db:copy-to-postgres refills it, and the
-- tests compare the kept rows with it. Ledgers are found by their daily_totals_ledger triggers.
CREATE FUNCTION daily_totals_recount() RETURNS SETOF daily_totals LANGUAGE plpgsql STABLE AS $$
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
    SELECT type, date, category, count(*)::int, sum(amount), 0 FROM finances GROUP BY type, date, category$q$;
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
--> statement-breakpoint
INSERT INTO daily_totals SELECT * FROM daily_totals_recount();
