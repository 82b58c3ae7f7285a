CREATE TABLE "category_totals" (
	"key" text PRIMARY KEY NOT NULL,
	"products" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_category_shuffle_idx";--> statement-breakpoint
-- Update Shirt Category at 100,000 products (issue 12): every product it files under Shirts was written again into
-- all 15 indexes of products, because one of them had the category; most of the operation was index writes. With
-- no index on the category and room left in every page (fillfactor 80), such an update rewrites each product in
-- place (a HOT update), with no new index entry: 98% of the 12,661 with a fifth of each page free, 90% with 15%
-- (a page whose share of changed products exceeds its free room writes the rest anew). The index served the
-- category filter's shuffled pages, the category counts and the admin search's category names:
-- - a category's pages walk the shuffled index, keeping the category's rows (a category with a tenth of the
--   products finds a page in about 70 rows); the statistics on lower(category) let the planner read a rare one
--   whole instead;
-- - the counts per category are kept in category_totals by the statement triggers below, as product_totals keeps
--   the total.
-- CLUSTER rewrites the table once, so the products already there get the room too, in the admin list's order (row).
ALTER TABLE "products" SET (fillfactor = 80);--> statement-breakpoint
CLUSTER "products" USING "products_row_unique_idx";--> statement-breakpoint
CREATE STATISTICS "products_category_stats" ON (lower("category")) FROM "products";--> statement-breakpoint
ANALYZE "products";--> statement-breakpoint
INSERT INTO "category_totals" ("key", "products")
SELECT lower("category"), count(*)::int FROM "products" WHERE "category" IS NOT NULL GROUP BY lower("category");--> statement-breakpoint
-- Join-free, as search_terms_changed (migration 0013): PL/pgSQL plans each statement once per connection, for the
-- transition tables' sizes of its first call. Every version counts (-1 old, +1 new) under its category; a product
-- whose category did not change cancels out.
CREATE FUNCTION "category_totals_added"() RETURNS trigger LANGUAGE plpgsql SET "jit" = off AS $$
BEGIN
  INSERT INTO "category_totals" ("key", "products")
  SELECT lower("category"), count(*)::int FROM new_rows WHERE "category" IS NOT NULL GROUP BY lower("category") ORDER BY 1
  ON CONFLICT ("key") DO UPDATE SET "products" = "category_totals"."products" + excluded."products";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "category_totals_removed"() RETURNS trigger LANGUAGE plpgsql SET "jit" = off AS $$
BEGIN
  INSERT INTO "category_totals" ("key", "products")
  SELECT lower("category"), -count(*)::int FROM old_rows WHERE "category" IS NOT NULL GROUP BY lower("category") ORDER BY 1
  ON CONFLICT ("key") DO UPDATE SET "products" = "category_totals"."products" + excluded."products";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "category_totals_changed"() RETURNS trigger LANGUAGE plpgsql SET "jit" = off AS $$
BEGIN
  INSERT INTO "category_totals" ("key", "products")
  SELECT k, sum(d)::int FROM (
    SELECT lower("category") AS k, -1 AS d FROM old_rows WHERE "category" IS NOT NULL
    UNION ALL
    SELECT lower("category"), 1 FROM new_rows WHERE "category" IS NOT NULL
  ) versions
  GROUP BY k HAVING sum(d) <> 0 ORDER BY k
  ON CONFLICT ("key") DO UPDATE SET "products" = "category_totals"."products" + excluded."products";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "category_totals_emptied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "category_totals" SET "products" = 0 WHERE "products" <> 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "category_totals_added" AFTER INSERT ON "products"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "category_totals_added"();--> statement-breakpoint
CREATE TRIGGER "category_totals_removed" AFTER DELETE ON "products"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "category_totals_removed"();--> statement-breakpoint
CREATE TRIGGER "category_totals_changed" AFTER UPDATE ON "products"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "category_totals_changed"();--> statement-breakpoint
CREATE TRIGGER "category_totals_emptied" AFTER TRUNCATE ON "products"
FOR EACH STATEMENT EXECUTE FUNCTION "category_totals_emptied"();
