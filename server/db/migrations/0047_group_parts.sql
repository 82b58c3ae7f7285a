-- A preview's matching by group goes a part at a time (issue 39, decision 0098). The parts were ranges of groups,
-- found by walking an expression index (import_rows_group_idx) one statement per part: a hundred statements of 30-75
-- ms for 100,000 rows on a busy machine, and the expression computed again for every staged row. Each row now
-- carries its part, a hash of its group modulo the preview's number of parts, written as it is staged; rows staged
-- before this migration belong to previews already matched (their commit matches whole statements).
DROP INDEX "import_rows_group_idx";--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "group_part" integer;--> statement-breakpoint
CREATE INDEX "import_rows_group_part_idx" ON "import_rows" USING btree ("import_id","group_part") WHERE "import_rows"."group_part" is not null;
