ALTER TABLE "agents" ADD COLUMN "promo_text" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "promo_link" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "promo_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "promo_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_promo_check" CHECK ((("agents"."promo_text" is null and "agents"."promo_code" is null and "agents"."promo_link" is null and "agents"."promo_starts_at" is null and "agents"."promo_ends_at" is null) or ("agents"."promo_text" is not null and "agents"."promo_starts_at" is not null and "agents"."promo_ends_at" > "agents"."promo_starts_at")));--> statement-breakpoint
ALTER TABLE "analytics_events" DROP CONSTRAINT "analytics_events_kind_check";--> statement-breakpoint
ALTER TABLE "analytics_events" DROP CONSTRAINT "analytics_events_source_check";--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_kind_check" CHECK ("analytics_events"."kind" in ('click', 'view', 'product-view', 'promo', 'convert-click', 'agent-promo'));--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_source_check" CHECK ("analytics_events"."source" is null or "analytics_events"."source" in ('buy', 'image', 'page', 'signup', 'join', 'copy-code', 'link'));
