import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { randomToken } from './tokens';

export const newSecurityStamp = () => randomToken(16);

/**
 * A password or two-factor change gives the user a new stamp: outstanding reset and
 * confirmation links and remembered machines, all bound to the old one, stop working.
 */
export async function rotateSecurityStamp(
  db: Db,
  userId: number,
  changes: Partial<typeof users.$inferInsert> = {},
) {
  const securityStamp = newSecurityStamp();
  await db
    .update(users)
    .set({ ...changes, securityStamp, updatedAt: new Date() })
    .where(eq(users.id, userId));
  return securityStamp;
}
