import { verify } from '@node-rs/argon2';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { limits } from '../../server/auth/rate-limit';
import { newAuthenticatorKey } from '../../server/auth/totp';
import { sessions, users } from '../../server/db/schema';
import { lockout } from '../../server/modules/account/service';
import { type Ctx, closeUploadTestApp, uploadTestApp } from '../server/modules/design-logos/fixtures';
import { createUser, signIn, strongPassword } from '../server/helpers';

/**
 * A burst of guesses sent at once must not get more password checks than the limits allow:
 * each attempt is counted before its password is verified, so the limits and the lockout
 * hold while the burst is still in flight. The spy on argon2's `verify` counts the checks
 * made against the account's real hash (an unknown or locked account is charged a check
 * against a dummy hash, which tests no password).
 */
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...real, verify: vi.fn(real.verify) };
});

let ctx: Ctx;
beforeEach(async () => {
  ctx = await uploadTestApp({ publicUrl: 'https://portal.example' });
  vi.mocked(verify).mockClear();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await closeUploadTestApp(ctx);
});

const wrong = 'Wrong-Passw0rd!';
const burst = 50;
/** The right password sent late in the burst, once wrong guesses have used up every budget. */
const rightAt = 40;

const checksAgainst = (hash: string) => vi.mocked(verify).mock.calls.filter(([h]) => h === hash).length;

async function userRow(id: number) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  return row;
}

const fullSessionsOf = (userId: number) =>
  ctx.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.stage, 'full')));

describe('a burst of concurrent sign-in guesses', () => {
  it('checks at most the lockout budget and does not sign in with the right password once it is spent', async () => {
    const user = await createUser(ctx.db, { email: 'target@example.com' });
    const answers = await Promise.all(
      Array.from({ length: burst + 1 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/account/login',
          payload: { email: 'target@example.com', password: i === rightAt ? strongPassword : wrong },
        }),
      ),
    );
    expect(checksAgainst(user.passwordHash!)).toBeLessThanOrEqual(lockout.maxFailedAttempts);
    const right = answers[rightAt];
    expect([200, 429]).toContain(right.statusCode);
    if (right.statusCode === 200) expect(right.json().result.status).toBe('Failed');
    expect(answers.filter((a) => a.statusCode === 200 && a.json().result.status === 'Succeeded')).toEqual([]);
    expect(await fullSessionsOf(user.id)).toEqual([]);
    expect((await userRow(user.id)).lockoutEnd?.getTime()).toBeGreaterThan(Date.now());
  });

  it(`checks at most ${limits.loginPerAddress.max} passwords from one address across accounts`, async () => {
    const hashes = [];
    for (let i = 0; i < 6; i++)
      hashes.push((await createUser(ctx.db, { email: `u${i}@example.com` })).passwordHash!);
    await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/account/login',
          remoteAddress: '10.7.7.7',
          payload: { email: i % 2 ? `u${i % 6}@example.com` : `nobody${i}@example.com`, password: wrong },
        }),
      ),
    );
    expect(vi.mocked(verify).mock.calls.length).toBeLessThanOrEqual(limits.loginPerAddress.max);
  });
});

describe('a burst of concurrent guesses of a password asked again', () => {
  it('change password: checks at most the second-step budget and keeps the password', async () => {
    const user = await createUser(ctx.db, { email: 'me@example.com' });
    const cookie = await signIn(ctx.app, 'me@example.com');
    vi.mocked(verify).mockClear();
    const answers = await Promise.all(
      Array.from({ length: burst + 1 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/account/changepassword',
          headers: { cookie },
          payload: {
            oldPassword: i === rightAt ? strongPassword : wrong,
            newPassword: 'N3w-Passw0rd!',
            confirmPassword: 'N3w-Passw0rd!',
          },
        }),
      ),
    );
    expect(checksAgainst(user.passwordHash!)).toBeLessThanOrEqual(limits.secondStepPerAccount.max);
    expect(answers[rightAt].statusCode).not.toBe(200);
    expect((await userRow(user.id)).passwordHash).toBe(user.passwordHash);
  });

  it('change e-mail: checks at most the second-step budget', async () => {
    const user = await createUser(ctx.db, { email: 'me@example.com' });
    const cookie = await signIn(ctx.app, 'me@example.com');
    vi.mocked(verify).mockClear();
    await Promise.all(
      Array.from({ length: burst }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/account/changeemail',
          headers: { cookie },
          payload: { newEmail: `new${i}@example.com`, password: wrong },
        }),
      ),
    );
    expect(checksAgainst(user.passwordHash!)).toBeLessThanOrEqual(limits.secondStepPerAccount.max);
  });

  it('disable 2FA: checks at most the second-step budget', async () => {
    const user = await createUser(ctx.db, { email: 'me@example.com' });
    const cookie = await signIn(ctx.app, 'me@example.com');
    await ctx.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, user.id));
    vi.mocked(verify).mockClear();
    const answers = await Promise.all(
      Array.from({ length: burst + 1 }, (_, i) =>
        ctx.app.inject({
          method: 'PUT',
          url: '/api/account/disable-2fa',
          headers: { cookie },
          payload: { password: i === rightAt ? strongPassword : wrong },
        }),
      ),
    );
    expect(checksAgainst(user.passwordHash!)).toBeLessThanOrEqual(limits.secondStepPerAccount.max);
    expect(answers[rightAt].statusCode).not.toBe(200);
    expect((await userRow(user.id)).twoFactorEnabled).toBe(true);
  });
});

describe('the five-failure lockout of the second step', () => {
  it('is not reset by signing in with the password again between wrong codes', async () => {
    const user = await createUser(ctx.db, {
      email: 'twofa@example.com',
      twoFactorEnabled: true,
      authenticatorKey: newAuthenticatorKey(),
    });
    const passwordStep = async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { email: 'twofa@example.com', password: strongPassword },
      });
      expect(response.json().result.status).toBe('RequiresTwoFactor');
      return `sp_session=${response.cookies.find((c) => c.name === 'sp_session')!.value}`;
    };
    const wrongCode = (cookie: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/account/login-2fa',
        headers: { cookie },
        payload: { twoFactorCode: '000000' },
      });
    const first = await passwordStep();
    for (let i = 0; i < lockout.maxFailedAttempts - 1; i++) await wrongCode(first);
    await wrongCode(await passwordStep());
    expect((await userRow(user.id)).lockoutEnd?.getTime()).toBeGreaterThan(Date.now());
  });
});
