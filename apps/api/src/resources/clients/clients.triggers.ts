// The database triggers of the tables in clients.table.ts (and the trigger functions this module owns), as the
// migrations create them: drizzle-kit writes no trigger, so each is also in a hand-written migration (apps/api/drizzle),
// and scripts/migration-triggers.test.mjs checks the two agree (docs/decisions/038-module-front-doors.md).
// A function's text is its last definition in the migrations.
export const clientsTriggers: readonly string[] = [
  // studio_link_client (0018_client_links.sql)
  `CREATE FUNCTION studio_link_client() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;`,
];
