CREATE TABLE "hostel_student_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hostel_student_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parent_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"method" varchar(10) NOT NULL,
	"date" date NOT NULL,
	"note" text,
	"reverses_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hostel_students" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hostel_students_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"phone" varchar(30) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"fee" numeric(14, 2) NOT NULL,
	"amount_paid" numeric(14, 2) DEFAULT 0 NOT NULL,
	"balance" numeric(14, 2) GENERATED ALWAYS AS ("fee" - "amount_paid") STORED NOT NULL,
	"suspended" boolean DEFAULT false NOT NULL,
	"student_id" integer,
	"pricing_id" integer NOT NULL,
	"session_id" integer,
	"room" varchar(30),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hostel_students_paid_within_fee" CHECK ("hostel_students"."amount_paid" >= 0 AND "hostel_students"."amount_paid" <= "hostel_students"."fee"),
	CONSTRAINT "hostel_students_end_not_before_start" CHECK ("hostel_students"."end_date" >= "hostel_students"."start_date")
);
--> statement-breakpoint
CREATE TABLE "office_student_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "office_student_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parent_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"method" varchar(10) NOT NULL,
	"date" date NOT NULL,
	"note" text,
	"reverses_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "office_students" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "office_students_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"phone" varchar(30) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"fee" numeric(14, 2) NOT NULL,
	"amount_paid" numeric(14, 2) DEFAULT 0 NOT NULL,
	"balance" numeric(14, 2) GENERATED ALWAYS AS ("fee" - "amount_paid") STORED NOT NULL,
	"suspended" boolean DEFAULT false NOT NULL,
	"email" varchar(150),
	"address" text,
	"package_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "office_students_paid_within_fee" CHECK ("office_students"."amount_paid" >= 0 AND "office_students"."amount_paid" <= "office_students"."fee"),
	CONSTRAINT "office_students_end_not_before_start" CHECK ("office_students"."end_date" >= "office_students"."start_date")
);
--> statement-breakpoint
CREATE TABLE "student_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "student_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parent_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"method" varchar(10) NOT NULL,
	"date" date NOT NULL,
	"note" text,
	"reverses_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "students_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"phone" varchar(30) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"fee" numeric(14, 2) NOT NULL,
	"amount_paid" numeric(14, 2) DEFAULT 0 NOT NULL,
	"balance" numeric(14, 2) GENERATED ALWAYS AS ("fee" - "amount_paid") STORED NOT NULL,
	"suspended" boolean DEFAULT false NOT NULL,
	"email" varchar(150),
	"address" text,
	"program_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "students_paid_within_fee" CHECK ("students"."amount_paid" >= 0 AND "students"."amount_paid" <= "students"."fee"),
	CONSTRAINT "students_end_not_before_start" CHECK ("students"."end_date" >= "students"."start_date")
);
--> statement-breakpoint
ALTER TABLE "hostel_student_payments" ADD CONSTRAINT "hostel_student_payments_parent_id_hostel_students_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."hostel_students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hostel_student_payments" ADD CONSTRAINT "hostel_student_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hostel_students" ADD CONSTRAINT "hostel_students_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hostel_students" ADD CONSTRAINT "hostel_students_pricing_id_extra_programs_id_fk" FOREIGN KEY ("pricing_id") REFERENCES "public"."extra_programs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hostel_students" ADD CONSTRAINT "hostel_students_session_id_training_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."training_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_student_payments" ADD CONSTRAINT "office_student_payments_parent_id_office_students_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."office_students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_student_payments" ADD CONSTRAINT "office_student_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_students" ADD CONSTRAINT "office_students_package_id_extra_programs_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."extra_programs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_payments" ADD CONSTRAINT "student_payments_parent_id_students_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_payments" ADD CONSTRAINT "student_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_program_id_training_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."training_programs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_session_id_training_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."training_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hostel_student_payments_parent_idx" ON "hostel_student_payments" USING btree ("parent_id","date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "hostel_student_payments_reverses_unique" ON "hostel_student_payments" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "hostel_student_payments_date_idx" ON "hostel_student_payments" USING btree ("date");--> statement-breakpoint
CREATE INDEX "hostel_students_start_idx" ON "hostel_students" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "hostel_students_end_idx" ON "hostel_students" USING btree ("end_date","id");--> statement-breakpoint
CREATE INDEX "hostel_students_name_idx" ON "hostel_students" USING btree ("name");--> statement-breakpoint
CREATE INDEX "office_student_payments_parent_idx" ON "office_student_payments" USING btree ("parent_id","date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "office_student_payments_reverses_unique" ON "office_student_payments" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "office_student_payments_date_idx" ON "office_student_payments" USING btree ("date");--> statement-breakpoint
CREATE INDEX "office_students_start_idx" ON "office_students" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "office_students_end_idx" ON "office_students" USING btree ("end_date","id");--> statement-breakpoint
CREATE INDEX "office_students_name_idx" ON "office_students" USING btree ("name");--> statement-breakpoint
CREATE INDEX "student_payments_parent_idx" ON "student_payments" USING btree ("parent_id","date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "student_payments_reverses_unique" ON "student_payments" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "student_payments_date_idx" ON "student_payments" USING btree ("date");--> statement-breakpoint
CREATE INDEX "students_start_idx" ON "students" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "students_end_idx" ON "students" USING btree ("end_date","id");--> statement-breakpoint
CREATE INDEX "students_name_idx" ON "students" USING btree ("name");