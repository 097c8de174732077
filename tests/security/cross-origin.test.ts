import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addBaseApparel,
  closeUploadTestApp,
  type Ctx,
  multipart,
  type People,
  peopleTestApp,
  pngImage,
  uploadLogo,
} from '../server/modules/design-logos/fixtures';
import { expectForbidden, snapshot } from './support';

/**
 * Another site makes the browser of a signed-in Admin or director send a request: the
 * cookie goes along (SameSite=Lax still sends it on a top-level form post), so the server
 * must refuse by the Origin and Sec-Fetch-Site headers the browser adds.
 */
let ctx: Ctx;
let who: People;
beforeEach(async () => {
  ({ ctx, who } = await peopleTestApp());
});
afterEach(() => closeUploadTestApp(ctx));

/** What browsers send on a request started by another site (or a sandboxed frame). */
const crossSite = [
  { origin: 'https://evil.example' },
  { origin: 'null' },
  { 'sec-fetch-site': 'cross-site' },
  { 'sec-fetch-site': 'same-site', origin: 'https://evil.portal.example' },
];

describe('a cross-origin form post carrying a valid cookie', () => {
  it('is refused, urlencoded or JSON, and creates nothing', async () => {
    const directorId = (await who.director({ url: '/api/account/me' })).json().result.id;
    const before = await snapshot(ctx);
    for (const headers of crossSite) {
      expectForbidden(
        await who.admin({
          method: 'POST',
          url: '/api/settings',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
          payload: 'key=Planted&value=x&isEnabled=true',
        }),
        JSON.stringify(headers),
      );
      expectForbidden(
        await who.admin({
          method: 'POST',
          url: '/api/users',
          headers,
          payload: {
            email: 'planted.admin@example.com',
            name: { firstName: 'Planted', lastName: 'Admin' },
            userRoles: ['Admin'],
            password: 'Str0ng-Passw0rd!',
            confirmPassword: 'Str0ng-Passw0rd!',
          },
        }),
        JSON.stringify(headers),
      );
      expectForbidden(
        await who.admin({ method: 'PATCH', url: `/api/users/${directorId}/lock`, headers }),
        JSON.stringify(headers),
      );
    }
    expect(await snapshot(ctx)).toEqual(before);
    // The same requests from the portal itself go through.
    const own = await who.admin({
      method: 'POST',
      url: '/api/settings',
      headers: { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' },
      payload: { key: 'Allowed', value: 'x', isEnabled: true },
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('cannot replace the recovery codes', async () => {
    const before = await snapshot(ctx);
    expectForbidden(
      await who.director({
        method: 'POST',
        url: '/api/account/recovery-codes',
        headers: { 'sec-fetch-site': 'cross-site' },
        payload: { password: 'Str0ng-Passw0rd!' },
      }),
    );
    expect(await snapshot(ctx)).toEqual(before);
  });
});

describe('a cross-origin multipart upload carrying a valid cookie', () => {
  it('is refused for logos, products and profile photos, leaving no row and no file', async () => {
    const logo = await uploadLogo(who.director);
    const apparel = await addBaseApparel(ctx);
    const before = await snapshot(ctx);
    const png = await pngImage(200, 200);
    const directorId = (await who.director({ url: '/api/account/me' })).json().result.id;
    for (const headers of crossSite) {
      const logoForm = multipart({}, { name: 'planted.png', type: 'image/png', content: png });
      const productForm = multipart(
        {
          Title: 'Planted',
          Description: 'Planted',
          Price: '1.00',
          LogoId: logo.id,
          BaseApparelId: apparel.id,
        },
        { name: 'product.png', type: 'image/png', content: png },
      );
      const photoForm = multipart(
        {
          email: 'director@example.com',
          'name.firstName': 'Planted',
          'name.lastName': 'Photo',
          userRoles: 'Admin',
        },
        { field: 'profilePhoto', name: 'me.png', type: 'image/png', content: png },
      );
      const sent = [
        ['director', '/api/design-logos', 'POST', logoForm],
        ['director', '/api/merchandise/create-merchandise-by-organization', 'POST', productForm],
        ['director', '/api/merchandise/UploadImageToShopify', 'POST', logoForm],
        ['admin', `/api/users/with-photo/${directorId}`, 'PUT', photoForm],
      ] as const;
      for (const [as, url, method, form] of sent) {
        const response = await who[as]({
          method,
          url,
          payload: form.payload,
          headers: { ...form.headers, ...headers },
        });
        expectForbidden(response, `${url} ${JSON.stringify(headers)}`);
      }
    }
    expect(await snapshot(ctx)).toEqual(before);
  });
});
