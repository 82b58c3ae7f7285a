CREATE INDEX "import_rows_product_idx" ON "import_rows" USING btree ("import_id","product_id") WHERE "import_rows"."product_id" is not null;
