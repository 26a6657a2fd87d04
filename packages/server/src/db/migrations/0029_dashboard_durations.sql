DROP INDEX "ticket_tracking_company_finished_idx";--> statement-breakpoint
DROP INDEX "ticket_tracking_company_started_idx";--> statement-breakpoint
ALTER TABLE "ticket_tracking" ADD COLUMN "wait_seconds" integer GENERATED ALWAYS AS (case when started_at > queued_at then extract(epoch from started_at - queued_at)::integer end) STORED;--> statement-breakpoint
ALTER TABLE "ticket_tracking" ADD COLUMN "support_seconds" integer GENERATED ALWAYS AS (extract(epoch from finished_at - started_at)::integer) STORED;--> statement-breakpoint
CREATE INDEX "ticket_tracking_company_finished_idx" ON "ticket_tracking" USING btree ("company_id","finished_at","user_id","support_seconds","rating");--> statement-breakpoint
CREATE INDEX "ticket_tracking_company_started_idx" ON "ticket_tracking" USING btree ("company_id","started_at","wait_seconds");