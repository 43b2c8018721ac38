CREATE TABLE "integrations" (
	"provider" varchar(20) PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"set_by" integer,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "provider_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" varchar(20) NOT NULL,
	"event_key" varchar(200) NOT NULL,
	"event" varchar(60) NOT NULL,
	"reference" varchar(120),
	"amount" numeric(14, 2),
	"account_number" varchar(20),
	"outcome" varchar(20) NOT NULL,
	"detail" text,
	"kind" varchar(20),
	"record_id" integer,
	"payment_id" integer,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "virtual_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "virtual_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" varchar(20) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"record_id" integer NOT NULL,
	"account_number" varchar(10) NOT NULL,
	"bank_name" varchar(80) NOT NULL,
	"account_name" varchar(120) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD CONSTRAINT "virtual_accounts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_events_key_unique" ON "provider_events" USING btree ("provider","event_key");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_number_unique" ON "virtual_accounts" USING btree ("provider","account_number");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_record_unique" ON "virtual_accounts" USING btree ("provider","kind","record_id");