CREATE TABLE "bridal_booking_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bridal_booking_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
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
CREATE TABLE "bridal_bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bridal_bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_name" varchar(100) NOT NULL,
	"phone" varchar(30) NOT NULL,
	"email" varchar(150),
	"event_date" date NOT NULL,
	"event_location" varchar(200),
	"package_id" integer NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"amount_paid" numeric(14, 2) DEFAULT 0 NOT NULL,
	"balance" numeric(14, 2) GENERATED ALWAYS AS ("price" - "amount_paid") STORED NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"artist_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bridal_bookings_paid_within_price" CHECK ("bridal_bookings"."amount_paid" >= 0 AND "bridal_bookings"."amount_paid" <= "bridal_bookings"."price")
);
--> statement-breakpoint
ALTER TABLE "bridal_booking_payments" ADD CONSTRAINT "bridal_booking_payments_parent_id_bridal_bookings_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."bridal_bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bridal_booking_payments" ADD CONSTRAINT "bridal_booking_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bridal_bookings" ADD CONSTRAINT "bridal_bookings_package_id_bridal_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."bridal_packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bridal_bookings" ADD CONSTRAINT "bridal_bookings_artist_id_users_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bridal_booking_payments_parent_idx" ON "bridal_booking_payments" USING btree ("parent_id","date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bridal_booking_payments_reverses_unique" ON "bridal_booking_payments" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "bridal_booking_payments_date_idx" ON "bridal_booking_payments" USING btree ("date");--> statement-breakpoint
CREATE INDEX "bridal_bookings_event_date_idx" ON "bridal_bookings" USING btree ("event_date","id");--> statement-breakpoint
CREATE INDEX "bridal_bookings_artist_date_idx" ON "bridal_bookings" USING btree ("artist_id","event_date");--> statement-breakpoint
CREATE INDEX "bridal_bookings_package_idx" ON "bridal_bookings" USING btree ("package_id");