-- A product's card shows two things kept outside its row: how many QC photos it has and the category names (the
-- finder's chips). The search index's keeper re-trusts the cards it keeps while its state has not moved (decision
-- 0071), and that state counted only products and synonyms: the catalogue's notification was the only word of a
-- change to those two tables, so a lost one could leave a kept card's QC count, or the category names, stale for as
-- long as steady searches renewed the trust. Statements on them are counted here, in a row of their own (not
-- product_totals.changes, which also tells an import's commit and the admin's kept counts that products moved), and
-- the keeper's state adds this count to the products' (decision 0071).
CREATE TABLE "card_changes" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"changes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "card_changes_one_row" CHECK ("card_changes"."id")
);
--> statement-breakpoint
INSERT INTO "card_changes" ("id", "changes") VALUES (true, 0);--> statement-breakpoint
CREATE FUNCTION "card_changes_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "card_changes" SET "changes" = "changes" + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "card_changes_qc_photos" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_qc_photos"
FOR EACH STATEMENT EXECUTE FUNCTION "card_changes_counted"();--> statement-breakpoint
CREATE TRIGGER "card_changes_categories" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories"
FOR EACH STATEMENT EXECUTE FUNCTION "card_changes_counted"();
