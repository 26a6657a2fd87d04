-- The sandbox's simulated customers belong to a company like every tenant row.
SELECT apply_tenant_policy('sandbox_customers');
