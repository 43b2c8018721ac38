CREATE TABLE "idempotency_keys" (
	"scope" varchar(60) NOT NULL,
	"client_ref" varchar(36) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"status" integer NOT NULL,
	"response" jsonb NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_client_ref_pk" PRIMARY KEY("scope","client_ref")
);
