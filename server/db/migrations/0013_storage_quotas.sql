CREATE TABLE "storefront_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer,
	"storage_key" text NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storefront_uploads_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "merchandise" ADD COLUMN "stored_bytes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_photo_bytes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "storefront_uploads" ADD CONSTRAINT "storefront_uploads_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storefront_uploads_organization_idx" ON "storefront_uploads" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "storefront_uploads_created_idx" ON "storefront_uploads" USING btree ("created_at");