-- The word counts' update trigger, rewritten (issue 12). A bulk operation that files 12,661 products under another
-- category, changing no title or brand, spent half of its 1.8 s on PostgreSQL in the old one, and 25 s when the
-- connection had planned the trigger before on a one-product edit:
-- - PL/pgSQL plans the trigger's statement once per connection, with the transition tables' sizes of that first
--   call. The old statement joined the old rows to the new ones by id; planned for one row, that join was a nested
--   loop, 160 million comparisons for 12,661 rows. This one joins nothing: every old version counts -1, every new
--   one +1, and a product whose title and brand stayed the same has two versions that cancel (grouping treats
--   missing brands as equal, as IS NOT DISTINCT FROM does). Grouping costs n log n under any plan.
-- - The versions that remain are the only ones split into words; the old statement split every product's words
--   before comparing.
-- - No JIT: the planner prices the word splitting at a thousand rows a product, so a statement of some thousand
--   products crossed the JIT threshold and spent about a third of a second compiling what runs in milliseconds.
CREATE OR REPLACE FUNCTION "search_terms_changed"() RETURNS trigger LANGUAGE plpgsql SET "jit" = off AS $$
BEGIN
  INSERT INTO "search_terms" ("term", "stem", "products", "in_titles")
  SELECT w.word, word_stem(w.word), sum(v.d)::int, sum(v.d * w.in_title::int)::int
  FROM (
    SELECT "title", "brand", sum(d) AS d FROM (
      SELECT "id", "title", "brand", -1 AS d FROM old_rows
      UNION ALL
      SELECT "id", "title", "brand", 1 AS d FROM new_rows
    ) versions
    GROUP BY "id", "title", "brand" HAVING sum(d) <> 0
  ) v CROSS JOIN LATERAL product_words(v."title", v."brand") AS w
  GROUP BY w.word HAVING sum(v.d) <> 0 OR sum(v.d * w.in_title::int) <> 0 ORDER BY w.word
  ON CONFLICT ("term") DO UPDATE
  SET "products" = "search_terms"."products" + excluded."products", "in_titles" = "search_terms"."in_titles" + excluded."in_titles";
  RETURN NULL;
END
$$;
