-- Server processes keep the match counts of table queries in memory (server/http/table-counts.ts).
-- Any statement that changes a table with a table resource, in any process or by hand in SQL,
-- tells every process (LISTEN table_changed) to forget that table's counts.
CREATE OR REPLACE FUNCTION notify_table_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('table_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_table_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
CREATE TRIGGER organizations_table_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON organizations
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
CREATE TRIGGER settings_table_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
CREATE TRIGGER promo_codes_table_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON promo_codes
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
CREATE TRIGGER email_templates_table_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON email_templates
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
CREATE TRIGGER brands_table_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brands
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
CREATE TRIGGER orders_table_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
