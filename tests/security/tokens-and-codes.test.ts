import { and, desc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replaceRecoveryCodes } from '../../server/auth/recovery-codes';
import { newAuthenticatorKey, totpCodeAt } from '../../server/auth/totp';
import { emailOutbox, recoveryCodes, sessions, users } from '../../server/db/schema';
import { invalidResetLink } from '../../server/modules/account/email-flows';
import { invalidAuthenticatorCode, invalidRecoveryCode } from '../../server/modules/account/sign-in';
import { type Ctx, closeUploadTestApp, uploadTestApp } from '../server/modules/design-logos/fixtures';
import { createUser, sessionCookieOf, signIn, strongPassword } from '../server/helpers';
import { unauthorizedBody } from './support';

/**
 * One-time secrets used twice: an authenticator code, a recovery code, a password reset
 * link (again, or after the password has changed). The second use signs nobody in and sets
 * no password.
 */
let ctx: Ctx;
beforeEach(async () => {
  ctx = await uploadTestApp({ publicUrl: 'https://portal.example' });
});
afterEach(() => closeUploadTestApp(ctx));

const post = (url: string, payload: object, cookie?: string) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

/** The password step of a two-factor account: answers the half-signed-in cookie. */
async function passwordStep(email: string) {
  const response = await post('/api/account/login', { email, password: strongPassword });
  expect(response.json().result.status).toBe('RequiresTwoFactor');
  return `sp_session=${sessionCookieOf(response)?.value}`;
}

const fullSessionsOf = async (userId: number) =>
  ctx.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.stage, 'full')));

/** A still half-signed-in browser opens nothing. */
async function expectHalfSignedIn(cookie: string) {
  const me = await ctx.app.inject({ url: '/api/account/me', headers: { cookie } });
  expect(me.statusCode).toBe(401);
  expect(me.json()).toEqual(unauthorizedBody);
}

describe('TOTP replay', () => {
  it('refuses an authenticator code that already signed someone in, and signs nobody in', async () => {
    const key = newAuthenticatorKey();
    const user = await createUser(ctx.db, {
      email: 'twofa@example.com',
      twoFactorEnabled: true,
      authenticatorKey: key,
    });
    const code = await totpCodeAt(key, Math.floor(Date.now() / 1000));
    const victim = await passwordStep('twofa@example.com');
    expect((await post('/api/account/login-2fa', { twoFactorCode: code }, victim)).json()).toEqual({
      result: { status: 'Succeeded' },
    });
    const [afterUse] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    const sessionsAfterUse = await fullSessionsOf(user.id);
    expect(sessionsAfterUse).toHaveLength(1);

    const attacker = await passwordStep('twofa@example.com');
    const replay = await post('/api/account/login-2fa', { twoFactorCode: code }, attacker);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ result: { status: 'Failed', message: invalidAuthenticatorCode } });
    expect(sessionCookieOf(replay)).toBeUndefined();
    await expectHalfSignedIn(attacker);
    expect(await fullSessionsOf(user.id)).toEqual(sessionsAfterUse);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row.lastTotpStep).toBe(afterUse.lastTotpStep);
  });
});

describe('recovery code reuse', () => {
  it('refuses a recovery code used once already, and signs nobody in', async () => {
    const user = await createUser(ctx.db, {
      email: 'twofa@example.com',
      twoFactorEnabled: true,
      authenticatorKey: newAuthenticatorKey(),
    });
    const [code] = await replaceRecoveryCodes(ctx.db, user.id);
    const victim = await passwordStep('twofa@example.com');
    expect((await post('/api/account/login-recovery', { recoveryCode: code }, victim)).json()).toEqual({
      result: { status: 'Succeeded' },
    });
    const codesAfterUse = await ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(codesAfterUse.filter((row) => row.usedAt)).toHaveLength(1);
    const sessionsAfterUse = await fullSessionsOf(user.id);

    const attacker = await passwordStep('twofa@example.com');
    for (const spelling of [code, code.toUpperCase(), ` ${code} `]) {
      const reuse = await post('/api/account/login-recovery', { recoveryCode: spelling }, attacker);
      expect(reuse.json()).toEqual({ result: { status: 'Failed', message: invalidRecoveryCode } });
      expect(sessionCookieOf(reuse)).toBeUndefined();
    }
    await expectHalfSignedIn(attacker);
    expect(await fullSessionsOf(user.id)).toEqual(sessionsAfterUse);
    expect(await ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual(
      codesAfterUse,
    );
  });
});

describe('password reset links', () => {
  const newPassword = 'N3w-Passw0rd!';
  const attackerPassword = 'Att4cker-Passw0rd!';

  /** Asks for a reset link through the API and answers the fields of the e-mailed link. */
  async function resetLink(email: string) {
    await post('/api/account/forgotpassword', { email });
    await ctx.app.mailer.flush();
    const [mail] = await ctx.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1);
    const href = /href="([^"]+)"/.exec(mail.html)?.[1]?.replaceAll('&amp;', '&');
    if (!href) throw new Error(`no link in ${mail.html}`);
    const link = new URL(href);
    return { email: link.searchParams.get('email') ?? '', code: link.searchParams.get('code') ?? '' };
  }

  const reset = (link: { email: string; code: string }, password: string) =>
    post('/api/account/resetpassword', { ...link, password, confirmPassword: password });

  async function expectRefusedLink(response: Awaited<ReturnType<typeof reset>>) {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      result: null,
      validationFailures: [{ propertyName: 'code', errorMessage: invalidResetLink }],
    });
  }

  async function expectPassword(email: string, works: string, refused: string) {
    await signIn(ctx.app, email, works);
    const wrong = await post('/api/account/login', { email, password: refused });
    expect(wrong.json().result.status).toBe('Failed');
  }

  it('sets a password once from a link; the same link used again changes nothing', async () => {
    const user = await createUser(ctx.db, { email: 'user@example.com' });
    const link = await resetLink('user@example.com');
    expect((await reset(link, newPassword)).json()).toEqual({ result: true });
    const [afterReset] = await ctx.db.select().from(users).where(eq(users.id, user.id));

    await expectRefusedLink(await reset(link, attackerPassword));
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toEqual(afterReset);
    await expectPassword('user@example.com', newPassword, attackerPassword);
  });

  it('refuses a link issued before the password was changed in the account area', async () => {
    const user = await createUser(ctx.db, { email: 'user@example.com' });
    const link = await resetLink('user@example.com');
    const cookie = await signIn(ctx.app, 'user@example.com');
    const changed = await post(
      '/api/account/changepassword',
      { oldPassword: strongPassword, newPassword, confirmPassword: newPassword },
      cookie,
    );
    expect(changed.json()).toEqual({ result: true });
    const [afterChange] = await ctx.db.select().from(users).where(eq(users.id, user.id));

    await expectRefusedLink(await reset(link, attackerPassword));
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toEqual(afterChange);
    await expectPassword('user@example.com', newPassword, attackerPassword);
  });

  it('refuses an older link once a newer one has set the password', async () => {
    const user = await createUser(ctx.db, { email: 'user@example.com' });
    const older = await resetLink('user@example.com');
    const newer = await resetLink('user@example.com');
    expect(newer.code).not.toBe(older.code);
    expect((await reset(newer, newPassword)).json()).toEqual({ result: true });
    const [afterReset] = await ctx.db.select().from(users).where(eq(users.id, user.id));

    await expectRefusedLink(await reset(older, attackerPassword));
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toEqual(afterReset);
    await expectPassword('user@example.com', newPassword, attackerPassword);
  });
});
