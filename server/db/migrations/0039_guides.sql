CREATE TABLE "guide_products" (
	"guide_id" uuid NOT NULL,
	"product_number" integer NOT NULL,
	CONSTRAINT "guide_products_guide_id_product_number_pk" PRIMARY KEY("guide_id","product_number")
);
--> statement-breakpoint
CREATE TABLE "guide_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guide_id" uuid NOT NULL,
	"action" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"actor_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guide_slugs" (
	"lang" text NOT NULL,
	"slug" text NOT NULL,
	"guide_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guide_slugs_lang_slug_pk" PRIMARY KEY("lang","slug")
);
--> statement-breakpoint
CREATE TABLE "guides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover_image_id" uuid,
	"cover_alt" text DEFAULT '' NOT NULL,
	"topic" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"author_name" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guides_status_check" CHECK ("guides"."status" in ('draft', 'scheduled', 'published')),
	CONSTRAINT "guides_scheduled_check" CHECK ("guides"."status" <> 'scheduled' or "guides"."publish_at" is not null),
	CONSTRAINT "guides_tags_check" CHECK (jsonb_typeof("guides"."tags") = 'array')
);
--> statement-breakpoint
ALTER TABLE "guide_products" ADD CONSTRAINT "guide_products_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_slugs" ADD CONSTRAINT "guide_slugs_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_cover_image_id_images_id_fk" FOREIGN KEY ("cover_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guide_products_number_idx" ON "guide_products" USING btree ("product_number");--> statement-breakpoint
CREATE INDEX "guide_revisions_guide_idx" ON "guide_revisions" USING btree ("guide_id","created_at");--> statement-breakpoint
CREATE INDEX "guide_slugs_guide_idx" ON "guide_slugs" USING btree ("guide_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guides_lang_slug_idx" ON "guides" USING btree ("lang","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "guides_group_lang_idx" ON "guides" USING btree ("group_id","lang");--> statement-breakpoint
CREATE INDEX "guides_published_idx" ON "guides" USING btree ("lang","published_at") WHERE "guides"."status" = 'published';--> statement-breakpoint
CREATE INDEX "guides_scheduled_idx" ON "guides" USING btree ("publish_at") WHERE "guides"."status" = 'scheduled';--> statement-breakpoint
-- A guide's change (an admin's, or the publish job's) empties every process's cache of public answers, as the
-- catalogue's do (migration 0008): the guide pages, the feeds and the sitemap show it at once.
CREATE TRIGGER "guides_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "guides"
FOR EACH STATEMENT EXECUTE FUNCTION "finder_catalogue_changed"();
