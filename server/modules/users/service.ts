import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { isAdmin } from '../../../src/contract/roles';
import type { AccountRow, User, userCreateSchema, userUpdateSchema } from '../../../src/contract/users';
import { hashPassword } from '../../auth/passwords';
import type { SessionUser } from '../../auth/sessions';
import { secureAccountEdit } from '../../auth/security-stamp';
import { randomToken } from '../../auth/tokens';
import { audit } from '../../audit';
import type { Db } from '../../db/client';
import { organizations, users } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { type ParsedTableQuery, type TableSpec, tablePage } from '../../http/table';
import { fullNameOf, normalizeEmail } from '../account/service';

type UserCreateInput = z.output<typeof userCreateSchema>;
type UserUpdateInput = z.output<typeof userUpdateSchema>;

const fullNameSql: SQL<string> = sql<string>`concat_ws(' ', nullif(${users.firstName}, ''), ${users.middleName}, nullif(${users.lastName}, ''), ${users.suffix})`;

export const entityType = 'user';

/** The accounts table: search, sort and the columns its rows show. */
export const accountTableSpec: TableSpec = {
  table: users,
  searchColumn: users.searchText,
  prefixColumns: [users.searchText, sql`lower(${users.firstName})`, sql`lower(${users.lastName})`],
  sortable: {
    id: users.id,
    email: users.email,
    fullName: users.lastName,
    isLocked: users.isLocked,
    emailConfirmed: users.emailConfirmed,
  },
  defaultSort: { column: users.email, order: 'ASC' },
};

export const accountTableColumns = {
  id: users.id,
  email: users.email,
  fullName: fullNameSql.as('full_name'),
  isLocked: users.isLocked,
  emailConfirmed: users.emailConfirmed,
  roles: users.roles,
};

export function accountTable(db: Db, query: ParsedTableQuery) {
  return tablePage<AccountRow>(db, accountTableSpec, query, accountTableColumns);
}

export function toUser(row: SessionUser): User {
  return {
    id: row.id,
    organizationId: row.organizationId,
    email: row.email,
    username: row.username,
    name: {
      firstName: row.firstName,
      middleName: row.middleName,
      lastName: row.lastName,
      suffix: row.suffix,
      fullName: fullNameOf(row),
    },
    userRoles: row.roles,
    profilePhotoGuid: row.profilePhotoGuid,
    contactInformation: row.contactInformation,
    isLocked: row.isLocked,
    emailConfirmed: row.emailConfirmed,
  };
}

export async function findUser(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound('User');
  return row;
}

async function assertEmailFree(db: Db, email: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.normalizedEmail, normalizeEmail(email)), exceptId ? ne(users.id, exceptId) : undefined),
    )
    .limit(1);
  if (taken) throw badRequest('email', 'Email is already in use');
}

async function assertOrganizationExists(db: Db, organizationId: number | null) {
  if (organizationId === null) return;
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!row) throw badRequest('organizationId', 'Organization does not exist');
}

const nameColumns = (input: UserCreateInput | UserUpdateInput) => ({
  firstName: input.name.firstName,
  middleName: input.name.middleName,
  lastName: input.name.lastName,
  suffix: input.name.suffix,
});

export async function createUser(db: Db, actor: SessionUser, input: UserCreateInput) {
  await assertEmailFree(db, input.email);
  await assertOrganizationExists(db, input.organizationId);
  const [row] = await db
    .insert(users)
    .values({
      email: input.email,
      normalizedEmail: normalizeEmail(input.email),
      username: input.email,
      ...nameColumns(input),
      organizationId: input.organizationId,
      roles: input.userRoles,
      contactInformation: input.contactInformation,
      passwordHash: input.password ? await hashPassword(input.password) : null,
      securityStamp: randomToken(16),
    })
    .returning();
  await audit(db, actor.id, 'create', entityType, row.id, {
    email: row.email,
    roles: row.roles,
    organizationId: row.organizationId,
  });
  return row;
}

/**
 * An Admin's edit of an account. A changed e-mail address is unconfirmed until its owner
 * confirms it, and a changed role list is recorded as its own audit action. Admins cannot
 * demote themselves, so the portal never loses its last way in by accident.
 */
export async function updateUser(db: Db, actor: SessionUser, id: number, input: UserUpdateInput) {
  const before = await findUser(db, id);
  if (id === actor.id && isAdmin(before.roles) && !isAdmin(input.userRoles)) {
    throw badRequest('userRoles', 'You cannot remove the Admin role from your own account');
  }
  const emailChanged = normalizeEmail(input.email) !== before.normalizedEmail;
  if (emailChanged) await assertEmailFree(db, input.email, id);
  await assertOrganizationExists(db, input.organizationId);
  const [row] = await db
    .update(users)
    .set({
      email: input.email,
      normalizedEmail: normalizeEmail(input.email),
      username: input.email,
      ...nameColumns(input),
      organizationId: input.organizationId,
      roles: input.userRoles,
      contactInformation: input.contactInformation,
      ...(emailChanged ? { emailConfirmed: false } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, id))
    .returning();
  await secureAccountEdit(db, before, row);
  const rolesChanged =
    before.roles.length !== row.roles.length || before.roles.some((role) => !row.roles.includes(role));
  await audit(db, actor.id, 'update', entityType, id, {
    email: emailChanged ? { from: before.email, to: row.email } : undefined,
    organizationId:
      before.organizationId !== row.organizationId
        ? { from: before.organizationId, to: row.organizationId }
        : undefined,
  });
  if (rolesChanged) {
    await audit(db, actor.id, 'roleChange', entityType, id, { from: before.roles, to: row.roles });
  }
  return row;
}

export async function setProfilePhoto(
  db: Db,
  actor: SessionUser,
  id: number,
  photo: { guid: string; key: string },
) {
  const [row] = await db
    .update(users)
    .set({ profilePhotoGuid: photo.guid, profilePhotoKey: photo.key, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  await audit(db, actor.id, 'updatePhoto', entityType, id, { profilePhotoGuid: photo.guid });
  return row;
}

/**
 * Locking signs the user out everywhere at once; an Admin cannot lock themselves out.
 * Unlocking also clears the automatic lockout after failed sign-ins.
 */
export async function setLocked(
  db: Db,
  actor: SessionUser,
  id: number,
  locked: boolean,
  endSessions: (userId: number) => Promise<unknown>,
) {
  await findUser(db, id);
  if (locked && id === actor.id) throw badRequest('', 'You cannot lock your own account');
  const [row] = await db
    .update(users)
    .set(
      locked
        ? { isLocked: true, updatedAt: new Date() }
        : { isLocked: false, failedLoginCount: 0, lockoutEnd: null, updatedAt: new Date() },
    )
    .where(eq(users.id, id))
    .returning();
  if (locked) await endSessions(id);
  await audit(db, actor.id, locked ? 'lock' : 'unlock', entityType, id, { email: row.email });
  return row;
}

export async function findPhotoKey(db: Db, userId: number, guid: string) {
  const [row] = await db
    .select({ key: users.profilePhotoKey })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.profilePhotoGuid, guid)))
    .limit(1);
  return row?.key ?? null;
}
