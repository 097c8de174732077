import { and, desc, eq, gt, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { seesEveryOrganization } from '../../contract/definition';
import type { Db } from '../db/client';
import { NoticeListener } from '../db/notices';
import { organizations, recoveryCodes, sessions, users } from '../db/schema';
import { hashToken, randomToken } from './tokens';

export const sessionCookieName = 'sp_session';

export type SessionStage = 'full' | 'twoFactor';

/** The half-signed-in state after the password step lasts five minutes. */
const twoFactorStageMinutes = 5;

export type SessionUser = typeof users.$inferSelect;

export interface AuthContext {
  sessionId: string;
  stage: SessionStage;
  rememberMe: boolean;
  expiresAt: Date;
  user: SessionUser;
  /** Read with the session so `GET account/me`, called on every page load, needs no query. */
  organizationGuid: string | null;
  recoveryCodesLeft: number;
}

const minutes = (n: number) => n * 60_000;

/** The channel the `notify_session_invalidation` trigger (migration 0003) sends user ids on. */
const invalidationChannel = 'session_invalidation';

export interface SessionCacheOptions {
  /** A safety net only: every change to a user or session row evicts its entries at once. */
  ttlMs: number;
  maxEntries: number;
}

const defaultSessionCache: SessionCacheOptions = { ttlMs: 60_000, maxEntries: 10_000 };

const defaultSessionsPerUser = 10;

/**
 * Servers on one PostgreSQL, for the fence after a revocation: this one's id and a way to list
 * the others that are alive.
 */
export interface SessionPeers {
  serverId: string;
  others(): Promise<{ id: string }[]>;
  /** The longest a revocation waits for the others' word that they have forgotten the session. */
  timeoutMs: number;
}

/**
 * Fences travel on the invalidation channel itself: PostgreSQL delivers one connection's notices
 * in commit order, so a server that reads a fence has already read (and applied) every
 * invalidation committed before it.
 */
const fencePrefix = 'fence:';
const ackPrefix = 'ack:';

interface CacheEntry {
  auth: AuthContext;
  cachedAt: number;
}

/**
 * Sessions live in the database, so any server process can serve any request. Looking them up
 * on every request would cap every authenticated call at the database's round-trip rate, so
 * validated sessions are kept in memory for a short while, and every process listens for the
 * database's notices of changed users and sessions (LISTEN/NOTIFY: a dedicated connection on
 * PostgreSQL, the embedded instance itself on PGlite) and forgets the user's sessions at once.
 * While that listener is not connected nothing is served from memory.
 */
export class SessionStore {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly sessionsByUser = new Map<number, Set<string>>();
  /** Bumped by every eviction, so a lookup that raced with one does not cache what it read. */
  private generation = 0;
  private readonly notices?: NoticeListener;
  private readonly cacheOptions: SessionCacheOptions;
  private readonly peers?: SessionPeers;
  private readonly log?: FastifyBaseLogger;
  private readonly perUser: number;
  /** Fences this server is waiting on: nonce to the servers yet to answer, and the wake-up. */
  private readonly fences = new Map<string, { waiting: Set<string>; done: () => void }>();

  constructor(
    private readonly db: Db,
    private readonly lifetimeMinutes: number,
    options: {
      cache?: SessionCacheOptions | false;
      log?: FastifyBaseLogger;
      peers?: SessionPeers;
      /** Sessions a user may have; a new one ends their oldest beyond it. */
      perUser?: number;
    } = {},
  ) {
    this.peers = options.peers;
    this.perUser = options.perUser ?? defaultSessionsPerUser;
    this.log = options.log;
    this.cacheOptions =
      options.cache === false
        ? { ...defaultSessionCache, maxEntries: 0 }
        : (options.cache ?? defaultSessionCache);
    if (options.cache !== false) {
      this.notices = new NoticeListener(
        db,
        invalidationChannel,
        { notice: (payload) => this.onNotice(payload ?? ''), lost: () => this.stopCaching() },
        options.log,
      );
    }
  }

  private get listening() {
    return this.notices?.listening === true;
  }

  /** Resolves once invalidations are being received (or caching is off). */
  async ready() {
    if (this.cacheOptions.maxEntries > 0) await this.notices?.ready();
  }

  async close() {
    await this.notices?.close();
    this.stopCaching();
  }

  private stopCaching() {
    this.generation++;
    this.cache.clear();
    this.sessionsByUser.clear();
  }

  /**
   * Drops a user's cached sessions in this process at once; other processes hear of the change
   * from the database. Called after a user changes their own account, so their next request
   * never races the notice.
   */
  forgetUser(userId: number) {
    this.evictUser(userId);
  }

  private onNotice(payload: string) {
    if (payload.startsWith(fencePrefix)) {
      const [nonce, from] = payload.slice(fencePrefix.length).split(':');
      if (this.peers && from !== this.peers.serverId)
        void this.notify(`${ackPrefix}${nonce}:${this.peers.serverId}`);
    } else if (payload.startsWith(ackPrefix)) {
      const [nonce, from] = payload.slice(ackPrefix.length).split(':');
      const fence = this.fences.get(nonce);
      fence?.waiting.delete(from);
      if (fence?.waiting.size === 0) fence.done();
    } else {
      this.evictUser(Number(payload));
    }
  }

  private notify(payload: string) {
    return this.db
      .execute(sql`select pg_notify(${invalidationChannel}, ${payload})`)
      .catch((error: unknown) => this.log?.warn({ err: error }, 'could not send a session fence notice'));
  }

  /**
   * Returns once every other live server has applied the revocations committed so far (or
   * after `peers.timeoutMs`, logged): a logout or lock is then seen everywhere before its 200.
   * Nothing to wait for on the embedded database, whose only process evicted at once.
   */
  private async fence() {
    if (!this.peers || !this.listening) return;
    const others = await this.peers.others();
    if (others.length === 0) return;
    const nonce = randomToken(12);
    const waiting = new Set(others.map((other) => other.id));
    let timer: NodeJS.Timeout | undefined;
    const answered = new Promise<boolean>((resolve) => {
      this.fences.set(nonce, { waiting, done: () => resolve(true) });
      timer = setTimeout(() => resolve(false), this.peers!.timeoutMs);
    });
    await this.notify(`${fencePrefix}${nonce}:${this.peers.serverId}`);
    const complete = await answered;
    clearTimeout(timer);
    this.fences.delete(nonce);
    if (!complete) {
      this.log?.warn(
        { servers: [...waiting] },
        'servers did not confirm a session revocation in time; they drop it when its notice arrives',
      );
    }
  }

  private evictUser(userId: number) {
    this.generation++;
    for (const sessionId of this.sessionsByUser.get(userId) ?? []) this.cache.delete(sessionId);
    this.sessionsByUser.delete(userId);
  }

  private evictSession(sessionId: string) {
    this.generation++;
    const entry = this.cache.get(sessionId);
    if (!entry) return;
    this.cache.delete(sessionId);
    this.sessionsByUser.get(entry.auth.user.id)?.delete(sessionId);
  }

  private remember(auth: AuthContext) {
    const { maxEntries } = this.cacheOptions;
    if (maxEntries === 0) return;
    if (this.cache.size >= maxEntries) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.evictSession(oldest);
    }
    this.cache.set(auth.sessionId, { auth, cachedAt: Date.now() });
    let userSessions = this.sessionsByUser.get(auth.user.id);
    if (!userSessions) this.sessionsByUser.set(auth.user.id, (userSessions = new Set()));
    userSessions.add(auth.sessionId);
  }

  private cached(sessionId: string): AuthContext | undefined {
    if (!this.listening) return undefined;
    const entry = this.cache.get(sessionId);
    if (!entry) return undefined;
    const now = Date.now();
    if (now - entry.cachedAt > this.cacheOptions.ttlMs || entry.auth.expiresAt.getTime() <= now) {
      this.evictSession(sessionId);
      return undefined;
    }
    // Most recently used last, so the oldest key is the one to drop when full.
    this.cache.delete(sessionId);
    this.cache.set(sessionId, entry);
    return { ...entry.auth };
  }

  /**
   * A new random id at every step of sign-in, so a planted cookie never becomes a session. A user
   * keeps at most `perUser` sessions of each stage, the newest: signing in 500 times makes no more
   * of them, and someone who has the password but not the second factor ends no full session.
   */
  async create(userId: number, stage: SessionStage, rememberMe: boolean) {
    const token = randomToken();
    const lifetime = stage === 'full' ? this.lifetimeMinutes : twoFactorStageMinutes;
    const expiresAt = new Date(Date.now() + minutes(lifetime));
    const id = hashToken(token);
    const ended = await this.db.transaction(async (tx) => {
      // Sign-ins of one user, on any server, take turns: each counts the sessions the last left.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      await tx.insert(sessions).values({ id, userId, stage, rememberMe, expiresAt });
      const kept = tx
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.stage, stage), ne(sessions.id, id)))
        .orderBy(desc(sessions.createdAt), desc(sessions.id))
        .limit(this.perUser - 1);
      // The delete trigger tells every server, whose streams of these sessions then end.
      return tx
        .delete(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            eq(sessions.stage, stage),
            ne(sessions.id, id),
            notInArray(sessions.id, kept),
          ),
        )
        .returning({ id: sessions.id });
    });
    for (const session of ended) this.evictSession(session.id);
    return { token, expiresAt };
  }

  /**
   * A locked account's sessions open nothing from the moment it is locked; those of a trashed
   * organization's users reach nothing of it.
   */
  async find(token: string): Promise<AuthContext | undefined> {
    const id = hashToken(token);
    const hit = this.cached(id);
    if (hit) return hit;
    const generation = this.generation;
    const [row] = await this.db
      .select({
        session: sessions,
        user: users,
        organizationGuid: organizations.guid,
        organizationTrashed: sql<boolean>`${organizations.deletedAt} is not null`,
        recoveryCodesLeft: sql<number>`(select count(*)::int from ${recoveryCodes} where ${recoveryCodes.userId} = ${users.id} and ${recoveryCodes.usedAt} is null)`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(organizations, eq(organizations.id, users.organizationId))
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date()), eq(users.isLocked, false)))
      .limit(1);
    if (!row) return undefined;
    // An account of a role bound to its organization, whose organization is in the trash, is one
    // without an organization until it is restored: every organization scope refuses it (403),
    // while the account itself (profile, password, sign-out) stays usable.
    const detached = row.organizationTrashed && !seesEveryOrganization(row.user.roles);
    const auth: AuthContext = {
      sessionId: id,
      stage: row.session.stage,
      rememberMe: row.session.rememberMe,
      expiresAt: row.session.expiresAt,
      user: detached ? { ...row.user, organizationId: null } : row.user,
      organizationGuid: detached ? null : row.organizationGuid,
      recoveryCodesLeft: row.recoveryCodesLeft,
    };
    if (this.listening && generation === this.generation) this.remember({ ...auth });
    return auth;
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
    this.evictSession(auth.sessionId);
    auth.expiresAt = expiresAt;
    return expiresAt;
  }

  /** Other processes hear of it through the delete trigger, before this returns; this one forgets at once. */
  async revoke(sessionId: string) {
    this.evictSession(sessionId);
    const result = await this.db.delete(sessions).where(eq(sessions.id, sessionId));
    this.evictSession(sessionId);
    await this.fence();
    return result;
  }

  async revokeAllForUser(userId: number, exceptSessionId?: string) {
    const condition = exceptSessionId
      ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${exceptSessionId}`)
      : eq(sessions.userId, userId);
    this.evictUser(userId);
    const result = await this.db.delete(sessions).where(condition);
    this.evictUser(userId);
    await this.fence();
    return result;
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
