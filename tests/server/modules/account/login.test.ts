import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessions, users } from '../../../../server/db/schema';
import { createUser, sessionCookieOf, signIn, strongPassword, testApp } from '../../helpers';

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
beforeEach(async () => {
  ctx = await testApp();
});
afterEach(() => ctx.app.close());

const login = (payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/account/login', payload: payload as object });

describe('POST /api/account/login', () => {
  it('answers Succeeded and sets an HttpOnly, SameSite=Lax session cookie for the right password', async () => {
    await createUser(ctx.db, { email: 'admin@example.com' });
    const response = await login({ email: 'Admin@Example.com', password: strongPassword });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: { status: 'Succeeded' } });
    const cookie = sessionCookieOf(response);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.secure).toBeFalsy();
  });

  it('marks the cookie Secure when the portal is served over https', async () => {
    await ctx.app.close();
    ctx = await import('../../helpers').then((h) => h.testApp({ trustProxy: 1 }));
    await createUser(ctx.db, { email: 'admin@example.com' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { email: 'admin@example.com', password: strongPassword },
    });
    expect(sessionCookieOf(response)?.secure).toBe(true);
  });

  it('answers Failed for a wrong password and for an unknown e-mail alike, without a session', async () => {
    await createUser(ctx.db, { email: 'admin@example.com' });
    const wrong = await login({ email: 'admin@example.com', password: 'Wrong-Passw0rd!' });
    const unknown = await login({ email: 'nobody@example.com', password: 'Wrong-Passw0rd!' });
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().result.status).toBe('Failed');
    expect(sessionCookieOf(wrong)).toBeUndefined();
    expect(await ctx.db.select().from(sessions)).toHaveLength(0);
  });

  it('answers RequiresTwoFactor for a 2FA user and grants no signed-in session', async () => {
    await createUser(ctx.db, { email: 'twofa@example.com', twoFactorEnabled: true, authenticatorKey: 'k' });
    const response = await login({ email: 'twofa@example.com', password: strongPassword });
    expect(response.json()).toEqual({ result: { status: 'RequiresTwoFactor' } });
    const cookie = sessionCookieOf(response);
    const me = await ctx.app.inject({
      url: '/api/account/me',
      headers: { cookie: `sp_session=${cookie?.value}` },
    });
    expect(me.statusCode).toBe(401);
  });

  it('locks the account for five minutes after five failed sign-ins', async () => {
    const user = await createUser(ctx.db, { email: 'admin@example.com' });
    for (let i = 0; i < 5; i++) {
      expect((await login({ email: 'admin@example.com', password: `Wrong-${i}` })).json().result.status).toBe(
        'Failed',
      );
    }
    const [locked] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    const minutesLeft = ((locked.lockoutEnd?.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(4.9);
    expect(minutesLeft).toBeLessThanOrEqual(5);
    const during = await login({ email: 'admin@example.com', password: strongPassword });
    expect(during.json().result.status).toBe('Failed');

    await ctx.db
      .update(users)
      .set({ lockoutEnd: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id));
    const after = await login({ email: 'admin@example.com', password: strongPassword });
    expect(after.json().result.status).toBe('Succeeded');
  });

  it('never signs in an account an Admin has locked', async () => {
    await createUser(ctx.db, { email: 'locked@example.com', isLocked: true });
    const response = await login({ email: 'locked@example.com', password: strongPassword });
    expect(response.json().result.status).toBe('Failed');
  });

  it('gives a new session id at every sign-in and ends the previous one', async () => {
    await createUser(ctx.db, { email: 'admin@example.com' });
    const first = await signIn(ctx.app, 'admin@example.com');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { cookie: first },
      payload: { email: 'admin@example.com', password: strongPassword },
    });
    const second = `sp_session=${sessionCookieOf(response)?.value}`;
    expect(second).not.toBe(first);
    expect((await ctx.app.inject({ url: '/api/account/me', headers: { cookie: first } })).statusCode).toBe(
      401,
    );
    expect((await ctx.app.inject({ url: '/api/account/me', headers: { cookie: second } })).statusCode).toBe(
      200,
    );
  });

  describe('bad input gets a 400 with validationFailures and changes nothing', () => {
    const cases: [string, unknown, string, string][] = [
      ['an empty body', {}, 'email', 'Email is required'],
      ['an empty e-mail', { email: '', password: 'x' }, 'email', 'Email is required'],
      ['a missing password', { email: 'admin@example.com' }, 'password', 'Password is required'],
      [
        'an e-mail over 256 characters',
        { email: `${'a'.repeat(250)}@example.com`, password: 'x' },
        'email',
        'Email must be at most 256 characters',
      ],
      [
        'a password over 100 characters',
        { email: 'admin@example.com', password: 'x'.repeat(101) },
        'password',
        'Password must be at most 100 characters',
      ],
      ['a number for the e-mail', { email: 5, password: 'x' }, 'email', 'Email must be text'],
      [
        'an e-mail that is not one',
        { email: 'not-an-email', password: 'x' },
        'email',
        'Email is not a valid email address',
      ],
    ];
    it.each(cases)('%s', async (_name, payload, propertyName, errorMessage) => {
      const user = await createUser(ctx.db, { email: 'admin@example.com' });
      const response = await login(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().validationFailures).toContainEqual({ propertyName, errorMessage });
      const [after] = await ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(after.failedLoginCount).toBe(0);
      expect(await ctx.db.select().from(sessions)).toHaveLength(0);
    });

    it('malformed JSON is a 400, never a 500', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/account/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "x',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        result: null,
        validationFailures: [{ propertyName: '', errorMessage: 'The request body is not valid JSON' }],
      });
    });
  });
});
