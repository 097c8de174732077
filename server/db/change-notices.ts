import { type SQL, sql } from 'drizzle-orm';

/**
 * The statement trigger of migration 0007 on every registered resource's table, so a new
 * resource's kept counts are dropped on change with no migration written by hand. Run after the
 * migrations while holding the migration lock (replicas starting together do not race on it);
 * `CREATE OR REPLACE` makes it a no-op for tables that already have it.
 */
export async function ensureChangeNotices(
  db: { execute(query: SQL): Promise<unknown> },
  tables: readonly string[],
) {
  for (const table of tables) {
    await db.execute(
      sql`CREATE OR REPLACE TRIGGER ${sql.identifier(`${table}_table_change`)}
          AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.identifier(table)}
          FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change()`,
    );
  }
}
