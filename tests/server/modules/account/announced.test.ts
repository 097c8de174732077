import { desc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, users } from '../../../../server/db/schema';
import { sendAccountConfirmation } from '../../../../server/modules/account/email-flows';
import { hearChanges } from '../changes/heard';
import { createUser, signIn, strongPassword, testApp } from '../../helpers';

/*
 * Issue 35 item 3: an account's row changes through its owner too, not only through an Admin's
 * edit. Every change the Accounts list or form shows (the e-mail address, whether it is
 * confirmed, a new account) is announced as the owner's, with the version raised, so an Admin's
 * open list and form follow it and a stale save is refused.
 */
type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
let heard: Awaited<ReturnType<typeof hearChanges>>;
beforeEach(async () => {
  ctx = await testApp({ publicUrl: 'https://portal.example' });
  heard = await hearChanges(ctx.db);
});
afterEach(async () => {
  await heard.close();
  await ctx.app.close();
});

const newPassword = 'N3w-Passw0rd!';
const post = (url: string, payload: object, cookie?: string) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

async function lastLink() {
  await ctx.app.mailer.flush();
  const [mail] = await ctx.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1);
  const href = /href="([^"]+)"/.exec(mail.html)?.[1];
  if (!href) throw new Error(`no link in ${mail.html}`);
  return new URL(href.replaceAll('&amp;', '&'));
}

const versionOf = async (id: number) =>
  (await ctx.db.select({ version: users.version }).from(users).where(eq(users.id, id)))[0].version;

describe("an account's own changes reach the change streams", () => {
  it('announces confirming the e-mail address, as its owner, with the version raised', async () => {
    const user = await createUser(ctx.db, {
      email: 'new@example.com',
      firstName: 'Nia',
      lastName: 'New',
      passwordHash: null,
      emailConfirmed: false,
    });
    await sendAccountConfirmation(ctx.app, user);
    const link = await lastLink();
    const redirect = await ctx.app.inject({ url: `${link.pathname}${link.search}` });
    const page = new URL(redirect.headers.location as string, 'https://portal.example');
    const confirmed = await post('/api/account/confirm-account', {
      email: page.searchParams.get('email'),
      code: page.searchParams.get('code'),
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await versionOf(user.id)).toBe(2);
    const notice = await heard.waitFor({ resource: 'users', id: user.id, action: 'updated', version: 2 });
    expect(notice.by).toEqual({ id: user.id, name: 'Nia New' });
  });

  it('announces a password reset that confirms the address', async () => {
    const user = await createUser(ctx.db, { email: 'late@example.com', emailConfirmed: false });
    await post('/api/account/forgotpassword', { email: 'late@example.com' });
    const link = await lastLink();
    const reset = await post('/api/account/resetpassword', {
      email: link.searchParams.get('email'),
      code: link.searchParams.get('code'),
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await heard.waitFor({ resource: 'users', id: user.id, action: 'updated', version: 2 });
  });

  it('announces a changed e-mail address once its link is opened', async () => {
    const user = await createUser(ctx.db, { email: 'old@example.com' });
    const cookie = await signIn(ctx.app, 'old@example.com');
    const asked = await post(
      '/api/account/changeemail',
      { newEmail: 'fresh@example.com', password: strongPassword },
      cookie,
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const link = await lastLink();
    const redirect = await ctx.app.inject({ url: `${link.pathname}${link.search}` });
    expect(redirect.headers.location).toBe('/confirm-account?status=emailChanged');
    await heard.waitFor({ resource: 'users', id: user.id, action: 'updated', version: 2 });
  });

  it('announces a registration as a new account', async () => {
    const registered = await post('/api/account/register', {
      email: 'self@example.com',
      firstName: 'Sam',
      lastName: 'Self',
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(registered.statusCode, registered.body).toBe(200);
    await ctx.app.mailer.flush();
    const [row] = await ctx.db.select().from(users).where(eq(users.email, 'self@example.com'));
    const notice = await heard.waitFor({ resource: 'users', id: row.id, action: 'created' });
    expect(notice.by).toEqual({ id: row.id, name: 'Sam Self' });
  });
});
