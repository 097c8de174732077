import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, sessions, users } from '../../../../server/db/schema';
import { limits } from '../../../../contract/common';
import { roleOptions } from '../../../../contract/roles';
import {
  createOrganization,
  createUser,
  failAuditInserts,
  signIn,
  strongPassword,
  testApp,
} from '../../helpers';

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
let admin: Awaited<ReturnType<typeof createUser>>;
let adminCookie: string;

beforeEach(async () => {
  ctx = await testApp();
  admin = await createUser(ctx.db, { email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin' });
  adminCookie = await signIn(ctx.app, admin.email);
});
afterEach(() => ctx.app.close());

const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie: adminCookie } });

const newUser = (overrides: Record<string, unknown> = {}) => ({
  email: 'new.coach@example.com',
  name: { firstName: 'Nora', lastName: 'Coach' },
  userRoles: ['Admin'],
  organizationId: null,
  password: '',
  confirmPassword: '',
  ...overrides,
});

const auditRows = (action: string, entityId: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, action),
        eq(auditLog.entityType, 'user'),
        eq(auditLog.entityId, String(entityId)),
      ),
    );

describe('users: role rules', () => {
  it('refuses every users endpoint to an AthleticDirector with 403 and changes nothing', async () => {
    const org = await createOrganization(ctx.db);
    const director = await createUser(ctx.db, {
      email: 'ad@example.com',
      roles: ['AthleticDirector'],
      organizationId: org.id,
    });
    const cookie = await signIn(ctx.app, director.email);
    const calls = [
      { method: 'POST', url: '/api/users/table', payload: { skip: 0, take: 10 } },
      { method: 'GET', url: '/api/users/roleOptions' },
      { method: 'GET', url: `/api/users/${admin.id}` },
      { method: 'POST', url: '/api/users', payload: newUser() },
      { method: 'PUT', url: `/api/users/${director.id}`, payload: newUser({ email: director.email }) },
      { method: 'PUT', url: `/api/users/with-photo/${director.id}` },
      { method: 'PATCH', url: `/api/users/${admin.id}/lock` },
      { method: 'PATCH', url: `/api/users/${admin.id}/unlock` },
      { method: 'GET', url: `/api/users/${admin.id}/profilePhoto/00000000-0000-4000-8000-000000000000` },
      { method: 'POST', url: '/api/users/sendConfirmEmail', payload: { email: director.email } },
    ] as const;
    for (const call of calls) {
      const response = await ctx.app.inject({ ...call, headers: { cookie } });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
    }
    const rows = await ctx.db.select().from(users);
    expect(rows.map((row) => row.email).sort()).toEqual(['ad@example.com', 'admin@example.com']);
    expect(rows.find((row) => row.id === admin.id)?.isLocked).toBe(false);
    expect(rows.find((row) => row.id === director.id)?.roles).toEqual(['AthleticDirector']);
  });

  it('answers a visitor without a session with 401', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/users/table', payload: {} });
    expect(response.statusCode).toBe(401);
  });
});

describe('users: the Accounts table', () => {
  it('answers rows of id, email, fullName, isLocked, emailConfirmed and roles with totalFilteredRecords', async () => {
    await createUser(ctx.db, {
      email: 'zed@example.com',
      firstName: 'Zed',
      lastName: 'Zulu',
      isLocked: true,
      emailConfirmed: false,
      roles: ['AthleticDirector'],
    });
    const response = await asAdmin('POST', '/api/users/table', { skip: 0, take: 10, allSearch: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      result: {
        data: [
          {
            id: admin.id,
            version: 1,
            email: 'admin@example.com',
            fullName: 'Ada Admin',
            isLocked: false,
            emailConfirmed: true,
            roles: ['Admin'],
          },
          {
            id: expect.any(Number),
            version: 1,
            email: 'zed@example.com',
            fullName: 'Zed Zulu',
            isLocked: true,
            emailConfirmed: false,
            roles: ['AthleticDirector'],
          },
        ],
        totalFilteredRecords: 2,
      },
    });
  });

  it('searches email and name, and pages with skip and take', async () => {
    for (let i = 1; i <= 12; i++) {
      await createUser(ctx.db, {
        email: `coach${String(i).padStart(2, '0')}@example.com`,
        firstName: i === 7 ? 'Priscilla' : 'Pat',
      });
    }
    const byName = await asAdmin('POST', '/api/users/table', { skip: 0, take: 10, allSearch: 'prisc' });
    expect(byName.json().result.data.map((row: { email: string }) => row.email)).toEqual([
      'coach07@example.com',
    ]);
    const secondPage = await asAdmin('POST', '/api/users/table', { skip: 10, take: 10, allSearch: 'coach' });
    expect(secondPage.json().result.totalFilteredRecords).toBe(12);
    expect(secondPage.json().result.data.map((row: { email: string }) => row.email)).toEqual([
      'coach11@example.com',
      'coach12@example.com',
    ]);
  });

  it(`refuses a take over ${limits.maxTake} and an over-long search with a 400`, async () => {
    const take = await asAdmin('POST', '/api/users/table', { skip: 0, take: limits.maxTake + 1 });
    expect(take.statusCode).toBe(400);
    expect(take.json().validationFailures[0].propertyName).toBe('take');
    const search = await asAdmin('POST', '/api/users/table', {
      allSearch: 'x'.repeat(limits.searchText + 1),
    });
    expect(search.statusCode).toBe(400);
  });
});

describe('users: create', () => {
  it('creates an account, answers the user and writes an audit row', async () => {
    const response = await asAdmin('POST', '/api/users', newUser());
    expect(response.statusCode).toBe(200);
    const created = response.json().result;
    expect(created).toMatchObject({
      email: 'new.coach@example.com',
      username: 'new.coach@example.com',
      name: { firstName: 'Nora', lastName: 'Coach', fullName: 'Nora Coach', middleName: null },
      userRoles: ['Admin'],
      organizationId: null,
      isLocked: false,
      emailConfirmed: false,
    });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, created.id));
    expect(row.passwordHash).toBeNull();
    const [entry] = await auditRows('create', created.id);
    expect(entry.actorUserId).toBe(admin.id);
  });

  it('accepts a body without password fields: the user sets one when confirming', async () => {
    const { password: _p, confirmPassword: _c, organizationId: _o, ...body } = newUser();
    const response = await asAdmin('POST', '/api/users', body);
    expect(response.statusCode).toBe(200);
  });

  it('stores a given password hashed, so the new user can sign in with it', async () => {
    const response = await asAdmin(
      'POST',
      '/api/users',
      newUser({ password: strongPassword, confirmPassword: strongPassword }),
    );
    expect(response.statusCode).toBe(200);
    await expect(signIn(ctx.app, 'new.coach@example.com')).resolves.toMatch(/^sp_session=/);
  });

  it.each([
    ['email', { email: '' }, 'Email is required'],
    [
      'email',
      { email: `${'a'.repeat(limits.email)}@example.com` },
      `Email must be at most ${limits.email} characters`,
    ],
    ['userRoles', { userRoles: [] }, 'Roles are required'],
    ['userRoles.0', { userRoles: ['Janitor'] }, 'Role is not a known role'],
    ['name.firstName', { name: { firstName: ' ', lastName: 'Coach' } }, 'First name is required'],
    ['name.lastName', { name: { firstName: 'Nora' } }, 'Last name is required'],
    ['password', { password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
    [
      'password',
      { password: `Aa1!${'x'.repeat(limits.password)}` },
      `Password must be at most ${limits.password} characters`,
    ],
    [
      'confirmPassword',
      { password: strongPassword, confirmPassword: 'Other-Passw0rd!' },
      'The password and confirmation password do not match',
    ],
    ['organizationId', { userRoles: ['AthleticDirector'], organizationId: null }, 'Organization is required'],
  ])('refuses a bad %s with the 400 of the spec (%#)', async (propertyName, overrides, message) => {
    const response = await asAdmin('POST', '/api/users', newUser(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ result: null });
    expect(response.json().validationFailures).toContainEqual({ propertyName, errorMessage: message });
    expect(await ctx.db.select().from(users)).toHaveLength(1);
  });

  it('refuses an email that is already in use', async () => {
    const response = await asAdmin('POST', '/api/users', newUser({ email: 'ADMIN@example.com' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().validationFailures).toEqual([
      { propertyName: 'email', errorMessage: 'Email is already in use' },
    ]);
  });

  it('keeps an organization only when a chosen role includes a shop', async () => {
    const org = await createOrganization(ctx.db);
    const adminOnly = await asAdmin('POST', '/api/users', newUser({ organizationId: org.id }));
    expect(adminOnly.json().result.organizationId).toBeNull();
    const director = await asAdmin(
      'POST',
      '/api/users',
      newUser({ email: 'ad2@example.com', userRoles: ['AthleticDirector'], organizationId: org.id }),
    );
    expect(director.json().result.organizationId).toBe(org.id);
  });
});

describe('users: read and update', () => {
  it('GET users/{id} answers the edit form user, and 404 for an unknown id', async () => {
    const response = await asAdmin('GET', `/api/users/${admin.id}`);
    expect(response.json().result).toMatchObject({ id: admin.id, email: admin.email, userRoles: ['Admin'] });
    expect((await asAdmin('GET', '/api/users/99999')).statusCode).toBe(404);
    expect((await asAdmin('GET', '/api/users/abc')).statusCode).toBe(400);
  });

  it('updates the fields, records a role change in the audit log', async () => {
    const org = await createOrganization(ctx.db);
    const target = await createUser(ctx.db, { email: 'target@example.com' });
    const response = await asAdmin(
      'PUT',
      `/api/users/${target.id}`,
      newUser({
        email: 'target@example.com',
        name: { firstName: 'Tia', middleName: 'M', lastName: 'Target', suffix: 'Jr.' },
        userRoles: ['AthleticDirector'],
        organizationId: org.id,
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({
      name: { fullName: 'Tia M Target Jr.' },
      userRoles: ['AthleticDirector'],
      organizationId: org.id,
      emailConfirmed: true,
    });
    expect(await auditRows('update', target.id)).toHaveLength(1);
    const [roleChange] = await auditRows('roleChange', target.id);
    expect(roleChange.details).toEqual({ from: ['Admin'], to: ['AthleticDirector'] });
  });

  it('never takes id, isLocked, emailConfirmed or a password hash from an update body', async () => {
    const target = await createUser(ctx.db, { email: 'target@example.com', emailConfirmed: false });
    const before = (await ctx.db.select().from(users).where(eq(users.id, target.id)))[0];
    const response = await asAdmin('PUT', `/api/users/${target.id}`, {
      ...newUser({ email: 'target@example.com' }),
      id: admin.id,
      isLocked: true,
      emailConfirmed: true,
      passwordHash: 'x',
      securityStamp: 'x',
      profilePhotoGuid: '00000000-0000-4000-8000-000000000000',
    });
    expect(response.statusCode).toBe(200);
    const [after] = await ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(after).toMatchObject({
      isLocked: false,
      emailConfirmed: false,
      passwordHash: before.passwordHash,
      securityStamp: before.securityStamp,
      profilePhotoGuid: null,
    });
    const [adminAfter] = await ctx.db.select().from(users).where(eq(users.id, admin.id));
    expect(adminAfter.email).toBe('admin@example.com');
  });

  it('sets a password an Admin gives on edit, audited as password-set without it, and signs the user out', async () => {
    const target = await createUser(ctx.db, { email: 'target@example.com' });
    const targetCookie = await signIn(ctx.app, target.email);
    const newPassword = 'Given-Passw0rd!';
    const response = await asAdmin('PUT', `/api/users/${target.id}`, {
      ...newUser({ email: 'target@example.com' }),
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(response.statusCode).toBe(200);
    const [entry] = await auditRows('password-set', target.id);
    expect(entry).toMatchObject({ actorUserId: admin.id, details: null });
    expect(JSON.stringify(await ctx.db.select().from(auditLog))).not.toContain(newPassword);
    const me = await ctx.app.inject({ url: '/api/account/me', headers: { cookie: targetCookie } });
    expect(me.statusCode).toBe(401);
    await expect(signIn(ctx.app, target.email, newPassword)).resolves.toMatch(/^sp_session=/);
    await expect(signIn(ctx.app, target.email)).rejects.toThrow();
    expect((await asAdmin('GET', '/api/account/me')).statusCode).toBe(200);
  });

  it('keeps the password when the edit leaves it blank, and refuses a mismatched confirmation', async () => {
    const target = await createUser(ctx.db, { email: 'target@example.com' });
    const blank = await asAdmin('PUT', `/api/users/${target.id}`, newUser({ email: 'target@example.com' }));
    expect(blank.statusCode).toBe(200);
    expect(await auditRows('password-set', target.id)).toHaveLength(0);
    await expect(signIn(ctx.app, target.email)).resolves.toMatch(/^sp_session=/);
    const mismatched = await asAdmin('PUT', `/api/users/${target.id}`, {
      ...newUser({ email: 'target@example.com' }),
      password: 'Given-Passw0rd!',
    });
    expect(mismatched.json().validationFailures).toEqual([
      {
        propertyName: 'confirmPassword',
        errorMessage: 'The password and confirmation password do not match',
      },
    ]);
  });

  it('refuses to let an Admin remove the Admin role from their own account', async () => {
    const response = await asAdmin(
      'PUT',
      `/api/users/${admin.id}`,
      newUser({
        email: admin.email,
        userRoles: ['AthleticDirector'],
        organizationId: (await createOrganization(ctx.db)).id,
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().validationFailures).toEqual([
      { propertyName: 'userRoles', errorMessage: 'You cannot remove the Admin role from your own account' },
    ]);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, admin.id));
    expect(row.roles).toEqual(['Admin']);
  });

  it('marks a changed email address unconfirmed', async () => {
    const target = await createUser(ctx.db, { email: 'target@example.com' });
    const response = await asAdmin('PUT', `/api/users/${target.id}`, newUser({ email: 'moved@example.com' }));
    expect(response.json().result).toMatchObject({ email: 'moved@example.com', emailConfirmed: false });
  });

  it('refuses an update to an email another account uses', async () => {
    const target = await createUser(ctx.db, { email: 'target@example.com' });
    const response = await asAdmin('PUT', `/api/users/${target.id}`, newUser({ email: admin.email }));
    expect(response.statusCode).toBe(400);
    expect(response.json().validationFailures[0].propertyName).toBe('email');
  });
});

describe('users: lock and unlock', () => {
  it('locking ends the user’s sessions at once and stops sign-in; unlocking allows it again', async () => {
    const target = await createUser(ctx.db, { email: 'target@example.com' });
    const targetCookie = await signIn(ctx.app, target.email);
    const locked = await asAdmin('PATCH', `/api/users/${target.id}/lock`);
    expect(locked.statusCode).toBe(200);
    expect(locked.json().result.isLocked).toBe(true);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, target.id))).toHaveLength(0);
    const me = await ctx.app.inject({ url: '/api/account/me', headers: { cookie: targetCookie } });
    expect(me.statusCode).toBe(401);
    await expect(signIn(ctx.app, target.email)).rejects.toThrow();
    expect(await auditRows('lock', target.id)).toHaveLength(1);

    const unlocked = await asAdmin('PATCH', `/api/users/${target.id}/unlock`);
    expect(unlocked.json().result.isLocked).toBe(false);
    expect(await auditRows('unlock', target.id)).toHaveLength(1);
    await expect(signIn(ctx.app, target.email)).resolves.toMatch(/^sp_session=/);
  });

  it('a lock whose audit row cannot be written leaves the account unlocked and signed in', async () => {
    const target = await createUser(ctx.db, { email: 'target@example.com' });
    const targetCookie = await signIn(ctx.app, target.email);
    await failAuditInserts(ctx.db, 'lock');
    expect((await asAdmin('PATCH', `/api/users/${target.id}/lock`)).statusCode).toBe(500);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(row.isLocked).toBe(false);
    const me = await ctx.app.inject({ url: '/api/account/me', headers: { cookie: targetCookie } });
    expect(me.statusCode).toBe(200);
  });

  it('an unlock whose audit row cannot be written leaves the account locked', async () => {
    const target = await createUser(ctx.db, {
      email: 'target@example.com',
      isLocked: true,
      failedLoginCount: 5,
    });
    await failAuditInserts(ctx.db, 'unlock');
    expect((await asAdmin('PATCH', `/api/users/${target.id}/unlock`)).statusCode).toBe(500);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ isLocked: true, failedLoginCount: 5 });
  });

  it('refuses to let an Admin lock their own account, with a message the app can toast', async () => {
    const response = await asAdmin('PATCH', `/api/users/${admin.id}/lock`);
    expect(response.statusCode).toBe(400);
    expect(response.json().validationFailures).toEqual([
      { propertyName: '', errorMessage: 'You cannot lock your own account' },
    ]);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, admin.id));
    expect(row.isLocked).toBe(false);
  });

  it('answers 404 for an unknown account', async () => {
    expect((await asAdmin('PATCH', '/api/users/99999/lock')).statusCode).toBe(404);
  });
});

describe('users: confirmation e-mails', () => {
  const mailsTo = (to: string) => ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));

  it('Create User e-mails the new account its confirmation link', async () => {
    await asAdmin('POST', '/api/users', newUser());
    expect(await mailsTo('new.coach@example.com')).toHaveLength(1);
  });

  it('POST users/sendConfirmEmail sends a new invite while the email is unconfirmed, and audits it', async () => {
    const target = await createUser(ctx.db, { email: 'target@example.com', emailConfirmed: false });
    const response = await asAdmin('POST', '/api/users/sendConfirmEmail', { email: target.email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: true });
    expect(await mailsTo(target.email)).toHaveLength(1);
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'sendConfirmEmail'));
    expect(entry).toMatchObject({ actorUserId: admin.id, entityId: String(target.id) });
  });

  it('refuses to resend to a confirmed address, and answers 404 for an unknown one', async () => {
    const confirmed = await asAdmin('POST', '/api/users/sendConfirmEmail', { email: admin.email });
    expect(confirmed.statusCode).toBe(400);
    expect(confirmed.json().validationFailures[0].propertyName).toBe('email');
    const unknown = await asAdmin('POST', '/api/users/sendConfirmEmail', { email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(404);
    expect(await mailsTo(admin.email)).toHaveLength(0);
  });
});

describe('users: role options', () => {
  it('lists the role values with their includesShop flag', async () => {
    const response = await asAdmin('GET', '/api/users/roleOptions');
    expect(response.json()).toEqual({
      result: roleOptions.map((option) => ({ ...option })),
    });
    expect(response.json().result).toContainEqual({
      value: 'AthleticDirector',
      label: 'Athletic Director',
      includesShop: true,
    });
  });
});
