-- Issue 27: the niche's vocabulary. Each row is a group of phrases that mean the same, searched both ways
-- (decision 0055). The admin edits them in the dashboard; the finder's in-memory index reads them again when
-- the count or the last change differs. A change also empties the response caches (NOTIFY finder_catalogue).
CREATE TABLE "search_synonyms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terms" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_synonyms_terms_check" CHECK (cardinality("terms") BETWEEN 2 AND 20)
);--> statement-breakpoint
CREATE TRIGGER "search_synonyms_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "search_synonyms"
FOR EACH STATEMENT EXECUTE FUNCTION "finder_catalogue_changed"();--> statement-breakpoint
INSERT INTO "search_synonyms" ("terms") VALUES
	(ARRAY['af1', 'air force 1']),
	(ARRAY['aj1', 'j1', 'jordan 1']),
	(ARRAY['aj3', 'j3', 'jordan 3']),
	(ARRAY['aj4', 'j4', 'jordan 4']),
	(ARRAY['aj5', 'j5', 'jordan 5']),
	(ARRAY['aj6', 'j6', 'jordan 6']),
	(ARRAY['aj11', 'j11', 'jordan 11']),
	(ARRAY['am1', 'air max 1']),
	(ARRAY['am90', 'air max 90']),
	(ARRAY['am95', 'air max 95']),
	(ARRAY['tn', 'air max plus']),
	(ARRAY['lv', 'louis vuitton']),
	(ARRAY['tnf', 'the north face', 'north face']),
	(ARRAY['cdg', 'comme des garcons']),
	(ARRAY['fog', 'fear of god']),
	(ARRAY['essentials', 'fear of god essentials']),
	(ARRAY['bape', 'a bathing ape']),
	(ARRAY['ow', 'off white']),
	(ARRAY['nb', 'new balance']),
	(ARRAY['ysl', 'saint laurent']),
	(ARRAY['yzy', 'yeezy']),
	(ARRAY['gd', 'gallery dept']),
	(ARRAY['reps', 'replica', '1:1']),
	(ARRAY['tee', 't shirt', 'tshirt']),
	(ARRAY['hoodie', 'hoody', 'hooded sweatshirt']),
	(ARRAY['sneakers', 'trainers']);
