import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { combinationExistsMessage } from '../../../../contract/merchandise';
import { baseApparel, brands, jobs, merchandise } from '../../../../server/db/schema';
import { apparelSeeds, seedBaseApparel } from '../../../../server/seed/apparel';
import {
  addBaseApparel,
  closeUploadTestApp,
  type Ctx,
  type People,
  pngImage,
  storedFiles,
  svgImage,
  uploadLogo,
} from '../design-logos/fixtures';
import { hearChanges } from '../changes/heard';
import { createProduct, productCount, productFields, productTestApp } from './support';

let ctx: Ctx;
let who: People;
let apparelId: number;
beforeEach(async () => ({ ctx, who, apparelId } = await productTestApp()));
afterEach(() => closeUploadTestApp(ctx));

describe('GET /api/merchandise/base-apparel', () => {
  it('seeds at least twelve items across several brands, each with a png image the composition can load', async () => {
    await ctx.db.delete(baseApparel);
    await seedBaseApparel(ctx.db, ctx.app.storage);
    await seedBaseApparel(ctx.db, ctx.app.storage);
    const response = await who.director({ method: 'GET', url: '/api/merchandise/base-apparel' });
    expect(response.statusCode).toBe(200);
    const products = response.json().result.products;
    expect(products.length).toBe(apparelSeeds.length);
    expect(products.length).toBeGreaterThanOrEqual(12);
    expect(new Set(products.map((item: { brand: string }) => item.brand)).size).toBeGreaterThanOrEqual(5);
    const image = await who.director({ method: 'GET', url: products[0].media[0].imageUrl });
    expect(image.headers['content-type']).toBe('image/png');
    const metadata = await sharp(image.rawPayload).metadata();
    expect(metadata.width).toBe(1200);
    expect(products[0]).toMatchObject({
      title: expect.any(String),
      price: expect.any(Number),
      usedLogoIds: [],
    });
    const [brand] = await ctx.db.select().from(brands).where(eq(brands.slug, 'gildan'));
    expect(products.find((item: { title: string }) => item.title === 'Classic Cotton Tee').brand).toBe(
      brand.name,
    );
  });

  it('lists the logo ids already used with each item by the current organization only', async () => {
    const logo = await uploadLogo(who.director);
    expect((await createProduct(who.director, productFields(apparelId, logo.id))).statusCode).toBe(200);
    const theirs = await uploadLogo(who.otherDirector);
    await createProduct(who.otherDirector, productFields(apparelId, theirs.id));
    const mine = (await who.director({ method: 'GET', url: '/api/merchandise/base-apparel' })).json().result
      .products;
    expect(mine.find((item: { id: number }) => item.id === apparelId).usedLogoIds).toEqual([logo.id]);
  });
});

describe('POST /api/merchandise/create-merchandise-by-organization', () => {
  it('records the product as processing, and the job makes it ready with an image and a thumbnail', async () => {
    const logo = await uploadLogo(who.director);
    const response = await createProduct(
      who.director,
      productFields(apparelId, logo.id),
      await pngImage(800, 800),
    );
    expect(response.statusCode).toBe(200);
    const product = response.json().result;
    expect(product).toMatchObject({
      title: 'Lincoln Tee',
      price: 24.99,
      status: 'processing',
      media: [],
      logoId: logo.id,
      baseApparelId: apparelId,
      organizationId: who.lincoln.id,
    });
    const [job] = await ctx.db.select().from(jobs);
    expect(job).toMatchObject({
      type: 'merchandise.process',
      status: 'queued',
      payload: { merchandiseId: product.id },
    });

    const heard = await hearChanges(ctx.db);
    await ctx.app.jobs.drain();
    // An open gallery swaps the processing card for the finished product without Refresh.
    expect(await heard.waitFor({ resource: 'merchandise', id: product.id })).toMatchObject({
      action: 'updated',
      organizationId: who.lincoln.id,
    });
    await heard.close();

    const list = await who.director({
      method: 'GET',
      url: `/api/merchandise/merchandise-by-organization?organizationGuid=${who.lincoln.guid}&maxProductCount=10`,
    });
    const [ready] = list.json().result.products;
    expect(ready.status).toBe('ready');
    const image = await who.visitor({ method: 'GET', url: ready.media[0].imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(800);
    const thumbnail = await who.visitor({ method: 'GET', url: ready.media[0].thumbnailUrl });
    expect((await sharp(thumbnail.rawPayload).metadata()).width).toBe(480);
    expect(await storedFiles(ctx, 'merchandise-sources')).toEqual([]);
    // Drawn, but not on sale: a reviewer has not seen it yet (review.test.ts).
    const [row] = await ctx.db.select().from(merchandise);
    expect(row).toMatchObject({ reviewState: 'draft', externalId: null });
  });

  it(`refuses the same logo and apparel twice with '${combinationExistsMessage}'`, async () => {
    const logo = await uploadLogo(who.director);
    await createProduct(who.director, productFields(apparelId, logo.id));
    const again = await createProduct(who.director, productFields(apparelId, logo.id));
    expect(again.statusCode).toBe(400);
    expect(again.json().validationFailures).toEqual([
      { propertyName: '', errorMessage: combinationExistsMessage },
    ]);
    expect(await productCount(ctx)).toBe(1);
    expect(await storedFiles(ctx, 'merchandise-sources')).toHaveLength(1);
  });

  describe('bad input leaves no row and no stored file', () => {
    async function expectNothingLeft() {
      expect(await productCount(ctx)).toBe(0);
      expect(await storedFiles(ctx, 'merchandise-sources')).toEqual([]);
      const [queued] = await ctx.db.select({ n: count() }).from(jobs);
      expect(queued.n).toBe(0);
    }

    it.each([
      ['negative', '-5'],
      ['not a number', 'ten dollars'],
      ['more than two decimals', '1.999'],
    ])('refuses a price that is %s', async (_case, price) => {
      const logo = await uploadLogo(who.director);
      const response = await createProduct(who.director, productFields(apparelId, logo.id, { Price: price }));
      expect(response.statusCode).toBe(400);
      expect(response.json().validationFailures[0].propertyName).toBe('Price');
      await expectNothingLeft();
    });

    it('refuses a logo of another organization with 403', async () => {
      const theirs = await uploadLogo(who.otherDirector);
      const response = await createProduct(who.director, productFields(apparelId, theirs.id));
      expect(response.statusCode).toBe(403);
      await expectNothingLeft();
    });

    it('refuses a director creating for another organization with 403', async () => {
      const logo = await uploadLogo(who.director);
      const response = await createProduct(
        who.director,
        productFields(apparelId, logo.id, { OrganizationId: who.riverside.id }),
      );
      expect(response.statusCode).toBe(403);
      await expectNothingLeft();
    });

    it('refuses an apparel id that does not exist', async () => {
      const logo = await uploadLogo(who.director);
      const response = await createProduct(
        who.director,
        productFields(apparelId, logo.id, { BaseApparelId: 999 }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().validationFailures[0].propertyName).toBe('BaseApparelId');
      await expectNothingLeft();
    });

    it('refuses an image that is not a png (an svg, or HTML named .png)', async () => {
      const logo = await uploadLogo(who.director);
      for (const content of [svgImage, '<html><script>alert(1)</script></html>']) {
        const response = await createProduct(who.director, productFields(apparelId, logo.id), content);
        expect(response.statusCode).toBe(400);
        expect(response.json().validationFailures[0].propertyName).toBe('ImageFile');
      }
      await expectNothingLeft();
    });

    it('refuses a missing title', async () => {
      const logo = await uploadLogo(who.director);
      const response = await createProduct(who.director, productFields(apparelId, logo.id, { Title: '  ' }));
      expect(response.json().validationFailures).toEqual([
        { propertyName: 'Title', errorMessage: 'Title is required' },
      ]);
      await expectNothingLeft();
    });
  });
});

describe('GET /api/merchandise/merchandise-by-organization', () => {
  it('answers the products and the storefront address; an Admin may read any organization', async () => {
    const response = await who.admin({
      method: 'GET',
      url: `/api/merchandise/merchandise-by-organization?organizationGuid=${who.riverside.guid}&maxProductCount=5`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toEqual({ products: [], spiritShopAddress: null });
  });

  it('refuses a director reading another organization with 403', async () => {
    const response = await who.director({
      method: 'GET',
      url: `/api/merchandise/merchandise-by-organization?organizationGuid=${who.riverside.guid}&maxProductCount=5`,
    });
    expect(response.statusCode).toBe(403);
  });

  it('keeps to maxProductCount, newest first', async () => {
    const logo = await uploadLogo(who.director);
    const second = await addBaseApparel(
      ctx,
      { title: 'Hoodie', description: 'Warm', price: 39 },
      { width: 64, height: 48 },
    );
    await createProduct(who.director, productFields(apparelId, logo.id, { Title: 'First' }));
    await createProduct(
      who.director,
      productFields(apparelId, logo.id, { Title: 'Second', BaseApparelId: second.id, Price: '39.00' }),
    );
    const response = await who.director({
      method: 'GET',
      url: `/api/merchandise/merchandise-by-organization?organizationGuid=${who.lincoln.guid}&maxProductCount=1`,
    });
    expect(response.json().result.products.map((product: { title: string }) => product.title)).toEqual([
      'Second',
    ]);
  });
});

describe('GET /api/merchandise/media/{key}', () => {
  it('serves only what shoppers see: never a logo or an unprocessed upload, whatever the key', async () => {
    const logo = await uploadLogo(who.director);
    await createProduct(who.director, productFields(apparelId, logo.id));
    const [source] = await storedFiles(ctx, 'merchandise-sources');
    const [logoFile] = await storedFiles(ctx, 'design-logos');
    expect([source, logoFile]).toEqual([
      expect.stringMatching(/^merchandise-sources\//),
      expect.stringMatching(/^design-logos\//),
    ]);
    for (const key of [source, logoFile, '../design-logos/x', 'base-apparel/..%2F..%2Fpglite']) {
      const response = await who.visitor({ method: 'GET', url: `/api/merchandise/media/${key}` });
      expect(response.statusCode, key).toBe(404);
    }
  });
});
