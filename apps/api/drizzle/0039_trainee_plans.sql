CREATE TABLE "trainee_attendance" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trainee_attendance_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer,
	"office_student_id" integer,
	"date" date NOT NULL,
	"status" varchar(10) NOT NULL,
	"recorded_by" integer,
	"recorded_by_name" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trainee_attendance_one_trainee" CHECK (num_nonnulls("trainee_attendance"."student_id", "trainee_attendance"."office_student_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "trainee_certificates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trainee_certificates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer,
	"office_student_id" integer,
	"serial" varchar(30) NOT NULL,
	"verify_code" varchar(20) NOT NULL,
	"name" varchar(100) NOT NULL,
	"program" varchar(100) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"issued_on" date NOT NULL,
	"issued_by" integer,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"revoke_reason" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trainee_certificates_serial_unique" UNIQUE("serial"),
	CONSTRAINT "trainee_certificates_one_trainee" CHECK (num_nonnulls("trainee_certificates"."student_id", "trainee_certificates"."office_student_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "trainee_instalments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trainee_instalments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer,
	"office_student_id" integer,
	"seq" integer NOT NULL,
	"label" varchar(60) NOT NULL,
	"due_date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "trainee_instalments_one_trainee" CHECK (num_nonnulls("trainee_instalments"."student_id", "trainee_instalments"."office_student_id") = 1),
	CONSTRAINT "trainee_instalments_amount_not_negative" CHECK ("trainee_instalments"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "extra_programs" ADD COLUMN "plan" jsonb;--> statement-breakpoint
ALTER TABLE "extra_programs" ADD COLUMN "min_attendance_percent" integer;--> statement-breakpoint
ALTER TABLE "training_programs" ADD COLUMN "plan" jsonb;--> statement-breakpoint
ALTER TABLE "training_programs" ADD COLUMN "min_attendance_percent" integer;--> statement-breakpoint
ALTER TABLE "trainee_attendance" ADD CONSTRAINT "trainee_attendance_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainee_attendance" ADD CONSTRAINT "trainee_attendance_office_student_id_office_students_id_fk" FOREIGN KEY ("office_student_id") REFERENCES "public"."office_students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainee_attendance" ADD CONSTRAINT "trainee_attendance_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainee_certificates" ADD CONSTRAINT "trainee_certificates_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainee_certificates" ADD CONSTRAINT "trainee_certificates_office_student_id_office_students_id_fk" FOREIGN KEY ("office_student_id") REFERENCES "public"."office_students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainee_certificates" ADD CONSTRAINT "trainee_certificates_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainee_certificates" ADD CONSTRAINT "trainee_certificates_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainee_instalments" ADD CONSTRAINT "trainee_instalments_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainee_instalments" ADD CONSTRAINT "trainee_instalments_office_student_id_office_students_id_fk" FOREIGN KEY ("office_student_id") REFERENCES "public"."office_students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trainee_attendance_student_day" ON "trainee_attendance" USING btree ("student_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "trainee_attendance_office_student_day" ON "trainee_attendance" USING btree ("office_student_id","date");--> statement-breakpoint
CREATE INDEX "trainee_attendance_date_idx" ON "trainee_attendance" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "trainee_certificates_student_live" ON "trainee_certificates" USING btree ("student_id") WHERE "trainee_certificates"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "trainee_certificates_office_student_live" ON "trainee_certificates" USING btree ("office_student_id") WHERE "trainee_certificates"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "trainee_instalments_student_seq" ON "trainee_instalments" USING btree ("student_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "trainee_instalments_office_student_seq" ON "trainee_instalments" USING btree ("office_student_id","seq");--> statement-breakpoint
CREATE INDEX "trainee_instalments_due_idx" ON "trainee_instalments" USING btree ("due_date");