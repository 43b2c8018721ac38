CREATE TABLE "day_close_counts" (
	"day_close_id" integer NOT NULL,
	"method" varchar(10) NOT NULL,
	"expected" numeric(14, 2) NOT NULL,
	"counted" numeric(14, 2) NOT NULL,
	CONSTRAINT "day_close_counts_day_close_id_method_pk" PRIMARY KEY("day_close_id","method")
);
--> statement-breakpoint
CREATE TABLE "day_closes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "day_closes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"outlet" varchar(10) NOT NULL,
	"business_date" date NOT NULL,
	"status" varchar(10) DEFAULT 'closed' NOT NULL,
	"sales_count" integer NOT NULL,
	"sales_total" numeric(14, 2) NOT NULL,
	"note" text,
	"closed_by" integer NOT NULL,
	"closed_by_name" varchar(100) NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reopened_by" integer,
	"reopened_by_name" varchar(100),
	"reopened_at" timestamp with time zone,
	"reopen_reason" text
);
--> statement-breakpoint
ALTER TABLE "day_close_counts" ADD CONSTRAINT "day_close_counts_day_close_id_day_closes_id_fk" FOREIGN KEY ("day_close_id") REFERENCES "public"."day_closes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_closes" ADD CONSTRAINT "day_closes_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_closes" ADD CONSTRAINT "day_closes_reopened_by_users_id_fk" FOREIGN KEY ("reopened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "day_closes_closed_unique" ON "day_closes" USING btree ("outlet","business_date") WHERE "day_closes"."status" = 'closed';--> statement-breakpoint
CREATE INDEX "day_closes_day_idx" ON "day_closes" USING btree ("outlet","business_date","closed_at");