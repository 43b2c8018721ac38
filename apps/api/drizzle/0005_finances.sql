CREATE TABLE "finances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "finances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" varchar(10) NOT NULL,
	"category" varchar(60) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"description" text,
	"date" date NOT NULL,
	"outlet" varchar(10),
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "finances" ADD CONSTRAINT "finances_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finances_date_idx" ON "finances" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "finances_type_date_idx" ON "finances" USING btree ("type","date");--> statement-breakpoint
CREATE INDEX "finances_category_idx" ON "finances" USING btree ("category");