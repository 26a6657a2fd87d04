-- Tenancy: row-level security bound to a per-transaction setting.
-- balcao_app runs every tenant transaction (SET LOCAL app.company_id); balcao_platform runs
-- the named unscoped path. Neither bypasses RLS by attribute: the policies decide.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'balcao_app') THEN
    CREATE ROLE balcao_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'balcao_platform') THEN
    CREATE ROLE balcao_platform NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
END $$;
--> statement-breakpoint
GRANT balcao_app TO CURRENT_USER;
--> statement-breakpoint
GRANT balcao_platform TO CURRENT_USER;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO balcao_app, balcao_platform;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO balcao_app, balcao_platform;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO balcao_app, balcao_platform;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO balcao_app, balcao_platform;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO balcao_app, balcao_platform;
--> statement-breakpoint
-- The current tenant, or NULL outside a scoped transaction (then tenant tables show no rows).
CREATE OR REPLACE FUNCTION app_company_id() RETURNS integer
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT NULLIF(current_setting('app.company_id', true), '')::integer $$;
--> statement-breakpoint
-- Every tenant table calls this once, in the migration that creates it.
CREATE OR REPLACE FUNCTION apply_tenant_policy(tbl regclass, col text DEFAULT 'company_id') RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', tbl);
  EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %s', tbl);
  EXECUTE format('DROP POLICY IF EXISTS platform_access ON %s', tbl);
  EXECUTE format(
    'CREATE POLICY tenant_isolation ON %s TO balcao_app USING (%I = app_company_id()) WITH CHECK (%I = app_company_id())',
    tbl, col, col);
  EXECUTE format('CREATE POLICY platform_access ON %s TO balcao_platform USING (true) WITH CHECK (true)', tbl);
END $$;
--> statement-breakpoint
SELECT apply_tenant_policy('companies', 'id');
--> statement-breakpoint
SELECT apply_tenant_policy('settings');
--> statement-breakpoint
SELECT apply_tenant_policy('users');
--> statement-breakpoint
SELECT apply_tenant_policy('queues');
--> statement-breakpoint
SELECT apply_tenant_policy('user_queues');
