CREATE TABLE "ticket_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"action" text NOT NULL,
	"user_id" integer,
	"queue_id" integer,
	"to_queue_id" integer,
	"to_user_id" integer,
	"tag_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_activities" ADD CONSTRAINT "ticket_activities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_activities" ADD CONSTRAINT "ticket_activities_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_activities_ticket_idx" ON "ticket_activities" USING btree ("ticket_id","id");--> statement-breakpoint
SELECT apply_tenant_policy('ticket_activities');
