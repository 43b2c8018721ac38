CREATE TABLE "client_packages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"service_package_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"service_ids" jsonb NOT NULL,
	"sessions" integer NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"expires_on" date NOT NULL,
	"outlet" varchar(10) NOT NULL,
	"payment_method" varchar(10) NOT NULL,
	"reference" varchar(100),
	"business_date" date NOT NULL,
	"sold_by" integer NOT NULL,
	"sold_by_name" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_packages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"service_id" integer NOT NULL,
	"extra_service_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sessions" integer NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"validity_days" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prepaid_lines" DROP CONSTRAINT "prepaid_lines_one_account";--> statement-breakpoint
ALTER TABLE "prepaid_lines" DROP CONSTRAINT "prepaid_lines_not_zero";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "touch_up" jsonb;--> statement-breakpoint
ALTER TABLE "prepaid_lines" ADD COLUMN "client_package_id" integer;--> statement-breakpoint
ALTER TABLE "prepaid_lines" ADD COLUMN "sessions" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "touch_up" jsonb;--> statement-breakpoint
ALTER TABLE "client_packages" ADD CONSTRAINT "client_packages_service_package_id_service_packages_id_fk" FOREIGN KEY ("service_package_id") REFERENCES "public"."service_packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_packages" ADD CONSTRAINT "client_packages_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_packages" ADD CONSTRAINT "client_packages_sold_by_users_id_fk" FOREIGN KEY ("sold_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_packages" ADD CONSTRAINT "service_packages_service_id_products_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_packages_client_idx" ON "client_packages" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "service_packages_service_idx" ON "service_packages" USING btree ("service_id");--> statement-breakpoint
ALTER TABLE "prepaid_lines" ADD CONSTRAINT "prepaid_lines_client_package_id_client_packages_id_fk" FOREIGN KEY ("client_package_id") REFERENCES "public"."client_packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prepaid_lines_package_idx" ON "prepaid_lines" USING btree ("client_package_id");--> statement-breakpoint
ALTER TABLE "prepaid_lines" ADD CONSTRAINT "prepaid_lines_sessions_on_packages" CHECK (("prepaid_lines"."sessions" is null) = ("prepaid_lines"."client_package_id" is null));--> statement-breakpoint
ALTER TABLE "prepaid_lines" ADD CONSTRAINT "prepaid_lines_one_account" CHECK (num_nonnulls("prepaid_lines"."voucher_id", "prepaid_lines"."client_id", "prepaid_lines"."client_package_id") = 1);--> statement-breakpoint
ALTER TABLE "prepaid_lines" ADD CONSTRAINT "prepaid_lines_not_zero" CHECK ("prepaid_lines"."amount" <> 0 or "prepaid_lines"."sessions" <> 0);