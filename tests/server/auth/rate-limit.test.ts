import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hit, limits, purgeExpiredLimits } from '../../../server/auth/rate-limit';
import { newAuthenticatorKey } from '../../../server/auth/totp';
import { rateLimits, users } from '../../../server/db/schema';
import { createUser, signIn, strongPassword, testApp } from '../helpers';

let ctx: Awaited<ReturnType<typeof testApp>>;
beforeEach(async () => {
  ctx = await testApp();
});
afterEach(() => ctx.app.close());

const login = (email: string, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/account/login',
    remoteAddress,
    payload: { email, password: 'Wrong-Passw0rd!' },
  });

describe('brute-force limits', () => {
  it(`limits sign-in attempts per account to ${limits.loginPerAccount.max} in ${limits.loginPerAccount.windowMinutes} minutes, whatever the address`, async () => {
    const statuses = [];
    for (let i = 0; i <= limits.loginPerAccount.max; i++) {
      statuses.push((await login('target@example.com', `10.0.0.${i + 1}`)).statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    const last = await login('target@example.com', '10.0.1.1');
    expect(last.statusCode).toBe(429);
    expect(last.json().message).toBe('Too many attempts. Try again in a few minutes.');
  });

  it(`limits sign-in attempts per address to ${limits.loginPerAddress.max}, across accounts`, async () => {
    for (let i = 0; i < limits.loginPerAddress.max; i++) {
      expect((await login(`user${i}@example.com`, '10.9.9.9')).statusCode).toBe(200);
    }
    expect((await login('another@example.com', '10.9.9.9')).statusCode).toBe(429);
    expect((await login('another@example.com', '10.9.9.10')).statusCode).toBe(200);
  });

  it('counts every spelling of an IPv6 address, and every address of its /64, as one client', async () => {
    for (let i = 0; i < limits.loginPerAddress.max; i++) {
      const address = i % 2 === 0 ? `2001:DB8::${i.toString(16)}` : `2001:db8:0:0:0:0:0:${i.toString(16)}`;
      expect((await login(`user${i}@example.com`, address)).statusCode, address).toBe(200);
    }
    expect((await login('another@example.com', '2001:db8:0:0:ffff:1:2:3')).statusCode).toBe(429);
    expect((await login('another@example.com', '2001:db8:0:1::1')).statusCode).toBe(200);
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address it carries', async () => {
    for (let i = 0; i < limits.loginPerAddress.max; i++) {
      expect((await login(`user${i}@example.com`, '203.0.113.7')).statusCode).toBe(200);
    }
    expect((await login('another@example.com', '::ffff:203.0.113.7')).statusCode).toBe(429);
    expect((await login('another@example.com', '::FFFF:cb00:7107')).statusCode).toBe(429);
  });

  it('counts failures only, so signing in often is never slowed down', async () => {
    await createUser(ctx.db, { email: 'busy@example.com' });
    for (let i = 0; i <= limits.loginPerAccount.max + 2; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { email: 'busy@example.com', password: strongPassword },
      });
      expect(response.json().result.status).toBe('Succeeded');
    }
  });

  it('limits wrong second-step codes per account', async () => {
    await createUser(ctx.db, {
      email: 'twofa@example.com',
      twoFactorEnabled: true,
      authenticatorKey: newAuthenticatorKey(),
    });
    const cookie = await ctx.app
      .inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { email: 'twofa@example.com', password: strongPassword },
      })
      .then((r) => `sp_session=${r.cookies.find((c) => c.name === 'sp_session')?.value}`);
    const statuses = [];
    for (let i = 0; i <= limits.secondStepPerAccount.max; i++) {
      statuses.push(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/account/login-2fa',
            headers: { cookie },
            payload: { twoFactorCode: '000000' },
          })
        ).statusCode,
      );
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
  });

  it('counts atomically: concurrent hits never exceed the limit', async () => {
    const limit = { name: 'test', max: 5, windowMinutes: 1 };
    const results = await Promise.all(Array.from({ length: 12 }, () => hit(ctx.db, limit, 'same')));
    expect(results.filter(Boolean)).toHaveLength(5);
    const [row] = await ctx.db.select().from(rateLimits).where(eq(rateLimits.key, 'test:same'));
    expect(row.hits).toBe(12);
  });

  it('starts a new window once the old one has passed', async () => {
    const limit = { name: 'test', max: 1, windowMinutes: 1 };
    expect(await hit(ctx.db, limit, 'x')).toBe(true);
    expect(await hit(ctx.db, limit, 'x')).toBe(false);
    await ctx.db.update(rateLimits).set({ windowEndsAt: new Date(Date.now() - 1000) });
    expect(await hit(ctx.db, limit, 'x')).toBe(true);
  });
});

describe('sweeping counters', () => {
  it('deletes only counters whose window has passed', async () => {
    await hit(ctx.db, { name: 'test', max: 1, windowMinutes: 1 }, 'old');
    await hit(ctx.db, { name: 'test', max: 1, windowMinutes: 1 }, 'fresh');
    await ctx.db
      .update(rateLimits)
      .set({ windowEndsAt: new Date(Date.now() - 1000) })
      .where(eq(rateLimits.key, 'test:old'));
    await purgeExpiredLimits(ctx.db);
    expect((await ctx.db.select().from(rateLimits)).map((row) => row.key)).toEqual(['test:fresh']);
  });
});

describe('locking an account', () => {
  it("ends the user's sessions at once, even before they are deleted", async () => {
    const user = await createUser(ctx.db, { email: 'user@example.com' });
    const cookie = await signIn(ctx.app, 'user@example.com', strongPassword);
    await ctx.db.update(users).set({ isLocked: true }).where(eq(users.id, user.id));
    expect((await ctx.app.inject({ url: '/api/account/me', headers: { cookie } })).statusCode).toBe(401);
  });
});
