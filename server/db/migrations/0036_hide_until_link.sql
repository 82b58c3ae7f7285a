-- Issue 40: an import may write rows without a buy link hidden until one is added. A product that had no link and
-- gets one (the item form, a bulk edit, a later import, an Undo) is shown again: the link checks never hide a
-- product without a link, so 'hidden' there can only mean "until a link is added".
CREATE OR REPLACE FUNCTION products_show_once_linked() RETURNS trigger AS $$
BEGIN
  IF NEW.link_state = 'hidden' AND coalesce(OLD.link, '') = '' AND coalesce(NEW.link, '') <> '' THEN
    NEW.link_state := 'ok';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER products_show_once_linked BEFORE UPDATE OF link ON products
  FOR EACH ROW EXECUTE FUNCTION products_show_once_linked();
