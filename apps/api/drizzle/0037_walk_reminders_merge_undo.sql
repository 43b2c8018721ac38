CREATE TABLE "client_merges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_merges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"keep_id" integer NOT NULL,
	"merge_id" integer NOT NULL,
	"moved" jsonb NOT NULL,
	"forwarded" jsonb NOT NULL,
	"details" jsonb,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"merged_by" integer,
	"merged_by_name" varchar(100),
	"undone_at" timestamp with time zone,
	"undone_by" integer,
	"undone_by_name" varchar(100)
);
--> statement-breakpoint
ALTER TABLE "dues_reminders" DROP CONSTRAINT "dues_reminders_kind";--> statement-breakpoint
ALTER TABLE "client_merges" ADD CONSTRAINT "client_merges_keep_id_clients_id_fk" FOREIGN KEY ("keep_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_merges" ADD CONSTRAINT "client_merges_merge_id_clients_id_fk" FOREIGN KEY ("merge_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_merges" ADD CONSTRAINT "client_merges_merged_by_users_id_fk" FOREIGN KEY ("merged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_merges" ADD CONSTRAINT "client_merges_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_merges_keep_idx" ON "client_merges" USING btree ("keep_id","merged_at");--> statement-breakpoint
CREATE INDEX "client_merges_merge_idx" ON "client_merges" USING btree ("merge_id");--> statement-breakpoint
ALTER TABLE "dues_reminders" ADD CONSTRAINT "dues_reminders_kind" CHECK ("dues_reminders"."kind" in ('student', 'office-student', 'hostel-student', 'booking', 'sale', 'appointment'));