import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { passkeyChallenges } from '../db/schema';
import { hashToken, randomToken } from './tokens';

const challengeCookieName = 'sp_passkey';
const challengeMinutes = 5;
const cookiePath = '/api/account/passkeys';

/** The development server (vite) proxies the API; passkeys made there work on the local server too. */
const devServerPort = 5173;

export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

/**
 * The relying party is the portal's public address (PUBLIC_URL). Without one it is `localhost`,
 * where browsers allow WebAuthn over plain http; an IP address such as 127.0.0.1 is never a valid
 * relying party id, so the local server is reached as http://localhost:PORT.
 */
export function relyingParty(config: Pick<Config, 'publicUrl' | 'port' | 'portalName'>): RelyingParty {
  if (config.publicUrl) {
    const url = new URL(config.publicUrl);
    return { id: url.hostname, name: config.portalName, origins: [url.origin] };
  }
  return {
    id: 'localhost',
    name: config.portalName,
    origins: [`http://localhost:${config.port}`, `http://localhost:${devServerPort}`],
  };
}

/** `reauthenticate`: another passkey of the signed-in user, asked before removing one. */
export type ChallengePurpose = 'register' | 'authenticate' | 'reauthenticate';

/**
 * A new challenge for this browser: only the SHA-256 of its cookie is stored, so the challenge
 * can be answered only from the browser that asked (and, for a registration, only within the
 * session that asked), once, within five minutes.
 */
export async function issueChallenge(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  purpose: ChallengePurpose,
  challenge: string,
  sessionId: string | null,
) {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + challengeMinutes * 60_000);
  // A browser answers only its latest challenge (its cookie names one): the one before is clutter.
  const previous = request.cookies[challengeCookieName];
  if (previous) await db.delete(passkeyChallenges).where(eq(passkeyChallenges.id, hashToken(previous)));
  await db
    .insert(passkeyChallenges)
    .values({ id: hashToken(token), purpose, sessionId, challenge, expiresAt });
  reply.setCookie(challengeCookieName, token, {
    path: cookiePath,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: challengeMinutes * 60,
  });
}

/**
 * Takes this browser's outstanding challenge (deleting it, so a second answer finds none) and
 * answers it when it is of the purpose, within its five minutes and of the same session.
 */
export async function takeChallenge(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  purpose: ChallengePurpose,
  sessionId: string | null,
) {
  const token = request.cookies[challengeCookieName];
  reply.clearCookie(challengeCookieName, { path: cookiePath });
  if (!token) return undefined;
  const [row] = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.id, hashToken(token)),
        eq(passkeyChallenges.purpose, purpose),
        gt(passkeyChallenges.expiresAt, new Date()),
        sessionId === null ? isNull(passkeyChallenges.sessionId) : eq(passkeyChallenges.sessionId, sessionId),
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge });
  return row?.challenge;
}

export const purgeExpiredChallenges = (db: Db) =>
  db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, new Date()));
