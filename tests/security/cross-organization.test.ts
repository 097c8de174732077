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
import { expectForbidden, snapshot } from './support';

/**
 * The director of Lincoln High attacks Riverside's logo, product, order, user and
 * organization record by id, reading and writing. Every attempt is a 403 with the spec's
 * body, and afterwards every row and stored file is exactly as before.
 */
let ctx: Ctx;
let who: People;
let theirs: { logoId: number; productId: number; orderId: number; collectionId: string; userId: number };
let apparelId: number;

const productForm = (fields: Record<string, string | number>) =>
  pngImage(200, 200).then((content) =>
    multipart(
      {
        Title: 'Spirit Tee',
        Description: 'Crest on a tee',
        Price: '24.99',
        BaseApparelId: apparelId,
        ...fields,
      },
      { name: 'product.png', type: 'image/png', content },
    ),
  );

beforeEach(async () => {
  ({ ctx, who } = await peopleTestApp());
  ({ id: apparelId } = await addBaseApparel(ctx));
  // Riverside's data, made by the Admin through the API as in production.
  const logo = await who.admin({
    method: 'POST',
    url: `/api/design-logos?OrganizationId=${who.riverside.id}`,
    ...multipart({}, { name: 'oars.png', type: 'image/png', content: await pngImage(256, 192) }),
  });
  const logoId = logo.json().result.id as number;
  const product = await who.admin({
    method: 'POST',
    url: '/api/merchandise/create-merchandise-by-organization',
    ...(await productForm({ LogoId: logoId, OrganizationId: who.riverside.id })),
  });
  await ctx.app.jobs.drain();
  const order = await who.admin({
    method: 'POST',
    url: '/api/orders',
    payload: {
      organizationId: who.riverside.id,
      collectionId: 'RIVERSIDE-FALL',
      orderNumber: 'SO-1001',
      customerName: 'Rory Rower',
      customerEmail: 'rory@example.com',
      total: 49.98,
      status: 'Paid',
    },
  });
  const coach = await who.admin({
    method: 'POST',
    url: '/api/users/table',
    payload: { take: 10, allSearch: 'coach' },
  });
  theirs = {
    logoId,
    productId: product.json().result.id,
    orderId: order.json().result.id,
    collectionId: 'RIVERSIDE-FALL',
    userId: coach.json().result.data[0].id,
  };
  expect(Object.values(theirs).every(Boolean)).toBe(true);
});
afterEach(() => closeUploadTestApp(ctx));

describe("an AthleticDirector and another organization's logo", () => {
  it('cannot list its logos or download one by id', async () => {
    const before = await snapshot(ctx);
    expectForbidden(await who.director({ url: `/api/design-logos?organizationId=${who.riverside.id}` }));
    expectForbidden(await who.director({ url: `/api/design-logos/${theirs.logoId}/file` }));
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('cannot delete its logo or upload a logo into it', async () => {
    const before = await snapshot(ctx);
    expectForbidden(await who.director({ method: 'DELETE', url: `/api/design-logos/${theirs.logoId}` }));
    expectForbidden(
      await who.director({
        method: 'POST',
        url: `/api/design-logos?OrganizationId=${who.riverside.id}`,
        ...multipart({}, { name: 'planted.png', type: 'image/png', content: await pngImage() }),
      }),
    );
    expect(await snapshot(ctx)).toEqual(before);
  });
});

describe("an AthleticDirector and another organization's products", () => {
  it('cannot read its products or the logos it has put on apparel', async () => {
    const before = await snapshot(ctx);
    expectForbidden(
      await who.director({
        url: `/api/merchandise/merchandise-by-organization?organizationGuid=${who.riverside.guid}&maxProductCount=10`,
      }),
    );
    expectForbidden(
      await who.director({ url: `/api/merchandise/base-apparel?organizationId=${who.riverside.id}` }),
    );
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('cannot create a product in it, nor one of its own with the other organization’s logo', async () => {
    const before = await snapshot(ctx);
    const ownLogo = await who.director({
      method: 'POST',
      url: '/api/design-logos',
      ...multipart({}, { name: 'crest.png', type: 'image/png', content: await pngImage() }),
    });
    const afterOwnLogo = await snapshot(ctx);
    expect(afterOwnLogo).not.toEqual(before);
    const attacks: Record<string, number>[] = [
      { LogoId: ownLogo.json().result.id, OrganizationId: who.riverside.id },
      { LogoId: theirs.logoId, OrganizationId: who.riverside.id },
      { LogoId: theirs.logoId },
    ];
    for (const fields of attacks) {
      expectForbidden(
        await who.director({
          method: 'POST',
          url: '/api/merchandise/create-merchandise-by-organization',
          ...(await productForm(fields)),
        }),
        JSON.stringify(fields),
      );
    }
    // No product, no job, and no uploaded source image left behind.
    expect(await snapshot(ctx)).toEqual(afterOwnLogo);
  });

  it('cannot edit, archive, retry or delete a product by id, nor download its print file', async () => {
    const before = await snapshot(ctx);
    const edit = await who.director({
      method: 'PUT',
      url: `/api/merchandise/${theirs.productId}`,
      payload: { title: 'Defaced', description: '', price: 99, organizationId: who.lincoln.id },
    });
    expectForbidden(edit);
    for (const action of ['archive', 'retry']) {
      expectForbidden(
        await who.director({ method: 'POST', url: `/api/merchandise/${theirs.productId}/${action}` }),
      );
    }
    expectForbidden(await who.director({ url: `/api/merchandise/${theirs.productId}/print-file/front` }));
    for (const method of ['PATCH', 'DELETE'] as const) {
      const response = await who.director({
        method,
        url: `/api/merchandise/${theirs.productId}`,
        payload: { title: 'Defaced', organizationId: who.lincoln.id },
      });
      expect(response.statusCode, method).toBe(404);
    }
    expect(await snapshot(ctx)).toEqual(before);
  });
});

describe("an AthleticDirector and another organization's orders", () => {
  it('cannot page its orders, and reads none of them through a collection it shares', async () => {
    const before = await snapshot(ctx);
    expectForbidden(
      await who.director({
        method: 'POST',
        url: `/api/orders/organization/${who.riverside.id}/table`,
        payload: { take: 10 },
      }),
    );
    const byCollection = await who.director({
      url: `/api/orders/by-collection?collectionId=${theirs.collectionId}`,
    });
    expect(byCollection.statusCode).toBe(200);
    expect(byCollection.json()).toEqual({ result: [] });
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('cannot record an order for it, and no route edits or deletes an order by id', async () => {
    const before = await snapshot(ctx);
    expectForbidden(
      await who.director({
        method: 'POST',
        url: '/api/orders',
        payload: {
          organizationId: who.riverside.id,
          collectionId: theirs.collectionId,
          orderNumber: 'SO-1001',
          customerName: 'Mallory',
          customerEmail: 'mallory@example.com',
          total: 0.01,
          status: 'Refunded',
        },
      }),
    );
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await who.director({
        method,
        url: `/api/orders/${theirs.orderId}`,
        payload: { status: 'Refunded', total: 0 },
      });
      expect(response.statusCode, method).toBe(404);
    }
    expect(await snapshot(ctx)).toEqual(before);
  });
});

describe("an AthleticDirector and another organization's users", () => {
  it('cannot read a user by id, list users, or fetch their photo', async () => {
    const before = await snapshot(ctx);
    expectForbidden(await who.director({ url: `/api/users/${theirs.userId}` }));
    expectForbidden(await who.director({ method: 'POST', url: '/api/users/table', payload: { take: 10 } }));
    expectForbidden(
      await who.director({ url: `/api/users/${theirs.userId}/profilePhoto/${crypto.randomUUID()}` }),
    );
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('cannot edit, lock, unlock or re-invite a user, and the user stays signed in', async () => {
    const before = await snapshot(ctx);
    const takeover = {
      email: 'mallory@example.com',
      name: { firstName: 'Mallory', lastName: 'Attacker' },
      userRoles: ['AthleticDirector'],
      organizationId: who.lincoln.id,
    };
    expectForbidden(
      await who.director({ method: 'PUT', url: `/api/users/${theirs.userId}`, payload: takeover }),
    );
    expectForbidden(
      await who.director({
        method: 'PUT',
        url: `/api/users/with-photo/${theirs.userId}`,
        ...multipart({
          email: takeover.email,
          'name.firstName': 'Mallory',
          'name.lastName': 'Attacker',
          userRoles: 'AthleticDirector',
          organizationId: who.lincoln.id,
        }),
      }),
    );
    expectForbidden(await who.director({ method: 'PATCH', url: `/api/users/${theirs.userId}/lock` }));
    expectForbidden(await who.director({ method: 'PATCH', url: `/api/users/${theirs.userId}/unlock` }));
    expectForbidden(
      await who.director({
        method: 'POST',
        url: '/api/users/sendConfirmEmail',
        payload: { email: 'coach@example.com' },
      }),
    );
    expect(await snapshot(ctx)).toEqual(before);
    expect((await who.otherDirector({ url: '/api/account/me' })).statusCode).toBe(200);
  });
});

describe("an AthleticDirector and another organization's record", () => {
  it('cannot read or rename the organization', async () => {
    const before = await snapshot(ctx);
    expectForbidden(await who.director({ url: `/api/organizations/${who.riverside.id}` }));
    expectForbidden(
      await who.director({
        method: 'PUT',
        url: `/api/organizations/${who.riverside.id}`,
        payload: { name: 'Defaced', spiritShopAddress: 'https://evil.example' },
      }),
    );
    expect(await snapshot(ctx)).toEqual(before);
  });
});
