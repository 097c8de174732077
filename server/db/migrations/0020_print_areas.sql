CREATE TABLE "apparel_colours" (
	"id" serial PRIMARY KEY NOT NULL,
	"base_apparel_id" integer NOT NULL,
	"name" text NOT NULL,
	"hex" text NOT NULL,
	"image_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchandise_colours" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchandise_id" integer NOT NULL,
	"name" text NOT NULL,
	"hex" text NOT NULL,
	"apparel_colour_id" integer NOT NULL,
	"image_key" text,
	"thumbnail_key" text
);
--> statement-breakpoint
ALTER TABLE "base_apparel" ADD COLUMN "print_areas" jsonb DEFAULT '{"front":{"left":0,"top":0,"width":1,"height":1,"widthInches":12,"heightInches":12},"back":null}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "merchandise" ADD COLUMN "back_print_key" text;--> statement-breakpoint
ALTER TABLE "merchandise" ADD COLUMN "layers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "apparel_colours" ADD CONSTRAINT "apparel_colours_base_apparel_id_base_apparel_id_fk" FOREIGN KEY ("base_apparel_id") REFERENCES "public"."base_apparel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandise_colours" ADD CONSTRAINT "merchandise_colours_merchandise_id_merchandise_id_fk" FOREIGN KEY ("merchandise_id") REFERENCES "public"."merchandise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandise_colours" ADD CONSTRAINT "merchandise_colours_apparel_colour_id_apparel_colours_id_fk" FOREIGN KEY ("apparel_colour_id") REFERENCES "public"."apparel_colours"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "apparel_colours_name_idx" ON "apparel_colours" USING btree ("base_apparel_id","name");--> statement-breakpoint
CREATE INDEX "merchandise_colours_merchandise_idx" ON "merchandise_colours" USING btree ("merchandise_id");--> statement-breakpoint
-- The old printable area becomes the front; it prints 12 inches wide, its height in proportion
-- (a square image assumed). The seeder then replaces the seeded garments' areas with their own.
UPDATE "base_apparel" SET "print_areas" = jsonb_build_object(
  'front', "printable_area" || jsonb_build_object(
    'widthInches', 12,
    'heightInches', round((12 * ("printable_area"->>'height')::numeric / ("printable_area"->>'width')::numeric), 2)
  ),
  'back', null
);--> statement-breakpoint
ALTER TABLE "base_apparel" DROP COLUMN "printable_area";