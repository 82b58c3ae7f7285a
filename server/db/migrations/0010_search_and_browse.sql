CREATE TABLE "popularity_state" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"counted_for" date NOT NULL,
	CONSTRAINT "popularity_state_one_row" CHECK ("popularity_state"."id")
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL,
	"stem" text NOT NULL,
	"products" integer NOT NULL,
	"in_titles" integer NOT NULL
);
--> statement-breakpoint
-- search_text becomes lower case, in ranking order (title, brand, description); its trigram index goes with it.
ALTER TABLE "products" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(title || chr(31) || brand || chr(31) || description)) STORED;--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "brand_key" text GENERATED ALWAYS AS (nullif(btrim(regexp_replace(lower(brand), '[^[:alnum:]]+', '-', 'g'), '-'), '')) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "popularity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "search_terms_stem_idx" ON "search_terms" USING btree ("stem");--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_brand_shuffle_idx" ON "products" USING btree ("brand_key","shuffle_key","id");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price","id");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_popularity_idx" ON "products" USING btree ("popularity" desc,"shuffle_key","id");--> statement-breakpoint
-- The words of a product's title and brand: split at white space, punctuation trimmed from each end (so "T-Shirt"
-- stays one word), lower case, 2 to 40 characters with at least one letter, each once, and whether the title has it.
CREATE FUNCTION "product_words"("title" text, "brand" text) RETURNS TABLE ("word" text, "in_title" boolean)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT w, bool_or(t) FROM (
    SELECT regexp_replace(part, '^[^[:alnum:]]+|[^[:alnum:]]+$', '', 'g') AS w, t
    FROM (
      SELECT regexp_split_to_table(lower(coalesce(title, '')), '\s+') AS part, true AS t
      UNION ALL
      SELECT regexp_split_to_table(lower(coalesce(brand, '')), '\s+'), false
    ) parts
  ) words
  WHERE length(w) BETWEEN 2 AND 40 AND w ~ '[[:alpha:]]'
  GROUP BY w
$$;--> statement-breakpoint
-- A word's English stem (snowball), or the word itself when the stemmer drops it (a stop word).
CREATE FUNCTION "word_stem"("word" text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce((ts_lexize('english_stem', word))[1], word)
$$;--> statement-breakpoint
INSERT INTO "search_terms" ("term", "stem", "products", "in_titles")
SELECT w.word, word_stem(w.word), count(*)::int, (count(*) FILTER (WHERE w.in_title))::int
FROM "products" CROSS JOIN LATERAL product_words("title", "brand") AS w GROUP BY w.word;--> statement-breakpoint
INSERT INTO "popularity_state" ("id", "counted_for") VALUES (true, DATE '1970-01-01');--> statement-breakpoint
-- The word counts follow every write (decision 0037). Like product_totals' triggers, these run once per statement
-- with the statement's rows; product_totals' row is locked first (triggers fire in name order), so concurrent
-- writers take turns and never deadlock over words. An UPDATE trigger may not name columns when it reads
-- transition tables: the changed trigger looks at rows whose title or brand changed only.
CREATE FUNCTION "search_terms_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_terms" ("term", "stem", "products", "in_titles")
  SELECT w.word, word_stem(w.word), count(*)::int, (count(*) FILTER (WHERE w.in_title))::int
  FROM new_rows n CROSS JOIN LATERAL product_words(n."title", n."brand") AS w
  GROUP BY w.word ORDER BY w.word
  ON CONFLICT ("term") DO UPDATE
  SET "products" = "search_terms"."products" + excluded."products", "in_titles" = "search_terms"."in_titles" + excluded."in_titles";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "search_terms_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "search_terms" s SET "products" = s."products" - d.n, "in_titles" = s."in_titles" - d.t
  FROM (
    SELECT w.word, count(*)::int AS n, (count(*) FILTER (WHERE w.in_title))::int AS t
    FROM old_rows o CROSS JOIN LATERAL product_words(o."title", o."brand") AS w GROUP BY w.word
  ) d
  WHERE s."term" = d.word;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "search_terms_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_terms" ("term", "stem", "products", "in_titles")
  SELECT word, word_stem(word), sum(d)::int, sum(t)::int FROM (
    SELECT w.word, -1 AS d, -(w.in_title::int) AS t FROM old_rows o JOIN new_rows n ON n."id" = o."id"
      CROSS JOIN LATERAL product_words(o."title", o."brand") AS w
      WHERE o."title" IS DISTINCT FROM n."title" OR o."brand" IS DISTINCT FROM n."brand"
    UNION ALL
    SELECT w.word, 1 AS d, w.in_title::int AS t FROM old_rows o JOIN new_rows n ON n."id" = o."id"
      CROSS JOIN LATERAL product_words(n."title", n."brand") AS w
      WHERE o."title" IS DISTINCT FROM n."title" OR o."brand" IS DISTINCT FROM n."brand"
  ) x
  GROUP BY word HAVING sum(d) <> 0 OR sum(t) <> 0 ORDER BY word
  ON CONFLICT ("term") DO UPDATE
  SET "products" = "search_terms"."products" + excluded."products", "in_titles" = "search_terms"."in_titles" + excluded."in_titles";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "search_terms_emptied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "search_terms" SET "products" = 0, "in_titles" = 0 WHERE "products" <> 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "search_terms_added" AFTER INSERT ON "products"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_terms_added"();--> statement-breakpoint
CREATE TRIGGER "search_terms_removed" AFTER DELETE ON "products"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_terms_removed"();--> statement-breakpoint
CREATE TRIGGER "search_terms_changed" AFTER UPDATE ON "products"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_terms_changed"();--> statement-breakpoint
CREATE TRIGGER "search_terms_emptied" AFTER TRUNCATE ON "products"
FOR EACH STATEMENT EXECUTE FUNCTION "search_terms_emptied"();
