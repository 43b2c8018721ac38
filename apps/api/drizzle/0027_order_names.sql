CREATE TABLE "order_names" (
	"outlet" varchar(10) NOT NULL,
	"customer_name" varchar(100) NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_names_outlet_customer_name_pk" PRIMARY KEY("outlet","customer_name")
);
--> statement-breakpoint
CREATE INDEX "order_names_customer_name_trgm_idx" ON "order_names" USING gin ("customer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_name_outlet_day_time_idx" ON "orders" USING btree ("customer_name","outlet","business_date","created_at","id");--> statement-breakpoint
-- How many orders each outlet has under each customer name, kept by the database itself as order_counts is (0014):
-- the name search reads the few names that match instead of every order. One upsert per statement, in key order.
CREATE FUNCTION order_names_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_names AS c (outlet, customer_name, n)
  SELECT outlet, customer_name, count(*)::int FROM new_rows GROUP BY outlet, customer_name ORDER BY outlet, customer_name
  ON CONFLICT (outlet, customer_name) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_names_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_names AS c (outlet, customer_name, n)
  SELECT outlet, customer_name, sum(d)::int FROM (
    SELECT outlet, customer_name, -1 AS d FROM old_rows UNION ALL SELECT outlet, customer_name, 1 FROM new_rows
  ) x GROUP BY outlet, customer_name HAVING sum(d) <> 0 ORDER BY outlet, customer_name
  ON CONFLICT (outlet, customer_name) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_names_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_names AS c (outlet, customer_name, n)
  SELECT outlet, customer_name, -count(*)::int FROM old_rows GROUP BY outlet, customer_name ORDER BY outlet, customer_name
  ON CONFLICT (outlet, customer_name) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_names_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_names_add();
--> statement-breakpoint
CREATE TRIGGER order_names_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_names_change();
--> statement-breakpoint
CREATE TRIGGER order_names_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_names_remove();
--> statement-breakpoint
INSERT INTO order_names (outlet, customer_name, n) SELECT outlet, customer_name, count(*)::int FROM orders GROUP BY outlet, customer_name;
