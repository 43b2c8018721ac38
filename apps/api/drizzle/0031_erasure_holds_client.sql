-- Issue 28, item 8: an erasure or a merge holds the client against records linked to it at the same moment.
-- Erase and merge lock the client rows FOR UPDATE (clients.service.ts); a record linked by phone (this function, through
-- the studio_link_client trigger) takes FOR KEY SHARE on its client, which conflicts with FOR UPDATE only: a sale waits for
-- an erase or a merge that holds its client, and an erase or a merge waits for the sales in flight on it, so neither misses
-- the other. After waiting, READ COMMITTED reads the client again: an erased one no longer has the phone (a new client is
-- made), a merged one forwards to the kept one. Ordinary writes to clients (FOR NO KEY UPDATE) never wait on a sale.
CREATE OR REPLACE FUNCTION studio_find_or_create_client(p_name text, p_phone text) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  key text := studio_phone_key(p_phone);
  cid integer;
  target integer;
BEGIN
  IF key IS NULL THEN RETURN NULL; END IF;
  SELECT id, merged_into_id INTO cid, target FROM clients WHERE phone = key FOR KEY SHARE;
  IF cid IS NULL THEN
    INSERT INTO clients (name, phone) VALUES (left(coalesce(nullif(btrim(p_name), ''), 'Client'), 100), key)
      ON CONFLICT (phone) DO NOTHING RETURNING id INTO cid;
    IF cid IS NULL THEN
      SELECT id, merged_into_id INTO cid, target FROM clients WHERE phone = key FOR KEY SHARE;
    END IF;
  END IF;
  IF target IS NOT NULL THEN
    PERFORM 1 FROM clients WHERE id = target FOR KEY SHARE;
  END IF;
  RETURN coalesce(target, cid);
END $$;
--> statement-breakpoint
-- The activity log stays append-only, with one exception: an erasure (NDPA 2023) may blank the person in a line's
-- before/after, in its own transaction (`studio.erasing` set locally by eraseClient). Who, what, which record and when
-- never change, and nothing is ever deleted.
CREATE OR REPLACE FUNCTION activity_log_refuse_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND coalesce(current_setting('studio.erasing', true), '') = 'on'
     AND NEW.id = OLD.id AND NEW.action = OLD.action AND NEW.resource = OLD.resource
     AND NEW.record_id IS NOT DISTINCT FROM OLD.record_id AND NEW.user_id IS NOT DISTINCT FROM OLD.user_id
     AND NEW.user_name IS NOT DISTINCT FROM OLD.user_name AND NEW.created_at = OLD.created_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'activity_log is append-only';
END;
$$ LANGUAGE plpgsql;
