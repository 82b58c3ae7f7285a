ALTER TABLE "product_totals" ADD COLUMN "match_changes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- An import's commit matches its rows again only when a statement may have changed how they match (issue 39):
-- product_totals.changes moves with every write of products, a link check's new state too, and a commit after any
-- of them matched a whole file again in one transaction (on the embedded database 0.4-0.6 s of its one connection
-- for 100,000 rows while visitors waited). match_changes moves with an insert, a delete, a truncate, or an update
-- that sets a column the matching or the "unchanged" comparison reads: the written columns (product-columns.ts;
-- a test compares the list), the source id, the row (the order within a group) and the id. A trigger with a column
-- list fires when the column is in the statement's SET list, whatever its value.
CREATE FUNCTION "product_totals_matched"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "product_totals" SET "match_changes" = "match_changes" + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "product_totals_matched" AFTER INSERT OR DELETE OR TRUNCATE ON "products"
FOR EACH STATEMENT EXECUTE FUNCTION "product_totals_matched"();--> statement-breakpoint
CREATE TRIGGER "product_totals_matched_update" AFTER UPDATE OF
  "title", "description", "translations", "brand", "category", "gender", "price", "image", "is_best_product", "link",
  "source_platform", "source_item_id", "source_id", "row", "id"
ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "product_totals_matched"();
