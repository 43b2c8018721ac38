// The database triggers of the tables in products.table.ts (and the trigger functions this module owns), as the
// migrations create them: drizzle-kit writes no trigger, so each is also in a hand-written migration (apps/api/drizzle),
// and scripts/migration-triggers.test.mjs checks the two agree (docs/decisions/038-module-front-doors.md).
// A function's text is its last definition in the migrations.
export const productsTriggers: readonly string[] = [
  // products_stamp_change (0010_till_change_triggers.sql)
  `CREATE FUNCTION products_stamp_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_xid := pg_current_xact_id();
  RETURN NEW;
END $$;`,
  // products_record_removal (0010_till_change_triggers.sql)
  `CREATE FUNCTION products_record_removal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO product_removals (product_id, outlet) VALUES (OLD.id, OLD.outlet);
    RETURN OLD;
  END IF;
  IF NEW.outlet IS DISTINCT FROM OLD.outlet THEN
    INSERT INTO product_removals (product_id, outlet) VALUES (OLD.id, OLD.outlet);
  END IF;
  RETURN NEW;
END $$;`,
  // products_stamp_change on products (0010_till_change_triggers.sql)
  `CREATE TRIGGER products_stamp_change BEFORE INSERT OR UPDATE ON products FOR EACH ROW EXECUTE FUNCTION products_stamp_change();`,
  // products_record_removal on products (0010_till_change_triggers.sql)
  `CREATE TRIGGER products_record_removal AFTER DELETE OR UPDATE OF outlet ON products FOR EACH ROW EXECUTE FUNCTION products_record_removal();`,
];
