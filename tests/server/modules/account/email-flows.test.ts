import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { passwordsMatchMessage } from '../../../../contract/account';
import {
  emailOutbox,
  emailTemplates,
  userPreferences,
  userTokens,
  users,
} from '../../../../server/db/schema';
import {
  alreadyConfirmed,
  invalidConfirmationLink,
  invalidResetLink,
  resendAccountConfirmation,
  sendAccountConfirmation,
  wrongCurrentPassword,
} from '../../../../server/modules/account/email-flows';
import { createUser, sessionCookieOf, signIn, strongPassword, testApp } from '../../helpers';

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
let dataDir: string;
beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'spirit-account-'));
  ctx = await testApp({ dataDir, publicUrl: 'https://portal.example' });
});
afterEach(async () => {
  await ctx.app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const newPassword = 'N3w-Passw0rd!';
const post = (url: string, payload: object, cookie?: string) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

/** Every message handed to the mailer, once delivered to the outbox directory. */
async function outbox() {
  await ctx.app.mailer.flush();
  return ctx.db.select().from(emailOutbox).orderBy(emailOutbox.id);
}

const linkIn = (html: string) => {
  const href = /href="([^"]+)"/.exec(html)?.[1];
  if (!href) throw new Error(`no link in ${html}`);
  return new URL(href.replaceAll('&amp;', '&'));
};

describe("mail in the user's language", () => {
  const spanish = {
    subjectEs: 'Restablezca su contraseña',
    bodyEs: '<p>Hola {{fullName}}, <a href="{{link}}">aquí</a></p>',
  };

  it('writes to a user whose language is Spanish in Spanish, and to the others in English', async () => {
    await ctx.db.update(emailTemplates).set(spanish).where(eq(emailTemplates.key, 'ResetPassword'));
    const ana = await createUser(ctx.db, { email: 'ana@example.com', firstName: 'Ana', lastName: 'Ruiz' });
    await createUser(ctx.db, { email: 'uma@example.com', firstName: 'Uma', lastName: 'User' });
    await ctx.db.insert(userPreferences).values({ userId: ana.id, key: 'locale', value: 'es' });
    await post('/api/account/forgotpassword', { email: 'ana@example.com' });
    await post('/api/account/forgotpassword', { email: 'uma@example.com' });
    // Each request's mail is written in the background, so the two may land in either order.
    const mails = await outbox();
    expect(mails.map((mail) => mail.to).sort()).toEqual(['ana@example.com', 'uma@example.com']);
    const toAna = mails.find((mail) => mail.to === 'ana@example.com')!;
    const toUma = mails.find((mail) => mail.to === 'uma@example.com')!;
    expect(toAna).toMatchObject({ to: 'ana@example.com', subject: 'Restablezca su contraseña' });
    expect(toAna.html).toContain('Hola Ana Ruiz');
    expect(linkIn(toAna.html).pathname).toBe('/reset-password');
    expect(toUma.subject).toBe('Reset your Spirit Portal password');
  });

  it('falls back to the English subject and body where the template has no Spanish', async () => {
    const ana = await createUser(ctx.db, { email: 'ana@example.com', firstName: 'Ana', lastName: 'Ruiz' });
    await ctx.db.insert(userPreferences).values({ userId: ana.id, key: 'locale', value: 'es' });
    await ctx.db
      .update(emailTemplates)
      .set({ subjectEs: spanish.subjectEs })
      .where(eq(emailTemplates.key, 'ResetPassword'));
    await post('/api/account/forgotpassword', { email: 'ana@example.com' });
    const [mail] = await outbox();
    expect(mail.subject).toBe('Restablezca su contraseña');
    expect(mail.html).toContain('Hello Ana Ruiz');
  });
});

describe('forgotten password', () => {
  it('answers the same whether or not the e-mail exists, and mails only real accounts', async () => {
    await createUser(ctx.db, { email: 'user@example.com', firstName: 'Uma', lastName: 'User' });
    const known = await post('/api/account/forgotpassword', { email: 'USER@example.com' });
    const unknown = await post('/api/account/forgotpassword', { email: 'nobody@example.com' });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'user@example.com', templateKey: 'ResetPassword', status: 'sent' });
    expect(mails[0].subject).toBe('Reset your Spirit Portal password');
    expect(mails[0].html).toContain('Hello Uma User');
    const files = readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(readFileSync(path.join(dataDir, 'outbox', files[0]), 'utf8')).toContain('To: user@example.com');
  });

  it('resets the password from the e-mailed link once, and ends every session', async () => {
    await createUser(ctx.db, { email: 'user@example.com' });
    const oldSession = await signIn(ctx.app, 'user@example.com');
    await post('/api/account/forgotpassword', { email: 'user@example.com' });
    const link = linkIn((await outbox())[0].html);
    expect(`${link.origin}${link.pathname}`).toBe('https://portal.example/reset-password');
    const body = {
      email: link.searchParams.get('email'),
      code: link.searchParams.get('code'),
      password: newPassword,
      confirmPassword: newPassword,
    };
    expect((await post('/api/account/resetpassword', body)).statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ url: '/api/account/me', headers: { cookie: oldSession } })).statusCode,
    ).toBe(401);
    await signIn(ctx.app, 'user@example.com', newPassword);
    const again = await post('/api/account/resetpassword', {
      ...body,
      password: 'An0ther-Passw0rd!',
      confirmPassword: 'An0ther-Passw0rd!',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().validationFailures).toEqual([
      { propertyName: 'code', errorMessage: invalidResetLink },
    ]);
  });

  it('lets a reset link expire after one day', async () => {
    await createUser(ctx.db, { email: 'user@example.com' });
    await post('/api/account/forgotpassword', { email: 'user@example.com' });
    const link = linkIn((await outbox())[0].html);
    const [token] = await ctx.db.select().from(userTokens);
    expect((token.expiresAt.getTime() - Date.now()) / 3_600_000).toBeCloseTo(24, 1);
    await ctx.db.update(userTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const response = await post('/api/account/resetpassword', {
      email: 'user@example.com',
      code: link.searchParams.get('code'),
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(response.statusCode).toBe(400);
  });

  it('voids an outstanding reset link when the password changes', async () => {
    await createUser(ctx.db, { email: 'user@example.com' });
    await post('/api/account/forgotpassword', { email: 'user@example.com' });
    const link = linkIn((await outbox())[0].html);
    const cookie = await signIn(ctx.app, 'user@example.com');
    await post(
      '/api/account/changepassword',
      { oldPassword: strongPassword, newPassword, confirmPassword: newPassword },
      cookie,
    );
    const response = await post('/api/account/resetpassword', {
      email: 'user@example.com',
      code: link.searchParams.get('code'),
      password: 'An0ther-Passw0rd!',
      confirmPassword: 'An0ther-Passw0rd!',
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a new password outside the rule and a confirmation that does not match', async () => {
    const response = await post('/api/account/resetpassword', {
      email: 'user@example.com',
      code: 'x',
      password: 'short',
      confirmPassword: 'other',
    });
    expect(response.statusCode).toBe(400);
    const messages = response.json().validationFailures.map((f: { errorMessage: string }) => f.errorMessage);
    expect(messages).toContain('Password must be at least 8 characters');
  });

  it('limits forgotten-password requests per account', async () => {
    await createUser(ctx.db, { email: 'user@example.com' });
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await post('/api/account/forgotpassword', { email: 'user@example.com' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('account confirmation', () => {
  async function invite() {
    const user = await createUser(ctx.db, {
      email: 'new@example.com',
      passwordHash: null,
      emailConfirmed: false,
    });
    await sendAccountConfirmation(ctx.app, user);
    const [mail] = await outbox();
    expect(mail).toMatchObject({ to: 'new@example.com', templateKey: 'ConfirmAccount' });
    return linkIn(mail.html);
  }

  it('follows the e-mailed link to the confirmation page and sets the first password', async () => {
    const link = await invite();
    expect(link.pathname).toBe('/api/account/confirm-account-redirect');
    const redirect = await ctx.app.inject({ url: `${link.pathname}${link.search}` });
    expect(redirect.statusCode).toBe(302);
    const page = new URL(redirect.headers.location as string, 'https://portal.example');
    expect(page.pathname).toBe('/confirm-account');
    const body = { email: page.searchParams.get('email'), code: page.searchParams.get('code') };

    const withoutPassword = await post('/api/account/confirm-account', body);
    expect(withoutPassword.statusCode).toBe(400);
    expect(withoutPassword.json().validationFailures[0].propertyName).toBe('password');
    const mismatch = await post('/api/account/confirm-account', {
      ...body,
      password: newPassword,
      confirmPassword: 'x',
    });
    expect(mismatch.json().validationFailures).toEqual([
      { propertyName: 'confirmPassword', errorMessage: passwordsMatchMessage },
    ]);

    const confirmed = await post('/api/account/confirm-account', {
      ...body,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(confirmed.statusCode).toBe(200);
    const [user] = await ctx.db.select().from(users);
    expect(user.emailConfirmed).toBe(true);
    await signIn(ctx.app, 'new@example.com', newPassword);

    const reused = await post('/api/account/confirm-account', {
      ...body,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(reused.json().validationFailures).toEqual([
      { propertyName: 'code', errorMessage: invalidConfirmationLink },
    ]);
    const staleRedirect = await ctx.app.inject({ url: `${link.pathname}${link.search}` });
    expect(staleRedirect.headers.location).toContain('status=invalid');
  });

  it('sends a new invitation only while the e-mail is unconfirmed', async () => {
    const admin = await createUser(ctx.db, { email: 'admin@example.com' });
    await createUser(ctx.db, { email: 'new@example.com', passwordHash: null, emailConfirmed: false });
    await resendAccountConfirmation(ctx.app, admin, 'new@example.com');
    expect(await outbox()).toHaveLength(1);
    await expect(resendAccountConfirmation(ctx.app, admin, 'admin@example.com')).rejects.toMatchObject({
      statusCode: 400,
      message: alreadyConfirmed,
    });
  });
});

describe('changing the password', () => {
  it('checks the current password, applies the rule, keeps this browser signed in with a new id and ends the others', async () => {
    await createUser(ctx.db, { email: 'user@example.com' });
    const other = await signIn(ctx.app, 'user@example.com');
    const cookie = await signIn(ctx.app, 'user@example.com');
    const wrong = await post(
      '/api/account/changepassword',
      { oldPassword: 'Wrong-Passw0rd!', newPassword, confirmPassword: newPassword },
      cookie,
    );
    expect(wrong.json().validationFailures).toEqual([
      { propertyName: 'oldPassword', errorMessage: wrongCurrentPassword },
    ]);
    const weak = await post(
      '/api/account/changepassword',
      { oldPassword: strongPassword, newPassword: 'alllowercase1!', confirmPassword: 'alllowercase1!' },
      cookie,
    );
    expect(weak.json().validationFailures[0].errorMessage).toBe(
      'New password must contain an uppercase character',
    );

    const ok = await post(
      '/api/account/changepassword',
      { oldPassword: strongPassword, newPassword, confirmPassword: newPassword },
      cookie,
    );
    expect(ok.statusCode).toBe(200);
    const fresh = `sp_session=${sessionCookieOf(ok)?.value}`;
    expect(fresh).not.toBe(cookie);
    expect((await ctx.app.inject({ url: '/api/account/me', headers: { cookie: fresh } })).statusCode).toBe(
      200,
    );
    expect((await ctx.app.inject({ url: '/api/account/me', headers: { cookie: other } })).statusCode).toBe(
      401,
    );
    expect((await ctx.app.inject({ url: '/api/account/me', headers: { cookie } })).statusCode).toBe(401);
  });
});

describe('changing the e-mail', () => {
  it('asks for the password and changes the address when the link sent to the new one is opened', async () => {
    await createUser(ctx.db, { email: 'user@example.com' });
    const cookie = await signIn(ctx.app, 'user@example.com');
    const wrong = await post(
      '/api/account/changeemail',
      { newEmail: 'new@example.com', password: 'Wrong-Passw0rd!' },
      cookie,
    );
    expect(wrong.statusCode).toBe(400);
    const ok = await post(
      '/api/account/changeemail',
      { newEmail: 'new@example.com', password: strongPassword },
      cookie,
    );
    expect(ok.statusCode).toBe(200);
    const [mail] = await outbox();
    expect(mail).toMatchObject({ to: 'new@example.com', templateKey: 'ChangeEmail' });
    const [unchanged] = await ctx.db.select().from(users);
    expect(unchanged.email).toBe('user@example.com');
    const link = linkIn(mail.html);
    const redirect = await ctx.app.inject({ url: `${link.pathname}${link.search}` });
    expect(redirect.headers.location).toBe('/confirm-account?status=emailChanged');
    await signIn(ctx.app, 'new@example.com');
  });

  it('sends nothing when the new address already has an account, with the same answer', async () => {
    await createUser(ctx.db, { email: 'user@example.com' });
    await createUser(ctx.db, { email: 'taken@example.com' });
    const cookie = await signIn(ctx.app, 'user@example.com');
    const response = await post(
      '/api/account/changeemail',
      { newEmail: 'taken@example.com', password: strongPassword },
      cookie,
    );
    expect(response.json()).toEqual({ result: true });
    expect(await outbox()).toHaveLength(0);
  });
});

describe('registration', () => {
  it('creates an unconfirmed account without roles and mails its confirmation link', async () => {
    const response = await post('/api/account/register?returnUrl=%2Fadmin', {
      email: 'fan@example.com',
      firstName: 'Fran',
      lastName: 'Fan',
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(response.json()).toEqual({ result: true });
    const [mail] = await outbox();
    expect(mail).toMatchObject({ to: 'fan@example.com', templateKey: 'ConfirmAccount' });
    const [user] = await ctx.db.select().from(users).where(eq(users.normalizedEmail, 'fan@example.com'));
    expect(user).toMatchObject({ roles: [], emailConfirmed: false, organizationId: null });
  });

  it('answers the same for an address that already has an account, and mails nobody', async () => {
    await createUser(ctx.db, { email: 'user@example.com' });
    const response = await post('/api/athletic-directors/register', {
      email: 'user@example.com',
      firstName: 'Eve',
      lastName: 'Intruder',
      organizationName: 'Lincoln High School',
    });
    expect(response.json()).toEqual({ result: true });
    expect(await outbox()).toHaveLength(0);
    const [user] = await ctx.db.select().from(users);
    expect(user.firstName).toBe('Test');
  });

  it('registers an athletic director with the organization in the contact information', async () => {
    const response = await post('/api/athletic-directors/register', {
      email: 'ad@example.com',
      firstName: 'Ada',
      lastName: 'Director',
      organizationName: 'Westfield Middle School',
      phone: '555-0100',
    });
    expect(response.statusCode).toBe(200);
    const [mail] = await outbox();
    expect(mail).toMatchObject({
      to: 'ad@example.com',
      templateKey: 'Registration',
      subject: 'Welcome to Spirit Portal',
    });
    const [user] = await ctx.db.select().from(users);
    expect(user).toMatchObject({
      roles: [],
      passwordHash: null,
      contactInformation: 'Organization: Westfield Middle School\nPhone: 555-0100',
    });
  });
});

describe('time zone', () => {
  it('records a reported IANA time zone and refuses an unknown one', async () => {
    await createUser(ctx.db, { email: 'user@example.com' });
    const cookie = await signIn(ctx.app, 'user@example.com');
    const put = (reportedTimeZone: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/account/update-timezone',
        headers: { cookie },
        payload: { reportedTimeZone },
      });
    expect((await put('America/Chicago')).statusCode).toBe(200);
    const bad = await put('Mars/Olympus');
    expect(bad.json().validationFailures).toEqual([
      { propertyName: 'reportedTimeZone', errorMessage: 'Time zone is not recognised' },
    ]);
    const [user] = await ctx.db.select().from(users);
    expect(user.timeZone).toBe('America/Chicago');
  });
});
