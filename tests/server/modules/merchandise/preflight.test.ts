import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { baseApparel } from '../../../../server/db/schema';
import {
  closeUploadTestApp,
  type Ctx,
  multipart,
  type People,
  pngImage,
  uploadLogo,
} from '../design-logos/fixtures';
import { createProduct, placed, productFields, productTestApp } from './support';

let ctx: Ctx;
let who: People;
let apparelId: number;
beforeEach(async () => ({ ctx, who, apparelId } = await productTestApp()));
afterEach(() => closeUploadTestApp(ctx));

describe('the preflight on create', () => {
  const areas = {
    front: { left: 0.3, top: 0.2, width: 0.4, height: 0.55, widthInches: 12, heightInches: 16.5 },
    back: null,
  };
  beforeEach(async () => {
    await ctx.db.update(baseApparel).set({ printAreas: areas }).where(eq(baseApparel.id, apparelId));
  });
  const addColour = async (name: string, hex: string) => {
    const added = await who.admin({
      method: 'POST',
      url: `/api/merchandise/base-apparel/${apparelId}/colours`,
      ...multipart(
        { Name: name, Hex: hex },
        { name: 'garment.png', type: 'image/png', content: await pngImage(400, 400, hex) },
      ),
    });
    expect(added.statusCode, added.body).toBe(200);
    return added.json().result.id as number;
  };

  it('keeps its warnings and advice with the product, and writes them beside the print file for the print shop', async () => {
    const navy = await addColour('Navy', '#1f2a44');
    // A navy crest 1600 px over 6 inches (266 DPI) on a navy tee: sharp enough, but soft, dark and faint.
    const logo = await uploadLogo(who.director, {
      name: 'navy.png',
      type: 'image/png',
      content: await pngImage(1600, 1200, '#22304a'),
    });
    const created = await createProduct(
      who.director,
      productFields(apparelId, logo.id, { ...placed(0.5, 0.45, 0.2), ColourIds: String(navy) }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const stored = created.json().result.preflight;
    expect(stored.passes).toBe(true);
    expect(
      stored.issues.map((issue: { rule: string; severity: string }) => `${issue.rule} ${issue.severity}`),
    ).toEqual(['resolution warning', 'contrast warning', 'underbase note', 'colours note']);
    expect(stored.sides).toEqual([
      {
        side: 'front',
        colours: ['#22304a'],
        gradient: false,
        underbaseOn: ['Navy'],
        screenColours: 2,
        method: 'screen',
      },
    ]);

    await ctx.app.jobs.drain();
    const [product] = (
      await who.director({
        method: 'GET',
        url: `/api/merchandise/merchandise-by-organization?organizationGuid=${who.lincoln.guid}`,
      })
    ).json().result.products;
    expect(product.preflightUrl).toBe(`/api/merchandise/${product.id}/print-preflight`);
    const sheet = await who.director({ method: 'GET', url: product.preflightUrl });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-disposition']).toBe(
      `attachment; filename="product-${product.id}-preflight.json"`,
    );
    expect(sheet.json()).toEqual({
      product: { id: product.id, title: 'Lincoln Tee', apparel: 'Classic Cotton Tee' },
      garments: [{ name: 'Navy', hex: '#1f2a44' }],
      printFiles: [
        {
          side: 'front',
          fileName: `product-${product.id}-front-print.png`,
          widthInches: 12,
          heightInches: 16.5,
          dpi: 300,
        },
      ],
      preflight: stored,
    });
    // Another school's director may not fetch it.
    expect((await who.otherDirector({ method: 'GET', url: product.preflightUrl })).statusCode).toBe(403);
  });

  it('refuses a design whose preflight fails, naming the rule and the layer', async () => {
    const small = await uploadLogo(who.director, {
      name: 'small.png',
      type: 'image/png',
      content: await pngImage(600, 450, '#ff0000'),
    });
    // The main logo at 1 inch (600 DPI) passes; the same logo over 6 inches on the front is 100 DPI.
    const response = await createProduct(
      who.director,
      productFields(apparelId, small.id, {
        ...placed(0.5, 0.3, 0.4 / 12),
        Layers: JSON.stringify([
          {
            kind: 'logo',
            side: 'front',
            logoId: small.id,
            placement: { x: 0.5, y: 0.5, width: 0.2, rotation: 0 },
          },
        ]),
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().validationFailures).toEqual([
      {
        propertyName: 'Layers[0]',
        errorMessage: 'Preflight (resolution): Prints at 100 DPI; a print needs at least 150',
      },
    ]);
  });
});
