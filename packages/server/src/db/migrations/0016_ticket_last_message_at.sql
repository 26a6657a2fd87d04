-- The list shows when the last message was sent or received; `updated_at` also moves on accept,
-- transfer and the like. Existing tickets take their newest message's time (row-level security is
-- lifted around that statement, in the migration's transaction, as in 0015: it is no one company's work).
ALTER TABLE "tickets" ADD COLUMN "last_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "messages" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
UPDATE "tickets" t SET "last_message_at" = (
  SELECT m."created_at" FROM "messages" m
  WHERE m."company_id" = t."company_id" AND m."ticket_id" = t."id"
  ORDER BY m."id" DESC LIMIT 1
);--> statement-breakpoint
ALTER TABLE "tickets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "messages" ENABLE ROW LEVEL SECURITY;
