-- Ticket tracking rows belong to a company like every tenant row.
SELECT apply_tenant_policy('ticket_tracking');
--> statement-breakpoint
-- The ticket list without a status filter (search tab, kanban): newest updated first, per company.
CREATE INDEX IF NOT EXISTS "tickets_company_updated_idx" ON "tickets" USING btree ("company_id", "updated_at" DESC, "id" DESC);
--> statement-breakpoint
-- Substring search (LIKE '%…%') over message texts and contact names and numbers: trigram GIN
-- indexes, led by company_id (btree_gin), so a search reads only its company's entries.
-- Both extensions are trusted (PostgreSQL 13+): the database owner may create them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "messages_company_body_trgm_idx" ON "messages" USING gin ("company_id", lower("body") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contacts_company_name_number_trgm_idx" ON "contacts" USING gin ("company_id", lower("name") gin_trgm_ops, "number" gin_trgm_ops);
--> statement-breakpoint
-- Row-level security keeps a non-leakproof condition such as LIKE from being an index condition
-- (PostgreSQL evaluates it only after the policy), so under balcao_app the trigram indexes
-- above are never used. These two functions run the searches as balcao_platform (whose policy
-- does not restrict) and still only within the caller's company: app_company_id() is the
-- tenant of the calling transaction (NULL outside one, then nothing matches).
CREATE OR REPLACE FUNCTION tenant_message_ticket_ids(pattern text) RETURNS SETOF integer
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$ SELECT DISTINCT ticket_id FROM messages WHERE company_id = app_company_id() AND lower(body) LIKE pattern $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tenant_contact_ids(pattern text) RETURNS SETOF integer
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$ SELECT id FROM contacts WHERE company_id = app_company_id() AND (lower(name) LIKE pattern OR number LIKE pattern) $$;
--> statement-breakpoint
-- The owner of a SECURITY DEFINER function is who it runs as; taking ownership needs CREATE on
-- the schema for a moment.
GRANT CREATE ON SCHEMA public TO balcao_platform;
--> statement-breakpoint
ALTER FUNCTION tenant_message_ticket_ids(text) OWNER TO balcao_platform;
--> statement-breakpoint
ALTER FUNCTION tenant_contact_ids(text) OWNER TO balcao_platform;
--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM balcao_platform;
--> statement-breakpoint
REVOKE ALL ON FUNCTION tenant_message_ticket_ids(text), tenant_contact_ids(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION tenant_message_ticket_ids(text), tenant_contact_ids(text) TO balcao_app;
