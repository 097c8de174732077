import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { limits } from '../../server/auth/rate-limit';
import { emailOutbox, sessions, users } from '../../server/db/schema';
import { type Ctx, closeUploadTestApp, uploadTestApp } from '../server/modules/design-logos/fixtures';
import { createOrganization, createUser, signIn, strongPassword } from '../server/helpers';

/**
 * Ways into someone else's account through the e-mail flows: a link sent to a mistyped
 * address, an account registered in someone else's name, and the portal's mail used to
 * carry an attacker's text to any address.
 */
let ctx: Ctx;
let admin: string;
beforeEach(async () => {
  ctx = await uploadTestApp({ publicUrl: 'https://portal.example' });
  await createUser(ctx.db, { email: 'admin@example.com', roles: ['Admin'] });
  admin = await signIn(ctx.app, 'admin@example.com');
});
afterEach(() => closeUploadTestApp(ctx));

const post = (url: string, payload: object, cookie?: string) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

async function outbox() {
  await ctx.app.mailer.flush();
  return ctx.db.select().from(emailOutbox).orderBy(emailOutbox.id);
}

const codeIn = (html: string) => {
  const href = /href="([^"]+)"/.exec(html)?.[1];
  if (!href) throw new Error(`no link in ${html}`);
  return new URL(href.replaceAll('&amp;', '&')).searchParams.get('code')!;
};

const userBody = (overrides: Record<string, unknown>) => ({
  email: 'coach3@riverside.example',
  name: { firstName: 'Cora', lastName: 'Coach' },
  userRoles: ['Admin'],
  organizationId: null,
  password: '',
  confirmPassword: '',
  ...overrides,
});

const byEmail = async (email: string) =>
  (await ctx.db.select().from(users).where(eq(users.normalizedEmail, email)))[0];

const confirm = (email: string, code: string) =>
  post('/api/account/confirm-account', {
    email,
    code,
    password: 'N3w-Passw0rd!',
    confirmPassword: 'N3w-Passw0rd!',
  });

describe('links sent before an e-mail change', () => {
  it("an Admin's correction of a mistyped address voids the invitation sent to it", async () => {
    const created = await post('/api/users', userBody({ email: 'coach3@riverside.exmaple' }), admin);
    expect(created.statusCode, created.body).toBe(200);
    const [invitation] = (await outbox()).filter((m) => m.to === 'coach3@riverside.exmaple');
    const code = codeIn(invitation.html);
    const user = await byEmail('coach3@riverside.exmaple');
    const corrected = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: { cookie: admin },
      payload: userBody({ email: 'coach3@riverside.example' }),
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect((await confirm('coach3@riverside.example', code)).statusCode).toBe(400);
    expect((await byEmail('coach3@riverside.example')).passwordHash).toBeNull();
  });

  it('a resent invitation voids the one sent before', async () => {
    await post('/api/users', userBody({}), admin);
    const resent = await post('/api/users/sendConfirmEmail', { email: 'coach3@riverside.example' }, admin);
    expect(resent.statusCode, resent.body).toBe(200);
    const [first, second] = (await outbox()).filter((m) => m.to === 'coach3@riverside.example');
    expect((await confirm('coach3@riverside.example', codeIn(first.html))).statusCode).toBe(400);
    expect((await confirm('coach3@riverside.example', codeIn(second.html))).statusCode).toBe(200);
  });
});

describe('an account registered in someone else’s name', () => {
  const squatter = 'Squ4tter-Passw0rd!';

  it('cannot sign in before the address is confirmed', async () => {
    const registered = await post('/api/account/register', {
      email: 'victim@example.com',
      firstName: 'Vic',
      lastName: 'Tim',
      password: squatter,
      confirmPassword: squatter,
    });
    expect(registered.statusCode).toBe(200);
    await outbox();
    const login = await post('/api/account/login', { email: 'victim@example.com', password: squatter });
    expect(login.json().result.status).toBe('Failed');
    expect(login.cookies.find((c) => c.name === 'sp_session')).toBeUndefined();
  });

  it('loses the password its registrant chose, and its sessions, when an Admin grants it a role', async () => {
    const org = await createOrganization(ctx.db);
    const user = await createUser(ctx.db, { email: 'victim@example.com', roles: [], emailConfirmed: false });
    await ctx.app.sessions.create(user.id, 'full', false);
    const granted = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: { cookie: admin },
      payload: userBody({
        email: 'victim@example.com',
        userRoles: ['AthleticDirector'],
        organizationId: org.id,
      }),
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect((await byEmail('victim@example.com')).passwordHash).toBeNull();
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    const login = await post('/api/account/login', { email: 'victim@example.com', password: strongPassword });
    expect(login.json().result.status).toBe('Failed');
  });
});

describe('the portal’s mail as a carrier of someone’s text', () => {
  const text = 'Win-a-prize at evil.example';

  it('sends a limited number of e-mail change messages, whatever the target addresses', async () => {
    await createUser(ctx.db, { email: 'me@example.com', firstName: text, roles: [] });
    const cookie = await signIn(ctx.app, 'me@example.com');
    const statuses = [];
    for (let i = 0; i < 15; i++) {
      const response = await post(
        '/api/account/changeemail',
        { newEmail: `target${i}@example.com`, password: strongPassword },
        cookie,
      );
      statuses.push(response.statusCode);
    }
    const sent = (await outbox()).filter((m) => m.templateKey === 'ChangeEmail');
    expect(sent.length).toBeLessThanOrEqual(limits.changeEmailPerAccount.max);
    expect(statuses.slice(limits.changeEmailPerAccount.max).every((s) => s === 429)).toBe(true);
    for (const mail of sent) expect(mail.html).not.toContain(text);
  });

  it('sends nothing for an account whose own address is not confirmed', async () => {
    await createUser(ctx.db, { email: 'me@example.com', emailConfirmed: false });
    const cookie = await signIn(ctx.app, 'me@example.com');
    const response = await post(
      '/api/account/changeemail',
      { newEmail: 'target@example.com', password: strongPassword },
      cookie,
    );
    expect(response.statusCode).toBe(400);
    expect((await outbox()).filter((m) => m.templateKey === 'ChangeEmail')).toEqual([]);
  });

  it('keeps the names a registrant typed out of the confirmation mail', async () => {
    await post('/api/account/register', {
      email: 'someone@example.com',
      firstName: text,
      lastName: 'Now',
      password: strongPassword,
      confirmPassword: strongPassword,
    });
    const [mail] = (await outbox()).filter((m) => m.to === 'someone@example.com');
    expect(mail.html).not.toContain(text);
  });
});
