-- Queue options, tags, ticket tags, quick messages and ticket notes belong to a company.
SELECT apply_tenant_policy('queue_options');
--> statement-breakpoint
SELECT apply_tenant_policy('tags');
--> statement-breakpoint
SELECT apply_tenant_policy('ticket_tags');
--> statement-breakpoint
SELECT apply_tenant_policy('quick_messages');
--> statement-breakpoint
SELECT apply_tenant_policy('ticket_notes');
