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
-- in the write's own transaction. Cancelled and refunded orders are no sale, as in 0024.
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
