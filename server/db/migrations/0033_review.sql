CREATE TABLE "review_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"reviewer_id" integer NOT NULL,
	"organization_id" integer NOT NULL
);
--> statement-breakpoint
-- Products on sale before review existed stay on sale: they count as approved and published.
ALTER TABLE "merchandise" ADD COLUMN "review_state" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchandise" ALTER COLUMN "review_state" SET DEFAULT 'draft';--> statement-breakpoint
ALTER TABLE "merchandise" ADD COLUMN "review_comment" text;--> statement-breakpoint
ALTER TABLE "review_assignments" ADD CONSTRAINT "review_assignments_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_assignments" ADD CONSTRAINT "review_assignments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_assignments_reviewer_idx" ON "review_assignments" USING btree ("reviewer_id");--> statement-breakpoint
CREATE INDEX "review_assignments_organization_idx" ON "review_assignments" USING btree ("organization_id");