import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reauthenticateMessage } from '../../../../contract/account';
import { newAuthenticatorKey, totpCodeAt } from '../../../../server/auth/totp';
import { auditLog, recoveryCodes, sessions, trustedMachines, users } from '../../../../server/db/schema';
import { invalidAuthenticatorCode, invalidRecoveryCode } from '../../../../server/modules/account/sign-in';
import { createUser, sessionCookieOf, signIn, strongPassword, testApp } from '../../helpers';

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
beforeEach(async () => {
  ctx = await testApp();
});
afterEach(() => ctx.app.close());

const now = () => Math.floor(Date.now() / 1000);
const codeAt = (key: string, secondsFromNow = 0) => totpCodeAt(key, now() + secondsFromNow);

async function twoFactorUser(email = 'twofa@example.com') {
  const key = newAuthenticatorKey();
  const user = await createUser(ctx.db, { email, twoFactorEnabled: true, authenticatorKey: key });
  return { user, key };
}

/** The password step: answers the half-signed-in cookie. */
async function passwordStep(email: string, extraCookie = '') {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/account/login',
    headers: extraCookie ? { cookie: extraCookie } : {},
    payload: { email, password: strongPassword },
  });
  const cookie = sessionCookieOf(response);
  return { status: response.json().result.status as string, cookie: `sp_session=${cookie?.value}`, response };
}

const post = (url: string, cookie: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const put = (url: string, cookie: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url, headers: { cookie }, payload });
const get = (url: string, cookie: string) => ctx.app.inject({ url, headers: { cookie } });

describe('sign-in with an authenticator code (POST /api/account/login-2fa)', () => {
  it('signs in with a current code and gives a fresh session id', async () => {
    const { key } = await twoFactorUser();
    const half = await passwordStep('twofa@example.com');
    expect(half.status).toBe('RequiresTwoFactor');
    const response = await post('/api/account/login-2fa', half.cookie, { twoFactorCode: await codeAt(key) });
    expect(response.json()).toEqual({ result: { status: 'Succeeded' } });
    const full = `sp_session=${sessionCookieOf(response)?.value}`;
    expect(full).not.toBe(half.cookie);
    expect((await get('/api/account/me', full)).statusCode).toBe(200);
    expect((await get('/api/account/me', half.cookie)).statusCode).toBe(401);
  });

  it('opens nothing but the second step while half signed in', async () => {
    await twoFactorUser();
    const half = await passwordStep('twofa@example.com');
    for (const url of ['/api/account/me', '/api/account/mfa-status', '/api/account/shared-key']) {
      expect((await get(url, half.cookie)).statusCode).toBe(401);
    }
    expect(
      (await put('/api/account/disable-2fa', half.cookie, { password: strongPassword })).statusCode,
    ).toBe(401);
  });

  it('lets the half-signed-in state expire after five minutes', async () => {
    const { user, key } = await twoFactorUser();
    const half = await passwordStep('twofa@example.com');
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const minutesLeft = (row.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(4.9);
    expect(minutesLeft).toBeLessThanOrEqual(5);
    await ctx.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    const response = await post('/api/account/login-2fa', half.cookie, { twoFactorCode: await codeAt(key) });
    expect(response.statusCode).toBe(401);
  });

  it('accepts one step of clock drift either side and refuses two', async () => {
    const { key } = await twoFactorUser();
    for (const [offset, expected] of [
      [-60, 'Failed'],
      [60, 'Failed'],
      [-30, 'Succeeded'],
    ] as const) {
      const half = await passwordStep('twofa@example.com');
      const response = await post('/api/account/login-2fa', half.cookie, {
        twoFactorCode: await codeAt(key, offset),
      });
      expect(response.json().result.status).toBe(expected);
    }
    const half = await passwordStep('twofa@example.com');
    const next = await post('/api/account/login-2fa', half.cookie, { twoFactorCode: await codeAt(key, 30) });
    expect(next.json().result.status).toBe('Succeeded');
  });

  it('refuses a code that was already used, and any code of an earlier step', async () => {
    const { key } = await twoFactorUser();
    const code = await codeAt(key);
    const first = await passwordStep('twofa@example.com');
    expect(
      (await post('/api/account/login-2fa', first.cookie, { twoFactorCode: code })).json().result.status,
    ).toBe('Succeeded');
    const second = await passwordStep('twofa@example.com');
    const replay = await post('/api/account/login-2fa', second.cookie, { twoFactorCode: code });
    expect(replay.json()).toEqual({ result: { status: 'Failed', message: invalidAuthenticatorCode } });
    const earlier = await post('/api/account/login-2fa', second.cookie, {
      twoFactorCode: await codeAt(key, -30),
    });
    expect(earlier.json().result.status).toBe('Failed');
  });

  it('accepts a code once when two requests race with it', async () => {
    const { key } = await twoFactorUser();
    const a = await passwordStep('twofa@example.com');
    const b = await passwordStep('twofa@example.com');
    const code = await codeAt(key);
    const results = await Promise.all([
      post('/api/account/login-2fa', a.cookie, { twoFactorCode: code }),
      post('/api/account/login-2fa', b.cookie, { twoFactorCode: code }),
    ]);
    expect(results.map((r) => r.json().result.status).sort()).toEqual(['Failed', 'Succeeded']);
  });

  it('remembers the machine for 14 days, until the password changes', async () => {
    const { user, key } = await twoFactorUser();
    const half = await passwordStep('twofa@example.com');
    const response = await post('/api/account/login-2fa', half.cookie, {
      twoFactorCode: await codeAt(key),
      rememberMachine: true,
    });
    const trusted = response.cookies.find((c) => c.name === 'sp_trusted');
    expect(trusted?.httpOnly).toBe(true);
    expect(trusted?.maxAge).toBe(14 * 24 * 60 * 60);
    const [machine] = await ctx.db.select().from(trustedMachines).where(eq(trustedMachines.userId, user.id));
    expect((machine.expiresAt.getTime() - Date.now()) / 86_400_000).toBeCloseTo(14, 1);

    const again = await passwordStep('twofa@example.com', `sp_trusted=${trusted?.value}`);
    expect(again.status).toBe('Succeeded');
    expect((await get('/api/account/me', again.cookie)).statusCode).toBe(200);

    const changed = await post('/api/account/changepassword', again.cookie, {
      oldPassword: strongPassword,
      newPassword: 'N3w-Passw0rd!',
      confirmPassword: 'N3w-Passw0rd!',
    });
    expect(changed.statusCode).toBe(200);
    const afterChange = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { cookie: `sp_trusted=${trusted?.value}` },
      payload: { email: 'twofa@example.com', password: 'N3w-Passw0rd!' },
    });
    expect(afterChange.json().result.status).toBe('RequiresTwoFactor');
  });

  it('counts wrong codes toward the five-failure lockout', async () => {
    const { user, key } = await twoFactorUser();
    const half = await passwordStep('twofa@example.com');
    for (let i = 0; i < 5; i++) {
      await post('/api/account/login-2fa', half.cookie, { twoFactorCode: '000000' });
    }
    const [locked] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(locked.lockoutEnd?.getTime()).toBeGreaterThan(Date.now());
    const right = await post('/api/account/login-2fa', half.cookie, { twoFactorCode: await codeAt(key) });
    expect(right.json().result.status).toBe('Failed');
  });

  it('answers 400 for a missing code', async () => {
    await twoFactorUser();
    const half = await passwordStep('twofa@example.com');
    const response = await post('/api/account/login-2fa', half.cookie, {});
    expect(response.statusCode).toBe(400);
    expect(response.json().validationFailures[0].propertyName).toBe('twoFactorCode');
  });
});

/** Enables 2FA through the API for a signed-in user; answers the key, codes and the new cookie. */
async function enableThroughApi(email = 'user@example.com') {
  await createUser(ctx.db, { email });
  let cookie = await signIn(ctx.app, email);
  const key = await get('/api/account/shared-key', cookie);
  const sharedKey = key.json().result.sharedKey as string;
  const enabled = await put('/api/account/enable-authenticator', cookie, {
    code: await codeAt(sharedKey.replaceAll(' ', '').toUpperCase()),
    password: strongPassword,
  });
  expect(enabled.statusCode).toBe(200);
  cookie = `sp_session=${sessionCookieOf(enabled)?.value}`;
  return { sharedKey, codes: enabled.json().result.recoveryCodes as string[], cookie };
}

describe('setting up the authenticator', () => {
  it('shows a 160-bit key in lowercase groups of four and its otpauth URI', async () => {
    await createUser(ctx.db, { email: 'user@example.com' });
    const cookie = await signIn(ctx.app, 'user@example.com');
    const response = await get('/api/account/shared-key', cookie);
    const { sharedKey, authenticatorUri } = response.json().result;
    expect(sharedKey).toMatch(/^([a-z2-7]{4} ){7}[a-z2-7]{4}$/);
    const secret = sharedKey.replaceAll(' ', '').toUpperCase();
    expect(secret.length * 5).toBe(160);
    expect(authenticatorUri).toBe(
      `otpauth://totp/Spirit%20Portal:user%40example.com?secret=${secret}&issuer=Spirit%20Portal`,
    );
    expect((await get('/api/account/shared-key', cookie)).json().result.sharedKey).toBe(sharedKey);
  });

  it('enables two-factor with the current password and a code, and answers ten hashed recovery codes', async () => {
    const { codes, cookie } = await enableThroughApi();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);
    const stored = await ctx.db.select().from(recoveryCodes);
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes).not.toContain(row.codeHash);
    const status = await get('/api/account/mfa-status', cookie);
    expect(status.json().result).toEqual({
      is2faEnabled: true,
      recoveryCodesLeft: 10,
      hasAuthenticator: true,
      isMachineRemembered: false,
    });
    expect((await get('/api/account/me', cookie)).json().result).toMatchObject({
      is2faEnabled: true,
      recoveryCodesLeft: 10,
    });
    // Audited under the same entity type as an Admin's changes to the account.
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'enable2fa'));
    expect(entry).toMatchObject({ entityType: 'user' });
  });

  it('refuses to enable without the right password or with a wrong code, changing nothing', async () => {
    await createUser(ctx.db, { email: 'user@example.com' });
    const cookie = await signIn(ctx.app, 'user@example.com');
    const { sharedKey } = (await get('/api/account/shared-key', cookie)).json().result;
    const secret = sharedKey.replaceAll(' ', '').toUpperCase();
    const wrongPassword = await put('/api/account/enable-authenticator', cookie, {
      code: await codeAt(secret),
      password: 'Wrong-Passw0rd!',
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().validationFailures[0].propertyName).toBe('password');
    const wrongCode = await put('/api/account/enable-authenticator', cookie, {
      code: '123456',
      password: strongPassword,
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().validationFailures[0].propertyName).toBe('code');
    const [user] = await ctx.db.select().from(users);
    expect(user.twoFactorEnabled).toBe(false);
  });

  it('no longer shows the key once two-factor is on', async () => {
    const { cookie } = await enableThroughApi();
    expect((await get('/api/account/shared-key', cookie)).statusCode).toBe(400);
  });
});

describe('recovery codes', () => {
  it('sign in once per code; a used code fails', async () => {
    const { codes } = await enableThroughApi();
    const first = await passwordStep('user@example.com');
    const ok = await post('/api/account/login-recovery', first.cookie, {
      recoveryCode: codes[0].toUpperCase(),
    });
    expect(ok.json()).toEqual({ result: { status: 'Succeeded' } });
    expect(ok.cookies.find((c) => c.name === 'sp_trusted')).toBeUndefined();
    const second = await passwordStep('user@example.com');
    const reused = await post('/api/account/login-recovery', second.cookie, { recoveryCode: codes[0] });
    expect(reused.json()).toEqual({ result: { status: 'Failed', message: invalidRecoveryCode } });
  });

  it('lets only one of two concurrent uses of a code succeed', async () => {
    const { codes } = await enableThroughApi();
    const a = await passwordStep('user@example.com');
    const b = await passwordStep('user@example.com');
    const results = await Promise.all([
      post('/api/account/login-recovery', a.cookie, { recoveryCode: codes[1] }),
      post('/api/account/login-recovery', b.cookie, { recoveryCode: codes[1] }),
    ]);
    expect(results.map((r) => r.json().result.status).sort()).toEqual(['Failed', 'Succeeded']);
  });

  it('replaces the whole set when new codes are generated', async () => {
    const { codes, cookie } = await enableThroughApi();
    const fresh = await post('/api/account/recovery-codes', cookie, { password: strongPassword });
    const newCodes = fresh.json().result.recoveryCodes as string[];
    expect(newCodes).toHaveLength(10);
    expect(newCodes).not.toContain(codes[0]);
    const half = await passwordStep('user@example.com');
    const old = await post('/api/account/login-recovery', half.cookie, { recoveryCode: codes[0] });
    expect(old.json().result.status).toBe('Failed');
    const current = await post('/api/account/login-recovery', half.cookie, { recoveryCode: newCodes[0] });
    expect(current.json().result.status).toBe('Succeeded');
  });
});

describe('turning two-factor off and resetting the authenticator', () => {
  it('asks for the password or a current code, and changes nothing without them', async () => {
    const { cookie } = await enableThroughApi();
    const none = await put('/api/account/disable-2fa', cookie, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().validationFailures[0].errorMessage).toBe(reauthenticateMessage);
    const wrong = await put('/api/account/disable-2fa', cookie, { password: 'Wrong-Passw0rd!' });
    expect(wrong.statusCode).toBe(400);
    const badCode = await put('/api/account/disable-2fa', cookie, { code: '000000' });
    expect(badCode.statusCode).toBe(400);
    const [user] = await ctx.db.select().from(users);
    expect(user.twoFactorEnabled).toBe(true);
  });

  it('disables two-factor with a current code; the next sign-in has one step', async () => {
    const { sharedKey, cookie } = await enableThroughApi();
    const secret = sharedKey.replaceAll(' ', '').toUpperCase();
    const response = await put('/api/account/disable-2fa', cookie, { code: await codeAt(secret, 30) });
    expect(response.statusCode).toBe(200);
    expect((await passwordStep('user@example.com')).status).toBe('Succeeded');
    expect(await ctx.db.select().from(recoveryCodes)).toHaveLength(0);
  });

  it('resets the authenticator with the password: the old key is gone and a new one is offered', async () => {
    const { sharedKey, cookie: before } = await enableThroughApi();
    const response = await put('/api/account/reset-authenticator', before, { password: strongPassword });
    expect(response.statusCode).toBe(200);
    const cookie = `sp_session=${sessionCookieOf(response)?.value}`;
    const status = (await get('/api/account/mfa-status', cookie)).json().result;
    expect(status).toMatchObject({ is2faEnabled: false, hasAuthenticator: false });
    const next = (await get('/api/account/shared-key', cookie)).json().result.sharedKey;
    expect(next).not.toBe(sharedKey);
  });
});
