ALTER TABLE "products" ADD COLUMN "link_state" text DEFAULT 'ok' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "picture_broken" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_link_state_check" CHECK ("products"."link_state" in ('ok', 'unavailable', 'hidden'));--> statement-breakpoint
CREATE TABLE "link_checks" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone DEFAULT '1970-01-01T00:00:00Z' NOT NULL,
	"reported_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"answer" text,
	"status" integer,
	"final_url" text,
	"error" text,
	"gone_count" integer DEFAULT 0 NOT NULL,
	"picture_answer" text,
	"marked_fine_at" timestamp with time zone,
	"marked_fine_by" text,
	CONSTRAINT "link_checks_answer_check" CHECK ("link_checks"."answer" is null or "link_checks"."answer" in ('live', 'gone', 'unknown')),
	CONSTRAINT "link_checks_picture_check" CHECK ("link_checks"."picture_answer" is null or "link_checks"."picture_answer" in ('fine', 'refetched', 'broken', 'unknown'))
);
--> statement-breakpoint
ALTER TABLE "link_checks" ADD CONSTRAINT "link_checks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "link_checks_due_idx" ON "link_checks" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "link_checks_answer_idx" ON "link_checks" USING btree ("answer", "checked_at");--> statement-breakpoint
CREATE TABLE "link_hosts" (
	"host" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"paused_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "link_budget" (
	"day" date PRIMARY KEY NOT NULL,
	"used" integer DEFAULT 0 NOT NULL
);
