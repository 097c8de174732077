import { sql } from 'drizzle-orm';
import { users } from '../contract/definitions';
import type { Db } from '../server/db/client';
import { tableQueries } from '../server/http/table';
import { usersServer } from '../server/modules/users/resource';
import { ResourceEngine } from '../server/engine/engine';

/** The two statements `POST /api/users/table` runs for a term, built by the same code: the first page and the count. */
export function accountTableSql(db: Db, term: string) {
  const engine = new ResourceEngine(users, usersServer);
  const admin = { roles: ['Admin'], organizationId: null } as unknown as Parameters<
    typeof engine.tableSpec
  >[0];
  const { spec, query } = engine.tableSpec(admin, { skip: 0, take: 10, allSearch: term });
  const { page, count } = tableQueries(db, spec, query, engine.select);
  return [sql`${page}`, sql`${count}`];
}
