CREATE INDEX "appointment_payments_not_received_idx" ON "appointment_payments" USING btree ("date") WHERE "appointment_payments"."not_received_at" is not null;--> statement-breakpoint
CREATE INDEX "bridal_booking_payments_not_received_idx" ON "bridal_booking_payments" USING btree ("date") WHERE "bridal_booking_payments"."not_received_at" is not null;--> statement-breakpoint
CREATE INDEX "hostel_student_payments_not_received_idx" ON "hostel_student_payments" USING btree ("date") WHERE "hostel_student_payments"."not_received_at" is not null;--> statement-breakpoint
CREATE INDEX "office_student_payments_not_received_idx" ON "office_student_payments" USING btree ("date") WHERE "office_student_payments"."not_received_at" is not null;--> statement-breakpoint
CREATE INDEX "order_payments_not_received_idx" ON "order_payments" USING btree ("order_id") WHERE "order_payments"."not_received_at" is not null;--> statement-breakpoint
CREATE INDEX "student_payments_not_received_idx" ON "student_payments" USING btree ("date") WHERE "student_payments"."not_received_at" is not null;--> statement-breakpoint
-- The planner multiplied "a transfer" by "not confirmed" (true of every cash, card and POS payment too) and expected
-- tens of thousands of unconfirmed transfers where a studio has a few hundred: it hashed every order of five years
-- for the dashboard's card (and past 100,000 cost units, JIT-compiled it: 100-200 ms). Their combinations, counted
-- together, give the right few hundred and a lookup of each line's order.
CREATE STATISTICS "order_payments_transfer_check_stats" (mcv) ON "method", "confirmed_at", "not_received_at" FROM "order_payments";--> statement-breakpoint
-- counted now: autovacuum would count them only after a tenth of the payments had changed
ANALYZE "order_payments";
