-- Cloud API templates and the 24-hour window: a connection's WABA id and its synced templates,
-- Meta's time of the customer's newest message per ticket, templates on campaigns and schedules.
CREATE TABLE "whatsapp_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"status" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"components" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"variables" integer DEFAULT 0 NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "waba_id" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "customer_wrote_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "template_name" text;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "template_language" text;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "template_variables" jsonb;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "template_name" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "template_language" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "template_variables" jsonb;--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD CONSTRAINT "whatsapp_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD CONSTRAINT "whatsapp_templates_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_templates_key" ON "whatsapp_templates" USING btree ("whatsapp_id","name","language");--> statement-breakpoint
SELECT apply_tenant_policy('whatsapp_templates');
