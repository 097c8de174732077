DROP INDEX "merchandise_placement_idx";--> statement-breakpoint
ALTER TABLE "merchandise" ADD COLUMN "archived_by" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "merchandise_placement_idx" ON "merchandise" USING btree ("organization_id","logo_id","base_apparel_id","placement_x","placement_y","placement_width","placement_rotation") WHERE archived_at is null;--> statement-breakpoint
-- Products archived before this change: who did it is in the audit log.
UPDATE "merchandise" SET "archived_by" = (
  SELECT "actor_user_id" FROM "audit_log"
  WHERE "entity_type" = 'merchandise' AND "action" = 'archive' AND "entity_id" = "merchandise"."id"::text
  ORDER BY "id" DESC LIMIT 1
) WHERE "archived_at" IS NOT NULL;
