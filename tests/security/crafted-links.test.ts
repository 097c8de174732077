import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replaceRecoveryCodes } from '../../server/auth/recovery-codes';
import { newAuthenticatorKey } from '../../server/auth/totp';
import { recoveryCodes } from '../../server/db/schema';
import { safeReturnUrl } from '../../contract/returnUrl';
import { type Ctx, closeUploadTestApp, uploadTestApp } from '../server/modules/design-logos/fixtures';
import { createUser, strongPassword } from '../server/helpers';

/**
 * A link someone else crafted (`/login?returnUrl=/api/account/recovery-codes`) must not make
 * the victim's next sign-in do anything but open a page of the app: the app follows `/api`
 * return URLs only to start an external sign-in, and new recovery codes need the password
 * (or an authenticator code) again, which no navigation carries.
 */
describe('return URLs after sign-in', () => {
  it('follows app pages and the external sign-in route only', () => {
    expect(safeReturnUrl('/admin/orders?page=2')).toBe('/admin/orders?page=2');
    expect(safeReturnUrl('/api/account/ExternalLogin?provider=oidc')).toBe(
      '/api/account/ExternalLogin?provider=oidc',
    );
    for (const crafted of [
      '/api/account/recovery-codes',
      '/api/account/shared-key',
      '/%61pi/account/recovery-codes',
      '/api/account/ExternalLogin/../recovery-codes',
      '/api',
    ]) {
      expect(safeReturnUrl(crafted), crafted).toBe('/admin');
    }
  });
});

describe('new recovery codes', () => {
  let ctx: Ctx;
  let cookie: string;
  let userId: number;
  beforeEach(async () => {
    ctx = await uploadTestApp({ publicUrl: 'https://portal.example' });
    const user = await createUser(ctx.db, {
      email: 'twofa@example.com',
      twoFactorEnabled: true,
      authenticatorKey: newAuthenticatorKey(),
    });
    userId = user.id;
    await replaceRecoveryCodes(ctx.db, user.id);
    // A full session, as after the second step.
    const session = await ctx.app.sessions.create(user.id, 'full', false);
    cookie = `sp_session=${session.token}`;
  });
  afterEach(() => closeUploadTestApp(ctx));

  const storedCodes = () => ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId));

  it('are never made by a GET, which any link or redirect can send', async () => {
    const before = await storedCodes();
    const response = await ctx.app.inject({
      url: '/api/account/recovery-codes',
      headers: { cookie, 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'none' },
    });
    expect(response.statusCode).toBe(405);
    expect(response.body).not.toContain('recoveryCodes');
    expect(await storedCodes()).toEqual(before);
  });

  it('need the password again, and come with Cache-Control: no-store', async () => {
    const before = await storedCodes();
    const post = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/account/recovery-codes', headers: { cookie }, payload });
    expect((await post({})).statusCode).toBe(400);
    expect((await post({ password: 'Wrong-Passw0rd!' })).statusCode).toBe(400);
    expect(await storedCodes()).toEqual(before);
    const fresh = await post({ password: strongPassword });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().result.recoveryCodes).toHaveLength(10);
    expect(fresh.headers['cache-control']).toBe('no-store');
  });

  it('the setup key is sent with Cache-Control: no-store too', async () => {
    await createUser(ctx.db, { email: 'setup@example.com' });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { email: 'setup@example.com', password: strongPassword },
    });
    const setupCookie = `sp_session=${login.cookies.find((c) => c.name === 'sp_session')!.value}`;
    const key = await ctx.app.inject({ url: '/api/account/shared-key', headers: { cookie: setupCookie } });
    expect(key.statusCode).toBe(200);
    expect(key.headers['cache-control']).toBe('no-store');
  });
});
