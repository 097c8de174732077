import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobs, merchandise } from '../../../../server/db/schema';
import {
  type Ctx,
  closeUploadTestApp,
  multipart,
  type People,
  peopleTestApp,
  pngImage,
  addBaseApparel,
  uploadLogo,
} from '../design-logos/fixtures';
import { type FakeProduct, FakeShopify } from './fake-shopify';
import { onSale } from './support';

let shop: FakeShopify;
let ctx: Ctx;
let who: People;

beforeEach(async () => {
  shop = new FakeShopify();
  const shopUrl = await shop.start();
  ({ ctx, who } = await peopleTestApp({
    publicUrl: 'https://portal.example',
    shopify: { shopUrl, accessToken: 'shpat_test', apiVersion: '2025-01' },
  }));
});
afterEach(async () => {
  await closeUploadTestApp(ctx);
  await shop.stop();
});

async function createProduct() {
  const apparel = await addBaseApparel(
    ctx,
    { title: 'Pullover Hoodie', description: 'Warm', price: 39 },
    { width: 300, height: 300 },
  );
  const logo = await uploadLogo(who.director);
  const response = await who.director({
    method: 'POST',
    url: '/api/merchandise/create-merchandise-by-organization',
    ...multipart(
      {
        Title: 'Lincoln <Hoodie>',
        Description: 'Warm & cosy',
        Price: '42.5',
        LogoId: logo.id,
        BaseApparelId: apparel.id,
      },
      { name: 'p.png', type: 'image/png', content: await pngImage(300, 300) },
    ),
  });
  const product = response.json().result as { id: number };
  await onSale(ctx, product.id);
  return product;
}

describe('Shopify storefront (SHOPIFY_* set)', () => {
  it('receives nothing until a reviewer approves the design and its director publishes it', async () => {
    const product = await createProduct();
    await ctx.db.update(merchandise).set({ reviewState: 'draft' }).where(eq(merchandise.id, product.id));
    await ctx.app.jobs.drain();
    const step = (call: typeof who.admin, name: string) =>
      call({ method: 'POST', url: `/api/merchandise/${product.id}/transitions/${name}`, payload: {} });
    expect((await step(who.director, 'submit')).statusCode).toBe(200);
    expect((await step(who.admin, 'approve')).statusCode).toBe(200);
    await ctx.app.jobs.drain();
    expect(shop.received).toEqual([]);
    expect((await step(who.director, 'publish')).statusCode).toBe(200);
    await ctx.app.jobs.drain();
    expect(shop.received.map((call) => call.path)).toEqual(['/admin/api/2025-01/products.json']);
    const [row] = await ctx.db.select().from(merchandise).where(eq(merchandise.id, product.id));
    expect(row).toMatchObject({ reviewState: 'published', externalId: '7001' });
  });

  it('publishes a processed product with its image, price and the access token', async () => {
    const product = await createProduct();
    await ctx.app.jobs.drain();
    expect(shop.received).toHaveLength(1);
    const [call] = shop.received;
    expect(call.path).toBe('/admin/api/2025-01/products.json');
    expect(call.token).toBe('shpat_test');
    const sent = call.body.product as {
      title: string;
      body_html: string;
      vendor: string;
      variants: { price: string }[];
      images: { attachment: string }[];
    };
    expect(sent.title).toBe('Lincoln <Hoodie>');
    expect(sent.body_html).toBe('Warm &#38; cosy');
    expect(sent.vendor).toBe('Lincoln High School');
    expect(sent.variants).toEqual([{ price: '42.50' }]);
    expect((await sharp(Buffer.from(sent.images[0].attachment, 'base64')).metadata()).format).toBe('png');
    const [row] = await ctx.db.select().from(merchandise).where(eq(merchandise.id, product.id));
    expect(row).toMatchObject({ status: 'ready', externalId: '7001' });
  });

  async function createTwoColourProduct() {
    const apparel = await addBaseApparel(
      ctx,
      { title: 'Pullover Hoodie', description: 'Warm', price: 39 },
      { width: 300, height: 300 },
    );
    const colourIds = [];
    for (const [name, hex] of [
      ['Athletic Grey', '#5b5b5b'],
      ['Navy', '#003366'],
    ]) {
      const added = await who.admin({
        method: 'POST',
        url: `/api/merchandise/base-apparel/${apparel.id}/colours`,
        ...multipart(
          { Name: name, Hex: hex },
          { name: 'g.png', type: 'image/png', content: await pngImage(300, 300, hex) },
        ),
      });
      colourIds.push(added.json().result.id);
    }
    const logo = await uploadLogo(who.director);
    const created = await who.director({
      method: 'POST',
      url: '/api/merchandise/create-merchandise-by-organization',
      ...multipart(
        {
          Title: 'Crest Hoodie',
          Price: '42.5',
          LogoId: logo.id,
          BaseApparelId: apparel.id,
          ColourIds: colourIds.join(','),
        },
        { name: 'p.png', type: 'image/png', content: await pngImage(300, 300) },
      ),
    });
    expect(created.statusCode, created.body).toBe(200);
    const product = created.json().result as { id: number };
    await onSale(ctx, product.id);
    return product;
  }

  /** The colour of a picture Shopify holds, where the garment shows (its top-left corner). */
  async function pictureColour(attachment: string) {
    const { data } = await sharp(Buffer.from(attachment, 'base64'))
      .raw()
      .toBuffer({ resolveWithObject: true });
    return [data[0], data[1], data[2]];
  }

  it('publishes a product in two colours with a "Color" option, a variant and a picture per colour', async () => {
    await createTwoColourProduct();
    await ctx.app.jobs.drain();
    const sent = shop.received[0].body.product as {
      options: { name: string; values: string[] }[];
      variants: { option1: string; price: string }[];
      images: { attachment: string }[];
    };
    expect(sent.options).toEqual([{ name: 'Color', values: ['Athletic Grey', 'Navy'] }]);
    expect(sent.variants).toEqual([
      { option1: 'Athletic Grey', price: '42.50' },
      { option1: 'Navy', price: '42.50' },
    ]);
    expect(sent.images).toHaveLength(2);
    // The navy picture: the garment navy where the logo is not.
    expect(await pictureColour(sent.images[1].attachment)).toEqual([0, 0x33, 0x66]);
  });

  it("ties each colour's variant to its colour's picture once the product exists", async () => {
    await createTwoColourProduct();
    await ctx.app.jobs.drain();
    const { variants, images } = shop.product!;
    const pictureOf = async (variant: FakeProduct['variants'][number]) =>
      pictureColour(images.find((image) => image.id === variant.image_id)!.attachment);
    expect(variants.map((variant) => variant.option1)).toEqual(['Athletic Grey', 'Navy']);
    expect(await pictureOf(variants[0])).toEqual([0x5b, 0x5b, 0x5b]);
    expect(await pictureOf(variants[1])).toEqual([0, 0x33, 0x66]);
  });

  it('publishes the product once when tying the pictures fails, and ties them on the retry', async () => {
    shop.failOnce = (method) => method === 'PUT';
    const product = await createTwoColourProduct();
    await ctx.app.jobs.drain();
    let [job] = await ctx.db.select().from(jobs);
    expect(job).toMatchObject({ status: 'queued' });
    expect(job.lastError).toContain('503');
    await ctx.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job.id));
    await ctx.app.jobs.drain();
    [job] = await ctx.db.select().from(jobs);
    expect(job.status).toBe('done');
    expect(shop.received.filter((call) => call.path.endsWith('/products.json'))).toHaveLength(1);
    expect(shop.product!.variants.map((variant) => variant.image_id)).toEqual([9_001, 9_002]);
    const [row] = await ctx.db.select().from(merchandise).where(eq(merchandise.id, product.id));
    expect(row).toMatchObject({ status: 'ready', externalId: '7001' });
  });

  it('retries when Shopify is down, keeping the last error, and finishes once it answers', async () => {
    shop.failuresLeft = 1;
    const product = await createProduct();
    await ctx.app.jobs.drain();
    let [job] = await ctx.db.select().from(jobs);
    expect(job.status).toBe('queued');
    expect(job.lastError).toContain('503');
    let [row] = await ctx.db.select().from(merchandise).where(eq(merchandise.id, product.id));
    expect(row.status).toBe('processing');

    await ctx.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job.id));
    await ctx.app.jobs.drain();
    [job] = await ctx.db.select().from(jobs);
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
    [row] = await ctx.db.select().from(merchandise).where(eq(merchandise.id, product.id));
    expect(row.status).toBe('ready');
  });

  it('marks the product failed when every attempt fails', async () => {
    shop.failuresLeft = 100;
    const product = await createProduct();
    await ctx.db.update(jobs).set({ maxAttempts: 1 });
    await ctx.app.jobs.drain();
    const [row] = await ctx.db.select().from(merchandise).where(eq(merchandise.id, product.id));
    expect(row.status).toBe('failed');
    const list = await who.director({
      method: 'GET',
      url: `/api/merchandise/merchandise-by-organization?organizationGuid=${who.lincoln.guid}&maxProductCount=5`,
    });
    expect(list.json().result.products[0]).toMatchObject({ status: 'failed', media: [] });
    // The director who made it is told, with the reason.
    const told = (await who.director({ url: '/api/notifications' })).json().result.items;
    expect(told).toEqual([
      expect.objectContaining({
        category: 'jobs',
        messageKey: 'jobs.renderFailed',
        params: { title: row.title, error: expect.stringContaining('503') },
        link: '/admin/merchandise',
      }),
    ]);
  });

  it('publishes an edit and an archiving to the published product', async () => {
    const product = await createProduct();
    await ctx.app.jobs.drain();
    shop.received = [];
    const edit = await who.director({
      method: 'PUT',
      url: `/api/merchandise/${product.id}`,
      payload: { title: 'Crest Hoodie', description: 'Warmer', price: 45 },
    });
    expect(edit.statusCode).toBe(200);
    await ctx.app.jobs.drain();
    const update = shop.received.find((call) => call.method === 'PUT');
    expect(update?.path).toBe('/admin/api/2025-01/products/7001.json');
    expect(update?.body.product).toEqual({
      id: '7001',
      title: 'Crest Hoodie',
      body_html: 'Warmer',
      status: 'active',
      variants: [{ id: 8001, price: '45.00' }],
    });

    shop.received = [];
    await who.director({ method: 'POST', url: `/api/merchandise/${product.id}/archive` });
    await ctx.app.jobs.drain();
    const archive = shop.received.find((call) => call.method === 'PUT');
    expect((archive?.body.product as { status: string }).status).toBe('archived');
  });

  it('puts a product restored from the trash back on sale', async () => {
    const product = await createProduct();
    await ctx.app.jobs.drain();
    await who.director({ method: 'POST', url: `/api/merchandise/${product.id}/archive` });
    await ctx.app.jobs.drain();
    shop.received = [];
    const restored = await who.director({
      method: 'POST',
      url: '/api/merchandise/restore-many',
      payload: { ids: [product.id] },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    await ctx.app.jobs.drain();
    const update = shop.received.find((call) => call.method === 'PUT');
    expect(update?.path).toBe('/admin/api/2025-01/products/7001.json');
    expect((update?.body.product as { status: string }).status).toBe('active');
  });

  describe('a product deleted forever from the trash', () => {
    async function purged() {
      const product = await createProduct();
      await ctx.app.jobs.drain();
      await who.director({ method: 'POST', url: `/api/merchandise/${product.id}/archive` });
      await ctx.app.jobs.drain();
      shop.received = [];
      const purge = await who.director({
        method: 'POST',
        url: '/api/merchandise/purge-many',
        payload: { ids: [product.id] },
      });
      expect(purge.statusCode, purge.body).toBe(200);
      await ctx.app.jobs.drain();
    }

    it('is deleted from the shop too, not left there archived', async () => {
      await purged();
      expect(shop.received.map(({ method, path }) => `${method} ${path}`)).toEqual([
        'DELETE /admin/api/2025-01/products/7001.json',
      ]);
      expect(shop.deleted.has(7_001)).toBe(true);
      const failed = await ctx.db.select().from(jobs).where(eq(jobs.status, 'failed'));
      expect(failed).toEqual([]);
    });

    it('is done when someone already deleted it by hand in the shop', async () => {
      shop.deleted.add(7_001);
      await purged();
      expect(shop.received.map(({ method }) => method)).toEqual(['DELETE']);
      const removal = await ctx.db.select().from(jobs).where(eq(jobs.type, 'merchandise.remove'));
      expect(removal).toMatchObject([{ status: 'done', payload: { externalId: '7001' } }]);
    });
  });

  it('UploadImageToShopify stores the png and has Shopify fetch it from the portal', async () => {
    const response = await who.director({
      method: 'POST',
      url: '/api/merchandise/UploadImageToShopify',
      ...multipart({}, { name: 'banner.png', type: 'image/png', content: await pngImage() }),
    });
    expect(response.statusCode).toBe(200);
    const { imageUrl } = response.json().result;
    expect(imageUrl).toMatch(
      /^https:\/\/portal\.example\/api\/merchandise\/media\/storefront-uploads\/[0-9a-f-]{36}$/,
    );
    const [call] = shop.received;
    expect(call.path).toBe('/admin/api/2025-01/graphql.json');
    expect(call.body.variables).toEqual({ files: [{ originalSource: imageUrl, contentType: 'IMAGE' }] });
    const served = await who.visitor({ method: 'GET', url: new URL(imageUrl).pathname });
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('UploadImageToShopify refuses anything but a png', async () => {
    const response = await who.director({
      method: 'POST',
      url: '/api/merchandise/UploadImageToShopify',
      ...multipart({}, { name: 'x.png', type: 'image/png', content: '<html></html>' }),
    });
    expect(response.statusCode).toBe(400);
    expect(shop.received).toEqual([]);
  });
});
