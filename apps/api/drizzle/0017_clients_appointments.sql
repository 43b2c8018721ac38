CREATE TABLE "appointment_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "appointment_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
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
CREATE TABLE "appointments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "appointments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"outlet" varchar(10) NOT NULL,
	"client_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"artist_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"duration_minutes" integer NOT NULL,
	"status" varchar(10) DEFAULT 'booked' NOT NULL,
	"note" text,
	"price" numeric(14, 2) NOT NULL,
	"amount_paid" numeric(14, 2) DEFAULT 0 NOT NULL,
	"balance" numeric(14, 2) GENERATED ALWAYS AS ("price" - "amount_paid") STORED NOT NULL,
	"deposit_outcome" varchar(10),
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_paid_within_price" CHECK ("appointments"."amount_paid" >= 0 AND "appointments"."amount_paid" <= "appointments"."price"),
	CONSTRAINT "appointments_ends_after_start" CHECK ("appointments"."ends_at" > "appointments"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "clients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"phone" varchar(30),
	"email" varchar(150),
	"birthday" date,
	"notes" text,
	"allergies" text,
	"patch_test_date" date,
	"patch_test_result" varchar(10),
	"consent_date" date,
	"consent_recorded_by" integer,
	"consent_recorded_by_name" varchar(100),
	"merged_into_id" integer,
	"erased_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bridal_bookings" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "hostel_students" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "office_students" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "duration_minutes" integer;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "appointment_payments" ADD CONSTRAINT "appointment_payments_parent_id_appointments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."appointments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_payments" ADD CONSTRAINT "appointment_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_service_id_products_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_artist_id_users_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_consent_recorded_by_users_id_fk" FOREIGN KEY ("consent_recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_merged_into_id_clients_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_payments_parent_idx" ON "appointment_payments" USING btree ("parent_id","date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_payments_reverses_unique" ON "appointment_payments" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "appointment_payments_date_idx" ON "appointment_payments" USING btree ("date");--> statement-breakpoint
CREATE INDEX "appointments_day_idx" ON "appointments" USING btree ("day","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_outlet_day_idx" ON "appointments" USING btree ("outlet","day","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_artist_day_idx" ON "appointments" USING btree ("artist_id","day","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_client_idx" ON "appointments" USING btree ("client_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_service_idx" ON "appointments" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "appointments_order_idx" ON "appointments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_phone_unique" ON "clients" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "clients_name_idx" ON "clients" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "clients_created_idx" ON "clients" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "clients_merged_into_idx" ON "clients" USING btree ("merged_into_id");--> statement-breakpoint
ALTER TABLE "bridal_bookings" ADD CONSTRAINT "bridal_bookings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hostel_students" ADD CONSTRAINT "hostel_students_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_students" ADD CONSTRAINT "office_students_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bridal_bookings_client_idx" ON "bridal_bookings" USING btree ("client_id","event_date");--> statement-breakpoint
CREATE INDEX "hostel_students_client_idx" ON "hostel_students" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "office_students_client_idx" ON "office_students" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "orders_client_day_idx" ON "orders" USING btree ("client_id","business_date","id");--> statement-breakpoint
CREATE INDEX "students_client_idx" ON "students" USING btree ("client_id");