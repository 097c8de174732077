import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { campaignProducts, campaigns, jobs, merchandise } from '../../../../server/db/schema';
import { windowSale } from '../../../../server/modules/merchandise/windows';
import { createOrganization, createUser, signIn, testApp } from '../../helpers';
import { actors } from '../organizations/actors';
import { addProduct } from '../orders/fixtures';

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
let who: Awaited<ReturnType<typeof actors>>;
let riverside: number;
type Caller = Awaited<ReturnType<typeof actors>>['director'];
let otherDirector: Caller;
let reviewer: typeof otherDirector;

const day = 86_400_000;

beforeEach(async () => {
  ctx = await testApp();
  who = await actors(ctx);
  riverside = (await createOrganization(ctx.db, 'Riverside Rowing Club')).id;
  await createUser(ctx.db, {
    email: 'rower@example.com',
    roles: ['AthleticDirector'],
    organizationId: riverside,
  });
  await createUser(ctx.db, { email: 'reviewer@example.com', roles: ['Reviewer'] });
  const as =
    (cookie: string): Caller =>
    (options: InjectOptions) =>
      ctx.app.inject({ ...options, headers: { ...options.headers, cookie } });
  otherDirector = as(await signIn(ctx.app, 'rower@example.com'));
  reviewer = as(await signIn(ctx.app, 'reviewer@example.com'));
});
afterEach(() => ctx.app.close());

async function scheduleWindow(name = 'Spirit Week Store', opensIn = day) {
  const created = await who.director({
    method: 'POST',
    url: '/api/campaigns',
    payload: {
      name,
      organizationId: who.organization.id,
      opensAt: new Date(Date.now() + opensIn).toISOString(),
      closesAt: new Date(Date.now() + opensIn + 14 * day).toISOString(),
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  return created.json().result.id as number;
}

const put = (call: typeof otherDirector, id: number, products: object[]) =>
  call({ method: 'PUT', url: `/api/campaigns/${id}/products`, payload: { products } });
const step = (id: number, name: string) =>
  who.director({ method: 'POST', url: `/api/campaigns/${id}/transitions/${name}`, payload: {} });
const stored = (id: number) =>
  ctx.db.select().from(campaignProducts).where(eq(campaignProducts.campaignId, id));

describe('a campaign’s products', () => {
  it('sells its school’s approved products, each with a minimum and a fundraising amount added to the price', async () => {
    const hoodie = await addProduct(ctx.db, who.organization.id, {
      title: 'Spirit Hoodie',
      price: 40,
      reviewState: 'approved',
    });
    const tee = await addProduct(ctx.db, who.organization.id, { title: 'Spirit Tee', price: 18.5 });
    const id = await scheduleWindow();
    const saved = await put(who.director, id, [
      { productId: hoodie.id, minimum: 24, fundraising: 12.5 },
      { productId: tee.id, minimum: 12, fundraising: 5 },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().result).toEqual([
      {
        productId: hoodie.id,
        title: 'Spirit Hoodie',
        thumbnailUrl: null,
        price: 40,
        minimum: 24,
        fundraising: 12.5,
        salePrice: 52.5,
        units: 0,
      },
      {
        productId: tee.id,
        title: 'Spirit Tee',
        thumbnailUrl: null,
        price: 18.5,
        minimum: 12,
        fundraising: 5,
        salePrice: 23.5,
        units: 0,
      },
    ]);
    expect((await who.admin({ url: `/api/campaigns/${id}/products` })).json().result).toHaveLength(2);
    const candidates = await who.director({ url: `/api/campaigns/${id}/candidates` });
    expect(candidates.json().result.map((product: { title: string }) => product.title)).toEqual([
      'Spirit Hoodie',
      'Spirit Tee',
    ]);
  });

  it('refuses a product no reviewer approved, another school’s, one listed twice and a minimum under 1, changing nothing', async () => {
    const hoodie = await addProduct(ctx.db, who.organization.id, { title: 'Spirit Hoodie', price: 40 });
    const draft = await addProduct(ctx.db, who.organization.id, {
      title: 'Draft Tee',
      price: 10,
      reviewState: 'submitted',
    });
    const cap = await addProduct(ctx.db, riverside, { title: 'Rowing Cap', price: 15 });
    const id = await scheduleWindow();
    await put(who.director, id, [{ productId: hoodie.id, minimum: 24, fundraising: 10 }]);
    const refusals: [object[], string, string][] = [
      [
        [{ productId: draft.id, minimum: 24, fundraising: 0 }],
        'products.0.productId',
        "'Draft Tee' is not approved",
      ],
      [
        [{ productId: cap.id, minimum: 24, fundraising: 0 }],
        'products.0.productId',
        'Product does not exist',
      ],
      [
        [
          { productId: hoodie.id, minimum: 24, fundraising: 0 },
          { productId: hoodie.id, minimum: 12, fundraising: 0 },
        ],
        'products.1.productId',
        'The product is listed twice (also line 1)',
      ],
      [
        [{ productId: hoodie.id, minimum: 0, fundraising: 0 }],
        'products.0.minimum',
        'Minimum must be at least 1',
      ],
      [
        [{ productId: hoodie.id, minimum: 24, fundraising: -1 }],
        'products.0.fundraising',
        'Fundraising must be at least 0',
      ],
    ];
    for (const [products, propertyName, errorMessage] of refusals) {
      const refused = await put(who.director, id, products);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().validationFailures).toEqual([{ propertyName, errorMessage }]);
    }
    expect(await stored(id)).toEqual([
      expect.objectContaining({ productId: hoodie.id, minimum: 24, fundraising: 10 }),
    ]);
  });

  it('still sells an approved product whose new title, description or price waits for a reviewer', async () => {
    const tee = await addProduct(ctx.db, who.organization.id, { title: 'Spirit Tee', price: 18.5 });
    await ctx.db
      .update(merchandise)
      .set({
        reviewState: 'submitted',
        pendingChanges: { title: 'Crest Tee', description: '', price: 20, returnTo: 'published' },
      })
      .where(eq(merchandise.id, tee.id));
    const id = await scheduleWindow();
    const offered = await who.director({ method: 'GET', url: `/api/campaigns/${id}/candidates` });
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json().result).toContainEqual(expect.objectContaining({ productId: tee.id }));
    const saved = await put(who.director, id, [{ productId: tee.id, minimum: 24, fundraising: 0 }]);
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('keeps another school and other roles out: 404 beyond the school, 403 for a role that runs no windows', async () => {
    const id = await scheduleWindow();
    const cap = await addProduct(ctx.db, riverside, { title: 'Rowing Cap', price: 15 });
    expect((await otherDirector({ url: `/api/campaigns/${id}/products` })).statusCode).toBe(404);
    expect(
      (await put(otherDirector, id, [{ productId: cap.id, minimum: 1, fundraising: 0 }])).statusCode,
    ).toBe(404);
    expect((await otherDirector({ url: `/api/campaigns/${id}/candidates` })).statusCode).toBe(404);
    expect((await reviewer({ url: `/api/campaigns/${id}/products` })).statusCode).toBe(403);
    expect((await who.visitor({ url: `/api/campaigns/${id}/products` })).statusCode).toBe(401);
    expect(await stored(id)).toEqual([]);
  });

  it('changes no more once the window has closed', async () => {
    const hoodie = await addProduct(ctx.db, who.organization.id, { title: 'Spirit Hoodie', price: 40 });
    const id = await scheduleWindow();
    await put(who.director, id, [{ productId: hoodie.id, minimum: 24, fundraising: 10 }]);
    expect((await step(id, 'open')).statusCode).toBe(200);
    expect((await step(id, 'close')).statusCode).toBe(200);
    const refused = await put(who.director, id, []);
    expect(refused.json().validationFailures).toEqual([
      { propertyName: 'products', errorMessage: "A closed campaign's products cannot change" },
    ]);
    expect(await stored(id)).toHaveLength(1);
  });

  it('puts its products on sale at the window price while it is open, and off sale before and after', async () => {
    const hoodie = await addProduct(ctx.db, who.organization.id, {
      title: 'Spirit Hoodie',
      price: 40,
      externalId: 'portal-1',
    });
    const loose = await addProduct(ctx.db, who.organization.id, { title: 'Plain Cap', price: 12 });
    const id = await scheduleWindow();
    await put(who.director, id, [{ productId: hoodie.id, minimum: 24, fundraising: 12.5 }]);
    expect(await windowSale(ctx.db, hoodie.id, 40)).toEqual({ onSale: false, price: 40 });
    expect(await windowSale(ctx.db, loose.id, 12)).toEqual({ onSale: true, price: 12 });
    const syncs = async () =>
      (await ctx.db.select().from(jobs).where(eq(jobs.type, 'merchandise.sync'))).map(
        (job) => (job.payload as { merchandiseId: number }).merchandiseId,
      );
    const before = (await syncs()).length;
    await step(id, 'open');
    expect(await windowSale(ctx.db, hoodie.id, 40)).toEqual({ onSale: true, price: 52.5 });
    expect((await syncs()).slice(before)).toEqual([hoodie.id]);
    await step(id, 'close');
    expect(await windowSale(ctx.db, hoodie.id, 40)).toEqual({ onSale: false, price: 40 });
    expect((await syncs()).slice(before)).toEqual([hoodie.id, hoodie.id]);
    const closeOut = await ctx.db.select().from(jobs).where(eq(jobs.type, 'campaigns.close-out'));
    expect(closeOut.map((job) => job.payload)).toEqual([{ campaignId: id }]);
    const [row] = await ctx.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(row.state).toBe('closed');
  });
});
