CREATE TABLE "import_mappings" (
	"source" text NOT NULL,
	"entity" text NOT NULL,
	"source_id" text NOT NULL,
	"target_id" bigint NOT NULL,
	"company_id" integer,
	CONSTRAINT "import_mappings_source_entity_source_id_pk" PRIMARY KEY("source","entity","source_id")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"dry_run" boolean NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"report" jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_by" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "import_mappings_target_idx" ON "import_mappings" USING btree ("entity","target_id");--> statement-breakpoint
-- Operator data: the tenant role never reads or writes an import or its mappings.
REVOKE ALL ON "imports", "import_mappings" FROM balcao_app;
