-- The ticket list's two walks carry the columns a user's scope is checked on (queue, user), so
-- a user limited to queues filters in the index instead of visiting each ticket: page 1 of the
-- open list for such a user went from p95 251 ms to 38 ms on the 1M-ticket bench dataset
-- (docs/bench/inbox-plans.md, P1 and P2).
DROP INDEX "tickets_company_status_updated_idx";--> statement-breakpoint
CREATE INDEX "tickets_company_status_updated_idx" ON "tickets" USING btree ("company_id","status","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST,"queue_id","user_id");--> statement-breakpoint
DROP INDEX IF EXISTS "tickets_company_updated_idx";--> statement-breakpoint
CREATE INDEX "tickets_company_updated_idx" ON "tickets" USING btree ("company_id","updated_at" DESC,"id" DESC,"queue_id","user_id","contact_id");
