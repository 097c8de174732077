import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * Inserts many rows with one bound value, the rows as a JSON array read by the table's own row
 * type: 500 rows as 3,500 bound values cost PGlite more to pass than to store. `rows` are keyed by
 * the database's column names and all name `columns`; a column not named takes its default. The
 * rows go in in the array's order; answers their ids in that order.
 */
export async function insertJsonRows(
  db: Db,
  table: PgTable,
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
) {
  if (rows.length === 0) return [];
  const list = sql.join(
    columns.map((name) => sql.identifier(name)),
    sql`, `,
  );
  const inserted = (await db.execute(sql`
    insert into ${table} (${list})
    select ${list} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(rows)}::jsonb) with ordinality as listed
    order by listed.ordinality
    returning id`)) as unknown as { rows: { id: number }[] };
  return inserted.rows.map((row) => row.id);
}
