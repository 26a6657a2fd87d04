-- An import's mappings name the company each row went to: the same forced row-level security as
-- every table with a company_id (the platform role, which imports, reads and writes them all).
-- Rows of no company (a plan) are seen by the platform role only.
SELECT apply_tenant_policy('import_mappings');
