import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userTokens, users } from '../db/schema';
import { hashToken, randomToken } from './tokens';

export type TokenPurpose = (typeof userTokens.$inferSelect)['purpose'];

const hours = (n: number) => n * 60 * 60_000;

/** Reset links last a day; confirmation and e-mail change links a week, as invitations wait in inboxes. */
const tokenLifetimeMs: Record<TokenPurpose, number> = {
  resetPassword: hours(24),
  confirmAccount: hours(24 * 7),
  changeEmail: hours(24),
};

/** A single-use token bound to the user's current security stamp; only its hash is stored. */
export async function issueUserToken(
  db: Db,
  user: { id: number; securityStamp: string },
  purpose: TokenPurpose,
  payload?: Record<string, unknown>,
) {
  const token = randomToken();
  await db.insert(userTokens).values({
    userId: user.id,
    purpose,
    tokenHash: hashToken(token),
    securityStamp: user.securityStamp,
    payload: payload ?? null,
    expiresAt: new Date(Date.now() + tokenLifetimeMs[purpose]),
  });
  return token;
}

const usable = (userId: number, purpose: TokenPurpose, token: string) =>
  and(
    eq(userTokens.userId, userId),
    eq(userTokens.purpose, purpose),
    eq(userTokens.tokenHash, hashToken(token)),
    isNull(userTokens.usedAt),
    gt(userTokens.expiresAt, new Date()),
    eq(
      userTokens.securityStamp,
      sql`(select ${users.securityStamp} from ${users} where ${users.id} = ${userId})`,
    ),
  );

/** Whether a token would be accepted, without using it (the confirmation link's redirect). */
export async function isUsableToken(db: Db, userId: number, purpose: TokenPurpose, token: string) {
  const [row] = await db
    .select({ id: userTokens.id })
    .from(userTokens)
    .where(usable(userId, purpose, token));
  return Boolean(row);
}

/** Uses the token in one conditional update, so it works once even under concurrent requests. */
export async function consumeUserToken(db: Db, userId: number, purpose: TokenPurpose, token: string) {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(usable(userId, purpose, token))
    .returning({ id: userTokens.id, payload: userTokens.payload });
  return row ?? null;
}

/** Marks the user's unused tokens of one purpose as used: a newer link replaces them. */
export async function voidUserTokens(db: Db, userId: number, purpose: TokenPurpose) {
  await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
}
