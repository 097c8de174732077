DROP INDEX "review_assignments_organization_idx";--> statement-breakpoint
DROP INDEX "campaigns_organization_idx";--> statement-breakpoint
CREATE INDEX "review_assignments_reviewer_id_sort_idx" ON "review_assignments" USING btree ("organization_id","reviewer_id","id");--> statement-breakpoint
CREATE INDEX "orders_order_number_sort_idx" ON "orders" USING btree ("organization_id","order_number","id");--> statement-breakpoint
CREATE INDEX "orders_collection_id_sort_idx" ON "orders" USING btree ("organization_id","collection_id","id");--> statement-breakpoint
CREATE INDEX "orders_customer_name_sort_idx" ON "orders" USING btree ("organization_id","customer_name","id");--> statement-breakpoint
CREATE INDEX "orders_customer_email_sort_idx" ON "orders" USING btree ("organization_id","customer_email","id");--> statement-breakpoint
CREATE INDEX "orders_total_sort_idx" ON "orders" USING btree ("organization_id","total","id");--> statement-breakpoint
CREATE INDEX "orders_status_sort_idx" ON "orders" USING btree ("organization_id","status","id");--> statement-breakpoint
CREATE INDEX "orders_outside_window_filter_idx" ON "orders" USING btree ("organization_id","outside_window");--> statement-breakpoint
CREATE INDEX "campaigns_name_sort_idx" ON "campaigns" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "campaigns_opens_at_sort_idx" ON "campaigns" USING btree ("organization_id","opens_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_closes_at_sort_idx" ON "campaigns" USING btree ("organization_id","closes_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_state_sort_idx" ON "campaigns" USING btree ("organization_id","state","id");