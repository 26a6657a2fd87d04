-- Deleting a sent message on WhatsApp: the request waits on the message until the session holder does it.
ALTER TABLE "messages" ADD COLUMN "delete_requested_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "messages_delete_requested_idx" ON "messages" USING btree ("whatsapp_id","id") WHERE "messages"."delete_requested_at" is not null;