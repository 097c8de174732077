import { createHmac, timingSafeEqual } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { randomToken } from './tokens';

/**
 * OWASP's device cookies ("Slow Down Online Guessing Attacks with Device Cookies"): a browser
 * that once signed in to an account holds a cookie for that account, and its sign-ins are
 * limited on the cookie's own budget instead of the address's and the account's, which anyone
 * behind the same NAT (a school) or anyone typing the account's e-mail can spend.
 */
export const deviceCookieName = (userId: number) => `sp_device_${userId}`;
const deviceCookieDays = 180;

/**
 * Signed with the user's security stamp: server-side only, shared by every server through the
 * database, and changed with the password, which voids the user's device cookies with it.
 */
const signatureOf = (user: { id: number; securityStamp: string }, nonce: string) =>
  createHmac('sha256', user.securityStamp).update(`${user.id}.${nonce}`).digest('base64url');

/** The device's id (its nonce) when the request holds a valid device cookie of this user. */
export function trustedDevice(request: FastifyRequest, user: { id: number; securityStamp: string }) {
  const value = request.cookies[deviceCookieName(user.id)];
  const [nonce, signature] = value?.split('.') ?? [];
  if (!nonce || !signature) return undefined;
  const expected = Buffer.from(signatureOf(user, nonce));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : undefined;
}

/** Accounts whose cookies one request may present before the rest are ignored. */
const maxDeviceCookies = 5;

/**
 * The device's id when the request holds a valid device cookie of any account: for a step
 * taken before the account is known (a passkey's sign-in options).
 */
export async function anyTrustedDevice(db: Db, request: FastifyRequest) {
  const ids = Object.keys(request.cookies)
    .map((name) => /^sp_device_(\d{1,9})$/.exec(name)?.[1])
    .filter((id) => id !== undefined)
    .map(Number)
    .slice(0, maxDeviceCookies);
  if (ids.length === 0) return undefined;
  const owners = await db
    .select({ id: users.id, securityStamp: users.securityStamp })
    .from(users)
    .where(inArray(users.id, ids));
  return owners.map((owner) => trustedDevice(request, owner)).find((device) => device !== undefined);
}

/** After a complete sign-in: a new device cookie for this account in this browser. */
export function issueDeviceCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  user: { id: number; securityStamp: string },
) {
  const nonce = randomToken(16);
  reply.setCookie(deviceCookieName(user.id), `${nonce}.${signatureOf(user, nonce)}`, {
    path: '/api/account',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: deviceCookieDays * 24 * 60 * 60,
  });
}
