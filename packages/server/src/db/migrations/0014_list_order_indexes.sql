-- Index order that matches the queries' order. `order by x desc` is NULLS FIRST, and these indexes
-- were DESC NULLS LAST (drizzle's default for desc()): PostgreSQL could not read them in the
-- query's order, so the open list sorted every ticket of the viewer's scope and status (3,821
-- for the bench's user) and a message page sorted all of its ticket's messages, joins included,
-- to keep 21 (docs/bench/inbox-plans.md, P5). The columns hold no NULLs; only the order changes.
DROP INDEX "messages_company_ticket_idx";--> statement-breakpoint
DROP INDEX "tickets_company_status_updated_idx";--> statement-breakpoint
DROP INDEX "sandbox_customers_company_idx";--> statement-breakpoint
DROP INDEX "ticket_tracking_company_ticket_idx";--> statement-breakpoint
CREATE INDEX "messages_company_ticket_idx" ON "messages" USING btree ("company_id","ticket_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tickets_company_status_updated_idx" ON "tickets" USING btree ("company_id","status","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"queue_id","user_id");--> statement-breakpoint
CREATE INDEX "sandbox_customers_company_idx" ON "sandbox_customers" USING btree ("company_id","whatsapp_id","updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ticket_tracking_company_ticket_idx" ON "ticket_tracking" USING btree ("company_id","ticket_id","id" DESC NULLS FIRST);