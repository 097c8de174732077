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
