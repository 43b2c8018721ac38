-- Every write to a product stamps it with the writing transaction's id, whatever the code path: the till's
-- list asks for the rows written by transactions its last read did not see (features/pos/till-catalogue.ts).
CREATE FUNCTION products_stamp_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_xid := pg_current_xact_id();
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_stamp_change BEFORE INSERT OR UPDATE ON products FOR EACH ROW EXECUTE FUNCTION products_stamp_change();
--> statement-breakpoint
-- A deleted product (or one moved off an outlet) leaves a line, so the tills listing it drop it.
CREATE FUNCTION products_record_removal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO product_removals (product_id, outlet) VALUES (OLD.id, OLD.outlet);
    RETURN OLD;
  END IF;
  IF NEW.outlet IS DISTINCT FROM OLD.outlet THEN
    INSERT INTO product_removals (product_id, outlet) VALUES (OLD.id, OLD.outlet);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_record_removal AFTER DELETE OR UPDATE OF outlet ON products FOR EACH ROW EXECUTE FUNCTION products_record_removal();
