-- Issue 32: what a page shows, read along an index instead of the whole table. Newest-first
-- orders read these ascending indexes backwards. CREATE INDEX blocks writes to the table (not
-- reads) while it builds: about how long on 1M orders is in docs/operations.md, which also tells
-- how to build them beforehand with CREATE INDEX CONCURRENTLY (hence IF NOT EXISTS).
CREATE INDEX IF NOT EXISTS "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_organization_created_idx" ON "orders" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
-- Replaces the index on order_id alone, which the new one serves as well.
CREATE INDEX IF NOT EXISTS "order_items_order_product_idx" ON "order_items" USING btree ("order_id","product_id","quantity");--> statement-breakpoint
-- The index on (organization_id, created_at, id) serves lookups by organization.
DROP INDEX IF EXISTS "orders_organization_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "order_items_order_idx";
