import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { limits } from '../../../../server/auth/rate-limit';
import { auditLog, passkeyChallenges, passkeys, users } from '../../../../server/db/schema';
import { newAuthenticatorKey } from '../../../../server/auth/totp';
import { createUser, signIn, strongPassword, testApp } from '../../helpers';
import { publicUrl, SoftAuthenticator } from './soft-authenticator';

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
beforeEach(async () => {
  ctx = await testApp({ publicUrl });
});
afterEach(() => ctx.app.close());

/** The cookies a browser would hold: each answer's Set-Cookie replaces or clears its entry. */
class Browser {
  private readonly jar = new Map<string, string>();

  constructor(sessionCookie?: string) {
    if (sessionCookie) this.store(sessionCookie);
  }

  private store(pair: string) {
    const [name, value] = pair.split('=');
    this.jar.set(name, value);
  }

  get header() {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  has(name: string) {
    return Boolean(this.jar.get(name));
  }

  async send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
    const response: LightMyRequestResponse = await ctx.app.inject({
      method,
      url,
      headers: { cookie: this.header },
      ...(payload ? { payload } : {}),
    });
    for (const cookie of response.cookies) {
      if (cookie.value && !(cookie.expires && cookie.expires.getTime() <= Date.now())) {
        this.jar.set(cookie.name, cookie.value);
      } else {
        this.jar.delete(cookie.name);
      }
    }
    return response;
  }
}

async function signedInBrowser(email: string) {
  return new Browser(await signIn(ctx.app, email));
}

/** Registers a new software passkey for the browser's user and answers it. */
async function addPasskey(browser: Browser, name = 'Laptop') {
  const authenticator = new SoftAuthenticator();
  const options = (await browser.send('POST', '/api/account/passkeys/registration-options')).json().result;
  const response = await browser.send('POST', '/api/account/passkeys', {
    name,
    response: authenticator.register(options),
  });
  expect(response.statusCode, response.body).toBe(200);
  return { authenticator, passkey: response.json().result as { id: number; name: string } };
}

async function loginOptions(browser: Browser) {
  const response = await browser.send('POST', '/api/account/passkeys/login-options');
  expect(response.statusCode).toBe(200);
  return response.json().result as { challenge: string };
}

const passkeyLogin = (browser: Browser, response: object) =>
  browser.send('POST', '/api/account/passkeys/login', { response });

async function expectNotSignedIn(browser: Browser, response: LightMyRequestResponse) {
  expect(response.json().result.status).toBe('Failed');
  expect(response.cookies.find((cookie) => cookie.name === 'sp_session')).toBeUndefined();
  expect((await browser.send('GET', '/api/account/me')).statusCode).toBe(401);
}

const auditActions = async (userId: number) =>
  (
    await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(userId)))
  ).map((row) => row.action);

describe('passkeys (/api/account/passkeys)', () => {
  it('registers a passkey and signs in with it into a full session, never asking for a code', async () => {
    const user = await createUser(ctx.db, { email: 'pk@example.com' });
    const owner = await signedInBrowser('pk@example.com');
    const { authenticator, passkey } = await addPasskey(owner, 'Work laptop');
    expect(passkey.name).toBe('Work laptop');
    await ctx.db
      .update(users)
      .set({ twoFactorEnabled: true, authenticatorKey: newAuthenticatorKey() })
      .where(eq(users.id, user.id));

    const visitor = new Browser();
    const options = await loginOptions(visitor);
    const response = await passkeyLogin(visitor, authenticator.assert(options.challenge));
    expect(response.json()).toEqual({ result: { status: 'Succeeded' } });
    const me = await visitor.send('GET', '/api/account/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().result.email).toBe('pk@example.com');

    const list = (await visitor.send('GET', '/api/account/passkeys')).json().result;
    expect(list).toEqual([
      { id: passkey.id, name: 'Work laptop', createdAt: expect.any(String), lastUsedAt: expect.any(String) },
    ]);
    expect(await auditActions(user.id)).toEqual(expect.arrayContaining(['addPasskey', 'passkeySignIn']));
  });

  it('serves as the second step after the password of an account with two-factor authentication', async () => {
    const user = await createUser(ctx.db, { email: 'pk@example.com' });
    const { authenticator } = await addPasskey(await signedInBrowser('pk@example.com'));
    await ctx.db
      .update(users)
      .set({ twoFactorEnabled: true, authenticatorKey: newAuthenticatorKey() })
      .where(eq(users.id, user.id));
    const visitor = new Browser();
    const password = await visitor.send('POST', '/api/account/login', {
      email: 'pk@example.com',
      password: strongPassword,
    });
    expect(password.json().result.status).toBe('RequiresTwoFactor');
    expect((await visitor.send('GET', '/api/account/me')).statusCode).toBe(401);

    const options = (await visitor.send('POST', '/api/account/passkeys/login-options')).json().result;
    expect(options.allowCredentials).toEqual([expect.objectContaining({ id: authenticator.id })]);
    const response = await passkeyLogin(visitor, authenticator.assert(options.challenge));
    expect(response.json()).toEqual({ result: { status: 'Succeeded' } });
    expect((await visitor.send('GET', '/api/account/me')).json().result.email).toBe('pk@example.com');
  });

  it('refuses a replayed assertion, with its spent challenge or a new one', async () => {
    await createUser(ctx.db, { email: 'pk@example.com' });
    const { authenticator } = await addPasskey(await signedInBrowser('pk@example.com'));
    const first = new Browser();
    const options = await loginOptions(first);
    const assertion = authenticator.assert(options.challenge);
    expect((await passkeyLogin(first, assertion)).json().result.status).toBe('Succeeded');

    const attacker = new Browser();
    await loginOptions(attacker);
    await expectNotSignedIn(attacker, await passkeyLogin(attacker, assertion));
    await expectNotSignedIn(attacker, await passkeyLogin(attacker, assertion));
  });

  it('refuses an assertion made for a foreign origin', async () => {
    await createUser(ctx.db, { email: 'pk@example.com' });
    const { authenticator } = await addPasskey(await signedInBrowser('pk@example.com'));
    const visitor = new Browser();
    const options = await loginOptions(visitor);
    const response = await passkeyLogin(
      visitor,
      authenticator.assert(options.challenge, { from: 'https://portal.example.edu.evil.example' }),
    );
    await expectNotSignedIn(visitor, response);
  });

  it('refuses an expired challenge', async () => {
    await createUser(ctx.db, { email: 'pk@example.com' });
    const { authenticator } = await addPasskey(await signedInBrowser('pk@example.com'));
    const visitor = new Browser();
    const options = await loginOptions(visitor);
    const [challenge] = await ctx.db.select().from(passkeyChallenges);
    expect((challenge.expiresAt.getTime() - Date.now()) / 60_000).toBeCloseTo(5, 1);
    await ctx.db.update(passkeyChallenges).set({ expiresAt: new Date(Date.now() - 1000) });
    await expectNotSignedIn(visitor, await passkeyLogin(visitor, authenticator.assert(options.challenge)));
  });

  it('takes a challenge once: a second answer to it is refused', async () => {
    await createUser(ctx.db, { email: 'pk@example.com' });
    const { authenticator } = await addPasskey(await signedInBrowser('pk@example.com'));
    const visitor = new Browser();
    const options = await loginOptions(visitor);
    const cookieOfChallenge = visitor.header;
    const wrong = await passkeyLogin(
      visitor,
      authenticator.assert(options.challenge, { from: 'https://x.example' }),
    );
    expect(wrong.json().result.status).toBe('Failed');
    const again = new Browser(cookieOfChallenge);
    await expectNotSignedIn(again, await passkeyLogin(again, authenticator.assert(options.challenge)));
  });

  it("refuses an assertion that names another user's credential", async () => {
    await createUser(ctx.db, { email: 'victim@example.com' });
    await createUser(ctx.db, { email: 'attacker@example.com' });
    const victim = await addPasskey(await signedInBrowser('victim@example.com'));
    const attacker = await addPasskey(await signedInBrowser('attacker@example.com'));
    const browser = new Browser();
    const options = await loginOptions(browser);
    attacker.authenticator.userHandle = victim.authenticator.userHandle;
    const response = await passkeyLogin(
      browser,
      attacker.authenticator.assert(options.challenge, { as: victim.authenticator.id }),
    );
    await expectNotSignedIn(browser, response);
  });

  it('refuses a signature counter that goes backwards, and logs it', async () => {
    const user = await createUser(ctx.db, { email: 'pk@example.com' });
    const { authenticator } = await addPasskey(await signedInBrowser('pk@example.com'));
    const first = new Browser();
    const signedIn = await passkeyLogin(
      first,
      authenticator.assert((await loginOptions(first)).challenge, { counter: 7 }),
    );
    expect(signedIn.json().result.status).toBe('Succeeded');
    const clone = new Browser();
    const response = await passkeyLogin(
      clone,
      authenticator.assert((await loginOptions(clone)).challenge, { counter: 3 }),
    );
    await expectNotSignedIn(clone, response);
    expect(await auditActions(user.id)).toContain('passkeyCounterRegressed');
  });

  it('refuses a locked account', async () => {
    const user = await createUser(ctx.db, { email: 'pk@example.com' });
    const { authenticator } = await addPasskey(await signedInBrowser('pk@example.com'));
    await ctx.db.update(users).set({ isLocked: true }).where(eq(users.id, user.id));
    const visitor = new Browser();
    const response = await passkeyLogin(
      visitor,
      authenticator.assert((await loginOptions(visitor)).challenge),
    );
    await expectNotSignedIn(visitor, response);
  });

  it('counts failed passkey sign-ins against the per-account limit of the other sign-in steps', async () => {
    await createUser(ctx.db, { email: 'pk@example.com' });
    const { authenticator } = await addPasskey(await signedInBrowser('pk@example.com'));
    const visitor = new Browser();
    const statuses: number[] = [];
    for (let i = 0; i <= limits.loginPerAccount.max; i++) {
      const options = await loginOptions(visitor);
      const response = await passkeyLogin(
        visitor,
        authenticator.assert(options.challenge, { from: 'https://x.example' }),
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
  });

  it('binds a registration challenge to the session that asked for it', async () => {
    await createUser(ctx.db, { email: 'pk@example.com' });
    const first = await signedInBrowser('pk@example.com');
    const options = (await first.send('POST', '/api/account/passkeys/registration-options')).json().result;
    const challengeCookie = first.header.split('; ').find((pair) => pair.startsWith('sp_passkey='))!;
    const other = new Browser(`${await signIn(ctx.app, 'pk@example.com')}; ${challengeCookie}`);
    const response = await other.send('POST', '/api/account/passkeys', {
      name: 'Laptop',
      response: new SoftAuthenticator().register(options),
    });
    expect(response.statusCode).toBe(400);
    expect(await ctx.db.select().from(passkeys)).toEqual([]);
  });

  it('renames a passkey, and removes one only with the password again', async () => {
    const user = await createUser(ctx.db, { email: 'pk@example.com' });
    const owner = await signedInBrowser('pk@example.com');
    const { passkey } = await addPasskey(owner);
    const renamed = await owner.send('PUT', `/api/account/passkeys/${passkey.id}`, { name: '  Phone ' });
    expect(renamed.json().result.name).toBe('Phone');

    const unproven = await owner.send('DELETE', `/api/account/passkeys/${passkey.id}`, {});
    expect(unproven.statusCode).toBe(400);
    expect(unproven.json().validationFailures[0].propertyName).toBe('password');
    const wrong = await owner.send('DELETE', `/api/account/passkeys/${passkey.id}`, { password: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(await ctx.db.select().from(passkeys)).toHaveLength(1);

    const removed = await owner.send('DELETE', `/api/account/passkeys/${passkey.id}`, {
      password: strongPassword,
    });
    expect(removed.json()).toEqual({ result: true });
    expect(await ctx.db.select().from(passkeys)).toEqual([]);
    expect(await auditActions(user.id)).toEqual(expect.arrayContaining(['renamePasskey', 'removePasskey']));
  });

  it("removes a passkey confirmed with another of the user's passkeys, never with the one removed", async () => {
    await createUser(ctx.db, { email: 'pk@example.com' });
    const owner = await signedInBrowser('pk@example.com');
    const laptop = await addPasskey(owner, 'Laptop');
    const phone = await addPasskey(owner, 'Phone');
    const confirmOptions = async () => {
      const response = await owner.send('POST', `/api/account/passkeys/${laptop.passkey.id}/confirm-options`);
      expect(response.statusCode).toBe(200);
      return response.json().result as { challenge: string; allowCredentials: { id: string }[] };
    };

    const options = await confirmOptions();
    expect(options.allowCredentials.map((credential) => credential.id)).toEqual([phone.authenticator.id]);
    const itself = await owner.send('DELETE', `/api/account/passkeys/${laptop.passkey.id}`, {
      passkey: laptop.authenticator.assert(options.challenge),
    });
    expect(itself.statusCode).toBe(400);
    expect(itself.json().validationFailures[0].propertyName).toBe('passkey');

    const spent = await owner.send('DELETE', `/api/account/passkeys/${laptop.passkey.id}`, {
      passkey: phone.authenticator.assert(options.challenge),
    });
    expect(spent.statusCode).toBe(400);
    expect(await ctx.db.select().from(passkeys)).toHaveLength(2);

    const removed = await owner.send('DELETE', `/api/account/passkeys/${laptop.passkey.id}`, {
      passkey: phone.authenticator.assert((await confirmOptions()).challenge),
    });
    expect(removed.json()).toEqual({ result: true });
    expect((await ctx.db.select().from(passkeys)).map((row) => row.name)).toEqual(['Phone']);
    const last = await owner.send('POST', `/api/account/passkeys/${phone.passkey.id}/confirm-options`);
    expect(last.statusCode).toBe(400);
  });

  it("does not let a user rename or remove another user's passkey", async () => {
    await createUser(ctx.db, { email: 'owner@example.com' });
    await createUser(ctx.db, { email: 'other@example.com' });
    const { passkey } = await addPasskey(await signedInBrowser('owner@example.com'));
    const other = await signedInBrowser('other@example.com');
    expect(
      (await other.send('PUT', `/api/account/passkeys/${passkey.id}`, { name: 'Mine' })).statusCode,
    ).toBe(404);
    const removal = await other.send('DELETE', `/api/account/passkeys/${passkey.id}`, {
      password: strongPassword,
    });
    expect(removal.statusCode).toBe(404);
    expect(await ctx.db.select().from(passkeys)).toHaveLength(1);
  });

  it('answers a malformed registration with the validation failures', async () => {
    await createUser(ctx.db, { email: 'pk@example.com' });
    const owner = await signedInBrowser('pk@example.com');
    const response = await owner.send('POST', '/api/account/passkeys', { name: '', response: { id: '!' } });
    expect(response.statusCode).toBe(400);
    const properties = response
      .json()
      .validationFailures.map((failure: { propertyName: string }) => failure.propertyName);
    expect(properties).toEqual(expect.arrayContaining(['name', 'response.id']));
  });

  it("lets an Admin see a user's passkey count and remove them all", async () => {
    await createUser(ctx.db, { email: 'admin@example.com' });
    const user = await createUser(ctx.db, { email: 'pk@example.com', roles: ['AthleticDirector'] });
    const owner = await signedInBrowser('pk@example.com');
    await addPasskey(owner, 'Laptop');
    await addPasskey(owner, 'Phone');
    const admin = await signedInBrowser('admin@example.com');
    expect((await admin.send('GET', `/api/users/${user.id}/passkeys`)).json()).toEqual({
      result: { count: 2 },
    });
    expect((await owner.send('GET', `/api/users/${user.id}/passkeys`)).statusCode).toBe(403);
    expect((await admin.send('DELETE', `/api/users/${user.id}/passkeys`)).json()).toEqual({ result: true });
    expect(
      await ctx.db
        .select()
        .from(passkeys)
        .where(and(eq(passkeys.userId, user.id))),
    ).toEqual([]);
    expect(await auditActions(user.id)).toContain('removeAllPasskeys');
  });
});

describe('passkey sign-in options (POST login-options)', () => {
  const budget = () => limits.passkeyOptionsPerAddress.max;

  it("answers 429 'Too many attempts' past the address's budget, creating no more challenges", async () => {
    for (let asked = 0; asked < budget(); asked++) {
      expect((await new Browser().send('POST', '/api/account/passkeys/login-options')).statusCode).toBe(200);
    }
    const refused = await new Browser().send('POST', '/api/account/passkeys/login-options');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      result: null,
      message: 'Too many attempts. Try again in a few minutes.',
    });
    expect(await ctx.db.$count(passkeyChallenges)).toBe(budget());
  });

  it('still answers a browser holding a device cookie once others spent the address', async () => {
    await createUser(ctx.db, { email: 'pk@example.com' });
    const regular = new Browser();
    const signedIn = await regular.send('POST', '/api/account/login', {
      email: 'pk@example.com',
      password: strongPassword,
    });
    expect(signedIn.json().result.status).toBe('Succeeded');
    for (let asked = 0; asked < budget(); asked++) {
      await new Browser().send('POST', '/api/account/passkeys/login-options');
    }
    expect((await new Browser().send('POST', '/api/account/passkeys/login-options')).statusCode).toBe(429);
    expect((await regular.send('POST', '/api/account/passkeys/login-options')).statusCode).toBe(200);
  });

  it("replaces the browser's outstanding challenge when it asks again", async () => {
    const visitor = new Browser();
    await loginOptions(visitor);
    await loginOptions(visitor);
    const latest = await loginOptions(visitor);
    const rows = await ctx.db.select({ challenge: passkeyChallenges.challenge }).from(passkeyChallenges);
    expect(rows).toEqual([{ challenge: latest.challenge }]);
  });
});
