CREATE TABLE "storefront_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"missing_pictures" text DEFAULT 'show' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storefront_settings_one_row_check" CHECK ("storefront_settings"."id" = 1),
	CONSTRAINT "storefront_settings_missing_pictures_check" CHECK ("storefront_settings"."missing_pictures" in ('show', 'hide'))
);
