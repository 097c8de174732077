import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { hashToken, randomToken } from './tokens';

export const sessionCookieName = 'sp_session';

export type SessionStage = 'full' | 'twoFactor';

/** The half-signed-in state after the password step lasts five minutes. */
export const twoFactorStageMinutes = 5;

export type SessionUser = typeof users.$inferSelect;

export interface AuthContext {
  sessionId: string;
  stage: SessionStage;
  rememberMe: boolean;
  expiresAt: Date;
  user: SessionUser;
}

const minutes = (n: number) => n * 60_000;

export class SessionStore {
  constructor(
    private readonly db: Db,
    private readonly lifetimeMinutes: number,
  ) {}

  /** A new random id at every step of sign-in, so a planted cookie never becomes a session. */
  async create(userId: number, stage: SessionStage, rememberMe: boolean) {
    const token = randomToken();
    const lifetime = stage === 'full' ? this.lifetimeMinutes : twoFactorStageMinutes;
    const expiresAt = new Date(Date.now() + minutes(lifetime));
    await this.db.insert(sessions).values({ id: hashToken(token), userId, stage, rememberMe, expiresAt });
    return { token, expiresAt };
  }

  /** A locked account's sessions open nothing from the moment it is locked. */
  async find(token: string): Promise<AuthContext | undefined> {
    const id = hashToken(token);
    const [row] = await this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date()), eq(users.isLocked, false)))
      .limit(1);
    if (!row) return undefined;
    return {
      sessionId: id,
      stage: row.session.stage,
      rememberMe: row.session.rememberMe,
      expiresAt: row.session.expiresAt,
      user: row.user,
    };
  }

  /**
   * Sliding expiration: once half the lifetime has passed the session is extended, so a
   * busy user is not written to the database on every request.
   */
  async slide(auth: AuthContext) {
    if (auth.stage !== 'full') return undefined;
    const remaining = auth.expiresAt.getTime() - Date.now();
    if (remaining > minutes(this.lifetimeMinutes) / 2) return undefined;
    const expiresAt = new Date(Date.now() + minutes(this.lifetimeMinutes));
    await this.db.update(sessions).set({ expiresAt }).where(eq(sessions.id, auth.sessionId));
    auth.expiresAt = expiresAt;
    return expiresAt;
  }

  revoke(sessionId: string) {
    return this.db.delete(sessions).where(eq(sessions.id, sessionId));
  }

  revokeAllForUser(userId: number, exceptSessionId?: string) {
    const condition = exceptSessionId
      ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${exceptSessionId}`)
      : eq(sessions.userId, userId);
    return this.db.delete(sessions).where(condition);
  }

  purgeExpired() {
    return this.db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  }

  get lifetimeMs() {
    return minutes(this.lifetimeMinutes);
  }
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  options: { persistent: boolean; maxAgeMs: number },
) {
  reply.setCookie(sessionCookieName, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    ...(options.persistent ? { maxAge: Math.floor(options.maxAgeMs / 1000) } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(sessionCookieName, { path: '/' });
}
