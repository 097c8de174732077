import { eq } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { randomToken } from './tokens';

export const newSecurityStamp = () => randomToken(16);

/**
 * A password, e-mail or two-factor change gives the user a new stamp: outstanding reset and
 * confirmation links and remembered machines, all bound to the old one, stop working.
 */
export async function rotateSecurityStamp(
  db: Db,
  userId: number,
  changes: PgUpdateSetSource<typeof users> = {},
) {
  const securityStamp = newSecurityStamp();
  await db
    .update(users)
    .set({ ...changes, securityStamp, updatedAt: new Date() })
    .where(eq(users.id, userId));
  return securityStamp;
}

type AccountFacts = Pick<typeof users.$inferSelect, 'id' | 'normalizedEmail' | 'roles' | 'emailConfirmed'>;

/**
 * What an Admin's edit of an account means for its secrets. A new e-mail address voids every
 * link sent to the old one (an invitation to a mistyped address must not confirm the
 * corrected account). A role granted to a self-registered account whose address was never
 * confirmed clears the password and ends the sessions of whoever registered it, since
 * anyone may register someone else's address; its owner sets a password from the
 * confirmation link.
 */
export async function secureAccountEdit(db: Db, before: AccountFacts, after: AccountFacts) {
  if (after.normalizedEmail !== before.normalizedEmail) await rotateSecurityStamp(db, after.id);
  if (!after.emailConfirmed && before.roles.length === 0 && after.roles.length > 0) {
    await db.update(users).set({ passwordHash: null }).where(eq(users.id, after.id));
    await db.delete(sessions).where(eq(sessions.userId, after.id));
  }
}
