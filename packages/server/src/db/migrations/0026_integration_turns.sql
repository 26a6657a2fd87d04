ALTER TABLE "integration_sessions" ADD COLUMN "handled_message_id" bigint;--> statement-breakpoint
ALTER TABLE "integration_sessions" ADD COLUMN "choices" jsonb;--> statement-breakpoint
ALTER TABLE "integration_sessions" ADD COLUMN "pending" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "integration_sessions" ADD COLUMN "next_send_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "integration_sessions_due_idx" ON "integration_sessions" USING btree ("next_send_at") WHERE "integration_sessions"."next_send_at" is not null;