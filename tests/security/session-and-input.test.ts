import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { sessions, settings, users } from '../../server/db/schema';
import { unstorableTextMessage } from '../../server/http/error-handler';
import { safeReturnUrl } from '../../contract/returnUrl';
import { limits } from '../../contract/common';
import { createOrganization, createUser, signIn, testApp, testDatabase } from '../server/helpers';
import { snapshot } from './support';

/**
 * The hostile suite (tests/security/, one file per theme): one test per attack of issue 7,
 * each asserting the safe outcome and that nothing changed. Here: old session cookies,
 * returnUrl and search strings.
 */
type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
beforeEach(async () => {
  ctx = await testApp();
});
afterEach(() => ctx.app.close());

const rowCount = async (table: typeof users | typeof settings | typeof sessions) =>
  (await ctx.db.select({ n: count() }).from(table))[0].n;

describe('a stolen or old session cookie', () => {
  it('is refused after logout, on every route, and stays refused', async () => {
    await createUser(ctx.db, { email: 'admin@example.com' });
    const cookie = await signIn(ctx.app, 'admin@example.com');
    expect((await ctx.app.inject({ url: '/api/account/me', headers: { cookie } })).statusCode).toBe(200);
    await ctx.app.inject({ method: 'POST', url: '/api/account/logout', headers: { cookie } });
    for (const call of [
      { method: 'GET', url: '/api/account/me' },
      { method: 'POST', url: '/api/users/table', payload: { skip: 0, take: 10 } },
      { method: 'POST', url: '/api/settings', payload: { key: 'Planted', value: 'x', isEnabled: true } },
    ] as const) {
      const response = await ctx.app.inject({ ...call, headers: { cookie } });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
    }
    expect(await rowCount(sessions)).toBe(0);
    expect(await rowCount(settings)).toBe(0);
  });
});

describe('returnUrl after sign-in', () => {
  it.each([
    'https://evil.example',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    ' //evil.example',
    '/\t/evil.example',
    'http:evil.example',
  ])('never leaves the portal for %j', (attack) => {
    expect(safeReturnUrl(attack)).toBe('/admin');
  });

  it('keeps a same-origin path with its query', () => {
    expect(safeReturnUrl('/admin/users?page=2')).toBe('/admin/users?page=2');
  });
});

describe('server redirects (returnUrl and crafted paths)', () => {
  const attacks = ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)'];
  const portal = 'http://portal.test';
  /** A Location header, resolved as a browser would, stays on the portal. */
  const expectOnSite = (location: unknown, what: string) => {
    if (location === undefined) return;
    expect(typeof location, what).toBe('string');
    expect(new URL(location as string, portal).origin, `${what} -> ${location}`).toBe(portal);
  };

  it('sign-in answers JSON and never a redirect, whatever returnUrl it is given', async () => {
    await createUser(ctx.db, { email: 'admin@example.com' });
    for (const returnUrl of attacks) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/account/login?returnUrl=${encodeURIComponent(returnUrl)}`,
        payload: { email: 'admin@example.com', password: 'Str0ng-Passw0rd!', returnUrl },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ result: { status: 'Succeeded' } });
      expect(response.headers.location).toBeUndefined();
    }
  });

  it('the external sign-in callback goes back to the login page, never to a returnUrl elsewhere', async () => {
    // The full flow with a real provider and an off-site returnUrl is in
    // tests/server/modules/account/external-login.test.ts; here the callback is forged.
    for (const returnUrl of attacks) {
      const forgedFlow = Buffer.from(
        JSON.stringify({ state: 's', nonce: 'n', verifier: 'v', returnUrl }),
      ).toString('base64url');
      for (const query of [`returnUrl=${encodeURIComponent(returnUrl)}`, 'remoteError=x', 'code=c&state=s']) {
        const response = await ctx.app.inject({
          url: `/api/account/ExternalLoginCallback?${query}`,
          headers: { cookie: `sp_external=${forgedFlow}` },
        });
        expect(response.statusCode, query).toBe(302);
        expect(response.headers.location, query).toMatch(/^\/login\?externalError=/);
        expect(
          response.cookies.find((cookie) => cookie.name === 'sp_session'),
          query,
        ).toBeUndefined();
      }
    }
  });

  it('a confirmation link redirects only within the portal', async () => {
    for (const code of attacks) {
      const response = await ctx.app.inject({
        url: `/api/account/confirm-account-redirect?email=someone%40example.com&code=${encodeURIComponent(code)}`,
      });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toMatch(/^\/confirm-account\?/);
      expectOnSite(response.headers.location, code);
    }
  });

  it('the app server sends crafted paths nowhere off-site', async () => {
    const staticDir = mkdtempSync(path.join(tmpdir(), 'spirit-static-'));
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Spirit Portal</title>');
    mkdirSync(path.join(staticDir, 'assets'));
    writeFileSync(path.join(staticDir, 'assets', 'app.js'), 'export {};');
    const app = await buildApp(testConfig({ staticDir }), { database: await testDatabase(), serveApp: true });
    try {
      for (const url of [
        '//evil.example',
        '//evil.example/',
        '//evil.example/%2e%2e',
        '/%2F%2Fevil.example',
        '/%5C%5Cevil.example',
        '/assets',
        '/assets//evil.example',
        '/assets/..%2F..%2Fevil.example',
        '/login?returnUrl=https://evil.example',
        '/api/account/../../evil.example',
      ]) {
        const response = await app.inject({ url });
        expect(response.statusCode, url).toBeLessThan(500);
        expectOnSite(response.headers.location, url);
      }
    } finally {
      await app.close();
      rmSync(staticDir, { recursive: true, force: true });
    }
  });
});

describe('search strings', () => {
  let cookie: string;
  beforeEach(async () => {
    await createUser(ctx.db, { email: 'admin@example.com' });
    await createUser(ctx.db, { email: 'someone@example.com' });
    cookie = await signIn(ctx.app, 'admin@example.com');
  });
  const search = (allSearch: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/users/table',
      headers: { cookie },
      payload: { skip: 0, take: 10, allSearch },
    });

  it.each([
    "' OR 1=1 --",
    "'; DROP TABLE users; --",
    '%',
    '_',
    '\\',
    '%%%%%%%%%%',
    "admin' UNION SELECT password_hash FROM users --",
  ])('treats %j as text to look for, matching nothing and changing nothing', async (attack) => {
    const response = await search(attack);
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toEqual({ data: [], totalFilteredRecords: 0 });
    expect(await rowCount(users)).toBe(2);
  });

  it('answers a NUL byte, which PostgreSQL cannot store in text, with a 400 rather than a 500', async () => {
    const response = await search('admin\u0000');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      result: null,
      validationFailures: [{ propertyName: '', errorMessage: unstorableTextMessage }],
    });
    expect(await rowCount(users)).toBe(2);
  });

  it('refuses an over-long search with the spec 400 and no work done', async () => {
    const response = await search('a'.repeat(10_000));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      result: null,
      validationFailures: [
        { propertyName: 'allSearch', errorMessage: `Search must be at most ${limits.searchText} characters` },
      ],
    });
  });

  it('matches %, _ and \\ only as the characters themselves', async () => {
    await createUser(ctx.db, { email: 'percent@example.com', firstName: 'Save 100%', lastName: 'Now' });
    await createUser(ctx.db, { email: 'under@example.com', firstName: 'snake_case', lastName: 'Sam' });
    await createUser(ctx.db, { email: 'slash@example.com', firstName: 'Back\\slash', lastName: 'Bo' });
    const emailsFound = async (term: string) =>
      (await search(term)).json().result.data.map((row: { email: string }) => row.email);
    // As LIKE wildcards each of these would match every account ("example.com" has e.c).
    expect(await emailsFound('00%')).toEqual(['percent@example.com']);
    expect(await emailsFound('e_c')).toEqual(['under@example.com']);
    expect(await emailsFound('k\\s')).toEqual(['slash@example.com']);
    expect(await emailsFound('%%%')).toEqual([]);
    expect(await emailsFound('___')).toEqual([]);
    // Terms of one or two characters match the start of a name or address instead.
    expect(await emailsFound('_')).toEqual([]);
    expect(await emailsFound('%')).toEqual([]);
    expect(await rowCount(users)).toBe(5);
  });

  it('answers SQL-like and over-long strings alike on every table search, never with a 500', async () => {
    const org = await createOrganization(ctx.db);
    const tables = [
      '/api/users/table',
      '/api/organizations/table',
      '/api/settings/table',
      '/api/promo-codes/table',
      '/api/emailTemplate/table',
      '/api/brands/table',
      `/api/orders/organization/${org.id}/table`,
    ];
    const before = await snapshot(ctx);
    for (const url of tables) {
      const everything = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { cookie },
        payload: { take: 100 },
      });
      expect(everything.statusCode, url).toBe(200);
      for (const allSearch of [
        "' OR 1=1 --",
        "') OR ('a'='a",
        '%',
        '_%_',
        '\\\\',
        "'; DROP TABLE users; --",
      ]) {
        const response = await ctx.app.inject({
          method: 'POST',
          url,
          headers: { cookie },
          payload: { take: 100, allSearch },
        });
        expect(response.statusCode, `${url} ${allSearch}`).toBe(200);
        expect(response.json().result, `${url} ${allSearch}`).toEqual({ data: [], totalFilteredRecords: 0 });
      }
      const overLong = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { cookie },
        payload: { take: 10, allSearch: `${"' OR 1=1 -- ".repeat(20)}x` },
      });
      expect(overLong.statusCode, url).toBe(400);
      expect(overLong.json().validationFailures, url).toEqual([
        { propertyName: 'allSearch', errorMessage: `Search must be at most ${limits.searchText} characters` },
      ]);
    }
    expect(await snapshot(ctx)).toEqual(before);
  });
});
