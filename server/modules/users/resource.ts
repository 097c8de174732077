import { and, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { userCreateSchema } from '../../../contract/users';
import { users } from '../../db/schema';
import type { ModuleImport, ResourceServer } from '../../engine/types';
import { sendAccountConfirmation } from '../account/email-flows';
import { notify } from '../notifications';
import { importedUserColumns } from './service';

const fullNameSql: SQL<string> = sql<string>`concat_ws(' ', nullif(${users.firstName}, ''), ${users.middleName}, nullif(${users.lastName}, ''), ${users.suffix})`;

const nameParts = ['firstName', 'middleName', 'lastName', 'suffix'] as const;

/**
 * A spreadsheet's accounts, by the Create form's rules (`userCreateSchema`: the name's parts, a
 * known role, an organization for a role with a shop), each invited once the import commits, as
 * a created account is; a taken e-mail is the unique index's 'Email is already in use'.
 */
const usersImport: ModuleImport = {
  check: (values) => {
    const parsed = userCreateSchema.safeParse({
      email: values.email,
      name: Object.fromEntries(nameParts.map((part) => [part, values[part]])),
      userRoles: values.userRoles,
      organizationId: values.organizationId,
      contactInformation: values.contactInformation,
    });
    if (parsed.success) return { body: parsed.data };
    // The form's nested name is the row's own columns.
    const fieldOf = (path: PropertyKey[]) => String(path[0] === 'name' ? path[1] : (path[0] ?? ''));
    return {
      failures: parsed.error.issues.map((issue) => ({
        propertyName: fieldOf(issue.path),
        errorMessage: issue.message,
      })),
    };
  },
  columns: (body) => importedUserColumns(body as Parameters<typeof importedUserColumns>[0]),
  // An account its person has confirmed, or given a password, is theirs now.
  usedSince: async (tx, ids) =>
    (
      await tx
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, ids), or(eq(users.emailConfirmed, true), isNotNull(users.passwordHash))))
    ).map((row) => row.id),
  // The invitation's token is the import's own doing.
  ownReferences: ['user_tokens'],
  invitation: {
    // Sent once the rows are in, by the import's job; an account confirmed or gone since is skipped.
    send: async (app: FastifyInstance, id: number) => {
      const [user] = await app.db.select().from(users).where(eq(users.id, id));
      if (user && !user.emailConfirmed) await sendAccountConfirmation(app, user);
    },
    notify,
  },
};

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
  import: usersImport,
};
