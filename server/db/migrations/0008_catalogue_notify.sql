-- Every change to the catalogue, by any process or job, tells every listening app process at commit (issue 12):
-- each drops its cache of public answers. NOTIFY is sent only if the transaction commits, and identical
-- notifications of one transaction are folded into one.
CREATE FUNCTION "finder_catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('finder_catalogue', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products"
FOR EACH STATEMENT EXECUTE FUNCTION "finder_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "categories_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories"
FOR EACH STATEMENT EXECUTE FUNCTION "finder_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "images_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "images"
FOR EACH STATEMENT EXECUTE FUNCTION "finder_catalogue_changed"();
