import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessions, settings, users } from '../../server/db/schema';
import { unstorableTextMessage } from '../../server/http/error-handler';
import { safeReturnUrl } from '../../src/lib/returnUrl';
import { createOrganization, createUser, signIn, testApp } from '../server/helpers';

/**
 * The hostile suite: one test per attack, each asserting the safe outcome and that nothing
 * changed. Attacks on areas with their own suites (2FA, uploads) live beside those.
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

describe('cross-origin requests carrying a valid cookie', () => {
  it('refuses a form post from another site and creates nothing', async () => {
    await createUser(ctx.db, { email: 'admin@example.com' });
    const cookie = await signIn(ctx.app, 'admin@example.com');
    for (const headers of [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/settings',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: 'key=Planted&value=x&isEnabled=true',
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      const json = await ctx.app.inject({
        method: 'POST',
        url: '/api/settings',
        headers: { cookie, ...headers },
        payload: { key: 'Planted', value: 'x', isEnabled: true },
      });
      expect(json.statusCode, JSON.stringify(headers)).toBe(403);
    }
    expect(await rowCount(settings)).toBe(0);
  });

  it('refuses a cross-origin multipart upload and stores nothing', async () => {
    const org = await createOrganization(ctx.db);
    await createUser(ctx.db, {
      email: 'director@example.com',
      roles: ['AthleticDirector'],
      organizationId: org.id,
    });
    const cookie = await signIn(ctx.app, 'director@example.com');
    const boundary = 'x-boundary';
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="ImageFile"; filename="a.png"',
      'Content-Type: image/png',
      '',
      'not really a png',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/design-logos?OrganizationId=${org.id}`,
      headers: {
        cookie,
        origin: 'https://evil.example',
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('mass assignment', () => {
  it('ignores isLocked, emailConfirmed and id in a user update body', async () => {
    await createUser(ctx.db, { email: 'admin@example.com' });
    const target = await createUser(ctx.db, { email: 'target@example.com', emailConfirmed: false });
    const cookie = await signIn(ctx.app, 'admin@example.com');
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${target.id}`,
      headers: { cookie },
      payload: {
        id: 9999,
        email: 'target@example.com',
        name: { firstName: 'Tia', lastName: 'Target' },
        userRoles: ['Admin'],
        organizationId: null,
        isLocked: true,
        emailConfirmed: true,
        passwordHash: 'planted',
      },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ id: target.id, isLocked: false, emailConfirmed: false, firstName: 'Tia' });
    expect(row.passwordHash).toBe(target.passwordHash);
    expect(await ctx.db.select().from(users).where(eq(users.id, 9999))).toEqual([]);
  });
});
