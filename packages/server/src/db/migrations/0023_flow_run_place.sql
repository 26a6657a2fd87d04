ALTER TABLE "flow_runs" ADD COLUMN "block_at" integer;--> statement-breakpoint
ALTER TABLE "flow_runs" ADD COLUMN "end_reason" text;--> statement-breakpoint
CREATE INDEX "flow_runs_ticket_idx" ON "flow_runs" USING btree ("ticket_id","last_message_id");