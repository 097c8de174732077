import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { baseApparel } from '../../../../server/db/schema';
import { closeUploadTestApp, type Ctx, type People, uploadLogo } from '../design-logos/fixtures';
import { createProduct, failures, placed, productCount, productFields, productTestApp } from './support';

let ctx: Ctx;
let who: People;
let apparelId: number;
beforeEach(async () => ({ ctx, who, apparelId } = await productTestApp()));
afterEach(() => closeUploadTestApp(ctx));

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

// Each draws print files at 300 DPI; a loaded CI machine took over 30 s for one (the bound, not a budget).
describe('print files', { timeout: 90_000 }, () => {
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
    // The 1600 x 1200 logo 0.2 of the image wide, centred at 0.4, 0.5: 0.3 to 0.5 across (the
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
