CREATE TABLE "campaign_progress" (
	"campaign_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"valid" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_progress" ADD CONSTRAINT "campaign_progress_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_progress" ADD CONSTRAINT "campaign_progress_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
SELECT apply_tenant_policy('campaign_progress');--> statement-breakpoint
-- The campaigns started before this migration: their counts as the shipping rows say them.
INSERT INTO "campaign_progress" ("campaign_id", "company_id", "valid", "delivered", "failed")
SELECT "campaign_id", "company_id", count(*), count("delivered_at"), count("failed_at")
FROM "campaign_shipping" GROUP BY "campaign_id", "company_id";
