import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { designLogos, merchandise, users } from '../../server/db/schema';
import {
  addBaseApparel,
  closeUploadTestApp,
  type Ctx,
  multipart,
  type People,
  peopleTestApp,
  pngImage,
} from '../server/modules/design-logos/fixtures';
import { createUser, signIn, strongPassword } from '../server/helpers';
import { expectForbidden, snapshot } from './support';

/**
 * An AthleticDirector tries to become an Admin, join another organization, or set the
 * fields no body may set (id, isLocked, emailConfirmed) through every body the API takes
 * from them. Routes outside their role refuse outright; routes inside it ignore the extra
 * fields. Either way their account row keeps its privileges.
 */
let ctx: Ctx;
let who: People;
let director: typeof users.$inferSelect;
beforeEach(async () => {
  ({ ctx, who } = await peopleTestApp());
  [director] = await ctx.db.select().from(users).where(eq(users.normalizedEmail, 'director@example.com'));
});
afterEach(() => closeUploadTestApp(ctx));

/** Everything a body could use to raise privileges, in each spelling a server might accept. */
const escalation = () => ({
  id: 1,
  Id: 1,
  roles: ['Admin'],
  userRoles: ['Admin'],
  UserRoles: ['Admin'],
  organizationId: who.riverside.id,
  OrganizationId: who.riverside.id,
  isLocked: false,
  emailConfirmed: true,
  twoFactorEnabled: false,
  securityStamp: 'planted',
  passwordHash: 'planted',
});

/** The same as form fields, which are all text. */
const formEscalation = (): Record<string, string | number> =>
  Object.fromEntries(
    Object.entries(escalation()).map(([key, value]) => [
      key,
      Array.isArray(value) ? value[0] : String(value),
    ]),
  );

const privilegesOf = async (id: number) => {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  return {
    id: row.id,
    roles: row.roles,
    organizationId: row.organizationId,
    isLocked: row.isLocked,
    emailConfirmed: row.emailConfirmed,
    securityStamp: row.securityStamp === 'planted',
    passwordHash: row.passwordHash === 'planted',
  };
};

/** The director is still a director of Lincoln High: the Admin areas stay closed. */
async function expectStillDirector(call: typeof who.director) {
  expect(await privilegesOf(director.id)).toEqual({
    id: director.id,
    roles: ['AthleticDirector'],
    organizationId: who.lincoln.id,
    isLocked: false,
    emailConfirmed: true,
    securityStamp: false,
    passwordHash: false,
  });
  expect((await call({ url: '/api/account/me' })).json().result).toMatchObject({
    roleNames: ['AthleticDirector'],
    organizationId: who.lincoln.id,
  });
  expectForbidden(await call({ method: 'POST', url: '/api/users/table', payload: { take: 10 } }));
  expectForbidden(await call({ url: `/api/organizations/${who.riverside.id}` }));
}

describe('an AthleticDirector giving themselves the Admin role or another organization', () => {
  it('is refused by every users route, for their own account too, and nothing changes', async () => {
    const before = await snapshot(ctx);
    const self = {
      ...escalation(),
      email: 'director@example.com',
      name: { firstName: 'Dee', lastName: 'Director' },
    };
    expectForbidden(await who.director({ method: 'PUT', url: `/api/users/${director.id}`, payload: self }));
    expectForbidden(
      await who.director({
        method: 'PUT',
        url: `/api/users/with-photo/${director.id}`,
        ...multipart({
          email: 'director@example.com',
          'name.firstName': 'Dee',
          'name.lastName': 'Director',
          userRoles: 'Admin',
          organizationId: who.riverside.id,
        }),
      }),
    );
    expectForbidden(
      await who.director({
        method: 'POST',
        url: '/api/users',
        payload: {
          ...self,
          email: 'sock.puppet@example.com',
          password: strongPassword,
          confirmPassword: strongPassword,
        },
      }),
    );
    expectForbidden(await who.director({ method: 'PATCH', url: `/api/users/${director.id}/unlock` }));
    expectForbidden(
      await who.director({ method: 'POST', url: '/api/organizations', payload: { name: 'My Own Org' } }),
    );
    expect(await snapshot(ctx)).toEqual(before);
    await expectStillDirector(who.director);
  });

  it('gains nothing from the extra fields of any account body they may send', async () => {
    // Some of these end the other sessions (a new authenticator, a new password): each call
    // gets a session of its own, and the last check one made after them all.
    const sent = [
      ['PUT', '/api/account/update-timezone', { reportedTimeZone: 'America/Chicago' }, 200],
      ['PUT', '/api/account/enable-authenticator', { code: '000000', password: strongPassword }, 400],
      ['PUT', '/api/account/disable-2fa', { password: strongPassword }, 400],
      ['PUT', '/api/account/reset-authenticator', { password: strongPassword }, 200],
      ['POST', '/api/account/changeemail', { newEmail: 'dee@example.com', password: strongPassword }, 200],
      [
        'POST',
        '/api/account/changepassword',
        { oldPassword: strongPassword, newPassword: 'N3w-Passw0rd!', confirmPassword: 'N3w-Passw0rd!' },
        200,
      ],
    ] as const;
    for (const [method, url, body, status] of sent) {
      const cookie = await signIn(ctx.app, 'director@example.com');
      const response = await ctx.app.inject({
        method,
        url,
        headers: { cookie },
        payload: { ...escalation(), ...body },
      });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
    }
    await ctx.app.mailer.settled();
    const [row] = await ctx.db.select().from(users).where(eq(users.id, director.id));
    expect(row.timeZone).toBe('America/Chicago');
    const cookie = await signIn(ctx.app, 'director@example.com', 'N3w-Passw0rd!');
    await expectStillDirector((options) =>
      ctx.app.inject({ ...options, headers: { ...options.headers, cookie } }),
    );
  });

  it('gains nothing from organization fields in logo and product bodies', async () => {
    const upload = await who.director({
      method: 'POST',
      url: '/api/design-logos',
      ...multipart(formEscalation(), {
        name: 'crest.png',
        type: 'image/png',
        content: await pngImage(256, 192),
      }),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const [logo] = await ctx.db.select().from(designLogos).where(eq(designLogos.id, upload.json().result.id));
    expect(logo.organizationId).toBe(who.lincoln.id);

    const apparel = await addBaseApparel(ctx);
    const product = await who.director({
      method: 'POST',
      url: `/api/merchandise/create-merchandise-by-organization?organizationId=${who.riverside.id}`,
      ...multipart(
        {
          ...formEscalation(),
          OrganizationId: who.lincoln.id,
          Title: 'Spirit Tee',
          Description: 'Crest on a tee',
          Price: '24.99',
          LogoId: logo.id,
          BaseApparelId: apparel.id,
        },
        { name: 'product.png', type: 'image/png', content: await pngImage(200, 200) },
      ),
    });
    expect(product.statusCode, product.body).toBe(200);
    const [row] = await ctx.db.select().from(merchandise).where(eq(merchandise.id, product.json().result.id));
    expect(row.organizationId).toBe(who.lincoln.id);
    await expectStillDirector(who.director);
  });

  it('cannot register an Admin account, or one in an organization, through either sign-up form', async () => {
    const before = (await snapshot(ctx)).rows.users;
    const account = await who.visitor({
      method: 'POST',
      url: '/api/account/register',
      payload: {
        ...escalation(),
        email: 'new.admin@example.com',
        firstName: 'Nat',
        lastName: 'New',
        password: strongPassword,
        confirmPassword: strongPassword,
      },
    });
    expect(account.json()).toEqual({ result: true });
    const directorForm = await who.visitor({
      method: 'POST',
      url: '/api/athletic-directors/register',
      payload: {
        ...escalation(),
        email: 'new.director@example.com',
        firstName: 'Dana',
        lastName: 'New',
        organizationName: 'Riverside Rowing Club',
      },
    });
    expect(directorForm.json()).toEqual({ result: true });
    await ctx.app.mailer.settled();
    const after = (await snapshot(ctx)).rows.users;
    expect(after.slice(0, before.length)).toEqual(before);
    const created = (after.slice(before.length) as (typeof users.$inferSelect)[]).sort((a, b) =>
      a.email.localeCompare(b.email),
    );
    expect(created.map((row) => row.email)).toEqual(['new.admin@example.com', 'new.director@example.com']);
    for (const row of created) {
      expect(row).toMatchObject({ roles: [], organizationId: null, isLocked: false, emailConfirmed: false });
      expect(row.id).not.toBe(1);
      expect(row.securityStamp).not.toBe('planted');
      expect(row.passwordHash).not.toBe('planted');
    }
  });
});

describe('mass assignment of id, isLocked and emailConfirmed', () => {
  const planted = { id: 9999, isLocked: true, emailConfirmed: true, passwordHash: 'planted' };

  it('takes none of them from the JSON user update', async () => {
    const target = await createUser(ctx.db, { email: 'target@example.com', emailConfirmed: false });
    const response = await who.admin({
      method: 'PUT',
      url: `/api/users/${target.id}`,
      payload: {
        ...planted,
        email: 'target@example.com',
        name: { firstName: 'Tia', lastName: 'Target' },
        userRoles: ['Admin'],
        organizationId: null,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ id: target.id, isLocked: false, emailConfirmed: false });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ id: target.id, isLocked: false, emailConfirmed: false, firstName: 'Tia' });
    expect(row.passwordHash).toBe(target.passwordHash);
    expect(await ctx.db.select().from(users).where(eq(users.id, 9999))).toEqual([]);
  });

  it('takes none of them from the multipart user update', async () => {
    const target = await createUser(ctx.db, { email: 'target@example.com', emailConfirmed: false });
    const response = await who.admin({
      method: 'PUT',
      url: `/api/users/with-photo/${target.id}`,
      ...multipart({
        id: 9999,
        isLocked: 'true',
        emailConfirmed: 'true',
        passwordHash: 'planted',
        email: 'target@example.com',
        'name.firstName': 'Tia',
        'name.lastName': 'Target',
        userRoles: 'Admin',
      }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ id: target.id, isLocked: false, emailConfirmed: false, firstName: 'Tia' });
    expect(row.passwordHash).toBe(target.passwordHash);
    expect(await ctx.db.select().from(users).where(eq(users.id, 9999))).toEqual([]);
  });

  it('takes none of them from the user create body', async () => {
    const response = await who.admin({
      method: 'POST',
      url: '/api/users',
      payload: {
        ...planted,
        email: 'new.coach@example.com',
        name: { firstName: 'Nora', lastName: 'Coach' },
        userRoles: ['AthleticDirector'],
        organizationId: who.lincoln.id,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json().result;
    expect(created.id).not.toBe(9999);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, created.id));
    expect(row).toMatchObject({ isLocked: false, emailConfirmed: false, passwordHash: null });
  });

  it('takes none of them from the account time zone body', async () => {
    const response = await who.director({
      method: 'PUT',
      url: '/api/account/update-timezone',
      payload: { ...planted, emailConfirmed: false, reportedTimeZone: 'Europe/Paris' },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, director.id));
    expect(row).toMatchObject({
      id: director.id,
      isLocked: false,
      emailConfirmed: true,
      timeZone: 'Europe/Paris',
    });
    expect(row.passwordHash).toBe(director.passwordHash);
  });
});
