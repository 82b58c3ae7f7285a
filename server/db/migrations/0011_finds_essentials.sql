CREATE TABLE "agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"link_template" text NOT NULL,
	"platform_codes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"referral_code" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agents_slug_check" CHECK ("agents"."slug" ~ '^[a-z0-9][a-z0-9-]*$')
);
--> statement-breakpoint
CREATE TABLE "analytics_visitors" (
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "analytics_visitors_day_visitor_pk" PRIMARY KEY("day","visitor")
);
--> statement-breakpoint
CREATE TABLE "currency_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"rate" numeric(20, 10) NOT NULL,
	"source" text DEFAULT 'admin' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currency_rates_rate_check" CHECK ("currency_rates"."rate" > 0),
	CONSTRAINT "currency_rates_currency_check" CHECK ("currency_rates"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "currency_rates_source_check" CHECK ("currency_rates"."source" in ('admin', 'feed'))
);
--> statement-breakpoint
CREATE TABLE "favorite_shares" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"saved_price" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "item_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"query" text NOT NULL,
	"link" text,
	"status" text DEFAULT 'new' NOT NULL,
	"product_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_requests_status_check" CHECK ("item_requests"."status" in ('new', 'planned', 'added', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "link_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"agent" text,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "link_reports_status_check" CHECK ("link_reports"."status" in ('new', 'planned', 'added', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "product_qc_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"image_id" uuid NOT NULL,
	"taken_on" date,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"agent" text,
	"currency" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_events" DROP CONSTRAINT "analytics_events_kind_check";--> statement-breakpoint
ALTER TABLE "analytics_events" DROP CONSTRAINT "analytics_events_source_check";--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "agent" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "source_platform" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "source_item_id" text;--> statement-breakpoint
ALTER TABLE "favorite_shares" ADD CONSTRAINT "favorite_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_requests" ADD CONSTRAINT "item_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_reports" ADD CONSTRAINT "link_reports_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_qc_photos" ADD CONSTRAINT "product_qc_photos_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_qc_photos" ADD CONSTRAINT "product_qc_photos_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agents_slug_idx" ON "agents" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "agents_one_default_idx" ON "agents" USING btree ("is_default") WHERE "agents"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "favorite_shares_token_idx" ON "favorite_shares" USING btree ("token");--> statement-breakpoint
CREATE INDEX "favorites_product_idx" ON "favorites" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "item_requests_status_created_idx" ON "item_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "link_reports_status_created_idx" ON "link_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "link_reports_product_idx" ON "link_reports" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_qc_photos_product_image_idx" ON "product_qc_photos" USING btree ("product_id","image_id");--> statement-breakpoint
CREATE INDEX "product_qc_photos_product_idx" ON "product_qc_photos" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_qc_photos_image_idx" ON "product_qc_photos" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "analytics_events_kind_occurred_idx" ON "analytics_events" USING btree ("kind","occurred_at");--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_kind_check" CHECK ("analytics_events"."kind" in ('click', 'view', 'product-view', 'promo'));--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_source_check" CHECK ("analytics_events"."source" is null or "analytics_events"."source" in ('buy', 'image', 'page', 'signup', 'join', 'copy-code'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_source_check" CHECK (("products"."source_platform" is null and "products"."source_item_id" is null) or ("products"."source_platform" in ('taobao', 'weidian', '1688', 'tmall') and "products"."source_item_id" ~ '^[0-9A-Za-z_-]{1,40}$'));--> statement-breakpoint
-- What the storefront's kept answers show changes with these too (issue 16): BUY's agent links, prices in other
-- currencies and the QC badges and galleries.
CREATE TRIGGER "agents_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "agents"
FOR EACH STATEMENT EXECUTE FUNCTION "finder_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "currency_rates_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "currency_rates"
FOR EACH STATEMENT EXECUTE FUNCTION "finder_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "product_qc_photos_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_qc_photos"
FOR EACH STATEMENT EXECUTE FUNCTION "finder_catalogue_changed"();
