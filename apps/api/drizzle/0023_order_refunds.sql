CREATE TABLE "order_refund_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_refund_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"refund_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"name" varchar(150) NOT NULL,
	"quantity" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"cost_price" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"outlet" varchar(10) NOT NULL,
	"business_date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"method" varchar(10) NOT NULL,
	"reference" varchar(100),
	"reason" varchar(255) NOT NULL,
	"staff_id" integer NOT NULL,
	"staff_name" varchar(100) NOT NULL,
	"approved_by" integer,
	"approved_by_name" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_refund_items" ADD CONSTRAINT "order_refund_items_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refund_items" ADD CONSTRAINT "order_refund_items_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refund_items" ADD CONSTRAINT "order_refund_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refund_items_refund_idx" ON "order_refund_items" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "order_refund_items_order_item_idx" ON "order_refund_items" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_refunds_outlet_day_idx" ON "order_refunds" USING btree ("outlet","business_date");--> statement-breakpoint
-- Partial refunds in daily_totals (issue 17, item 6; docs/decisions/015-*.md, 018-daily-totals.md). A refund line
-- takes its money off the sales of the day it was paid out (the outlet's `sale` row, the seller's `staff` row, the
-- `method` it went out by) and its units, money and cost off the product's month; `refund` rows keep what was
-- refunded (count of refunds, amount) apart, for the record. Refunds are append-only: their lines are counted as they
-- are inserted, and an order deleted outright takes its refunds off in daily_totals_order_deleted, before the cascade
-- removes them. `sign` 1 counts the lines, -1 takes them off again.
CREATE FUNCTION daily_totals_refund_deltas(item_ids integer[], sign integer) RETURNS SETOF daily_totals_delta LANGUAGE sql STABLE AS $$
  WITH l AS (
    SELECT r.id AS refund_id, r.business_date AS day, r.outlet, r.method, o.staff_id, i.product_id, i.quantity, i.amount, i.cost_price
      FROM order_refund_items i JOIN order_refunds r ON r.id = i.refund_id JOIN orders o ON o.id = r.order_id
     WHERE i.id = ANY(item_ids))
  SELECT row('sale', day, outlet, 0, -sign * amount, 0)::daily_totals_delta FROM l
  UNION ALL
  SELECT row('staff', day, outlet || ':' || staff_id, 0, -sign * amount, 0)::daily_totals_delta FROM l
  UNION ALL
  SELECT row('product', day, product_id::text, -sign * quantity, -sign * amount, -sign * cost_price * quantity)::daily_totals_delta FROM l
  UNION ALL
  SELECT row('method', day, outlet || ':' || method, 0, -sign * amount, 0)::daily_totals_delta FROM l
  UNION ALL
  SELECT row('refund', day, outlet, sign * count(DISTINCT refund_id)::int, sign * sum(amount), 0)::daily_totals_delta FROM l GROUP BY day, outlet
$$;
--> statement-breakpoint
CREATE FUNCTION daily_totals_order_refund_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM daily_totals_add(array(SELECT d FROM daily_totals_refund_deltas(array(SELECT id FROM new_rows), 1) d));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER daily_totals_insert AFTER INSERT ON order_refund_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_order_refund_items();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION daily_totals_order_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'paid' THEN
    PERFORM daily_totals_add(array(
      SELECT row('product', OLD.business_date, i.product_id::text, -i.quantity, -i.total, -(i.cost_price * i.quantity))::daily_totals_delta
        FROM order_items i WHERE i.order_id = OLD.id
      UNION ALL
      SELECT row('method', OLD.business_date, OLD.outlet || ':' || p.method, -1, -p.amount, 0)::daily_totals_delta
        FROM order_payments p WHERE p.order_id = OLD.id));
  END IF;
  -- its refunds, whatever its status
  PERFORM daily_totals_add(array(
    SELECT d FROM daily_totals_refund_deltas(array(SELECT i.id FROM order_refund_items i JOIN order_refunds r ON r.id = i.refund_id WHERE r.order_id = OLD.id), -1) d));
  RETURN OLD;
END $$;
--> statement-breakpoint
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
      FROM order_refund_items i JOIN order_refunds r ON r.id = i.refund_id GROUP BY r.business_date, r.outlet$q$;
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
