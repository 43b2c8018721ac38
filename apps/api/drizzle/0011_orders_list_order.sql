DROP INDEX "orders_outlet_date_idx";--> statement-breakpoint
DROP INDEX "orders_staff_date_idx";--> statement-breakpoint
DROP INDEX "orders_business_date_idx";--> statement-breakpoint
CREATE INDEX "orders_outlet_day_time_idx" ON "orders" USING btree ("outlet","business_date","created_at","id","status","total");--> statement-breakpoint
CREATE INDEX "orders_staff_day_time_idx" ON "orders" USING btree ("staff_id","business_date","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_day_time_idx" ON "orders" USING btree ("business_date","created_at","id","status","total");