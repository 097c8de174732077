CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"organization_id" integer NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"search_text" text GENERATED ALWAYS AS (lower(name)) STORED
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_name_lower_idx" ON "campaigns" USING btree ("organization_id",lower("name")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "campaigns_organization_idx" ON "campaigns" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "campaigns_state_opens_idx" ON "campaigns" USING btree ("state","opens_at");--> statement-breakpoint
CREATE INDEX "campaigns_state_closes_idx" ON "campaigns" USING btree ("state","closes_at");--> statement-breakpoint
CREATE INDEX "campaigns_search_idx" ON "campaigns" USING gin ("search_text" gin_trgm_ops);