import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hexDifference } from '../../../contract/colour';
import { baseApparel } from '../../../server/db/schema';
import { demoCrests } from '../../../server/seed/crests';
import { seedBaseApparel } from '../../../server/seed/apparel';
import { seedDemoSales } from '../../../server/seed/sales';
import { closeUploadTestApp, type Ctx, type People } from '../modules/design-logos/fixtures';
import { productTestApp } from '../modules/merchandise/support';

let ctx: Ctx;
let who: People;
beforeEach(async () => ({ ctx, who } = await productTestApp()));
afterEach(() => closeUploadTestApp(ctx));

interface Product {
  title: string;
  logoId: number;
  media: { imageUrl: string }[];
  colours: { name: string; hex: string; imageUrl: string }[];
  printFiles: { side: string; url: string }[];
  layers: { kind: string; side: string; text?: string }[];
}

describe('the demo (SEED_DEMO=1) with its files', () => {
  it('gives each school its crest as a logo, and products wearing it in two or three colours on which it shows', async () => {
    await ctx.db.delete(baseApparel);
    await seedBaseApparel(ctx.db, ctx.app.storage);
    await seedDemoSales(ctx.db, [who.lincoln], new Date('2026-11-23T12:00:00Z'), ctx.app.storage);

    const logos = (await who.director({ method: 'GET', url: '/api/design-logos' })).json().result;
    expect(logos).toMatchObject([{ fileName: 'lhs-crest.svg', contentType: 'image/svg+xml' }]);
    const products = (
      await who.director({
        method: 'GET',
        url: `/api/merchandise/merchandise-by-organization?organizationGuid=${who.lincoln.guid}`,
      })
    ).json().result.products as Product[];
    expect(products).toHaveLength(4);
    const crest = demoCrests['Lincoln High School'];
    expect(products.some((product) => product.layers.length > 0)).toBe(true);
    for (const product of products) {
      expect(product.logoId).toBe(logos[0].id);
      expect([2, 3]).toContain(product.colours.length);
      // The school's word across the back of every garment that has one.
      const sides = product.layers.length > 0 ? ['front', 'back'] : ['front'];
      expect(product.printFiles.map((file) => file.side)).toEqual(sides);
      for (const layer of product.layers)
        expect(layer).toMatchObject({ kind: 'text', side: 'back', text: crest.backText });
      expect(product.media[0].imageUrl).toBe(product.colours[0].imageUrl);
      for (const colour of product.colours) {
        // No colour the navy crest would vanish on.
        expect(hexDifference(colour.hex, crest.primary)).toBeGreaterThanOrEqual(15);
        const picture = await who.director({ method: 'GET', url: colour.imageUrl });
        const { data, info } = await sharp(picture.rawPayload).raw().toBuffer({ resolveWithObject: true });
        // The shield's edge, in the gold of the school, a little inside the crest's top centre.
        const top = Math.round(info.height * 0.345);
        let gold = 0;
        for (let x = Math.round(info.width * 0.4); x < info.width * 0.6; x += 1) {
          const at = (top * info.width + x) * info.channels;
          const hex = `#${[data[at], data[at + 1], data[at + 2]].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
          if (hexDifference(hex, crest.secondary) < 10) gold += 1;
        }
        expect(gold, `${product.title} in ${colour.name}`).toBeGreaterThan(0);
      }
    }
  });
});
