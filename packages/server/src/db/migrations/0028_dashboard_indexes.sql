DROP INDEX "ticket_tracking_company_finished_idx";--> statement-breakpoint
CREATE INDEX "contacts_company_created_idx" ON "contacts" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_tracking_company_started_idx" ON "ticket_tracking" USING btree ("company_id","started_at","queued_at");--> statement-breakpoint
CREATE INDEX "tickets_company_created_idx" ON "tickets" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_tracking_company_finished_idx" ON "ticket_tracking" USING btree ("company_id","finished_at","user_id","started_at","rating");