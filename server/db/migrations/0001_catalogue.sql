CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"relevance" integer DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_name_check" CHECK (btrim("categories"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"url" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"category" text,
	"gender" text,
	"price" numeric(12, 2) NOT NULL,
	"image" text,
	"is_best_product" boolean DEFAULT false NOT NULL,
	"link" text,
	"row" integer,
	"search_text" text GENERATED ALWAYS AS (title || chr(31) || description || chr(31) || brand) STORED,
	"shuffle_key" integer DEFAULT floor(random() * 2147483647)::integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_gender_check" CHECK ("products"."gender" in ('Men', 'Women', 'Kids', 'Unisex')),
	CONSTRAINT "products_price_check" CHECK ("products"."price" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_lower_idx" ON "categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "images_storage_key_idx" ON "images" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "images_created_idx" ON "images" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_shuffle_idx" ON "products" USING btree ("shuffle_key","id");--> statement-breakpoint
CREATE INDEX "products_gender_shuffle_idx" ON "products" USING btree ("gender","shuffle_key","id");--> statement-breakpoint
CREATE INDEX "products_category_shuffle_idx" ON "products" USING btree (lower("category"),"shuffle_key","id");--> statement-breakpoint
CREATE INDEX "products_best_shuffle_idx" ON "products" USING btree ("shuffle_key","id") WHERE "products"."is_best_product";--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_row_idx" ON "products" USING btree ("row","id");