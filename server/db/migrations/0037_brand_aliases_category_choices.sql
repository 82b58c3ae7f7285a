CREATE TABLE "brand_aliases" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"aliases" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_aliases_one_row_check" CHECK ("brand_aliases"."id" = 1),
	CONSTRAINT "brand_aliases_array_check" CHECK (jsonb_typeof("brand_aliases"."aliases") = 'array')
);
--> statement-breakpoint
CREATE TABLE "import_category_choices" (
	"source" text NOT NULL,
	"from_key" text NOT NULL,
	"to_name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_category_choices_source_from_key_pk" PRIMARY KEY("source","from_key")
);
