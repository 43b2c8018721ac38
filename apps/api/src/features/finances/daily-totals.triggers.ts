// The database triggers of the tables in daily-totals.table.ts (and the trigger functions this module owns), as the
// migrations create them: drizzle-kit writes no trigger, so each is also in a hand-written migration (apps/api/drizzle),
// and scripts/migration-triggers.test.mjs checks the two agree (docs/decisions/038-module-front-doors.md).
// A function's text is its last definition in the migrations.
export const dailyTotalsTriggers: readonly string[] = [
  // daily_totals_orders (0019_daily_totals.sql)
  `CREATE FUNCTION daily_totals_orders() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;`,
  // daily_totals_order_deleted (0023_order_refunds.sql)
  `CREATE FUNCTION daily_totals_order_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;`,
  // daily_totals_order_items (0019_daily_totals.sql)
  `CREATE FUNCTION daily_totals_order_items() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;`,
  // daily_totals_order_payments (0019_daily_totals.sql)
  `CREATE FUNCTION daily_totals_order_payments() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;`,
  // daily_totals_finances (0019_daily_totals.sql)
  `CREATE FUNCTION daily_totals_finances() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;`,
  // daily_totals_ledger (0019_daily_totals.sql)
  `CREATE FUNCTION daily_totals_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;`,
  // daily_totals_order_refund_items (0023_order_refunds.sql)
  `CREATE FUNCTION daily_totals_order_refund_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM daily_totals_add(array(SELECT d FROM daily_totals_refund_deltas(array(SELECT id FROM new_rows), 1) d));
  RETURN NULL;
END $$;`,
  // daily_totals_order_balance (0035_owed_sales_restock_cost.sql)
  `CREATE FUNCTION daily_totals_order_balance() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;`,
  // daily_totals_kept_booking (0041_booking_kept_credit_not_income.sql)
  `CREATE FUNCTION daily_totals_kept_booking() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;`,
];
