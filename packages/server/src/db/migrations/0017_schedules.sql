-- Scheduled messages (issue 14): one row per message to send at send_at, owned by a company.
CREATE TABLE "schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"user_id" integer,
	"body" text NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"status" text DEFAULT 'PENDENTE' NOT NULL,
	"error" text,
	"media_path" text,
	"media_name" text,
	"dispatched_at" timestamp with time zone,
	"whatsapp_id" integer,
	"ticket_id" integer,
	"message_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedules_company_send_at_idx" ON "schedules" USING btree ("company_id","send_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "schedules_contact_idx" ON "schedules" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "schedules_ticket_idx" ON "schedules" USING btree ("ticket_id") WHERE "schedules"."ticket_id" is not null;--> statement-breakpoint
CREATE INDEX "schedules_message_idx" ON "schedules" USING btree ("message_id") WHERE "schedules"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "schedules_due_idx" ON "schedules" USING btree ("send_at") WHERE "schedules"."dispatched_at" is null;--> statement-breakpoint
CREATE INDEX "schedules_dispatched_idx" ON "schedules" USING btree ("company_id") WHERE "schedules"."dispatched_at" is not null and "schedules"."status" = 'PENDENTE';--> statement-breakpoint
SELECT apply_tenant_policy('schedules');
