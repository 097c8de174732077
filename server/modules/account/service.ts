import { and, count, eq, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { LoginResult, Me } from '../../../contract/account';
import { burnPasswordCheck, PasswordHashingBusy, verifyPassword } from '../../auth/passwords';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../errors';
import type { AuthContext, SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { recoveryCodes, users } from '../../db/schema';

export const lockout = { maxFailedAttempts: 5, minutes: 5 };

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const fullNameOf = (user: Pick<SessionUser, 'firstName' | 'middleName' | 'lastName' | 'suffix'>) =>
  [user.firstName, user.middleName, user.lastName, user.suffix].filter(Boolean).join(' ');

export type PasswordCheck =
  { status: 'Failed'; message: string } | { status: 'Succeeded' | 'RequiresTwoFactor'; user: SessionUser };

/** Deliberately the same text for every failure, so sign-in does not tell which accounts exist. */
const failedLoginMessage = 'Invalid login attempt.';

/**
 * The password step of sign-in. Five failures in a row lock the account for five minutes;
 * an admin-locked account never signs in, nor does a self-registered account (no role)
 * before its e-mail is confirmed: anyone may register someone else's address. From a trusted
 * device (a valid device cookie of the account) the five-failure lockout neither applies nor
 * counts: the device's own rate limit stands in for it.
 */
export async function checkPassword(
  db: Db,
  user: SessionUser | undefined,
  password: string,
  options: { trustedDevice: boolean },
): Promise<PasswordCheck> {
  const failed = { status: 'Failed', message: failedLoginMessage } as const;
  const admitted = options.trustedDevice
    ? user && !user.isLocked
    : user && (await claimLoginAttempt(db, user.id));
  if (!user?.passwordHash || !admitted) {
    await burnPasswordCheck(password);
    return failed;
  }
  const verified = await verifyPassword(user.passwordHash, password).catch(async (error: unknown) => {
    // Refused before any check: the slot claimed for it goes back, or a flood would spend the
    // account's five failures without a single guess checked.
    if (error instanceof PasswordHashingBusy && !options.trustedDevice)
      await releaseLoginAttempt(db, user.id);
    throw error;
  });
  if (!verified) {
    if (!options.trustedDevice) await lockIfAttemptsSpent(db, user.id);
    return failed;
  }
  if (options.trustedDevice) {
    if (!user.emailConfirmed && user.roles.length === 0) return failed;
    return { status: user.twoFactorEnabled ? 'RequiresTwoFactor' : 'Succeeded', user };
  }
  // With a second step to come, the right password only gives its own slot back: signing in
  // again between wrong codes must not wipe the codes' failures.
  if (user.twoFactorEnabled) await releaseLoginAttempt(db, user.id);
  else await clearFailedLogins(db, user.id);
  if (!user.emailConfirmed && user.roles.length === 0) return failed;
  return { status: user.twoFactorEnabled ? 'RequiresTwoFactor' : 'Succeeded', user };
}

/**
 * Takes one of the account's failure slots before a password or code is checked, in one
 * atomic update, so however many guesses arrive at once at most five are checked until a
 * success gives the slots back. False when the account is locked (by an Admin or lockout).
 */
export async function claimLoginAttempt(db: Db, userId: number) {
  const [row] = await db
    .update(users)
    .set({ failedLoginCount: sql`${users.failedLoginCount} + 1` })
    .where(
      and(
        eq(users.id, userId),
        eq(users.isLocked, false),
        or(isNull(users.lockoutEnd), lte(users.lockoutEnd, sql`now()`)),
        lt(users.failedLoginCount, lockout.maxFailedAttempts),
      ),
    )
    .returning({ id: users.id });
  return Boolean(row);
}

/** After a failed check: the failure that used the last slot starts the lockout. */
export function lockIfAttemptsSpent(db: Db, userId: number) {
  return db
    .update(users)
    .set({ failedLoginCount: 0, lockoutEnd: sql`now() + make_interval(mins => ${lockout.minutes})` })
    .where(and(eq(users.id, userId), gte(users.failedLoginCount, lockout.maxFailedAttempts)));
}

function releaseLoginAttempt(db: Db, userId: number) {
  return db
    .update(users)
    .set({ failedLoginCount: sql`greatest(${users.failedLoginCount} - 1, 0)` })
    .where(eq(users.id, userId));
}

export const isLockedOut = (user: Pick<SessionUser, 'isLocked' | 'lockoutEnd'>) =>
  user.isLocked || (user.lockoutEnd !== null && user.lockoutEnd > new Date());

export function clearFailedLogins(db: Db, userId: number) {
  return db.update(users).set({ failedLoginCount: 0, lockoutEnd: null }).where(eq(users.id, userId));
}

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.normalizedEmail, normalizeEmail(email)))
    .limit(1);
  return user;
}

export async function recoveryCodesLeft(db: Db, userId: number) {
  const [codes] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return codes?.left ?? 0;
}

/**
 * The request's auth with the user row read again: account changes decide on the key,
 * password and lockout as they are now, not as a session cache last saw them.
 */
export async function freshAuth(db: Db, auth: AuthContext | null): Promise<AuthContext | null> {
  if (!auth) return null;
  const [user] = await db.select().from(users).where(eq(users.id, auth.user.id)).limit(1);
  if (!user || user.isLocked) return null;
  return { ...auth, user };
}

/** The signed-in user's auth, freshly read; 401 when there is none. */
export async function signedIn(db: Db, request: FastifyRequest) {
  const auth = await freshAuth(db, request.auth);
  if (auth?.stage !== 'full') throw unauthorized();
  return auth;
}

/** `GET account/me` runs on every page load and refresh: it is answered from the session alone. */
export function loggedInUser(auth: AuthContext): Me {
  const { user } = auth;
  return {
    id: user.id,
    email: user.email,
    fullName: fullNameOf(user),
    roleNames: user.roles,
    organizationId: user.organizationId,
    organizationGuid: auth.organizationGuid,
    profilePhotoGuid: user.profilePhotoGuid,
    is2faEnabled: user.twoFactorEnabled,
    recoveryCodesLeft: auth.recoveryCodesLeft,
    hasAuthenticator: user.authenticatorKey !== null,
  };
}

export const loginResult = (status: LoginResult['status'], message?: string): LoginResult =>
  message ? { status, message } : { status };
