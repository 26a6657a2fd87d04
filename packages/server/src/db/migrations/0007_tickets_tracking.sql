CREATE TABLE "ticket_tracking" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"whatsapp_id" integer,
	"queue_id" integer,
	"user_id" integer,
	"queued_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"rating_at" timestamp with time zone,
	"rating" integer,
	"rated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_tracking_rating_check" CHECK ("ticket_tracking"."rating" between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "ticket_tracking" ADD CONSTRAINT "ticket_tracking_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_tracking" ADD CONSTRAINT "ticket_tracking_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_tracking" ADD CONSTRAINT "ticket_tracking_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_tracking" ADD CONSTRAINT "ticket_tracking_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_tracking" ADD CONSTRAINT "ticket_tracking_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_tracking_company_ticket_idx" ON "ticket_tracking" USING btree ("company_id","ticket_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ticket_tracking_company_finished_idx" ON "ticket_tracking" USING btree ("company_id","finished_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_tracking_one_open_key" ON "ticket_tracking" USING btree ("ticket_id") WHERE "ticket_tracking"."finished_at" is null;