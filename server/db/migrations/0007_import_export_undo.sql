CREATE TABLE "catalogue_change_rows" (
	"change_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"op" text NOT NULL,
	"before" jsonb,
	"after" timestamp with time zone,
	CONSTRAINT "catalogue_change_rows_change_id_product_id_pk" PRIMARY KEY("change_id","product_id"),
	CONSTRAINT "catalogue_change_rows_op_check" CHECK ("catalogue_change_rows"."op" in ('create', 'update', 'delete'))
);
--> statement-breakpoint
CREATE TABLE "catalogue_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"summary" text NOT NULL,
	"actor_id" uuid,
	"actor_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" text,
	CONSTRAINT "catalogue_changes_kind_check" CHECK ("catalogue_changes"."kind" in ('import', 'bulk-edit', 'bulk-op'))
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"import_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"action" text NOT NULL,
	"product_id" uuid,
	"values" jsonb NOT NULL,
	CONSTRAINT "import_rows_import_id_row_number_pk" PRIMARY KEY("import_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'previewed' NOT NULL,
	"source" text NOT NULL,
	"format" text NOT NULL,
	"policy" text DEFAULT 'valid' NOT NULL,
	"actor_id" uuid,
	"actor_email" text NOT NULL,
	"mapping" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"new_categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"result" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"change_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "imports_status_check" CHECK ("imports"."status" in ('previewed', 'running', 'succeeded', 'failed', 'cancelled', 'undone')),
	CONSTRAINT "imports_policy_check" CHECK ("imports"."policy" in ('valid', 'all'))
);
--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "source_id" text;--> statement-breakpoint
ALTER TABLE "catalogue_change_rows" ADD CONSTRAINT "catalogue_change_rows_change_id_catalogue_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."catalogue_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_changes" ADD CONSTRAINT "catalogue_changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_change_id_catalogue_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."catalogue_changes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imports_created_idx" ON "imports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "images_source_url_idx" ON "images" USING btree ("source_url");--> statement-breakpoint
CREATE INDEX "products_link_idx" ON "products" USING btree ("link");--> statement-breakpoint
CREATE UNIQUE INDEX "products_source_id_idx" ON "products" USING btree ("source_id") WHERE "products"."source_id" is not null;