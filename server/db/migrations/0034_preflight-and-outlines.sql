ALTER TABLE "base_apparel" ADD COLUMN "outline" text;--> statement-breakpoint
ALTER TABLE "merchandise" ADD COLUMN "preflight_key" text;--> statement-breakpoint
ALTER TABLE "merchandise" ADD COLUMN "preflight" jsonb;