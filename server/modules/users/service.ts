import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { isAdmin } from '../../../contract/roles';
import type { User, userCreateSchema, userUpdateSchema } from '../../../contract/users';
import { hashPassword, newPasswordColumns } from '../../auth/passwords';
import type { SessionUser } from '../../auth/sessions';
import { rotateSecurityStamp, secureAccountEdit } from '../../auth/security-stamp';
import { randomToken } from '../../auth/tokens';
import { audit } from '../../audit';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { users as usersResource } from '../../../contract/definitions';
import { announceChange } from '../../engine/change-feed';
import { nextVersion, versionConflict, versionMatches } from '../../engine/versions';
import { claimStorage } from '../../storage/quota';
import { fullNameOf, normalizeEmail } from '../account/service';

type UserCreateInput = z.output<typeof userCreateSchema>;
type UserUpdateInput = z.output<typeof userUpdateSchema>;

export const entityType = 'user';

export function toUser(row: SessionUser): User {
  return {
    id: row.id,
    version: row.version,
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

/** The columns the Create and Edit forms set alike; the e-mail address is the sign-in name too. */
const formColumns = (input: UserCreateInput | UserUpdateInput) => ({
  email: input.email,
  normalizedEmail: normalizeEmail(input.email),
  username: input.email,
  firstName: input.name.firstName,
  middleName: input.name.middleName,
  lastName: input.name.lastName,
  suffix: input.name.suffix,
  organizationId: input.organizationId,
  roles: input.userRoles,
  contactInformation: input.contactInformation,
});

/**
 * An imported account's columns: the Create form's, with no password (its owner sets one from
 * the invitation), as `createUser` writes them.
 */
export const importedUserColumns = (input: UserCreateInput) => ({
  ...formColumns(input),
  passwordHash: null,
  securityStamp: randomToken(16),
});

/** E-mail uniqueness and the organization are the database's rules (a unique index, a foreign key). */
export async function createUser(db: Db, actor: SessionUser, input: UserCreateInput) {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        ...formColumns(input),
        passwordHash,
        securityStamp: randomToken(16),
      })
      .returning();
    await audit(tx as unknown as Db, actor.id, 'create', entityType, row.id, {
      email: row.email,
      roles: row.roles,
      organizationId: row.organizationId,
    });
    // Last: the change log's lock is held from the announcement to the commit.
    await announceChange(tx as unknown as Db, usersResource, 'created', row, actor);
    return row;
  });
}

const staleUser = (db: Db, current: typeof users.$inferSelect) =>
  versionConflict(db, { label: 'User', entityType, id: current.id, current: toUser(current) });

/**
 * An Admin's edit of an account. A stale `version` is refused with 409 (`server/engine/versions.ts`). A changed e-mail address is unconfirmed until its owner
 * confirms it, and a changed role list or a password set for the user is recorded as its own
 * audit action (never the password). Admins cannot demote themselves, so the portal never loses
 * its last way in by accident. The caller ends the sessions of a user given a new password.
 */
export async function updateUser(db: Db, actor: SessionUser, id: number, input: UserUpdateInput) {
  const password = input.password ? await newPasswordColumns(input.password) : undefined;
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const row = await writeUpdate(tx, actor, id, input, password);
    await announceChange(tx, usersResource, 'updated', row, actor);
    return row;
  });
}

/** The update's writes and audit rows, without its announcement, which goes last in the caller's transaction. */
async function writeUpdate(
  tx: Db,
  actor: SessionUser,
  id: number,
  input: UserUpdateInput,
  password: Awaited<ReturnType<typeof newPasswordColumns>> | undefined,
) {
  const before = await findUser(tx, id);
  if (input.version !== undefined && input.version !== before.version) throw await staleUser(tx, before);
  if (id === actor.id && isAdmin(before.roles) && !isAdmin(input.userRoles)) {
    throw badRequest('userRoles', 'You cannot remove the Admin role from your own account');
  }
  const emailChanged = normalizeEmail(input.email) !== before.normalizedEmail;
  const [row] = await tx
    .update(users)
    .set({
      ...formColumns(input),
      ...(emailChanged ? { emailConfirmed: false } : {}),
      updatedAt: new Date(),
      version: nextVersion(users.version),
    })
    .where(and(eq(users.id, id), versionMatches(users.version, input.version)))
    .returning();
  // Another Admin's save committed between the read above and this write.
  if (!row) throw await staleUser(tx, await findUser(tx, id));
  await secureAccountEdit(tx, before, row);
  const rolesChanged =
    before.roles.length !== row.roles.length || before.roles.some((role) => !row.roles.includes(role));
  await audit(tx, actor.id, 'update', entityType, id, {
    email: emailChanged ? { from: before.email, to: row.email } : undefined,
    organizationId:
      before.organizationId !== row.organizationId
        ? { from: before.organizationId, to: row.organizationId }
        : undefined,
  });
  if (rolesChanged) {
    await audit(tx, actor.id, 'roleChange', entityType, id, { from: before.roles, to: row.roles });
  }
  if (password) {
    // After secureAccountEdit: the Admin's explicit password outlives a cleared one.
    await rotateSecurityStamp(tx, id, password);
    await audit(tx, actor.id, 'password-set', entityType, id);
  }
  return row;
}

/**
 * The edit form's save with a new photo: the fields, the photo and their audit rows commit
 * together, so a failed write (or a full storage quota) leaves the account as it was. The photo
 * counts against the organization the user belongs to after the save (an Admin's, of no
 * organization, against the shared quota) in place of the one it replaces. Answers the row and
 * the storage key of the replaced photo, which the caller deletes once this has committed.
 */
export async function updateUserWithPhoto(
  db: Db,
  actor: SessionUser,
  id: number,
  input: UserUpdateInput,
  photo: { guid: string; key: string; bytes: number },
  quota: { quotaBytes: number; field: string },
) {
  const password = input.password ? await newPasswordColumns(input.password) : undefined;
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const updated = await writeUpdate(tx, actor, id, input, password);
    await claimStorage(tx, quota.quotaBytes, {
      organizationId: updated.organizationId,
      bytes: photo.bytes,
      replacingBytes: updated.profilePhotoBytes,
      field: quota.field,
    });
    const [row] = await tx
      .update(users)
      .set({
        profilePhotoGuid: photo.guid,
        profilePhotoKey: photo.key,
        profilePhotoBytes: photo.bytes,
        updatedAt: new Date(),
      })
      .where(eq(users.id, id))
      .returning();
    await audit(tx, actor.id, 'updatePhoto', entityType, id, { profilePhotoGuid: photo.guid });
    await announceChange(tx, usersResource, 'updated', row, actor);
    return { row, replacedKey: updated.profilePhotoKey };
  });
}

/**
 * Locking signs the user out everywhere; an Admin cannot lock themselves out. Unlocking also
 * clears the automatic lockout after failed sign-ins. The sessions end after the lock commits:
 * a locked account's sessions open nothing from then on, so none can slip in between.
 */
export async function setLocked(
  db: Db,
  actor: SessionUser,
  id: number,
  locked: boolean,
  endSessions: (userId: number) => Promise<unknown>,
) {
  const row = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await findUser(tx, id);
    if (locked && id === actor.id) throw badRequest('', 'You cannot lock your own account');
    const [changed] = await tx
      .update(users)
      .set(
        locked
          ? { isLocked: true, updatedAt: new Date() }
          : { isLocked: false, failedLoginCount: 0, lockoutEnd: null, updatedAt: new Date() },
      )
      .where(eq(users.id, id))
      .returning();
    await audit(tx, actor.id, locked ? 'lock' : 'unlock', entityType, id, { email: changed.email });
    await announceChange(tx, usersResource, 'updated', changed, actor);
    return changed;
  });
  if (locked) await endSessions(id);
  return row;
}

/**
 * What an account's owner changes that the Accounts list and form show (confirming the address,
 * a new address, registering) is announced as the owner's, like an Admin's edit, last in the
 * change's transaction. Lockout, passwords, two-factor and passkeys show in neither, so they
 * are not announced and leave the version alone (docs/decisions.md, "Accounts are live").
 */
export async function announceOwnChange(tx: Db, userId: number, action: 'created' | 'updated') {
  const row = await findUser(tx, userId);
  await announceChange(tx, usersResource, action, row, row);
}

/** The columns of an address its owner has shown they read: confirmed, a new version if that is news. */
export const confirmedByOwner = (user: Pick<SessionUser, 'emailConfirmed'>) =>
  user.emailConfirmed ? {} : { emailConfirmed: true, version: nextVersion(users.version) };

export async function findPhotoKey(db: Db, userId: number, guid: string) {
  const [row] = await db
    .select({ key: users.profilePhotoKey })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.profilePhotoGuid, guid)))
    .limit(1);
  return row?.key ?? null;
}
