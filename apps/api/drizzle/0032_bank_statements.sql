CREATE TABLE "bank_column_maps" (
	"account" varchar(60) PRIMARY KEY NOT NULL,
	"column_map" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_statement_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"statement_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"date" date NOT NULL,
	"narration" text NOT NULL,
	"reference" varchar(100),
	"credit" numeric(14, 2) DEFAULT 0 NOT NULL,
	"debit" numeric(14, 2) DEFAULT 0 NOT NULL,
	"balance" numeric(14, 2),
	"line_key" varchar(64) NOT NULL,
	"status" varchar(10) NOT NULL,
	"match_kind" varchar(20),
	"match_id" integer,
	"reason" text,
	"candidates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"resolved_by" integer,
	"resolved_by_name" varchar(100),
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_statements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"filename" varchar(200) NOT NULL,
	"account" varchar(60),
	"layout" varchar(40) NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"suggested" integer DEFAULT 0 NOT NULL,
	"unmatched" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"imported_by" integer,
	"imported_by_name" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_no_unique" ON "bank_statement_lines" USING btree ("statement_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_key_unique" ON "bank_statement_lines" USING btree ("line_key") WHERE "bank_statement_lines"."status" <> 'duplicate';--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_match_unique" ON "bank_statement_lines" USING btree ("match_kind","match_id") WHERE "bank_statement_lines"."match_id" is not null;--> statement-breakpoint
CREATE INDEX "bank_statement_lines_status_idx" ON "bank_statement_lines" USING btree ("status","date");