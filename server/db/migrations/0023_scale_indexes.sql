-- Issue 32: what a page shows, read along an index instead of the whole table. Newest-first
-- orders read these ascending indexes backwards. CREATE INDEX blocks writes to the table (not
-- reads) while it builds: about how long on 1M orders is in docs/operations.md.
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_organization_created_idx" ON "orders" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
-- Replaces the index on order_id alone, which the new one serves as well.
CREATE INDEX "order_items_order_product_idx" ON "order_items" USING btree ("order_id","product_id","quantity");--> statement-breakpoint
-- The index on (organization_id, created_at, id) serves lookups by organization.
DROP INDEX "orders_organization_idx";--> statement-breakpoint
DROP INDEX "order_items_order_idx";
