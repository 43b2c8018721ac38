-- trigrams for the orders' name search (PostgreSQL's contrib; PGlite loads its build of it: db/client.ts). A trusted
-- extension: the database's owner may create it (docs/deploy.md).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "orders_customer_name_trgm_idx" ON "orders" USING gin ("customer_name" gin_trgm_ops);