import { type AddressInfo, createServer } from 'node:net';
import type { Server } from 'node:http';
import Provider from 'oidc-provider';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { externalLoginNotConfigured } from '../../../../server/modules/account/external-login';
import { newAuthenticatorKey } from '../../../../server/auth/totp';
import { createUser, sessionCookieOf, testApp, testDatabase } from '../../helpers';

const publicUrl = 'http://portal.test';
const client = { client_id: 'spirit-portal', client_secret: 'a-long-test-client-secret-value-0123456789' };
/** The provider's accounts: the login name is the account id, its e-mail is what the portal matches. */
const accounts: Record<string, { email: string; email_verified: boolean }> = {
  dana: { email: 'dana@example.com', email_verified: true },
  unverified: { email: 'dana@example.com', email_verified: false },
  stranger: { email: 'stranger@example.com', email_verified: true },
  twofa: { email: 'twofa@example.com', email_verified: true },
};

let issuer: string;
let providerServer: Server;

async function freePort() {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  // The worker's database is opened here, under the hook's 60 s: on a loaded machine opening and
  // migrating it took the first test past its 30 s by itself.
  await testDatabase();
  const port = await freePort();
  issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        ...client,
        redirect_uris: [`${publicUrl}/api/account/ExternalLoginCallback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    cookies: { keys: ['test-cookie-key'] },
    async findAccount(_ctx, sub) {
      return { accountId: sub, claims: async () => ({ sub, ...accounts[sub] }) };
    },
  });
  providerServer = provider.listen(port, '127.0.0.1');
  await new Promise((resolve) => providerServer.once('listening', resolve));
});
afterAll(() => new Promise((resolve) => providerServer.close(resolve)));

let ctx: Awaited<ReturnType<typeof testApp>> | undefined;
afterEach(() => ctx?.app.close());

const start = async () => {
  ctx = await testApp({
    publicUrl,
    oidc: {
      issuer,
      clientId: client.client_id,
      clientSecret: client.client_secret,
      displayName: 'School SSO',
    },
  });
  return ctx;
};

/** Follows the provider's own sign-in and consent pages as a browser would, answering the callback URL. */
async function signInAtProvider(authorizationUrl: string, login: string) {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let init: RequestInit = {};
  for (let hop = 0; hop < 20; hop++) {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as object), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair.split('=');
      jar.set(name, value.join('='));
    }
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(publicUrl)) return next;
      url = next.href;
      init = {};
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form at ${url}:\n${html.slice(0, 500)}`);
    const fields = new URLSearchParams();
    for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
      fields.set(name, value);
    }
    if (html.includes('name="login"')) {
      fields.set('login', login);
      fields.set('password', 'any');
    }
    url = new URL(action, url).href;
    init = {
      method: 'POST',
      body: fields.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  }
  throw new Error('too many redirects at the provider');
}

async function externalSignIn(login: string, returnUrl = '/admin/orders') {
  const { app } = ctx ?? (await start());
  const begin = await app.inject({
    url: `/api/account/ExternalLogin?provider=oidc&returnUrl=${encodeURIComponent(returnUrl)}`,
  });
  expect(begin.statusCode).toBe(302);
  const flowCookie = begin.cookies.find((c) => c.name === 'sp_external');
  expect(flowCookie?.httpOnly).toBe(true);
  const callback = await signInAtProvider(begin.headers.location as string, login);
  const finish = await app.inject({
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: `sp_external=${flowCookie?.value}` },
  });
  expect(finish.statusCode).toBe(302);
  return { finish, callback };
}

describe('external sign-in (OpenID Connect)', () => {
  it('answers a clear error and lists no provider when none is configured', async () => {
    ctx = await testApp();
    const providers = await ctx.app.inject({ url: '/api/account/external-providers' });
    expect(providers.json()).toEqual({ result: [] });
    const response = await ctx.app.inject({ url: '/api/account/ExternalLogin?provider=oidc' });
    expect(response.statusCode).toBe(400);
    expect(response.json().validationFailures).toEqual([
      { propertyName: 'provider', errorMessage: externalLoginNotConfigured },
    ]);
  });

  it('lists the configured provider for the login page', async () => {
    const { app } = await start();
    const providers = await app.inject({ url: '/api/account/external-providers' });
    expect(providers.json()).toEqual({ result: [{ name: 'oidc', displayName: 'School SSO' }] });
  });

  it('signs in the account whose e-mail the provider has verified, and goes to the returnUrl', async () => {
    const { db } = await start();
    await createUser(db, { email: 'dana@example.com' });
    const { finish } = await externalSignIn('dana');
    expect(finish.headers.location).toBe('/admin/orders');
    const session = sessionCookieOf(finish);
    const me = await ctx?.app.inject({
      url: '/api/account/me',
      headers: { cookie: `sp_session=${session?.value}` },
    });
    expect(me?.json().result.email).toBe('dana@example.com');
  });

  it('refuses an unverified e-mail and an e-mail without an account, creating no session', async () => {
    const { db } = await start();
    await createUser(db, { email: 'dana@example.com' });
    for (const login of ['unverified', 'stranger']) {
      const { finish } = await externalSignIn(login);
      expect(finish.headers.location).toBe('/login?externalError=notLinked');
      expect(sessionCookieOf(finish)?.value ?? '').toBe('');
    }
  });

  it('still asks a two-factor user for the second step', async () => {
    const { db } = await start();
    await createUser(db, {
      email: 'twofa@example.com',
      twoFactorEnabled: true,
      authenticatorKey: newAuthenticatorKey(),
    });
    const { finish } = await externalSignIn('twofa');
    expect(finish.headers.location).toBe('/login/two-factor-authentication?returnUrl=%2Fadmin%2Forders');
    const me = await ctx?.app.inject({
      url: '/api/account/me',
      headers: { cookie: `sp_session=${sessionCookieOf(finish)?.value}` },
    });
    expect(me?.statusCode).toBe(401);
  });

  it('refuses a callback without the browser that started the flow, and a returnUrl to another site', async () => {
    const { app, db } = await start();
    await createUser(db, { email: 'dana@example.com' });
    const begin = await app.inject({
      url: '/api/account/ExternalLogin?provider=oidc&returnUrl=https://evil.example',
    });
    const callback = await signInAtProvider(begin.headers.location as string, 'dana');
    const stolen = await app.inject({ url: `${callback.pathname}${callback.search}` });
    expect(stolen.headers.location).toBe('/login?externalError=failed');
    const flowCookie = begin.cookies.find((c) => c.name === 'sp_external');
    const own = await app.inject({
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: `sp_external=${flowCookie?.value}` },
    });
    expect(own.headers.location).toBe('/admin');
  });

  it('goes back to the login page when the provider reports an error', async () => {
    const { app } = await start();
    const response = await app.inject({
      url: '/api/account/ExternalLoginCallback?remoteError=access_denied',
    });
    expect(response.headers.location).toBe('/login?externalError=remote');
  });
});
