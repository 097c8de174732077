import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addBaseApparel,
  closeUploadTestApp,
  type Ctx,
  multipart,
  type People,
  peopleTestApp,
  pngImage,
} from '../server/modules/design-logos/fixtures';
import { snapshot } from './support';

/**
 * Input no form sends: ids past the integer column (PostgreSQL refuses to compare them, which
 * surfaced as a 500) and multipart bodies that are not multipart. Each is the client's
 * mistake: a 400, never a 500 in the error log.
 */
let ctx: Ctx;
let who: People;
beforeEach(async () => {
  ({ ctx, who } = await peopleTestApp());
});
afterEach(() => closeUploadTestApp(ctx));

const pastTheColumn = 3_000_000_000;

describe('ids past the integer column', () => {
  it('are a 400 on the design logo and merchandise routes', async () => {
    const { id: apparelId } = await addBaseApparel(ctx);
    const before = await snapshot(ctx);
    const answers = {
      deleteLogo: await who.director({ method: 'DELETE', url: `/api/design-logos/${pastTheColumn}` }),
      logoFile: await who.director({ url: `/api/design-logos/${pastTheColumn}/file` }),
      listLogos: await who.admin({ url: `/api/design-logos?organizationId=${pastTheColumn}` }),
      uploadLogo: await who.admin({
        method: 'POST',
        url: `/api/design-logos?OrganizationId=${pastTheColumn}`,
        ...multipart({}, { name: 'crest.png', type: 'image/png', content: await pngImage() }),
      }),
      baseApparel: await who.admin({ url: `/api/merchandise/base-apparel?organizationId=${pastTheColumn}` }),
      createProduct: await who.director({
        method: 'POST',
        url: '/api/merchandise/create-merchandise-by-organization',
        ...multipart(
          {
            Title: 'Spirit Tee',
            Description: 'Tee',
            Price: '19.99',
            LogoId: pastTheColumn,
            BaseApparelId: apparelId,
          },
          { name: 'tee.png', type: 'image/png', content: await pngImage() },
        ),
      }),
    };
    for (const [name, response] of Object.entries(answers)) {
      expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
    }
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('are a 400 on the account routes, in the path and in a body', async () => {
    const before = await snapshot(ctx);
    const answers = {
      getUser: await who.admin({ url: `/api/users/${pastTheColumn}` }),
      createUser: await who.admin({
        method: 'POST',
        url: '/api/users',
        payload: {
          email: 'coach9@riverside.example',
          name: { firstName: 'Casey', lastName: 'Coach' },
          userRoles: ['AthleticDirector'],
          organizationId: pastTheColumn,
        },
      }),
    };
    for (const [name, response] of Object.entries(answers)) {
      expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
    }
    expect(answers.createUser.json().validationFailures).toContainEqual({
      propertyName: 'organizationId',
      errorMessage: 'Organization does not exist',
    });
    expect(await snapshot(ctx)).toEqual(before);
  });
});

describe('a multipart body that is not one', () => {
  const send = (contentType: string, payload: string) =>
    who.director({
      method: 'POST',
      url: '/api/design-logos',
      headers: { 'content-type': contentType },
      payload,
    });

  it.each([
    ['without a boundary', 'multipart/form-data', '--x\r\n'],
    [
      'cut off inside its file part',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="ImageFile"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    ],
  ])('is a 400 %s, and stores nothing', async (_name, contentType, payload) => {
    const before = await snapshot(ctx);
    const response = await send(contentType, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(await snapshot(ctx)).toEqual(before);
  });
});
