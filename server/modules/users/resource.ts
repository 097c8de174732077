import { type SQL, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { ResourceServer } from '../../engine/types';

const fullNameSql: SQL<string> = sql<string>`concat_ws(' ', nullif(${users.firstName}, ''), ${users.middleName}, nullif(${users.lastName}, ''), ${users.suffix})`;

/**
 * The accounts list is the engine's; what its definition cannot say is here: the full name is
 * derived from the name parts (and sorts by what it shows), the rows carry the roles, a short
 * search matches the start of an e-mail, first or last name.
 */
export const usersServer: ResourceServer = {
  own: ['getOne', 'create', 'update'],
  columns: { fullName: fullNameSql.as('full_name'), roles: users.roles },
  sortBy: { fullName: fullNameSql },
  prefixColumns: [users.searchText, sql`lower(${users.firstName})`, sql`lower(${users.lastName})`],
};
