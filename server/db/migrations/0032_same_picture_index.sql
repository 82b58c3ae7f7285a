DROP INDEX "products_image_idx";--> statement-breakpoint
CREATE INDEX "products_image_number_idx" ON "products" USING btree ("image","number");