ALTER TABLE "campaign_products" ADD COLUMN "units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION add_product_units(the_order integer, the_product integer, the_units integer) RETURNS void
LANGUAGE sql AS $$
  -- The order read once for the day, the month and its window: each item of a bulk insert pays this.
  WITH o AS (
    SELECT organization_id, created_at, campaign_id FROM orders
    WHERE id = the_order AND status NOT IN ('Cancelled', 'Refunded')
  ), days AS (
    INSERT INTO product_days (organization_id, day, product_id, units)
    SELECT o.organization_id, (o.created_at AT TIME ZONE 'UTC')::date, the_product, the_units FROM o
    ON CONFLICT (organization_id, day, product_id) DO UPDATE SET units = product_days.units + excluded.units
  ), months AS (
    INSERT INTO product_months (organization_id, month, product_id, units)
    SELECT o.organization_id, date_trunc('month', o.created_at AT TIME ZONE 'UTC')::date, the_product, the_units FROM o
    ON CONFLICT (organization_id, month, product_id) DO UPDATE SET units = product_months.units + excluded.units
  )
  UPDATE campaign_products cp SET units = cp.units + the_units
  FROM o WHERE cp.campaign_id = o.campaign_id AND cp.product_id = the_product;
$$;
--> statement-breakpoint
DROP TRIGGER orders_product_days_before ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_product_days_before BEFORE DELETE OR UPDATE OF organization_id, created_at, status, campaign_id
  ON orders FOR EACH ROW EXECUTE FUNCTION keep_product_days_of_order();
--> statement-breakpoint
DROP TRIGGER orders_product_days_after ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_product_days_after AFTER UPDATE OF organization_id, created_at, status, campaign_id
  ON orders FOR EACH ROW EXECUTE FUNCTION keep_product_days_after_order();
--> statement-breakpoint
CREATE FUNCTION campaign_product_units_so_far() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A product put (back) on a window's list counts the window's orders of it that came before.
  NEW.units := coalesce((
    SELECT sum(i.quantity) FROM order_items i JOIN orders o ON o.id = i.order_id
    WHERE o.campaign_id = NEW.campaign_id AND i.product_id = NEW.product_id
      AND o.status NOT IN ('Cancelled', 'Refunded')), 0);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER campaign_products_units BEFORE INSERT OR UPDATE OF campaign_id, product_id
  ON campaign_products FOR EACH ROW EXECUTE FUNCTION campaign_product_units_so_far();
--> statement-breakpoint
CREATE FUNCTION clear_campaign_units() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE campaign_products SET units = 0 WHERE units <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_campaign_units_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION clear_campaign_units();
--> statement-breakpoint
UPDATE campaign_products cp SET units = coalesce((
  SELECT sum(i.quantity) FROM order_items i JOIN orders o ON o.id = i.order_id
  WHERE o.campaign_id = cp.campaign_id AND i.product_id = cp.product_id
    AND o.status NOT IN ('Cancelled', 'Refunded')), 0);
