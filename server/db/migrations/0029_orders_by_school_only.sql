-- Issue 32: every period of every school now reads the kept days (migration 0028), and orders are
-- listed and exported one school at a time. With this index the planner walked a school with a
-- large share of the orders by date and skipped the others' (at L, 100,000 rows read for each
-- export page of 2,000); without it, `orders_organization_created_idx` reads just the school's.
DROP INDEX IF EXISTS "orders_created_idx";
