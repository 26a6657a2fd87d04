-- Message text search (GET /tickets?searchParam=…) by keys that are a company and a trigram
-- together ("12:ped"), instead of the trigram index of 0008 led by company_id. That index kept
-- the company as a key of its own: a search read the company's posting list (every message of
-- it) beside the trigrams', so the bigger the company the slower even a rare text — 190 ms of
-- index reading for "email pedro" in the bench's 6.4M-message company. Keys of a company and a
-- trigram have posting lists of that company's messages only (docs/bench/inbox-plans.md, P4).
--
-- The trigrams are pg_trgm's (show_trgm: lower-cased, words of letters and digits, padded at
-- word ends). Functions of an index expression run with a bare search_path under CREATE INDEX,
-- ANALYZE and VACUUM, so show_trgm is named with its schema: wherever pg_trgm was installed
-- (0008 puts it in public; a managed server may already have it elsewhere).
--
-- message_search_query_keys: the keys every message containing `needle` has — the needle's
-- trigrams that do not depend on what surrounds it, those inside its words. A trigram of the
-- needle's first or last word end (" em" of "email") is missing from "xemail"; the needle
-- wrapped in letters on both sides, once with q and once with z, shares with the needle exactly
-- the trigrams inside its words (its inner word ends are replaced by the letter too: they would
-- be valid, but they are the most frequent trigrams and cost more to read than they narrow). No
-- keys (a needle without three letters or digits in a row) means the index cannot help.
DO $do$
DECLARE
  trgm text := (SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'pg_trgm');
BEGIN
  EXECUTE format($f$
    CREATE OR REPLACE FUNCTION message_search_keys(company integer, body text) RETURNS text[]
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT array(SELECT company || ':' || t FROM unnest(%1$s.show_trgm(body)) t) $$
  $f$, trgm);
  EXECUTE format($f$
    CREATE OR REPLACE FUNCTION message_search_query_keys(company integer, needle text) RETURNS text[]
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$
        SELECT array(
          SELECT company || ':' || t FROM unnest(%1$s.show_trgm(needle)) t
          INTERSECT
          SELECT company || ':' || t
            FROM unnest(%1$s.show_trgm('q' || regexp_replace(needle, '[^[:alnum:]]+', 'q', 'g') || 'q')) t
          INTERSECT
          SELECT company || ':' || t
            FROM unnest(%1$s.show_trgm('z' || regexp_replace(needle, '[^[:alnum:]]+', 'z', 'g') || 'z')) t)
      $$
  $f$, trgm);
END
$do$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "messages_search_keys_idx" ON "messages" USING gin (message_search_keys("company_id", "body"));
--> statement-breakpoint
DROP INDEX IF EXISTS "messages_company_body_trgm_idx";
--> statement-breakpoint
-- The tickets of the calling transaction's company with a message containing `needle`
-- (case-insensitive), as balcao_platform: under row-level security the index above could not be
-- used (0008). The keys narrow; strpos decides. Any other plan would compute the keys of message
-- after message (47 µs each): a sequential scan, or a bitmap grown past work_mem — its lossy pages
-- are rechecked by the index expression (a frequent word took 317 s with PostgreSQL's 4 MB). So
-- no sequential scan, and room for an exact bitmap over 4M heap pages (32 GB of messages).
DROP FUNCTION tenant_message_ticket_ids(text);
--> statement-breakpoint
CREATE FUNCTION tenant_message_ticket_ids(needle text) RETURNS SETOF integer
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp SET enable_seqscan = off SET work_mem = '256MB'
  AS $$
  DECLARE
    company integer := app_company_id();
    keys text[] := message_search_query_keys(company, needle);
  BEGIN
    IF cardinality(keys) > 0 THEN
      RETURN QUERY SELECT DISTINCT m.ticket_id FROM messages m
        WHERE message_search_keys(m.company_id, m.body) @> keys
          AND m.company_id = company AND strpos(lower(m.body), lower(needle)) > 0;
    ELSE
      RETURN QUERY SELECT DISTINCT m.ticket_id FROM messages m
        WHERE m.company_id = company AND strpos(lower(m.body), lower(needle)) > 0;
    END IF;
  END $$;
--> statement-breakpoint
GRANT CREATE ON SCHEMA public TO balcao_platform;
--> statement-breakpoint
ALTER FUNCTION tenant_message_ticket_ids(text) OWNER TO balcao_platform;
--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM balcao_platform;
--> statement-breakpoint
REVOKE ALL ON FUNCTION tenant_message_ticket_ids(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION tenant_message_ticket_ids(text) TO balcao_app;
