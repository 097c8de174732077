import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hashToken } from '../../../../server/auth/tokens';
import { sessions, users } from '../../../../server/db/schema';
import { createOrganization, createUser, signIn, strongPassword, testApp } from '../../helpers';

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
beforeEach(async () => {
  ctx = await testApp();
});
afterEach(() => ctx.app.close());

const me = (cookie?: string) => ctx.app.inject({ url: '/api/account/me', headers: cookie ? { cookie } : {} });
const sessionIdOf = (cookie: string) => hashToken(cookie.split('=')[1]);

describe('GET /api/account/me', () => {
  it('returns the logged-in user of the spec', async () => {
    const org = await createOrganization(ctx.db);
    const user = await createUser(ctx.db, {
      email: 'director@example.com',
      firstName: 'Dana',
      lastName: 'Director',
      roles: ['AthleticDirector'],
      organizationId: org.id,
    });
    const response = await me(await signIn(ctx.app, 'director@example.com'));
    expect(response.json()).toEqual({
      result: {
        id: user.id,
        email: 'director@example.com',
        fullName: 'Dana Director',
        roleNames: ['AthleticDirector'],
        organizationId: org.id,
        organizationGuid: org.guid,
        profilePhotoGuid: null,
        is2faEnabled: false,
        recoveryCodesLeft: 0,
        hasAuthenticator: false,
      },
    });
  });

  it('answers from the cached session without reading the database, and shows a change at once', async () => {
    await createUser(ctx.db, { email: 'admin@example.com' });
    const cookie = await signIn(ctx.app, 'admin@example.com');
    await me(cookie);
    const select = vi.spyOn(ctx.db, 'select');
    expect((await me(cookie)).json().result.recoveryCodesLeft).toBe(0);
    expect(select).not.toHaveBeenCalled();
    select.mockRestore();
    await ctx.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.email, 'admin@example.com'));
    await expect.poll(async () => (await me(cookie)).json().result.is2faEnabled).toBe(true);
    const generated = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/recovery-codes',
      headers: { cookie },
      payload: { password: strongPassword },
    });
    expect(generated.statusCode).toBe(200);
    expect((await me(cookie)).json().result.recoveryCodesLeft).toBe(10);
  });

  it('answers 401 without a session, and with a made-up cookie', async () => {
    expect((await me()).statusCode).toBe(401);
    const forged = await me('sp_session=made-up');
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ result: null, message: 'You need to login to view this page' });
  });

  it('answers 401 once the session has expired', async () => {
    await createUser(ctx.db, { email: 'admin@example.com' });
    const cookie = await signIn(ctx.app, 'admin@example.com');
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sessionIdOf(cookie)));
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('slides the expiration forward once half the lifetime has passed', async () => {
    await createUser(ctx.db, { email: 'admin@example.com' });
    const cookie = await signIn(ctx.app, 'admin@example.com');
    const nearlyExpired = new Date(Date.now() + 2 * 60_000);
    await ctx.db
      .update(sessions)
      .set({ expiresAt: nearlyExpired })
      .where(eq(sessions.id, sessionIdOf(cookie)));
    const response = await me(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'sp_session')).toBeDefined();
    const [row] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(cookie)));
    const minutesLeft = (row.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(14.9);
  });

  it('does not write the session again while more than half the lifetime is left', async () => {
    await createUser(ctx.db, { email: 'admin@example.com' });
    const cookie = await signIn(ctx.app, 'admin@example.com');
    const [before] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(cookie)));
    const response = await me(cookie);
    expect(response.cookies.find((c) => c.name === 'sp_session')).toBeUndefined();
    const [after] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(cookie)));
    expect(after.expiresAt).toEqual(before.expiresAt);
  });
});

describe('POST /api/account/login: sessions per user', () => {
  it('keeps the 10 newest sessions of a user: the 11th sign-in ends the first', async () => {
    await createUser(ctx.db, { email: 'admin@example.com' });
    await createUser(ctx.db, { email: 'other@example.com' });
    const someoneElse = await signIn(ctx.app, 'other@example.com');
    const cookies: string[] = [];
    for (let n = 0; n < 10; n++) cookies.push(await signIn(ctx.app, 'admin@example.com'));
    expect((await me(cookies[0])).statusCode).toBe(200);

    const eleventh = await signIn(ctx.app, 'admin@example.com');
    expect((await me(cookies[0])).statusCode).toBe(401);
    for (const cookie of [...cookies.slice(1), eleventh, someoneElse]) {
      expect((await me(cookie)).statusCode).toBe(200);
    }
    expect(await ctx.db.select().from(sessions)).toHaveLength(11);
  });

  it('ends no full session for password steps that never pass the second factor', async () => {
    const user = await createUser(ctx.db, { email: 'admin@example.com' });
    const signedIn = await signIn(ctx.app, 'admin@example.com');
    for (let n = 0; n < 11; n++) await ctx.app.sessions.create(user.id, 'twoFactor', false);
    expect((await me(signedIn)).statusCode).toBe(200);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.stage, 'twoFactor'))).toHaveLength(10);
  });
});

describe('POST /api/account/logout', () => {
  it('ends the session: the old cookie no longer works', async () => {
    await createUser(ctx.db, { email: 'admin@example.com' });
    const cookie = await signIn(ctx.app, 'admin@example.com');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/logout',
      headers: { cookie },
    });
    expect(response.json()).toEqual({ result: true });
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await ctx.db.select().from(sessions)).toHaveLength(0);
  });
});

describe('GET /api/account/cookie-expiration', () => {
  it('is 15 minutes by default', async () => {
    const response = await ctx.app.inject({ url: '/api/account/cookie-expiration' });
    expect(response.json()).toEqual({ result: 15 });
  });

  it('follows COOKIE_LIFETIME_MINUTES', async () => {
    await ctx.app.close();
    ctx = await testApp({ cookieLifetimeMinutes: 30 });
    expect((await ctx.app.inject({ url: '/api/account/cookie-expiration' })).json()).toEqual({ result: 30 });
  });
});
