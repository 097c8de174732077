import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { combinationExistsMessage, printDpiTooLow } from '../../../../contract/merchandise';
import { auditLog, baseApparel, jobs, merchandise } from '../../../../server/db/schema';
import { printLongSide } from '../../../../server/modules/merchandise/print';
import { syncMerchandiseJob } from '../../../../server/modules/merchandise/service';
import {
  type Call,
  closeUploadTestApp,
  type Ctx,
  type People,
  pngImage,
  uploadLogo,
} from '../design-logos/fixtures';
import { createProduct, productCount, productFields, productTestApp } from './support';

let ctx: Ctx;
let who: People;
let apparelId: number;
beforeEach(async () => ({ ctx, who, apparelId } = await productTestApp()));
afterEach(() => closeUploadTestApp(ctx));

const placed = (x: number, y: number, width: number, rotation = 0) => ({
  PlacementX: String(x),
  PlacementY: String(y),
  PlacementWidth: String(width),
  PlacementRotation: String(rotation),
});

const failures = (response: Awaited<ReturnType<Call>>) =>
  (response.json().validationFailures as { propertyName: string }[]).map((failure) => failure.propertyName);

describe('placement on create', () => {
  it('stores the one-click placement when none is sent: a quarter of the width, centred, top one third down', async () => {
    const logo = await uploadLogo(who.director);
    const product = (await createProduct(who.director, productFields(apparelId, logo.id))).json().result;
    // 64 x 48 logo on a square image: a quarter wide is 0.1875 high, so its centre is 1/3 + 0.09375.
    expect(product.placement).toEqual({ x: 0.5, y: 0.427083, width: 0.25, rotation: 0 });
  });

  it('stores a customized placement, and lets Customize make variants of a used pair', async () => {
    const logo = await uploadLogo(who.director);
    expect((await createProduct(who.director, productFields(apparelId, logo.id))).statusCode).toBe(200);
    const variant = await createProduct(
      who.director,
      productFields(apparelId, logo.id, placed(0.4, 0.6, 0.3, 15)),
    );
    expect(variant.statusCode).toBe(200);
    expect(variant.json().result.placement).toEqual({ x: 0.4, y: 0.6, width: 0.3, rotation: 15 });
    const again = await createProduct(
      who.director,
      productFields(apparelId, logo.id, placed(0.4, 0.6, 0.3, 15)),
    );
    expect(again.json().validationFailures).toEqual([
      { propertyName: '', errorMessage: combinationExistsMessage },
    ]);
    expect(await productCount(ctx)).toBe(2);
  });

  it('keeps refusing the one-click Create once the pair exists in any placement', async () => {
    const logo = await uploadLogo(who.director);
    await createProduct(who.director, productFields(apparelId, logo.id, placed(0.3, 0.3, 0.2)));
    const oneClick = await createProduct(who.director, productFields(apparelId, logo.id));
    expect(oneClick.statusCode).toBe(400);
    expect(oneClick.json().validationFailures[0].errorMessage).toBe(combinationExistsMessage);
    const apparel = (await who.director({ method: 'GET', url: '/api/merchandise/base-apparel' })).json()
      .result.products[0];
    expect(apparel.usedLogoIds).toEqual([logo.id]);
  });

  it.each([
    ['a non-numeric centre', { ...placed(0.5, 0.5, 0.2), PlacementX: 'middle' }, 'PlacementX'],
    ['a centre out of range', { ...placed(0.5, 1.5, 0.2) }, 'PlacementY'],
    ['too wide a logo', { ...placed(0.5, 0.5, 5) }, 'PlacementWidth'],
    ['a rotation out of range', { ...placed(0.5, 0.5, 0.2, 720) }, 'PlacementRotation'],
    ['a placement without its centre', { PlacementX: '0.5', PlacementWidth: '0.2' }, 'PlacementY'],
  ])('refuses %s with the field named', async (_case, placement, field) => {
    const logo = await uploadLogo(who.director);
    const response = await createProduct(who.director, productFields(apparelId, logo.id, placement));
    expect(response.statusCode).toBe(400);
    expect(failures(response)).toContain(field);
    expect(await productCount(ctx)).toBe(0);
  });

  it('refuses a logo outside the apparel’s printable area', async () => {
    await ctx.db
      .update(baseApparel)
      .set({
        printAreas: {
          front: { left: 0.3, top: 0.2, width: 0.4, height: 0.55, widthInches: 12, heightInches: 16.5 },
          back: null,
        },
      })
      .where(eq(baseApparel.id, apparelId));
    const logo = await uploadLogo(who.director, {
      name: 'big.png',
      type: 'image/png',
      content: await pngImage(1600, 1200, '#ff0000'),
    });
    const left = await createProduct(who.director, productFields(apparelId, logo.id, placed(0.2, 0.5, 0.1)));
    expect(failures(left)).toEqual(['PlacementX']);
    // 0.38 wide fits upright; turned by 45 degrees its corners stick out of the 0.4 wide area.
    expect(
      (await createProduct(who.director, productFields(apparelId, logo.id, placed(0.5, 0.5, 0.38))))
        .statusCode,
    ).toBe(200);
    const turned = await createProduct(
      who.director,
      productFields(apparelId, logo.id, placed(0.5, 0.5, 0.38, 45)),
    );
    expect(failures(turned)).toEqual(['PlacementWidth']);
    expect(await productCount(ctx)).toBe(1);
  });

  it('refuses a price below the apparel’s base price', async () => {
    const logo = await uploadLogo(who.director);
    const response = await createProduct(who.director, productFields(apparelId, logo.id, { Price: '14.49' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().validationFailures).toEqual([
      { propertyName: 'Price', errorMessage: "Price must be at least the apparel's base price of $14.50" },
    ]);
    expect(
      (await createProduct(who.director, productFields(apparelId, logo.id, { Price: '14.50' }))).statusCode,
    ).toBe(200);
  });
});

describe('print quality', () => {
  const tee = {
    front: { left: 0.3, top: 0.2, width: 0.4, height: 0.55, widthInches: 12, heightInches: 16.5 },
    back: null,
  };
  beforeEach(async () => {
    await ctx.db.update(baseApparel).set({ printAreas: tee }).where(eq(baseApparel.id, apparelId));
  });
  const fullFront = placed(0.5, 0.475, 0.4);

  it('refuses a 60 x 60 px PNG scaled to the full front: it would print at 5 DPI', async () => {
    const logo = await uploadLogo(who.director, {
      name: 'tiny.png',
      type: 'image/png',
      content: await pngImage(60, 60, '#ff0000'),
    });
    const response = await createProduct(who.director, productFields(apparelId, logo.id, fullFront));
    expect(response.statusCode).toBe(400);
    // 60 px over 12 inches.
    expect(response.json().validationFailures).toEqual([
      { propertyName: 'PlacementWidth', errorMessage: printDpiTooLow(5) },
    ]);
    expect(printDpiTooLow(5)).toBe('Prints at 5 DPI; a print needs at least 72');
    // The one-click size (7.5 inches) is refused too: 8 DPI.
    const oneClick = await createProduct(who.director, productFields(apparelId, logo.id));
    expect(oneClick.json().validationFailures[0].errorMessage).toBe(printDpiTooLow(8));
    expect(await productCount(ctx)).toBe(0);
  });

  it('accepts 72 DPI and more, and an SVG logo at any size', async () => {
    const enough = await uploadLogo(who.director, {
      name: 'enough.png',
      type: 'image/png',
      content: await pngImage(864, 864, '#ff0000'),
    });
    // 864 px over 12 inches is exactly 72 DPI: soft, warned in the studio, but printed.
    expect(
      (await createProduct(who.director, productFields(apparelId, enough.id, fullFront))).statusCode,
    ).toBe(200);
    const svg = await uploadLogo(who.director, {
      name: 'tiny.svg',
      type: 'image/svg+xml',
      content:
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 6 6" width="6" height="6"><rect width="6" height="6" fill="#00f"/></svg>',
    });
    expect((await createProduct(who.director, productFields(apparelId, svg.id, fullFront))).statusCode).toBe(
      200,
    );
  });
});

/** The bounding box of the pixels close to a colour, in fractions of the image. */
async function colourBox(png: Buffer, colour: [number, number, number]) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  let left = info.width;
  let top = info.height;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < info.height; y += 1) {
    for (let x = 0; x < info.width; x += 1) {
      const at = (y * info.width + x) * info.channels;
      const near =
        Math.abs(data[at] - colour[0]) < 60 &&
        Math.abs(data[at + 1] - colour[1]) < 60 &&
        Math.abs(data[at + 2] - colour[2]) < 60;
      if (!near) continue;
      left = Math.min(left, x);
      right = Math.max(right, x + 1);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y + 1);
    }
  }
  return {
    info,
    left: left / info.width,
    top: top / info.height,
    right: right / info.width,
    bottom: bottom / info.height,
  };
}

describe('print file', () => {
  it('is rendered from the original logo at 4500 px, the logo exactly where the placement says', async () => {
    const logo = await uploadLogo(who.director);
    const product = (
      await createProduct(who.director, productFields(apparelId, logo.id, placed(0.4, 0.6, 0.3)))
    ).json().result;
    await ctx.app.jobs.drain();
    const [ready] = (
      await who.director({
        method: 'GET',
        url: `/api/merchandise/merchandise-by-organization?organizationGuid=${who.lincoln.guid}`,
      })
    ).json().result.products;
    expect(ready.printFileUrl).toBe(`/api/merchandise/${product.id}/print-file`);
    const file = await who.director({ method: 'GET', url: ready.printFileUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const box = await colourBox(file.rawPayload, [255, 0, 0]);
    expect(Math.max(box.info.width, box.info.height)).toBe(printLongSide);
    // 64 x 48 logo, 0.3 of the width wide on a square: 0.225 high.
    expect(Math.abs(box.left - 0.25)).toBeLessThan(0.01);
    expect(Math.abs(box.right - 0.55)).toBeLessThan(0.01);
    expect(Math.abs(box.top - (0.6 - 0.1125))).toBeLessThan(0.01);
    expect(Math.abs(box.bottom - (0.6 + 0.1125))).toBeLessThan(0.01);
  });

  it('turns the logo by the stored rotation and keeps an SVG logo vector until printed size', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20" width="40" height="20"><rect width="40" height="20" fill="#0000ff"/></svg>';
    const logo = await uploadLogo(who.director, { name: 'bar.svg', type: 'image/svg+xml', content: svg });
    await createProduct(who.director, productFields(apparelId, logo.id, placed(0.5, 0.5, 0.4, 90)));
    await ctx.app.jobs.drain();
    const [row] = await ctx.db.select().from(merchandise);
    const file = await who.admin({ method: 'GET', url: `/api/merchandise/${row.id}/print-file` });
    expect(file.statusCode).toBe(200);
    const box = await colourBox(file.rawPayload, [0, 0, 255]);
    // Upright 0.4 x 0.2; a quarter turn stands it 0.2 wide and 0.4 high.
    expect(Math.abs(box.right - box.left - 0.2)).toBeLessThan(0.01);
    expect(Math.abs(box.bottom - box.top - 0.4)).toBeLessThan(0.01);
    // A 40 px raster blown up to 900 px would blur its edge over tens of pixels; a vector does not.
    const { data, info } = await sharp(file.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const row2250 = 2250 * info.width * info.channels;
    let blended = 0;
    for (let x = 0; x < info.width; x += 1) {
      const blue = data[row2250 + x * info.channels + 2];
      const red = data[row2250 + x * info.channels];
      if (blue > 40 && red > 40 && red < 215) blended += 1;
    }
    expect(blended).toBeLessThanOrEqual(4);
  });

  it('keeps the apparel’s transparency', async () => {
    const clear = await ctx.app.storage.put(
      await sharp({
        create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
      })
        .png()
        .toBuffer(),
      { contentType: 'image/png', prefix: 'base-apparel' },
    );
    await ctx.db.update(baseApparel).set({ imageKey: clear.key }).where(eq(baseApparel.id, apparelId));
    const logo = await uploadLogo(who.director);
    const product = (await createProduct(who.director, productFields(apparelId, logo.id))).json().result;
    await ctx.app.jobs.drain();
    const file = await who.director({ method: 'GET', url: `/api/merchandise/${product.id}/print-file` });
    const { data, info } = await sharp(file.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([4500, 3000, 4]);
    expect(data[3]).toBe(0);
    const centre = (1500 * 4500 + 2250) * 4;
    expect(data[centre + 3]).toBe(255);
  });

  it('is downloaded only by Admins and the owning organization', async () => {
    const logo = await uploadLogo(who.director);
    const product = (await createProduct(who.director, productFields(apparelId, logo.id))).json().result;
    await ctx.app.jobs.drain();
    const url = `/api/merchandise/${product.id}/print-file`;
    expect((await who.otherDirector({ method: 'GET', url })).statusCode).toBe(403);
    expect((await who.visitor({ method: 'GET', url })).statusCode).toBe(401);
    expect((await who.admin({ method: 'GET', url })).statusCode).toBe(200);
  });
});

describe('editing and archiving a product', () => {
  async function product() {
    const logo = await uploadLogo(who.director);
    return (await createProduct(who.director, productFields(apparelId, logo.id))).json().result as {
      id: number;
    };
  }

  const edit = (call: Call, id: number, body: Record<string, unknown>) =>
    call({ method: 'PUT', url: `/api/merchandise/${id}`, payload: body });

  it('changes the title, description and price, audited', async () => {
    const { id } = await product();
    const response = await edit(who.director, id, { title: 'Crest Tee', description: 'New', price: 30 });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ title: 'Crest Tee', description: 'New', price: 30 });
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'update'));
    expect(entry).toMatchObject({ entityType: 'merchandise', entityId: String(id) });
  });

  it('refuses a price below the base price', async () => {
    const { id } = await product();
    const response = await edit(who.director, id, { title: 'Tee', description: '', price: 10 });
    expect(failures(response)).toEqual(['price']);
  });

  it("refuses another organization's product with 403 and changes nothing", async () => {
    const { id } = await product();
    expect(
      (await edit(who.otherDirector, id, { title: 'Mine', description: '', price: 30 })).statusCode,
    ).toBe(403);
    expect(
      (await who.otherDirector({ method: 'POST', url: `/api/merchandise/${id}/archive` })).statusCode,
    ).toBe(403);
    const [row] = await ctx.db.select().from(merchandise);
    expect(row).toMatchObject({ title: 'Lincoln Tee', archivedAt: null });
  });

  it('archiving hides the product from the gallery but keeps it for orders, audited', async () => {
    const { id } = await product();
    const response = await who.director({ method: 'POST', url: `/api/merchandise/${id}/archive` });
    expect(response.statusCode).toBe(200);
    const gallery = await who.director({
      method: 'GET',
      url: `/api/merchandise/merchandise-by-organization?organizationGuid=${who.lincoln.guid}`,
    });
    expect(gallery.json().result.products).toEqual([]);
    expect(await productCount(ctx)).toBe(1);
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'archive'));
    expect(entry.entityId).toBe(String(id));
    expect((await edit(who.director, id, { title: 'Again', description: '', price: 30 })).statusCode).toBe(
      404,
    );
  });

  it('sends an edit to the storefront once the product is published, and queues nothing for one never published', async () => {
    const { id } = await product();
    expect(
      (await edit(who.director, id, { title: 'Crest Tee', description: '', price: 30 })).statusCode,
    ).toBe(200);
    const syncs = () => ctx.db.select().from(jobs).where(eq(jobs.type, syncMerchandiseJob));
    expect(await syncs()).toHaveLength(1);

    // Ready without a storefront id, as the demo's products are.
    await ctx.db.delete(jobs);
    await ctx.db.update(merchandise).set({ status: 'ready', externalId: null }).where(eq(merchandise.id, id));
    expect(
      (await edit(who.director, id, { title: 'Crest Tee', description: '', price: 31 })).statusCode,
    ).toBe(200);
    expect((await who.director({ method: 'POST', url: `/api/merchandise/${id}/archive` })).statusCode).toBe(
      200,
    );
    expect(await syncs()).toHaveLength(0);
  });
});

describe('Try again', () => {
  it('processes a failed product again', async () => {
    const logo = await uploadLogo(who.director);
    const { id } = (await createProduct(who.director, productFields(apparelId, logo.id))).json().result;
    await ctx.db.update(merchandise).set({ status: 'failed' }).where(eq(merchandise.id, id));
    await ctx.db.delete(jobs);
    const response = await who.director({ method: 'POST', url: `/api/merchandise/${id}/retry` });
    expect(response.json().result.status).toBe('processing');
    await ctx.app.jobs.drain();
    const [row] = await ctx.db.select().from(merchandise);
    expect(row.status).toBe('ready');
  });

  it('refuses a product that has not failed', async () => {
    const logo = await uploadLogo(who.director);
    const { id } = (await createProduct(who.director, productFields(apparelId, logo.id))).json().result;
    expect((await who.director({ method: 'POST', url: `/api/merchandise/${id}/retry` })).statusCode).toBe(
      400,
    );
  });
});
