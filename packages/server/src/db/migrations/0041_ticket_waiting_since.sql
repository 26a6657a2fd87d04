ALTER TABLE "tickets" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tickets_company_status_waiting_idx" ON "tickets" USING btree ("company_id","status","waiting_since","id","queue_id","user_id");--> statement-breakpoint
-- Hand-written: tickets already waiting take their newest customer message's time (the oldest
-- unanswered one is not kept anywhere; close enough for the tickets of the day of the change).
UPDATE "tickets" SET "waiting_since" = "last_customer_message_at"
 WHERE "status" <> 'closed' AND "last_customer_message_at" IS NOT NULL
   AND ("last_agent_message_at" IS NULL OR "last_customer_message_at" > "last_agent_message_at");
