ALTER TABLE "appointments" ADD COLUMN "settled_on" date;--> statement-breakpoint
ALTER TABLE "bridal_bookings" ADD COLUMN "deposit_outcome" varchar(10);--> statement-breakpoint
ALTER TABLE "bridal_bookings" ADD COLUMN "settled_on" date;