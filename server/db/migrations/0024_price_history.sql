-- Issue 29: every price a product has had (decision 0066). A trigger on products writes it, so no path that changes a
-- price (the item form, bulk item actions, bulk operations, imports and synced sheets, Undo, a hand-typed statement)
-- can miss it; the cause is what the change's transaction set in finder.price_cause (server/modules/price-history).
CREATE TABLE "price_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" uuid NOT NULL,
	"old_price" numeric(12, 2),
	"price" numeric(12, 2) NOT NULL,
	"cause" text NOT NULL,
	"actor_id" uuid,
	"change_id" uuid,
	"import_id" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_history_cause_check" CHECK ("price_history"."cause" in ('initial', 'create', 'edit', 'bulk-edit', 'bulk-op', 'import', 'sync', 'undo', 'other'))
);
--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_change_id_catalogue_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."catalogue_changes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_history_product_idx" ON "price_history" USING btree ("product_id","changed_at");--> statement-breakpoint
-- The prices products have now are their first point.
INSERT INTO "price_history" ("product_id", "old_price", "price", "cause", "changed_at")
SELECT "id", NULL, "price", 'initial', "created_at" FROM "products";--> statement-breakpoint
-- Statement-level with transition tables, like the totals' triggers (0009): one insert per statement. PostgreSQL
-- allows no column list with transition tables, so every update of products joins old and new rows by id and keeps
-- only those whose price moved. An id the cause names that is gone by now (an account deleted while its import ran)
-- is kept as null rather than failing the write.
CREATE FUNCTION "products_keep_prices"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c jsonb := coalesce(nullif(current_setting('finder.price_cause', true), ''), '{}')::jsonb;
  why text := coalesce(c->>'cause', 'other');
  cause_actor uuid := (SELECT "id" FROM "users" WHERE "id" = (c->>'actorId')::uuid);
  cause_change uuid := (SELECT "id" FROM "catalogue_changes" WHERE "id" = (c->>'changeId')::uuid);
  cause_import uuid := (SELECT "id" FROM "imports" WHERE "id" = (c->>'importId')::uuid);
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "price_history" ("product_id", "old_price", "price", "cause", "actor_id", "change_id", "import_id")
    SELECT n."id", NULL, n."price", why, cause_actor, cause_change, cause_import FROM new_rows n;
  ELSE
    INSERT INTO "price_history" ("product_id", "old_price", "price", "cause", "actor_id", "change_id", "import_id")
    SELECT n."id", o."price", n."price", why, cause_actor, cause_change, cause_import
    FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE n."price" IS DISTINCT FROM o."price";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_keep_prices_insert" AFTER INSERT ON "products"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "products_keep_prices"();--> statement-breakpoint
CREATE TRIGGER "products_keep_prices_update" AFTER UPDATE ON "products"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "products_keep_prices"();--> statement-breakpoint
-- Price alerts: per favourite, or for every favourite of the account; the last digest's time keeps it to one a day.
ALTER TABLE "favorites" ADD COLUMN "price_alert" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "price_alerts_all" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "price_digest_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "favorites_price_alert_idx" ON "favorites" USING btree ("user_id") WHERE "favorites"."price_alert";
