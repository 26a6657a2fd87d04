-- A user's default connection must be a connection of the user's company: the old column took any
-- integer. Values that name nothing of the company are cleared first (row-level security is lifted
-- around that statement, in the migration's transaction: the cleanup is no one company's work), then the foreign key holds the rest.
ALTER TABLE "users" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "whatsapps" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
UPDATE "users" SET "whatsapp_id" = NULL
  WHERE "whatsapp_id" IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "whatsapps" w WHERE w."id" = "users"."whatsapp_id" AND w."company_id" = "users"."company_id");--> statement-breakpoint
ALTER TABLE "users" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "whatsapps" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE set null ON UPDATE no action;
