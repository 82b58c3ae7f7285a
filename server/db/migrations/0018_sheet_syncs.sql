CREATE TABLE "import_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"schedule" text DEFAULT 'daily' NOT NULL,
	"max_changed_percent" integer DEFAULT 5 NOT NULL,
	"max_invalid_rows" integer DEFAULT 0 NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_id" uuid,
	"actor_email" text NOT NULL,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_status" text,
	"last_message" text,
	"last_import_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_sources_schedule_check" CHECK ("import_sources"."schedule" in ('hourly', 'daily'))
);
--> statement-breakpoint
ALTER TABLE "import_sources" ADD CONSTRAINT "import_sources_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "import_sources_due_idx" ON "import_sources" USING btree ("next_run_at");
--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "source_id" uuid;
--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_source_id_import_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."import_sources"("id") ON DELETE set null ON UPDATE no action;
