CREATE TABLE "devices" (
	"device_id" varchar(64) PRIMARY KEY NOT NULL,
	"code" varchar(4) NOT NULL,
	"user_id" integer,
	"user_name" varchar(100),
	"waiting" jsonb NOT NULL,
	"attention" integer DEFAULT 0 NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offline_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offline_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_ref" varchar(36) NOT NULL,
	"outlet" varchar(10) NOT NULL,
	"reason" varchar(30) NOT NULL,
	"message" text NOT NULL,
	"sold_on" date NOT NULL,
	"device_id" varchar(64) NOT NULL,
	"device_seq" integer NOT NULL,
	"provisional_no" varchar(24),
	"sold_by" integer,
	"sold_by_name" varchar(100),
	"sent_by" integer NOT NULL,
	"sent_by_name" varchar(100) NOT NULL,
	"customer_name" varchar(100) NOT NULL,
	"lines" jsonb NOT NULL,
	"payload" jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"resolved_by" integer,
	"resolved_by_name" varchar(100),
	"resolved_at" timestamp with time zone,
	"resolution_note" text,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_quantity_not_negative";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "oversold" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "offline_device" varchar(64);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "offline_seq" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provisional_no" varchar(24);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prices_as_of" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_reviews" ADD CONSTRAINT "offline_reviews_sold_by_users_id_fk" FOREIGN KEY ("sold_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_reviews" ADD CONSTRAINT "offline_reviews_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_reviews" ADD CONSTRAINT "offline_reviews_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_reviews" ADD CONSTRAINT "offline_reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offline_reviews_client_ref_unique" ON "offline_reviews" USING btree ("client_ref");--> statement-breakpoint
CREATE INDEX "offline_reviews_open_idx" ON "offline_reviews" USING btree ("outlet","sold_on") WHERE "offline_reviews"."status" = 'open';--> statement-breakpoint
CREATE INDEX "orders_oversold_idx" ON "orders" USING btree ("id") WHERE "orders"."oversold";