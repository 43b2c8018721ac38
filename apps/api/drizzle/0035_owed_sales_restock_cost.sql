CREATE TABLE "order_balance_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_balance_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parent_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"method" varchar(10) NOT NULL,
	"date" date NOT NULL,
	"note" text,
	"reverses_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" integer,
	"confirmed_by_name" varchar(100),
	"not_received_at" timestamp with time zone,
	"not_received_by" integer,
	"not_received_by_name" varchar(100),
	"not_received_reason" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "supplier_payables" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supplier_payables_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"supplier_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"method" varchar(10),
	"date" date NOT NULL,
	"note" varchar(255),
	"product_id" integer,
	"finance_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dues_reminders" DROP CONSTRAINT "dues_reminders_kind";--> statement-breakpoint
ALTER TABLE "finances" ADD COLUMN "method" varchar(10);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "request_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "balance" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_balance_payments" ADD CONSTRAINT "order_balance_payments_parent_id_orders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_balance_payments" ADD CONSTRAINT "order_balance_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_payables" ADD CONSTRAINT "supplier_payables_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_payables" ADD CONSTRAINT "supplier_payables_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_balance_payments_parent_idx" ON "order_balance_payments" USING btree ("parent_id","date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_balance_payments_reverses_unique" ON "order_balance_payments" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "order_balance_payments_date_idx" ON "order_balance_payments" USING btree ("date");--> statement-breakpoint
CREATE INDEX "order_balance_payments_unconfirmed_idx" ON "order_balance_payments" USING btree ("id") WHERE "order_balance_payments"."method" = 'transfer' and "order_balance_payments"."amount" > 0 and "order_balance_payments"."confirmed_at" is null and "order_balance_payments"."not_received_at" is null;--> statement-breakpoint
CREATE INDEX "order_balance_payments_not_received_idx" ON "order_balance_payments" USING btree ("date") WHERE "order_balance_payments"."not_received_at" is not null;--> statement-breakpoint
CREATE INDEX "supplier_payables_supplier_idx" ON "supplier_payables" USING btree ("supplier_id","id");--> statement-breakpoint
CREATE INDEX "orders_owing_idx" ON "orders" USING btree ("id") WHERE "orders"."balance" > 0 and "orders"."status" = 'paid';--> statement-breakpoint
ALTER TABLE "dues_reminders" ADD CONSTRAINT "dues_reminders_kind" CHECK ("dues_reminders"."kind" in ('student', 'office-student', 'hostel-student', 'booking', 'sale'));
--> statement-breakpoint
-- A sale's balance ledger in daily_totals (issue 28, item 3; docs/decisions/027-owed-sales-offline-restock.md). Each line
-- moves the outlet's `sale` row and its method's `method` row of the line's date: a transfer marked not received (a
-- negative line) leaves that day's income and its method, a payment taken later against the balance comes in on the
-- day it was taken, by its method. Lines are append-only; the update and delete triggers keep the rows right anyway.
CREATE FUNCTION daily_totals_order_balance() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d daily_totals_delta[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    d := d || array(SELECT row('sale', b.date, o.outlet, 0, -b.amount, 0)::daily_totals_delta FROM old_rows b JOIN orders o ON o.id = b.parent_id)
           || array(SELECT row('method', b.date, o.outlet || ':' || b.method, 0, -b.amount, 0)::daily_totals_delta FROM old_rows b JOIN orders o ON o.id = b.parent_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    d := d || array(SELECT row('sale', b.date, o.outlet, 0, b.amount, 0)::daily_totals_delta FROM new_rows b JOIN orders o ON o.id = b.parent_id)
           || array(SELECT row('method', b.date, o.outlet || ':' || b.method, 0, b.amount, 0)::daily_totals_delta FROM new_rows b JOIN orders o ON o.id = b.parent_id);
  END IF;
  PERFORM daily_totals_add(d);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER daily_totals_insert AFTER INSERT ON order_balance_payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_order_balance();
--> statement-breakpoint
CREATE TRIGGER daily_totals_update AFTER UPDATE ON order_balance_payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_order_balance();
--> statement-breakpoint
CREATE TRIGGER daily_totals_delete AFTER DELETE ON order_balance_payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_order_balance();
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
      FROM order_refund_items i JOIN order_refunds r ON r.id = i.refund_id GROUP BY r.business_date, r.outlet
    UNION ALL
    SELECT 'sale', b.date, o.outlet::text, 0, sum(b.amount), 0
      FROM order_balance_payments b JOIN orders o ON o.id = b.parent_id GROUP BY b.date, o.outlet
    UNION ALL
    SELECT 'method', b.date, o.outlet || ':' || b.method, 0, sum(b.amount), 0
      FROM order_balance_payments b JOIN orders o ON o.id = b.parent_id GROUP BY b.date, o.outlet, b.method$q$;
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
