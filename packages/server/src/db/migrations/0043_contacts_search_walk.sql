-- Contacts search, a broad term's page (issue 31, docs/bench/contacts-search.md): instead of
-- reading and sorting every match ("silva": 2,436 heap rows) to return 20, walk the company's
-- contacts in name order through an index that holds the search text, and stop at the page.
-- It replaces (company_id, name), which the list without a search used: this one serves it too.
CREATE INDEX "contacts_company_name_walk_idx" ON "contacts" USING btree ("company_id", "name", "id")
  INCLUDE ("search_text", "created_at");
--> statement-breakpoint
DROP INDEX "contacts_company_name_idx";
--> statement-breakpoint
-- A contacts search's page (same arguments and answer as 0037's). First the walk: the first
-- contacts by name and id, index only (0.2 µs an entry), 100 for each row the page needs (2,100
-- for page 1, never more than 10,000), filtered; if they hold the page (`take` matches after
-- `skip`), it is the page, since nothing before them was left out. A term matching under ~1 %
-- of them (a rare name, a number, or a first name sorted far down) does not fill it: then the
-- trigram index finds every match and they are sorted, as before. The count is exact either way
-- (the web shows it); after the walk it is a count over the trigram index, nothing sorted or kept.
-- force_custom_plan: each statement planned for its pattern (a generic plan would not know a
-- LIKE text from a broad one, nor whether the trigram index can serve it).
CREATE OR REPLACE FUNCTION tenant_contact_search(pattern text, created_from timestamptz, created_to timestamptz,
                                                 take integer, skip integer)
  RETURNS TABLE (ids integer[], total bigint)
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp SET plan_cache_mode = force_custom_plan
  AS $$
  DECLARE
    company integer := app_company_id();
    folded text := search_fold(pattern);
    walk constant integer := least(100::bigint * (skip + take), 10000);
  BEGIN
    IF skip + take <= walk THEN
      ids := array(
        SELECT w.id FROM (SELECT c.id, c.search_text, c.created_at FROM contacts c
                           WHERE c.company_id = company ORDER BY c.name, c.id LIMIT walk) w
         WHERE w.search_text LIKE folded
           AND (created_from IS NULL OR w.created_at >= created_from)
           AND (created_to IS NULL OR w.created_at < created_to)
         LIMIT take OFFSET skip);
      IF cardinality(ids) = take THEN
        SELECT count(*) INTO total FROM contacts c
         WHERE c.company_id = company AND c.search_text LIKE folded
           AND (created_from IS NULL OR c.created_at >= created_from)
           AND (created_to IS NULL OR c.created_at < created_to);
        RETURN NEXT;
        RETURN;
      END IF;
    END IF;
    RETURN QUERY
      WITH found AS MATERIALIZED (
        SELECT c.id, c.name FROM contacts c
         WHERE c.company_id = company AND c.search_text LIKE folded
           AND (created_from IS NULL OR c.created_at >= created_from)
           AND (created_to IS NULL OR c.created_at < created_to))
      SELECT array(SELECT f.id FROM found f ORDER BY f.name, f.id LIMIT take OFFSET skip), (SELECT count(*) FROM found);
  END
  $$;
