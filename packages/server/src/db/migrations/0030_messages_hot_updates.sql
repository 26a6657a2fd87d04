DROP INDEX "messages_outbox_idx";--> statement-breakpoint
CREATE INDEX "messages_outbox_idx" ON "messages" USING btree ("whatsapp_id","id") WHERE "messages"."from_me" and "messages"."external_id" is null and "messages"."error" is null;--> statement-breakpoint
-- Room on each page for a message's later versions: its send mark and its statuses touch no
-- indexed column, so PostgreSQL writes them on the same page without new index entries (HOT)
-- when there is room. New pages only; existing ones fill up as before.
ALTER TABLE "messages" SET (fillfactor = 80);
