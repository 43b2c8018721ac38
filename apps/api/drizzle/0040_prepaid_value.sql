CREATE TABLE "gift_vouchers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_vouchers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(12) NOT NULL,
	"face_value" numeric(14, 2) NOT NULL,
	"expires_on" date,
	"buyer_name" varchar(100),
	"buyer_phone" varchar(30),
	"recipient_name" varchar(100),
	"client_id" integer,
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
CREATE TABLE "prepaid_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prepaid_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"voucher_id" integer,
	"client_id" integer,
	"kind" varchar(12) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"method" varchar(10),
	"reference" varchar(100),
	"order_id" integer,
	"payment_id" integer,
	"refund_id" integer,
	"outlet" varchar(10),
	"business_date" date NOT NULL,
	"note" text,
	"user_id" integer,
	"user_name" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prepaid_lines_one_account" CHECK (("prepaid_lines"."voucher_id" is null) <> ("prepaid_lines"."client_id" is null)),
	CONSTRAINT "prepaid_lines_not_zero" CHECK ("prepaid_lines"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "gift_vouchers" ADD CONSTRAINT "gift_vouchers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_vouchers" ADD CONSTRAINT "gift_vouchers_sold_by_users_id_fk" FOREIGN KEY ("sold_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepaid_lines" ADD CONSTRAINT "prepaid_lines_voucher_id_gift_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."gift_vouchers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepaid_lines" ADD CONSTRAINT "prepaid_lines_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepaid_lines" ADD CONSTRAINT "prepaid_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_vouchers_code_unique" ON "gift_vouchers" USING btree ("code");--> statement-breakpoint
CREATE INDEX "gift_vouchers_client_idx" ON "gift_vouchers" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "prepaid_lines_voucher_idx" ON "prepaid_lines" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "prepaid_lines_client_idx" ON "prepaid_lines" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "prepaid_lines_payment_idx" ON "prepaid_lines" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "prepaid_lines_day_idx" ON "prepaid_lines" USING btree ("outlet","business_date");
--> statement-breakpoint
-- a voucher's buyer is a client, found or created by phone like every other record that names a person (0018)
CREATE TRIGGER gift_vouchers_link_client BEFORE INSERT OR UPDATE OF buyer_phone ON gift_vouchers FOR EACH ROW EXECUTE FUNCTION studio_link_client('buyer_name', 'buyer_phone');

--> statement-breakpoint
-- A deposit kept as the client's credit (decision 026) lands on the client's credit ledger when the outcome is set,
-- whatever sets it; a record reopened from `kept` takes it back with an adjusting line (decision 032).
CREATE FUNCTION studio_kept_deposit_credit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.client_id IS NOT NULL AND NEW.amount_paid > 0 AND NEW.deposit_outcome = 'kept' AND OLD.deposit_outcome IS DISTINCT FROM 'kept' THEN
    INSERT INTO prepaid_lines (client_id, kind, amount, business_date, note)
    VALUES (NEW.client_id, 'kept', NEW.amount_paid, coalesce(NEW.settled_on, current_date), TG_ARGV[0] || ' #' || NEW.id || ': deposit kept as credit');
  ELSIF OLD.client_id IS NOT NULL AND OLD.amount_paid > 0 AND OLD.deposit_outcome = 'kept' AND NEW.deposit_outcome IS DISTINCT FROM 'kept' THEN
    INSERT INTO prepaid_lines (client_id, kind, amount, business_date, note)
    VALUES (OLD.client_id, 'adjusted', -OLD.amount_paid, current_date, TG_ARGV[0] || ' #' || OLD.id || ': no longer kept as credit');
  END IF;
  RETURN NULL;
END $$;

--> statement-breakpoint
CREATE TRIGGER appointments_kept_credit AFTER UPDATE OF deposit_outcome ON appointments FOR EACH ROW EXECUTE FUNCTION studio_kept_deposit_credit('Appointment');

--> statement-breakpoint
CREATE TRIGGER bridal_bookings_kept_credit AFTER UPDATE OF deposit_outcome ON bridal_bookings FOR EACH ROW EXECUTE FUNCTION studio_kept_deposit_credit('Bridal booking');
