CREATE TABLE "settings" (
	"key" varchar(60) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "voided_by_name" varchar(100);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "void_reason" varchar(200);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_approved_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_approved_by_name" varchar(100);--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_approved_by_users_id_fk" FOREIGN KEY ("discount_approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- sales voided before this migration: who voided them, by name, as the new column keeps it
UPDATE "orders" SET "voided_by_name" = "users"."name" FROM "users" WHERE "orders"."voided_by" = "users"."id" AND "orders"."voided_by_name" IS NULL;
