-- Uniqueness regardless of case is now the database's rule, not a pre-check a race could pass.
-- Rows a race or an older version already let in keep the lowest id's name; later ones are
-- renamed with their id, so the indexes can be built and nothing is lost.
UPDATE "organizations" o SET "name" = o."name" || ' (' || o."id" || ')'
  WHERE EXISTS (SELECT 1 FROM "organizations" p WHERE lower(p."name") = lower(o."name") AND p."id" < o."id");--> statement-breakpoint
UPDATE "promo_codes" o SET "code" = o."code" || '-' || o."id"
  WHERE EXISTS (SELECT 1 FROM "promo_codes" p WHERE lower(p."code") = lower(o."code") AND p."id" < o."id");--> statement-breakpoint
DROP INDEX "promo_codes_code_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_name_lower_idx" ON "organizations" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_lower_idx" ON "promo_codes" USING btree (lower("code"));
