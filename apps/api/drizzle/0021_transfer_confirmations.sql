ALTER TABLE "appointment_payments" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointment_payments" ADD COLUMN "confirmed_by" integer;--> statement-breakpoint
ALTER TABLE "appointment_payments" ADD COLUMN "confirmed_by_name" varchar(100);--> statement-breakpoint
ALTER TABLE "appointment_payments" ADD COLUMN "not_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointment_payments" ADD COLUMN "not_received_by" integer;--> statement-breakpoint
ALTER TABLE "appointment_payments" ADD COLUMN "not_received_by_name" varchar(100);--> statement-breakpoint
ALTER TABLE "appointment_payments" ADD COLUMN "not_received_reason" varchar(255);--> statement-breakpoint
ALTER TABLE "bridal_booking_payments" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bridal_booking_payments" ADD COLUMN "confirmed_by" integer;--> statement-breakpoint
ALTER TABLE "bridal_booking_payments" ADD COLUMN "confirmed_by_name" varchar(100);--> statement-breakpoint
ALTER TABLE "bridal_booking_payments" ADD COLUMN "not_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bridal_booking_payments" ADD COLUMN "not_received_by" integer;--> statement-breakpoint
ALTER TABLE "bridal_booking_payments" ADD COLUMN "not_received_by_name" varchar(100);--> statement-breakpoint
ALTER TABLE "bridal_booking_payments" ADD COLUMN "not_received_reason" varchar(255);--> statement-breakpoint
ALTER TABLE "hostel_student_payments" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hostel_student_payments" ADD COLUMN "confirmed_by" integer;--> statement-breakpoint
ALTER TABLE "hostel_student_payments" ADD COLUMN "confirmed_by_name" varchar(100);--> statement-breakpoint
ALTER TABLE "hostel_student_payments" ADD COLUMN "not_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hostel_student_payments" ADD COLUMN "not_received_by" integer;--> statement-breakpoint
ALTER TABLE "hostel_student_payments" ADD COLUMN "not_received_by_name" varchar(100);--> statement-breakpoint
ALTER TABLE "hostel_student_payments" ADD COLUMN "not_received_reason" varchar(255);--> statement-breakpoint
ALTER TABLE "office_student_payments" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "office_student_payments" ADD COLUMN "confirmed_by" integer;--> statement-breakpoint
ALTER TABLE "office_student_payments" ADD COLUMN "confirmed_by_name" varchar(100);--> statement-breakpoint
ALTER TABLE "office_student_payments" ADD COLUMN "not_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "office_student_payments" ADD COLUMN "not_received_by" integer;--> statement-breakpoint
ALTER TABLE "office_student_payments" ADD COLUMN "not_received_by_name" varchar(100);--> statement-breakpoint
ALTER TABLE "office_student_payments" ADD COLUMN "not_received_reason" varchar(255);--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "confirmed_by" integer;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "confirmed_by_name" varchar(100);--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "not_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "not_received_by" integer;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "not_received_by_name" varchar(100);--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "not_received_reason" varchar(255);--> statement-breakpoint
ALTER TABLE "student_payments" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "student_payments" ADD COLUMN "confirmed_by" integer;--> statement-breakpoint
ALTER TABLE "student_payments" ADD COLUMN "confirmed_by_name" varchar(100);--> statement-breakpoint
ALTER TABLE "student_payments" ADD COLUMN "not_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "student_payments" ADD COLUMN "not_received_by" integer;--> statement-breakpoint
ALTER TABLE "student_payments" ADD COLUMN "not_received_by_name" varchar(100);--> statement-breakpoint
ALTER TABLE "student_payments" ADD COLUMN "not_received_reason" varchar(255);--> statement-breakpoint
CREATE INDEX "appointment_payments_unconfirmed_idx" ON "appointment_payments" USING btree ("id") WHERE "appointment_payments"."method" = 'transfer' and "appointment_payments"."amount" > 0 and "appointment_payments"."confirmed_at" is null and "appointment_payments"."not_received_at" is null;--> statement-breakpoint
CREATE INDEX "bridal_booking_payments_unconfirmed_idx" ON "bridal_booking_payments" USING btree ("id") WHERE "bridal_booking_payments"."method" = 'transfer' and "bridal_booking_payments"."amount" > 0 and "bridal_booking_payments"."confirmed_at" is null and "bridal_booking_payments"."not_received_at" is null;--> statement-breakpoint
CREATE INDEX "hostel_student_payments_unconfirmed_idx" ON "hostel_student_payments" USING btree ("id") WHERE "hostel_student_payments"."method" = 'transfer' and "hostel_student_payments"."amount" > 0 and "hostel_student_payments"."confirmed_at" is null and "hostel_student_payments"."not_received_at" is null;--> statement-breakpoint
CREATE INDEX "office_student_payments_unconfirmed_idx" ON "office_student_payments" USING btree ("id") WHERE "office_student_payments"."method" = 'transfer' and "office_student_payments"."amount" > 0 and "office_student_payments"."confirmed_at" is null and "office_student_payments"."not_received_at" is null;--> statement-breakpoint
CREATE INDEX "order_payments_unconfirmed_idx" ON "order_payments" USING btree ("id") WHERE "order_payments"."method" = 'transfer' and "order_payments"."confirmed_at" is null and "order_payments"."not_received_at" is null;--> statement-breakpoint
CREATE INDEX "student_payments_unconfirmed_idx" ON "student_payments" USING btree ("id") WHERE "student_payments"."method" = 'transfer' and "student_payments"."amount" > 0 and "student_payments"."confirmed_at" is null and "student_payments"."not_received_at" is null;--> statement-breakpoint
-- Transfers taken before confirmation existed were counted as received when they were taken, and the studio has
-- lived with those figures: they are confirmed by the migration (confirmed_at now, confirmed_by null, shown as
-- "confirmed at migration"), so the first "Transfers to confirm" list holds only new ones (decision 015).
UPDATE "order_payments" SET "confirmed_at" = now() WHERE "method" = 'transfer';--> statement-breakpoint
UPDATE "student_payments" SET "confirmed_at" = now() WHERE "method" = 'transfer';--> statement-breakpoint
UPDATE "office_student_payments" SET "confirmed_at" = now() WHERE "method" = 'transfer';--> statement-breakpoint
UPDATE "hostel_student_payments" SET "confirmed_at" = now() WHERE "method" = 'transfer';--> statement-breakpoint
UPDATE "bridal_booking_payments" SET "confirmed_at" = now() WHERE "method" = 'transfer';--> statement-breakpoint
UPDATE "appointment_payments" SET "confirmed_at" = now() WHERE "method" = 'transfer';
