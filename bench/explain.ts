import { sql } from 'drizzle-orm';
import { users } from '../server/db/schema';
import { searchCondition } from '../server/http/table';

/** The users table's search spec, as `server/modules/users/service.ts` declares it. */
const usersSearch = {
  searchColumn: users.searchText,
  prefixColumns: [users.searchText, sql`lower(${users.firstName})`, sql`lower(${users.lastName})`],
};

/** The two queries `POST /api/users/table` runs for a term: the first page and the count. */
export function accountTableSql(term: string) {
  const where = searchCondition(usersSearch, term);
  return [
    sql`select ${users.id}, ${users.email} from ${users} where ${where} order by ${users.email}, ${users.id} limit 10`,
    sql`select count(*) from ${users} where ${where}`,
  ];
}
