CREATE TABLE "product_removals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_removals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"outlet" varchar(10) NOT NULL,
	"removed_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "changed_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "product_removals_outlet_idx" ON "product_removals" USING btree ("outlet","removed_xid");--> statement-breakpoint
CREATE INDEX "products_outlet_changed_idx" ON "products" USING btree ("outlet","changed_xid");