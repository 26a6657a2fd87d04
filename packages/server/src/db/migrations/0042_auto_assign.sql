ALTER TABLE "users" ADD COLUMN "presence" text DEFAULT 'offline' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_activity_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "auto_assign" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "tickets_open_user_idx" ON "tickets" USING btree ("company_id","user_id","queue_id") WHERE "tickets"."status" = 'open';--> statement-breakpoint
CREATE INDEX "tickets_waiting_queue_idx" ON "tickets" USING btree ("queue_id","id") WHERE "tickets"."status" = 'pending' and "tickets"."user_id" is null and "tickets"."queue_id" is not null;--> statement-breakpoint
-- Users connected at the upgrade keep their presence (online = not offline).
UPDATE "users" SET "presence" = 'online' WHERE "online";
