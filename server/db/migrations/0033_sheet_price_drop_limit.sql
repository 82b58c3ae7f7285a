-- A synced sheet's run waits for an admin when a product's price would drop by more than this share (issue 39).
-- Written by hand: import_sources is not in the schema drizzle-kit reads (server/db/schema/index.ts), as in 0018.
ALTER TABLE "import_sources" ADD COLUMN "max_price_drop_percent" integer DEFAULT 50 NOT NULL;
