DROP INDEX "organizations_name_lower_idx";--> statement-breakpoint
DROP INDEX "promo_codes_code_lower_idx";--> statement-breakpoint
DROP INDEX "settings_key_idx";--> statement-breakpoint
ALTER TABLE "design_logos" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "design_logos" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_name_lower_idx" ON "organizations" USING btree (lower("name")) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_lower_idx" ON "promo_codes" USING btree (lower("code")) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "settings_key_idx" ON "settings" USING btree ("key") WHERE deleted_at is null;