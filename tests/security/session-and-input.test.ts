import { count } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessions, settings, users } from '../../server/db/schema';
import { unstorableTextMessage } from '../../server/http/error-handler';
import { safeReturnUrl } from '../../src/lib/returnUrl';
import { createUser, signIn, testApp } from '../server/helpers';

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
        { propertyName: 'allSearch', errorMessage: 'Search must be at most 200 characters' },
      ],
    });
  });
});
