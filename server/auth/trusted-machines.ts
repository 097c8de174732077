import { and, eq, gt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { trustedMachines } from '../db/schema';
import { hashToken, randomToken } from './tokens';

const trustedMachineCookieName = 'sp_trusted';
const trustedMachineDays = 14;

const lifetimeMs = trustedMachineDays * 24 * 60 * 60_000;

/** "Remember this machine": a browser that skips the second step for 14 days. */
export async function rememberMachine(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  user: { id: number; securityStamp: string },
) {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + lifetimeMs);
  await db
    .insert(trustedMachines)
    .values({ id: hashToken(token), userId: user.id, securityStamp: user.securityStamp, expiresAt });
  reply.setCookie(trustedMachineCookieName, token, {
    path: '/api/account',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: Math.floor(lifetimeMs / 1000),
  });
}

/** Void once the user's security stamp changes (password or two-factor change) or after 14 days. */
export async function isRememberedMachine(
  db: Db,
  request: FastifyRequest,
  user: { id: number; securityStamp: string },
) {
  const token = request.cookies[trustedMachineCookieName];
  if (!token) return false;
  const [row] = await db
    .select({ id: trustedMachines.id })
    .from(trustedMachines)
    .where(
      and(
        eq(trustedMachines.id, hashToken(token)),
        eq(trustedMachines.userId, user.id),
        eq(trustedMachines.securityStamp, user.securityStamp),
        gt(trustedMachines.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return Boolean(row);
}
