-- Which products each transaction wrote (issue 29, decision 0072): the search index's catch-up reads these ids
-- instead of figures over every product. Each row carries its transaction's id, so a reader that keeps the oldest
-- transaction still running when it last read (its snapshot's xmin) finds every row committed since by asking for
-- ids from there on, however the writers' commits interleave. Rows are pruned after a while (the catalogue's
-- periodic job); the pruned_before mark tells a reader whose mark is older to compare everything instead, and a
-- TRUNCATE of products moves it too.
CREATE TABLE "product_changes" (
	"xid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"product_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_changes_xid_idx" ON "product_changes" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "product_changes_at_idx" ON "product_changes" USING btree ("at");--> statement-breakpoint
CREATE TABLE "product_change_log" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"pruned_before" bigint NOT NULL,
	CONSTRAINT "product_change_log_one_row" CHECK ("product_change_log"."id")
);
--> statement-breakpoint
INSERT INTO "product_change_log" ("id", "pruned_before") VALUES (true, pg_current_xact_id()::text::bigint + 1);--> statement-breakpoint
CREATE FUNCTION "product_changes_logged"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO "product_changes" ("product_id") SELECT "id" FROM old_rows;
  ELSE
    INSERT INTO "product_changes" ("product_id") SELECT "id" FROM new_rows;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "product_changes_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "product_changes";
  UPDATE "product_change_log" SET "pruned_before" = pg_current_xact_id()::text::bigint + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "product_changes_inserted" AFTER INSERT ON "products"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_changes_logged"();--> statement-breakpoint
CREATE TRIGGER "product_changes_updated" AFTER UPDATE ON "products"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_changes_logged"();--> statement-breakpoint
CREATE TRIGGER "product_changes_deleted" AFTER DELETE ON "products"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_changes_logged"();--> statement-breakpoint
CREATE TRIGGER "product_changes_truncated" AFTER TRUNCATE ON "products"
FOR EACH STATEMENT EXECUTE FUNCTION "product_changes_truncated"();
