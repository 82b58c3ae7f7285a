ALTER TABLE "user_preferences" ADD COLUMN "setup_dismissed_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "catalogue_change_images" (
	"change_id" uuid NOT NULL,
	"image_id" uuid NOT NULL,
	"before" jsonb NOT NULL,
	"keys" jsonb NOT NULL,
	CONSTRAINT "catalogue_change_images_change_id_image_id_pk" PRIMARY KEY("change_id","image_id")
);--> statement-breakpoint
ALTER TABLE "catalogue_change_images" ADD CONSTRAINT "catalogue_change_images_change_id_catalogue_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."catalogue_changes"("id") ON DELETE cascade ON UPDATE no action;
