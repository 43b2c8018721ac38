-- Clients are found or created by phone from every record that names one (sales, bridal bookings, the three
-- kinds of trainees), whatever code path writes it: a trigger links the record to its client on insert and
-- when its phone changes. The phone's one spelling is studio_phone_key, the same rule as normalizePhone in
-- packages/shared/src/phone.ts (apps/api/test/clients.test.ts checks both agree).
CREATE FUNCTION studio_phone_key(raw text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  t text;
  d text;
  intl boolean;
BEGIN
  IF raw IS NULL THEN RETURN NULL; END IF;
  t := regexp_replace(raw, '^\s+|\s+$', '', 'g');
  IF t !~ '^[+0-9(][0-9\s().+-]*$' THEN RETURN NULL; END IF;
  d := regexp_replace(t, '[^0-9]', '', 'g');
  intl := left(t, 1) = '+' OR left(d, 2) = '00';
  IF left(d, 2) = '00' THEN d := substr(d, 3); END IF;
  IF left(d, 4) = '2340' AND length(d) = 14 THEN d := '234' || substr(d, 5); END IF;
  IF left(d, 3) = '234' AND length(d) = 13 THEN RETURN '+' || d; END IF;
  IF NOT intl THEN
    IF left(d, 1) = '0' AND length(d) = 11 THEN RETURN '+234' || substr(d, 2); END IF;
    IF d ~ '^[789][0-9]{9}$' THEN RETURN '+234' || d; END IF;
    RETURN NULL;
  END IF;
  IF length(d) BETWEEN 8 AND 15 THEN RETURN '+' || d; END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The client with this phone (or the one it was merged into), created with this name when there is none.
-- Two at once with one new phone make one client: the second insert waits on the unique index, finds the
-- first's row and reads it (each statement here sees what committed before it began).
CREATE FUNCTION studio_find_or_create_client(p_name text, p_phone text) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  key text := studio_phone_key(p_phone);
  cid integer;
  target integer;
BEGIN
  IF key IS NULL THEN RETURN NULL; END IF;
  SELECT id, merged_into_id INTO cid, target FROM clients WHERE phone = key;
  IF cid IS NULL THEN
    INSERT INTO clients (name, phone) VALUES (left(coalesce(nullif(btrim(p_name), ''), 'Client'), 100), key)
      ON CONFLICT (phone) DO NOTHING RETURNING id INTO cid;
    IF cid IS NULL THEN
      SELECT id, merged_into_id INTO cid, target FROM clients WHERE phone = key;
    END IF;
  END IF;
  RETURN coalesce(target, cid);
END $$;
--> statement-breakpoint
-- TG_ARGV: the record's name column and phone column. A phone that is not a phone number (or none) leaves the
-- link as it is: an erased record (phone removed) stays with its anonymised client.
CREATE FUNCTION studio_link_client() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rec jsonb;
  cid integer;
BEGIN
  IF TG_OP = 'INSERT' AND NEW.client_id IS NOT NULL THEN RETURN NEW; END IF;
  rec := to_jsonb(NEW);
  IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) ->> TG_ARGV[1]) IS NOT DISTINCT FROM (rec ->> TG_ARGV[1]) THEN RETURN NEW; END IF;
  cid := studio_find_or_create_client(rec ->> TG_ARGV[0], rec ->> TG_ARGV[1]);
  IF cid IS NOT NULL THEN NEW.client_id := cid; END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_link_client BEFORE INSERT OR UPDATE OF customer_phone ON orders FOR EACH ROW EXECUTE FUNCTION studio_link_client('customer_name', 'customer_phone');
--> statement-breakpoint
CREATE TRIGGER bridal_bookings_link_client BEFORE INSERT OR UPDATE OF phone ON bridal_bookings FOR EACH ROW EXECUTE FUNCTION studio_link_client('client_name', 'phone');
--> statement-breakpoint
CREATE TRIGGER students_link_client BEFORE INSERT OR UPDATE OF phone ON students FOR EACH ROW EXECUTE FUNCTION studio_link_client('name', 'phone');
--> statement-breakpoint
CREATE TRIGGER office_students_link_client BEFORE INSERT OR UPDATE OF phone ON office_students FOR EACH ROW EXECUTE FUNCTION studio_link_client('name', 'phone');
--> statement-breakpoint
CREATE TRIGGER hostel_students_link_client BEFORE INSERT OR UPDATE OF phone ON hostel_students FOR EACH ROW EXECUTE FUNCTION studio_link_client('name', 'phone');
