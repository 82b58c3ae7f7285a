CREATE TABLE "product_totals" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"products" integer NOT NULL,
	"changes" bigint NOT NULL,
	CONSTRAINT "product_totals_one_row" CHECK ("product_totals"."id")
);
--> statement-breakpoint
DROP INDEX "products_admin_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "admin_search_text";--> statement-breakpoint
-- The admin search reads search_text or the category instead (decision 0033): one trigram index less to write on
-- every update of a product, which is most of what a bulk operation costs.
-- The admin list's total was a count over every row. The triggers keep it in one row; each updates that row, so
-- concurrent writers take turns on its lock and each adds its own rows to the committed total (READ COMMITTED
-- re-reads the row after the wait), and a rolled-back statement rolls its change back with it.
INSERT INTO "product_totals" ("id", "products", "changes") SELECT true, count(*)::int, 0 FROM "products";--> statement-breakpoint
CREATE FUNCTION "product_totals_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "product_totals" SET "products" = "products" + (SELECT count(*) FROM new_rows), "changes" = "changes" + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "product_totals_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "product_totals" SET "products" = "products" - (SELECT count(*) FROM old_rows), "changes" = "changes" + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "product_totals_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "product_totals" SET "products" = 0, "changes" = "changes" + 1;
  ELSE
    UPDATE "product_totals" SET "changes" = "changes" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "product_totals_added" AFTER INSERT ON "products"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_totals_added"();--> statement-breakpoint
CREATE TRIGGER "product_totals_removed" AFTER DELETE ON "products"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_totals_removed"();--> statement-breakpoint
CREATE TRIGGER "product_totals_changed" AFTER UPDATE OR TRUNCATE ON "products"
FOR EACH STATEMENT EXECUTE FUNCTION "product_totals_changed"();
