CREATE TABLE "owner_setup_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"instance" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone
);
