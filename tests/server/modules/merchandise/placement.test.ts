import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { combinationExistsMessage, printDpiTooLow } from '../../../../contract/merchandise';
import { baseApparel } from '../../../../server/db/schema';
import { closeUploadTestApp, type Ctx, type People, pngImage, uploadLogo } from '../design-logos/fixtures';
import { createProduct, failures, placed, productCount, productFields, productTestApp } from './support';

let ctx: Ctx;
let who: People;
let apparelId: number;
beforeEach(async () => ({ ctx, who, apparelId } = await productTestApp()));
afterEach(() => closeUploadTestApp(ctx));

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
    // 1280 px over the 6 inches it prints at: 213 DPI, over the preflight's 150.
    const logo = await uploadLogo(who.director, {
      name: 'crest.png',
      type: 'image/png',
      content: await pngImage(1280, 960, '#ff0000'),
    });
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
      // 2000 px over the 11.4 inches of the widest placement below: 175 DPI.
      content: await pngImage(2000, 1500, '#ff0000'),
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
      {
        propertyName: 'PlacementWidth',
        errorMessage: 'Preflight (resolution): Prints at 5 DPI; a print needs at least 150',
      },
    ]);
    // The one-click size (7.5 inches) is refused too: 8 DPI.
    const oneClick = await createProduct(who.director, productFields(apparelId, logo.id));
    expect(oneClick.json().validationFailures[0].errorMessage).toBe(
      `Preflight (resolution): ${printDpiTooLow(8)}`,
    );
    expect(await productCount(ctx)).toBe(0);
  });

  it('accepts 150 DPI and more, and an SVG logo at any size', async () => {
    const enough = await uploadLogo(who.director, {
      name: 'enough.png',
      type: 'image/png',
      content: await pngImage(1800, 1800, '#ff0000'),
    });
    // 1800 px over 12 inches is exactly 150 DPI: soft, warned in the studio, but printed.
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
