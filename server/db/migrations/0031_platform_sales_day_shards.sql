-- Review of issue 32: every order of a day, of any school, updated the day's one row of
-- platform_sales_days, so concurrent orders waited for each other's commit. A day is now 16 rows,
-- a school's orders adding to row organization_id % 16 (server/db/tables/orders.ts); the card
-- sums a day's rows, as it summed one. The rows are rebuilt from sales_days, which they sum.
DELETE FROM "platform_sales_days";--> statement-breakpoint
ALTER TABLE "platform_sales_days" DROP CONSTRAINT "platform_sales_days_pkey";--> statement-breakpoint
ALTER TABLE "platform_sales_days" ADD COLUMN "shard" smallint NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_sales_days" ADD CONSTRAINT "platform_sales_days_day_shard_pk" PRIMARY KEY("day","shard");--> statement-breakpoint
INSERT INTO platform_sales_days (day, shard, revenue, orders)
SELECT day, organization_id % 16, sum(revenue), sum(orders) FROM sales_days GROUP BY 1, 2;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION keep_sales_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status NOT IN ('Cancelled', 'Refunded') THEN
    INSERT INTO sales_days (organization_id, day, revenue, orders)
    VALUES (OLD.organization_id, (OLD.created_at AT TIME ZONE 'UTC')::date, -OLD.total, -1)
    ON CONFLICT (organization_id, day) DO UPDATE
      SET revenue = sales_days.revenue + excluded.revenue, orders = sales_days.orders + excluded.orders;
    INSERT INTO platform_sales_days (day, shard, revenue, orders)
    VALUES ((OLD.created_at AT TIME ZONE 'UTC')::date, OLD.organization_id % 16, -OLD.total, -1)
    ON CONFLICT (day, shard) DO UPDATE
      SET revenue = platform_sales_days.revenue + excluded.revenue,
          orders = platform_sales_days.orders + excluded.orders;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status NOT IN ('Cancelled', 'Refunded') THEN
    INSERT INTO sales_days (organization_id, day, revenue, orders)
    VALUES (NEW.organization_id, (NEW.created_at AT TIME ZONE 'UTC')::date, NEW.total, 1)
    ON CONFLICT (organization_id, day) DO UPDATE
      SET revenue = sales_days.revenue + excluded.revenue, orders = sales_days.orders + excluded.orders;
    INSERT INTO platform_sales_days (day, shard, revenue, orders)
    VALUES ((NEW.created_at AT TIME ZONE 'UTC')::date, NEW.organization_id % 16, NEW.total, 1)
    ON CONFLICT (day, shard) DO UPDATE
      SET revenue = platform_sales_days.revenue + excluded.revenue,
          orders = platform_sales_days.orders + excluded.orders;
  END IF;
  RETURN NULL;
END
$$;
