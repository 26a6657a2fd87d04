-- Contacts search (GET /contacts?searchParam=…, issue 31): name, number or email containing the
-- text, accents and case ignored, the page and the count from one index scan.
--
-- search_fold: lower case without accents, by translate() rather than the unaccent extension
-- (unaccent() is STABLE, it reads a rules file: an index would need an IMMUTABLE wrapper around
-- it). Upper-case accented letters are listed too: lower() may leave them alone (C locale).
-- Folding costs 2–9 µs a value, far more than the comparison: it is done once, when a contact is
-- written, into the stored column contacts.search_text, and a search compares that.
-- Functions of a generated column or an index expression run with a bare search_path (CREATE
-- INDEX, ANALYZE, the table rewrite), hence `public.` inside. Changing the letters means
-- rewriting search_text (UPDATE contacts SET name = name) and so the index.
CREATE OR REPLACE FUNCTION public.search_fold(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT translate(lower(t),
    'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖØóòôõöøÚÙÛÜúùûüÇçÑñÝýÿ',
    'aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooooouuuuuuuuccnnyyy') $$;
--> statement-breakpoint
-- The folded name, the number and the folded email, joined by U+001F (unit separator), which a
-- search text never holds (the contacts search takes it out): a pattern cannot match across the
-- end of one field and the start of the next.
CREATE OR REPLACE FUNCTION public.contact_search_text(name text, number text, email text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.search_fold(name) || E'\x1f' || number || E'\x1f' || public.search_fold(email) $$;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (public.contact_search_text("name", "number", "email")) STORED NOT NULL;--> statement-breakpoint
-- Trigrams of the search text, led by company_id (btree_gin) as 0008's index was, which it
-- replaces (that one held lower(name) and number).
CREATE INDEX "contacts_company_search_trgm_idx" ON "contacts" USING gin ("company_id","search_text" gin_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS "contacts_company_name_number_trgm_idx";
--> statement-breakpoint
-- A contacts search's page, as balcao_platform within the calling transaction's company (row-level
-- security keeps LIKE from using the index, 0008): `pattern` a LIKE pattern (likePattern of
-- platform/pagination.ts), `created_from`/`created_to` optional bounds of created_at. Answers the
-- ids of the page (`take` after `skip`, by name and id) and how many match in all, from one scan.
CREATE FUNCTION tenant_contact_search(pattern text, created_from timestamptz, created_to timestamptz,
                                      take integer, skip integer)
  RETURNS TABLE (ids integer[], total bigint)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    WITH found AS MATERIALIZED (
      SELECT id, name FROM contacts
       WHERE company_id = app_company_id() AND search_text LIKE search_fold(pattern)
         AND (created_from IS NULL OR created_at >= created_from)
         AND (created_to IS NULL OR created_at < created_to))
    SELECT array(SELECT id FROM found ORDER BY name, id LIMIT take OFFSET skip), (SELECT count(*) FROM found)
  $$;
--> statement-breakpoint
-- The ticket search's contacts (name or number, case-insensitive, as before) through the index
-- above: a name or number matching the pattern has a search text matching the folded pattern.
CREATE OR REPLACE FUNCTION tenant_contact_ids(pattern text) RETURNS SETOF integer
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT id FROM contacts
     WHERE company_id = app_company_id() AND search_text LIKE search_fold(pattern)
       AND (lower(name) LIKE pattern OR number LIKE pattern)
  $$;
--> statement-breakpoint
GRANT CREATE ON SCHEMA public TO balcao_platform;
--> statement-breakpoint
ALTER FUNCTION tenant_contact_search(text, timestamptz, timestamptz, integer, integer) OWNER TO balcao_platform;
--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM balcao_platform;
--> statement-breakpoint
REVOKE ALL ON FUNCTION tenant_contact_search(text, timestamptz, timestamptz, integer, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION tenant_contact_search(text, timestamptz, timestamptz, integer, integer) TO balcao_app;
