-- The word counts' update trigger, faster on an update of many products that changes no title or brand (issue 12: a
-- bulk operation that files 12,661 products under another category spent half its time here on PostgreSQL).
-- - The products whose title or brand changed are picked first, once: the words of the others were split into
--   words and counted twice for nothing, since the planner ran the word splitting before the comparison.
-- - No JIT: the planner prices the word splitting at a thousand rows a product, so a statement of some thousand
--   products crossed the JIT threshold and spent about a third of a second compiling what runs in milliseconds.
CREATE OR REPLACE FUNCTION "search_terms_changed"() RETURNS trigger LANGUAGE plpgsql SET "jit" = off AS $$
BEGIN
  INSERT INTO "search_terms" ("term", "stem", "products", "in_titles")
  SELECT word, word_stem(word), sum(d)::int, sum(t)::int FROM (
    WITH moved AS MATERIALIZED (
      SELECT o."title" AS old_title, o."brand" AS old_brand, n."title" AS new_title, n."brand" AS new_brand
      FROM old_rows o JOIN new_rows n ON n."id" = o."id"
      WHERE o."title" IS DISTINCT FROM n."title" OR o."brand" IS DISTINCT FROM n."brand"
    )
    SELECT w.word, -1 AS d, -(w.in_title::int) AS t FROM moved m CROSS JOIN LATERAL product_words(m.old_title, m.old_brand) AS w
    UNION ALL
    SELECT w.word, 1 AS d, w.in_title::int AS t FROM moved m CROSS JOIN LATERAL product_words(m.new_title, m.new_brand) AS w
  ) x
  GROUP BY word HAVING sum(d) <> 0 OR sum(t) <> 0 ORDER BY word
  ON CONFLICT ("term") DO UPDATE
  SET "products" = "search_terms"."products" + excluded."products", "in_titles" = "search_terms"."in_titles" + excluded."in_titles";
  RETURN NULL;
END
$$;
