DROP INDEX "merchandise_combination_idx";--> statement-breakpoint
ALTER TABLE "base_apparel" ADD COLUMN "printable_area" jsonb DEFAULT '{"left":0,"top":0,"width":1,"height":1}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "merchandise" ADD COLUMN "print_key" text;--> statement-breakpoint
ALTER TABLE "merchandise" ADD COLUMN "placement_x" double precision DEFAULT 0.5 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchandise" ADD COLUMN "placement_y" double precision DEFAULT 0.458333 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchandise" ADD COLUMN "placement_width" double precision DEFAULT 0.25 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchandise" ADD COLUMN "placement_rotation" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchandise" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "merchandise_placement_idx" ON "merchandise" USING btree ("organization_id","logo_id","base_apparel_id","placement_x","placement_y","placement_width","placement_rotation");