// The database triggers of the tables in orders.table.ts (and the trigger functions this module owns), as the
// migrations create them: drizzle-kit writes no trigger, so each is also in a hand-written migration (apps/api/drizzle),
// and scripts/migration-triggers.test.mjs checks the two agree (docs/decisions/038-module-front-doors.md).
// A function's text is its last definition in the migrations.
export const ordersTriggers: readonly string[] = [
  // order_counts_add (0014_order_counts.sql)
  `CREATE FUNCTION order_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_counts AS c (outlet, status, n)
  SELECT outlet, status, count(*)::int FROM new_rows GROUP BY outlet, status ORDER BY outlet, status
  ON CONFLICT (outlet, status) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;`,
  // order_counts_change (0014_order_counts.sql)
  `CREATE FUNCTION order_counts_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_counts AS c (outlet, status, n)
  SELECT outlet, status, sum(d)::int FROM (
    SELECT outlet, status, -1 AS d FROM old_rows UNION ALL SELECT outlet, status, 1 FROM new_rows
  ) x GROUP BY outlet, status HAVING sum(d) <> 0 ORDER BY outlet, status
  ON CONFLICT (outlet, status) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;`,
  // order_counts_remove (0014_order_counts.sql)
  `CREATE FUNCTION order_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_counts AS c (outlet, status, n)
  SELECT outlet, status, -count(*)::int FROM old_rows GROUP BY outlet, status ORDER BY outlet, status
  ON CONFLICT (outlet, status) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;`,
  // order_names_add (0027_order_names.sql)
  `CREATE FUNCTION order_names_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_names AS c (outlet, customer_name, n)
  SELECT outlet, customer_name, count(*)::int FROM new_rows GROUP BY outlet, customer_name ORDER BY outlet, customer_name
  ON CONFLICT (outlet, customer_name) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;`,
  // order_names_change (0027_order_names.sql)
  `CREATE FUNCTION order_names_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_names AS c (outlet, customer_name, n)
  SELECT outlet, customer_name, sum(d)::int FROM (
    SELECT outlet, customer_name, -1 AS d FROM old_rows UNION ALL SELECT outlet, customer_name, 1 FROM new_rows
  ) x GROUP BY outlet, customer_name HAVING sum(d) <> 0 ORDER BY outlet, customer_name
  ON CONFLICT (outlet, customer_name) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;`,
  // order_names_remove (0027_order_names.sql)
  `CREATE FUNCTION order_names_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_names AS c (outlet, customer_name, n)
  SELECT outlet, customer_name, -count(*)::int FROM old_rows GROUP BY outlet, customer_name ORDER BY outlet, customer_name
  ON CONFLICT (outlet, customer_name) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;`,
  // order_counts_insert on orders (0014_order_counts.sql)
  `CREATE TRIGGER order_counts_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_counts_add();`,
  // order_counts_update on orders (0014_order_counts.sql)
  `CREATE TRIGGER order_counts_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_counts_change();`,
  // order_counts_delete on orders (0014_order_counts.sql)
  `CREATE TRIGGER order_counts_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_counts_remove();`,
  // orders_link_client on orders (0018_client_links.sql)
  `CREATE TRIGGER orders_link_client BEFORE INSERT OR UPDATE OF customer_phone ON orders FOR EACH ROW EXECUTE FUNCTION studio_link_client('customer_name', 'customer_phone');`,
  // daily_totals_insert on orders (0019_daily_totals.sql)
  `CREATE TRIGGER daily_totals_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_orders();`,
  // daily_totals_update on orders (0019_daily_totals.sql)
  `CREATE TRIGGER daily_totals_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_orders();`,
  // daily_totals_delete on orders (0019_daily_totals.sql)
  `CREATE TRIGGER daily_totals_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_orders();`,
  // daily_totals_deleting on orders (0019_daily_totals.sql)
  `CREATE TRIGGER daily_totals_deleting BEFORE DELETE ON orders FOR EACH ROW EXECUTE FUNCTION daily_totals_order_deleted();`,
  // daily_totals_insert on order_items (0019_daily_totals.sql)
  `CREATE TRIGGER daily_totals_insert AFTER INSERT ON order_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_order_items();`,
  // daily_totals_update on order_items (0019_daily_totals.sql)
  `CREATE TRIGGER daily_totals_update AFTER UPDATE ON order_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_order_items();`,
  // daily_totals_delete on order_items (0019_daily_totals.sql)
  `CREATE TRIGGER daily_totals_delete AFTER DELETE ON order_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_order_items();`,
  // daily_totals_insert on order_payments (0019_daily_totals.sql)
  `CREATE TRIGGER daily_totals_insert AFTER INSERT ON order_payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_order_payments();`,
  // daily_totals_update on order_payments (0019_daily_totals.sql)
  `CREATE TRIGGER daily_totals_update AFTER UPDATE ON order_payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_order_payments();`,
  // daily_totals_delete on order_payments (0019_daily_totals.sql)
  `CREATE TRIGGER daily_totals_delete AFTER DELETE ON order_payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_order_payments();`,
  // daily_totals_insert on order_refund_items (0023_order_refunds.sql)
  `CREATE TRIGGER daily_totals_insert AFTER INSERT ON order_refund_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_order_refund_items();`,
  // order_names_insert on orders (0027_order_names.sql)
  `CREATE TRIGGER order_names_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_names_add();`,
  // order_names_update on orders (0027_order_names.sql)
  `CREATE TRIGGER order_names_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_names_change();`,
  // order_names_delete on orders (0027_order_names.sql)
  `CREATE TRIGGER order_names_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_names_remove();`,
  // daily_totals_insert on order_balance_payments (0035_owed_sales_restock_cost.sql)
  `CREATE TRIGGER daily_totals_insert AFTER INSERT ON order_balance_payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_order_balance();`,
  // daily_totals_update on order_balance_payments (0035_owed_sales_restock_cost.sql)
  `CREATE TRIGGER daily_totals_update AFTER UPDATE ON order_balance_payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_order_balance();`,
  // daily_totals_delete on order_balance_payments (0035_owed_sales_restock_cost.sql)
  `CREATE TRIGGER daily_totals_delete AFTER DELETE ON order_balance_payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_order_balance();`,
];
