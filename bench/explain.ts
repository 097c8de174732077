import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { tableQueries } from '../server/http/table';
import { accountTableColumns, accountTableSpec } from '../server/modules/users/service';

/** The two statements `POST /api/users/table` runs for a term, built by the same code: the first page and the count. */
export function accountTableSql(db: Db, term: string) {
  const { page, count } = tableQueries(
    db,
    accountTableSpec,
    { skip: 0, take: 10, allSearch: term },
    accountTableColumns,
  );
  return [sql`${page}`, sql`${count}`];
}
