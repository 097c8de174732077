import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appMessages } from '../../../src/i18n/en';
import { createUser, signIn, strongPassword, testApp } from '../helpers';

let ctx: Awaited<ReturnType<typeof testApp>>;
beforeEach(async () => {
  ctx = await testApp({ publicUrl: 'https://portal.example' });
  await createUser(ctx.db, { email: 'user@example.com' });
});
afterEach(() => ctx.app.close());

const login = (headers: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/account/login',
    headers,
    payload: { email: 'user@example.com', password: strongPassword },
  });

describe('state-changing requests from another origin', () => {
  it('refuses a POST whose Origin is another site', async () => {
    const response = await login({ origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(appMessages.errors.forbidden);
  });

  it('refuses a request the browser marks cross-site or same-site', async () => {
    expect((await login({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await login({ 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
    expect((await login({ origin: 'null' })).statusCode).toBe(403);
  });

  it('allows the portal itself, by its own host or PUBLIC_URL, and clients that send neither header', async () => {
    expect((await login({ origin: 'http://localhost:80', host: 'localhost:80' })).statusCode).toBe(200);
    expect((await login({ origin: 'https://portal.example' })).statusCode).toBe(200);
    expect(
      (await login({ 'sec-fetch-site': 'same-origin', origin: 'https://portal.example' })).statusCode,
    ).toBe(200);
    expect((await login({})).statusCode).toBe(200);
  });

  it('refuses cross-site multipart forms too', async () => {
    const cookie = await signIn(ctx.app, 'user@example.com');
    const boundary = '----x';
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/changepassword',
      headers: {
        cookie,
        origin: 'https://evil.example',
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="oldPassword"\r\n\r\nx\r\n--${boundary}--\r\n`,
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a cross-site request for new recovery codes', async () => {
    const cookie = await signIn(ctx.app, 'user@example.com');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/recovery-codes',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
      payload: { password: 'Str0ng-Passw0rd!' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('leaves other GETs alone', async () => {
    const response = await ctx.app.inject({
      url: '/api/account/cookie-expiration',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });
});
