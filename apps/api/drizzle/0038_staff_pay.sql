CREATE TABLE "commission_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "commission_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"staff_id" integer,
	"role" varchar(50),
	"applies_to" varchar(10) NOT NULL,
	"category" varchar(60),
	"product_id" integer,
	"kind" varchar(12) DEFAULT 'percentage' NOT NULL,
	"rate" numeric(14, 2) NOT NULL,
	"basis" varchar(10) DEFAULT 'charged' NOT NULL,
	"business_cost" numeric(14, 2),
	"tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tier_mode" varchar(10) DEFAULT 'whole' NOT NULL,
	"effective_from" date NOT NULL,
	"note" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_run_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pay_run_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"run_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"staff_name" varchar(100) NOT NULL,
	"base_pay" numeric(14, 2) NOT NULL,
	"commission" numeric(14, 2) NOT NULL,
	"tips" numeric(14, 2) NOT NULL,
	"advances_paid_back" numeric(14, 2) NOT NULL,
	"adjustments" numeric(14, 2) NOT NULL,
	"net" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_run_sources" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pay_run_sources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"run_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"ref_id" integer,
	"order_item_id" integer,
	"order_id" integer,
	"invoice_no" varchar(20),
	"rule_id" integer,
	"date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"detail" varchar(200) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pay_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"status" varchar(10) DEFAULT 'draft' NOT NULL,
	"total" numeric(14, 2) DEFAULT 0 NOT NULL,
	"created_by" integer NOT NULL,
	"created_by_name" varchar(100) NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"closed_by_name" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "base_pay" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_run_lines" ADD CONSTRAINT "pay_run_lines_run_id_pay_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."pay_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_run_lines" ADD CONSTRAINT "pay_run_lines_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_run_sources" ADD CONSTRAINT "pay_run_sources_run_id_pay_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."pay_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_runs" ADD CONSTRAINT "pay_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_runs" ADD CONSTRAINT "pay_runs_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_rules_from_idx" ON "commission_rules" USING btree ("effective_from");--> statement-breakpoint
CREATE INDEX "pay_run_lines_run_idx" ON "pay_run_lines" USING btree ("run_id","staff_id");--> statement-breakpoint
CREATE INDEX "pay_run_sources_run_idx" ON "pay_run_sources" USING btree ("run_id","staff_id");--> statement-breakpoint
CREATE INDEX "pay_run_sources_item_idx" ON "pay_run_sources" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "pay_runs_period_idx" ON "pay_runs" USING btree ("period_from","period_to");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_staff_idx" ON "order_items" USING btree ("staff_id");