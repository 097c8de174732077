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
--> statement-breakpoint
CREATE TABLE "sales_days" (
	"organization_id" integer NOT NULL,
	"day" date NOT NULL,
	"revenue" numeric(12, 2) NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "sales_days_organization_id_day_pk" PRIMARY KEY("organization_id","day")
);
--> statement-breakpoint
ALTER TABLE "sales_days" ADD CONSTRAINT "sales_days_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_days_day_idx" ON "sales_days" USING btree ("day");--> statement-breakpoint
-- Issue 32: a period's sales summed from its orders grew with the whole table. Each change to an
-- order takes back what the row counted before and adds what it counts now, in the write's own
-- transaction. Money that did not stay with the school (cancelled, refunded) is no sale.
CREATE FUNCTION keep_sales_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status NOT IN ('Cancelled', 'Refunded') THEN
    INSERT INTO sales_days (organization_id, day, revenue, orders)
    VALUES (OLD.organization_id, (OLD.created_at AT TIME ZONE 'UTC')::date, -OLD.total, -1)
    ON CONFLICT (organization_id, day) DO UPDATE
      SET revenue = sales_days.revenue + excluded.revenue, orders = sales_days.orders + excluded.orders;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status NOT IN ('Cancelled', 'Refunded') THEN
    INSERT INTO sales_days (organization_id, day, revenue, orders)
    VALUES (NEW.organization_id, (NEW.created_at AT TIME ZONE 'UTC')::date, NEW.total, 1)
    ON CONFLICT (organization_id, day) DO UPDATE
      SET revenue = sales_days.revenue + excluded.revenue, orders = sales_days.orders + excluded.orders;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_sales_days AFTER INSERT OR DELETE OR UPDATE OF organization_id, created_at, total, status
  ON orders FOR EACH ROW EXECUTE FUNCTION keep_sales_days();
--> statement-breakpoint
CREATE FUNCTION clear_sales_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sales_days;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_sales_days_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION clear_sales_days();
--> statement-breakpoint
INSERT INTO sales_days (organization_id, day, revenue, orders)
SELECT organization_id, (created_at AT TIME ZONE 'UTC')::date, sum(total), count(*)
FROM orders WHERE status NOT IN ('Cancelled', 'Refunded')
GROUP BY 1, 2;
--> statement-breakpoint
CREATE TABLE "product_days" (
	"organization_id" integer NOT NULL,
	"day" date NOT NULL,
	"product_id" integer NOT NULL,
	"units" integer NOT NULL,
	CONSTRAINT "product_days_organization_id_day_product_id_pk" PRIMARY KEY("organization_id","day","product_id")
);
--> statement-breakpoint
CREATE INDEX "product_days_day_idx" ON "product_days" USING btree ("day");--> statement-breakpoint
-- Issue 32: top products summed from a period's items read every item of the period. A change
-- takes back what it counted before and adds what it counts now, at the order's school and day,
-- in the write's own transaction. Cancelled and refunded orders are no sale, as for the days above.
CREATE FUNCTION add_product_units(the_order integer, the_product integer, the_units integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO product_days (organization_id, day, product_id, units)
  SELECT o.organization_id, (o.created_at AT TIME ZONE 'UTC')::date, the_product, the_units
  FROM orders o WHERE o.id = the_order AND o.status NOT IN ('Cancelled', 'Refunded')
  ON CONFLICT (organization_id, day, product_id) DO UPDATE SET units = product_days.units + excluded.units;
$$;
--> statement-breakpoint
-- An item removed with its order finds the order gone: the order's own trigger took its units back.
CREATE FUNCTION keep_product_days_of_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.product_id IS NOT NULL THEN
    PERFORM add_product_units(OLD.order_id, OLD.product_id, -OLD.quantity);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.product_id IS NOT NULL THEN
    PERFORM add_product_units(NEW.order_id, NEW.product_id, NEW.quantity);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_items_product_days AFTER INSERT OR DELETE OR UPDATE OF order_id, product_id, quantity
  ON order_items FOR EACH ROW EXECUTE FUNCTION keep_product_days_of_item();
--> statement-breakpoint
-- Before the row changes: a deleted order's items are still there to take back (their cascade
-- runs after the order is gone), and an update takes them back as the order counted them before.
CREATE FUNCTION keep_product_days_of_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_product_units(OLD.id, i.product_id, -i.quantity)
  FROM order_items i WHERE i.order_id = OLD.id AND i.product_id IS NOT NULL;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_product_days_before BEFORE DELETE OR UPDATE OF organization_id, created_at, status
  ON orders FOR EACH ROW EXECUTE FUNCTION keep_product_days_of_order();
--> statement-breakpoint
CREATE FUNCTION keep_product_days_after_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_product_units(NEW.id, i.product_id, i.quantity)
  FROM order_items i WHERE i.order_id = NEW.id AND i.product_id IS NOT NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_product_days_after AFTER UPDATE OF organization_id, created_at, status
  ON orders FOR EACH ROW EXECUTE FUNCTION keep_product_days_after_order();
--> statement-breakpoint
CREATE FUNCTION clear_product_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_days;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_product_days_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION clear_product_days();
--> statement-breakpoint
INSERT INTO product_days (organization_id, day, product_id, units)
SELECT o.organization_id, (o.created_at AT TIME ZONE 'UTC')::date, i.product_id, sum(i.quantity)
FROM order_items i JOIN orders o ON o.id = i.order_id
WHERE i.product_id IS NOT NULL AND o.status NOT IN ('Cancelled', 'Refunded')
GROUP BY 1, 2, 3;

