import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deviceCookieName } from '../../server/auth/device-cookies';
import { limits } from '../../server/auth/rate-limit';
import { users } from '../../server/db/schema';
import { lockout } from '../../server/modules/account/service';
import { newAuthenticatorKey, totpCodeAt } from '../../server/auth/totp';
import { createUser, strongPassword, testApp } from '../server/helpers';

let ctx: Awaited<ReturnType<typeof testApp>>;
beforeEach(async () => {
  ctx = await testApp();
});
afterEach(() => ctx.app.close());

/** Every client of one school comes from this address: the school's NAT. */
const school = '10.20.30.40';

const cookieOf = (response: { cookies: { name: string; value: string }[] }, prefix: string) => {
  const cookie = response.cookies.find((candidate) => candidate.name.startsWith(prefix));
  return cookie ? `${cookie.name}=${cookie.value}` : '';
};

/** The authenticator app's code, `steps` periods from now. */
const codeOf = (key: string, steps = 0) => totpCodeAt(key, Math.floor(Date.now() / 1000) + steps * 30);

async function withTwoFactor(email: string, roles: string[] = []) {
  const user = await createUser(ctx.db, { email, roles });
  const key = newAuthenticatorKey();
  await ctx.db
    .update(users)
    .set({ twoFactorEnabled: true, authenticatorKey: key })
    .where(eq(users.id, user.id));
  return key;
}

const secondStep = (cookie: string, twoFactorCode: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/account/login-2fa',
    remoteAddress: school,
    headers: { cookie },
    payload: { twoFactorCode, rememberMachine: false },
  });

/** Both steps from the school; answers the second step's response and the cookies it ends with. */
async function signInWithCode(email: string, key: string, device = '') {
  const password = await login(email, strongPassword, device || undefined);
  expect(password.json().result.status).toBe('RequiresTwoFactor');
  const pending = [cookieOf(password, 'sp_session'), device].filter(Boolean).join('; ');
  return secondStep(pending, await codeOf(key));
}

const login = (email: string, password: string, cookie?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/account/login',
    remoteAddress: school,
    headers: cookie ? { cookie } : {},
    payload: { email, password },
  });

/** Wrong passwords from somewhere else, until the account's lockout starts. */
async function lockedOutBySomeoneElse(email: string) {
  for (let i = 0; i < lockout.maxFailedAttempts; i++) {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/account/login',
      remoteAddress: '203.0.113.66',
      payload: { email, password: 'Wrong-Passw0rd!' },
    });
  }
  const [user] = await ctx.db.select().from(users).where(eq(users.normalizedEmail, email));
  expect(user.lockoutEnd!.getTime()).toBeGreaterThan(Date.now());
}

/** Signs in once from this browser, as the Admin did yesterday, and keeps the device cookie. */
async function deviceCookieOf(email: string) {
  const response = await login(email, strongPassword);
  expect(response.json().result.status).toBe('Succeeded');
  const device = response.cookies.find((cookie) => cookie.name.startsWith('sp_device_'));
  expect(device).toMatchObject({ httpOnly: true, path: '/api/account' });
  return `${device!.name}=${device!.value}`;
}

describe('device cookies: a neighbour behind the same address cannot lock a school out', () => {
  it(`lets an Admin with a device cookie sign in after ${limits.loginPerAddress.max + 10} failures from the address over several accounts; a client without one is refused`, async () => {
    await createUser(ctx.db, { email: 'admin@lincoln.example', roles: ['Admin'] });
    for (const email of ['coach@lincoln.example', 'nurse@lincoln.example'])
      await createUser(ctx.db, { email });
    const device = await deviceCookieOf('admin@lincoln.example');

    const targets = [
      'coach@lincoln.example',
      'nurse@lincoln.example',
      'admin@lincoln.example',
      'x@lincoln.example',
    ];
    const statuses: number[] = [];
    for (let i = 0; i < limits.loginPerAddress.max + 10; i++) {
      statuses.push((await login(targets[i % targets.length], 'Wrong-Passw0rd!')).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);

    const withoutDevice = await login('admin@lincoln.example', strongPassword);
    expect(withoutDevice.statusCode).toBe(429);
    const withDevice = await login('admin@lincoln.example', strongPassword, device);
    expect(withDevice.statusCode).toBe(200);
    expect(withDevice.json().result.status).toBe('Succeeded');
  });

  it('lets an Admin with a device cookie through the second step after a neighbour spent the address on wrong codes', async () => {
    const adminKey = await withTwoFactor('admin@lincoln.example', ['Admin']);
    const first = await secondStep(
      cookieOf(await login('admin@lincoln.example', strongPassword), 'sp_session'),
      await codeOf(adminKey, -1),
    );
    expect(first.json().result.status).toBe('Succeeded');
    const device = cookieOf(first, 'sp_device_');
    expect(device).not.toBe('');

    // Pupils know their own passwords and have their own authenticators: each guesses codes
    // until the five-failure lockout stops them, until the address's second-step budget is spent.
    const statuses: number[] = [];
    for (let pupil = 0; statuses.at(-1) !== 429; pupil++) {
      expect(pupil).toBeLessThanOrEqual(limits.secondStepPerAddress.max / lockout.maxFailedAttempts);
      const email = `pupil${pupil}@lincoln.example`;
      await withTwoFactor(email);
      const pending = cookieOf(await login(email, strongPassword), 'sp_session');
      for (let i = 0; i < lockout.maxFailedAttempts && statuses.at(-1) !== 429; i++) {
        statuses.push((await secondStep(pending, '000000')).statusCode);
      }
    }

    expect((await signInWithCode('admin@lincoln.example', adminKey)).statusCode).toBe(429);
    const withDevice = await signInWithCode('admin@lincoln.example', adminKey, device);
    expect(withDevice.statusCode).toBe(200);
    expect(withDevice.json().result.status).toBe('Succeeded');
  });

  it(`is not refused by the account's lockout after ${lockout.maxFailedAttempts} wrong passwords someone else typed`, async () => {
    await createUser(ctx.db, { email: 'director@lincoln.example' });
    const device = await deviceCookieOf('director@lincoln.example');
    for (let i = 0; i < lockout.maxFailedAttempts; i++)
      await login('director@lincoln.example', 'Wrong-Passw0rd!');
    expect((await login('director@lincoln.example', strongPassword)).json().result.status).toBe('Failed');
    expect((await login('director@lincoln.example', strongPassword, device)).json().result.status).toBe(
      'Succeeded',
    );
  });

  it(`lets a 2FA user with a device cookie finish signing in while ${lockout.maxFailedAttempts} wrong passwords someone else typed lock the account`, async () => {
    const key = await withTwoFactor('director@lincoln.example', ['AthleticDirector']);
    const first = await signInWithCode('director@lincoln.example', key);
    expect(first.json().result.status).toBe('Succeeded');
    const device = cookieOf(first, 'sp_device_');
    await lockedOutBySomeoneElse('director@lincoln.example');

    const password = await login('director@lincoln.example', strongPassword, device);
    expect(password.json().result.status).toBe('RequiresTwoFactor');
    const code = await secondStep(`${cookieOf(password, 'sp_session')}; ${device}`, await codeOf(key, 1));
    expect(code.json().result).toEqual({ status: 'Succeeded' });
  });

  it('tells a 2FA user without a device cookie that the account is locked, and until when, never that a valid code is invalid', async () => {
    const key = await withTwoFactor('director@lincoln.example', ['AthleticDirector']);
    const password = await login('director@lincoln.example', strongPassword);
    expect(password.json().result.status).toBe('RequiresTwoFactor');
    const pending = cookieOf(password, 'sp_session');
    await lockedOutBySomeoneElse('director@lincoln.example');
    const [{ lockoutEnd }] = await ctx.db
      .select({ lockoutEnd: users.lockoutEnd })
      .from(users)
      .where(eq(users.normalizedEmail, 'director@lincoln.example'));
    const opensAt = new Date(Math.ceil(lockoutEnd!.getTime() / 60_000) * 60_000).toISOString().slice(11, 16);
    const locked = {
      status: 'Failed',
      message: `This account is locked after too many failed attempts. Try again at ${opensAt} UTC.`,
    };

    expect((await secondStep(pending, await codeOf(key))).json().result).toEqual(locked);
    const recovery = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/login-recovery',
      remoteAddress: school,
      headers: { cookie: pending },
      payload: { recoveryCode: 'ABCDE-12345' },
    });
    expect(recovery.json().result).toEqual(locked);
  });

  it(`limits failures made with a device cookie on the device's own budget of ${limits.loginPerDevice.max}`, async () => {
    await createUser(ctx.db, { email: 'clerk@lincoln.example' });
    const device = await deviceCookieOf('clerk@lincoln.example');
    const statuses: number[] = [];
    for (let i = 0; i <= limits.loginPerDevice.max; i++) {
      statuses.push((await login('clerk@lincoln.example', 'Wrong-Passw0rd!', device)).statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("does not accept another account's device cookie, a tampered one, or one from before a password change", async () => {
    const a = await createUser(ctx.db, { email: 'a@lincoln.example' });
    const b = await createUser(ctx.db, { email: 'b@lincoln.example' });
    const deviceOfA = (await deviceCookieOf('a@lincoln.example')).split('=')[1];
    for (let i = 0; i < limits.loginPerAddress.max; i++)
      await login('nobody@lincoln.example', 'Wrong-Passw0rd!');

    const asB = `${deviceCookieName(b.id)}=${deviceOfA}`;
    expect((await login('b@lincoln.example', strongPassword, asB)).statusCode).toBe(429);
    const tampered = `${deviceCookieName(a.id)}=${deviceOfA.slice(0, -4)}AAAA`;
    expect((await login('a@lincoln.example', strongPassword, tampered)).statusCode).toBe(429);
    await ctx.db.update(users).set({ securityStamp: 'changed-with-the-password' }).where(eq(users.id, a.id));
    const stale = `${deviceCookieName(a.id)}=${deviceOfA}`;
    expect((await login('a@lincoln.example', strongPassword, stale)).statusCode).toBe(429);
  });
});
