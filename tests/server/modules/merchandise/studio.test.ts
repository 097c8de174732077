import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { combinationExistsMessage, printDpiTooLow } from '../../../../contract/merchandise';
import { auditLog, baseApparel, jobs, merchandise } from '../../../../server/db/schema';
import { syncMerchandiseJob } from '../../../../server/modules/merchandise/products';
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

  it('counts the back in the design: a different back is another product, the same front and back a duplicate', async () => {
    const area = { left: 0.3, top: 0.2, width: 0.4, height: 0.55, widthInches: 12, heightInches: 16.5 };
    await ctx.db
      .update(baseApparel)
      .set({ printAreas: { front: area, back: area } })
      .where(eq(baseApparel.id, apparelId));
    const logo = await uploadLogo(who.director);
    const front = placed(0.5, 0.45, 0.2);
    const back = (x: number) => ({
      Layers: JSON.stringify([
        { kind: 'logo', side: 'back', logoId: logo.id, placement: { x, y: 0.45, width: 0.2, rotation: 0 } },
      ]),
    });
    const create = (fields: Record<string, string>) =>
      createProduct(who.director, productFields(apparelId, logo.id, fields));
    const first = await create({ ...front, ...back(0.5) });
    expect(first.statusCode, first.body).toBe(200);
    const otherBack = await create({ ...front, ...back(0.45) });
    expect(otherBack.statusCode, otherBack.body).toBe(200);
    const noBack = await create(front);
    expect(noBack.statusCode, noBack.body).toBe(200);
    for (const fields of [{ ...front, ...back(0.5) }, { ...front, ...back(0.45) }, front]) {
      expect((await create(fields)).json().validationFailures).toEqual([
        { propertyName: '', errorMessage: combinationExistsMessage },
      ]);
    }
    expect(await productCount(ctx)).toBe(3);
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

describe('print files', () => {
  const areas = {
    front: { left: 0.3, top: 0.2, width: 0.4, height: 0.55, widthInches: 12, heightInches: 16.5 },
    back: { left: 0.3, top: 0.15, width: 0.4, height: 0.6, widthInches: 12, heightInches: 18 },
  };
  beforeEach(async () => {
    await ctx.db.update(baseApparel).set({ printAreas: areas }).where(eq(baseApparel.id, apparelId));
  });
  const blueSvg = (width: number, height: number) =>
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#0000ff"/></svg>`;
  const backLayer = (
    logoId: number,
    placement: { x: number; y: number; width: number; rotation: number },
  ) => ({
    Layers: JSON.stringify([{ kind: 'logo', side: 'back', logoId, placement }]),
  });

  async function readyProduct(fields: Record<string, string | number>) {
    const created = await createProduct(who.director, fields);
    expect(created.statusCode, created.body).toBe(200);
    await ctx.app.jobs.drain();
    const products = (
      await who.director({
        method: 'GET',
        url: `/api/merchandise/merchandise-by-organization?organizationGuid=${who.lincoln.guid}`,
      })
    ).json().result.products;
    return products.find((product: { id: number }) => product.id === created.json().result.id);
  }

  it('are one PNG per side at 300 DPI of the area, transparent outside the artwork, each side only its own', async () => {
    const red = await uploadLogo(who.director);
    const blue = await uploadLogo(who.director, {
      name: 'blue.svg',
      type: 'image/svg+xml',
      content: blueSvg(40, 20),
    });
    const product = await readyProduct(
      productFields(apparelId, red.id, {
        ...placed(0.4, 0.5, 0.2),
        ...backLayer(blue.id, { x: 0.5, y: 0.5, width: 0.3, rotation: 0 }),
      }),
    );
    expect(product.layers).toEqual([
      { kind: 'logo', side: 'back', logoId: blue.id, placement: { x: 0.5, y: 0.5, width: 0.3, rotation: 0 } },
    ]);
    expect(product.printFiles).toEqual([
      { side: 'front', url: `/api/merchandise/${product.id}/print-file/front` },
      { side: 'back', url: `/api/merchandise/${product.id}/print-file/back` },
    ]);
    const front = await who.director({ method: 'GET', url: product.printFiles[0].url });
    expect(front.statusCode).toBe(200);
    expect(front.headers['content-type']).toBe('image/png');
    const frontRed = await colourBox(front.rawPayload, [255, 0, 0]);
    // 12 x 16.5 inches at 300 DPI.
    expect([frontRed.info.width, frontRed.info.height, frontRed.info.channels]).toEqual([3600, 4950, 4]);
    // A print shop's software sizes the file by its declared density: 300 DPI is 11811 px per metre.
    expect((await sharp(front.rawPayload).metadata()).density).toBe(300);
    // The 640 x 480 logo 0.2 of the image wide, centred at 0.4, 0.5: 0.3 to 0.5 across (the
    // area's left half), 0.425 to 0.575 down, which is (0.425 - 0.2) / 0.55 of the area.
    expect(frontRed.left).toBeCloseTo(0, 2);
    expect(frontRed.right).toBeCloseTo(0.5, 2);
    expect(frontRed.top).toBeCloseTo(0.225 / 0.55, 2);
    expect(frontRed.bottom).toBeCloseTo(0.375 / 0.55, 2);
    expect(await opaqueOutside(front.rawPayload, frontRed)).toBe(0);
    expect((await colourBox(front.rawPayload, [0, 0, 255])).right).toBeLessThan(0);

    const back = await who.director({ method: 'GET', url: product.printFiles[1].url });
    const backBlue = await colourBox(back.rawPayload, [0, 0, 255]);
    expect([backBlue.info.width, backBlue.info.height]).toEqual([3600, 5400]);
    expect((await sharp(back.rawPayload).metadata()).density).toBe(300);
    // 0.3 wide and centred on a 0.4 wide area: from 0.125 to 0.875 of it; 0.15 high about 0.5.
    expect(backBlue.left).toBeCloseTo(0.125, 2);
    expect(backBlue.right).toBeCloseTo(0.875, 2);
    expect(backBlue.top).toBeCloseTo(0.275 / 0.6, 2);
    expect(backBlue.bottom).toBeCloseTo(0.425 / 0.6, 2);
    expect(await opaqueOutside(back.rawPayload, backBlue)).toBe(0);
    expect((await colourBox(back.rawPayload, [255, 0, 0])).right).toBeLessThan(0);
  });

  it('has no back file for a design without a back, and turns a logo by its rotation, an SVG kept vector until printed size', async () => {
    const blue = await uploadLogo(who.director, {
      name: 'bar.svg',
      type: 'image/svg+xml',
      content: blueSvg(40, 20),
    });
    const product = await readyProduct(productFields(apparelId, blue.id, placed(0.5, 0.5, 0.3, 90)));
    expect(product.printFiles.map((file: { side: string }) => file.side)).toEqual(['front']);
    const missing = await who.director({
      method: 'GET',
      url: `/api/merchandise/${product.id}/print-file/back`,
    });
    expect(missing.statusCode).toBe(404);
    const file = await who.admin({ method: 'GET', url: product.printFiles[0].url });
    const box = await colourBox(file.rawPayload, [0, 0, 255]);
    // Upright 0.3 x 0.15 of an image 30 inches across (9 x 4.5 inches); a quarter turn stands
    // it 4.5 inches wide and 9 high: 1350 x 2700 px at 300 DPI.
    expect((box.right - box.left) * box.info.width).toBeCloseTo(1350, -1);
    expect((box.bottom - box.top) * box.info.height).toBeCloseTo(2700, -1);
    // A 40 px raster blown up to 900 px would blur its edge over tens of pixels; a vector does not.
    const { data, info } = await sharp(file.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const middle = Math.round(((box.top + box.bottom) / 2) * info.height) * info.width * info.channels;
    let blended = 0;
    for (let x = 0; x < info.width; x += 1) {
      const alpha = data[middle + x * info.channels + 3];
      if (alpha > 20 && alpha < 235) blended += 1;
    }
    expect(blended).toBeLessThanOrEqual(4);
  });

  it('refuses a layer outside its side’s print area, or on a side the apparel does not print, naming the layer', async () => {
    const red = await uploadLogo(who.director);
    const outside = await createProduct(
      who.director,
      productFields(apparelId, red.id, backLayer(red.id, { x: 0.2, y: 0.5, width: 0.1, rotation: 0 })),
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json().validationFailures).toEqual([
      {
        propertyName: 'Layers[0]',
        errorMessage: 'Layer 1 (logo on the back): It must lie inside the back print area',
      },
    ]);
    await ctx.db
      .update(baseApparel)
      .set({ printAreas: { front: areas.front, back: null } })
      .where(eq(baseApparel.id, apparelId));
    const noBack = await createProduct(
      who.director,
      productFields(apparelId, red.id, backLayer(red.id, { x: 0.5, y: 0.5, width: 0.1, rotation: 0 })),
    );
    expect(noBack.json().validationFailures).toEqual([
      {
        propertyName: 'Layers[0]',
        errorMessage: 'Layer 1 (logo on the back): Classic Cotton Tee has no back print area',
      },
    ]);
    const garbled = await createProduct(who.director, productFields(apparelId, red.id, { Layers: '[{' }));
    expect(failures(garbled)).toEqual(['Layers']);
    expect(await productCount(ctx)).toBe(0);
  });

  it('refuses a layer with another organization’s logo', async () => {
    const red = await uploadLogo(who.director);
    const theirs = await uploadLogo(who.otherDirector);
    const response = await createProduct(
      who.director,
      productFields(apparelId, red.id, backLayer(theirs.id, { x: 0.5, y: 0.5, width: 0.1, rotation: 0 })),
    );
    expect(response.json().validationFailures).toEqual([
      { propertyName: 'Layers[0]', errorMessage: 'Layer 1 (logo on the back): The logo does not exist' },
    ]);
  });

  it('are downloaded only by Admins and the owning organization', async () => {
    const logo = await uploadLogo(who.director);
    const product = await readyProduct(productFields(apparelId, logo.id));
    const url = product.printFiles[0].url;
    expect((await who.otherDirector({ method: 'GET', url })).statusCode).toBe(403);
    expect((await who.visitor({ method: 'GET', url })).statusCode).toBe(401);
    expect((await who.admin({ method: 'GET', url })).statusCode).toBe(200);
  });
});

/** How many visible pixels lie outside a box (fractions of the image). */
async function opaqueOutside(png: Buffer, box: { left: number; top: number; right: number; bottom: number }) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const [left, right] = [Math.floor(box.left * info.width), Math.ceil(box.right * info.width)];
  const [top, bottom] = [Math.floor(box.top * info.height), Math.ceil(box.bottom * info.height)];
  let outside = 0;
  for (let y = 0; y < info.height; y += 1)
    for (let x = 0; x < info.width; x += 1) {
      const inside = x >= left && x < right && y >= top && y < bottom;
      if (!inside && data[(y * info.width + x) * info.channels + 3] > 0) outside += 1;
    }
  return outside;
}

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

  it('refuses an edit or an archive of a version someone has since changed with 409, changing nothing', async () => {
    const { id } = await product();
    const first = await edit(who.director, id, {
      title: 'Crest Tee',
      description: 'New',
      price: 30,
      version: 1,
    });
    expect(first.json().result.version).toBe(2);
    const stale = await edit(who.director, id, { title: 'Stale', description: 'Old', price: 31, version: 1 });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().result.current).toMatchObject({ id, version: 2, title: 'Crest Tee' });
    const archive = await who.director({ method: 'POST', url: `/api/merchandise/${id}/archive?version=1` });
    expect(archive.statusCode, archive.body).toBe(409);
    const [row] = await ctx.db.select().from(merchandise).where(eq(merchandise.id, id));
    expect(row).toMatchObject({ title: 'Crest Tee', version: 2, archivedAt: null });
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
