ALTER TABLE "images" ADD COLUMN "phash" bit(64);--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "mean_colour" integer;--> statement-breakpoint
CREATE INDEX "images_phash_bands_idx" ON "images" USING gin ((array[substring("phash" from 1 for 16)::integer, 65536 + substring("phash" from 17 for 16)::integer, 131072 + substring("phash" from 33 for 16)::integer, 196608 + substring("phash" from 49 for 16)::integer])) WITH (fastupdate = off) WHERE "images"."phash" is not null;--> statement-breakpoint
CREATE INDEX "images_url_idx" ON "images" USING btree ("url");--> statement-breakpoint
CREATE INDEX "images_phash_pending_idx" ON "images" USING btree ("id") WHERE "images"."phash" is null;
