CREATE TABLE "dues_reminders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dues_reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" varchar(20) NOT NULL,
	"record_id" integer NOT NULL,
	"balance" numeric(14, 2) NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_by" integer,
	"sent_by_name" varchar(100),
	CONSTRAINT "dues_reminders_kind" CHECK ("dues_reminders"."kind" in ('student', 'office-student', 'hostel-student', 'booking'))
);
--> statement-breakpoint
ALTER TABLE "bridal_bookings" ADD COLUMN "event_time" time(0);--> statement-breakpoint
ALTER TABLE "hostel_students" ADD COLUMN "checked_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dues_reminders" ADD CONSTRAINT "dues_reminders_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dues_reminders_record_idx" ON "dues_reminders" USING btree ("kind","record_id","sent_at");