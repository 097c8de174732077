import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hexDifference } from '../../../../contract/colour';
import { apparelColourExists } from '../../../../contract/merchandise';
import { apparelColours, baseApparel } from '../../../../server/db/schema';
import { apparelSeeds, seedBaseApparel } from '../../../../server/seed/apparel';
import {
  type Call,
  closeUploadTestApp,
  type Ctx,
  multipart,
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

interface Listed {
  id: number;
  title: string;
  media: { imageUrl: string }[];
  printAreas: { back: unknown };
  colours: { id: number; name: string; hex: string; imageUrl: string }[];
}

const catalogue = async (call: Call = who.director) =>
  (await call({ method: 'GET', url: '/api/merchandise/base-apparel' })).json().result.products as Listed[];

async function catalogueFiles() {
  const keys: string[] = [];
  for await (const blob of ctx.app.storage.list('base-apparel')) keys.push(blob.key);
  return keys.sort();
}

/** The garment's colour where the seeded outline is flat: its chest, a third of the way down. */
async function chestColour(png: Buffer) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (Math.round(info.height * 0.45) * info.width + Math.round(info.width * 0.5)) * info.channels;
  return `#${[data[at], data[at + 1], data[at + 2]].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

describe('apparel colours', () => {
  it('are seeded three per garment, the first showing the catalogue image, the others recoloured, once', async () => {
    await ctx.db.delete(baseApparel);
    await seedBaseApparel(ctx.db, ctx.app.storage);
    await seedBaseApparel(ctx.db, ctx.app.storage);
    const items = await catalogue();
    expect(items.length).toBe(apparelSeeds.length);
    expect((await ctx.db.select().from(apparelColours)).length).toBe(apparelSeeds.length * 3);
    const hoodie = items.find((item) => item.title === 'Pullover Hoodie')!;
    expect(hoodie.colours.map((colour) => colour.name)).toEqual(['Athletic Grey', 'Navy', 'Maroon']);
    expect(hoodie.colours[0].imageUrl).toBe(hoodie.media[0].imageUrl);
    for (const colour of hoodie.colours) {
      const image = await who.director({ method: 'GET', url: colour.imageUrl });
      const chest = await chestColour(image.rawPayload);
      // The shading gradient lightens or darkens it a little; it stays nearest its own colour.
      const nearest = [...hoodie.colours].sort(
        (a, b) => hexDifference(chest, a.hex) - hexDifference(chest, b.hex),
      )[0];
      expect(nearest.name).toBe(colour.name);
    }
    expect(items.find((item) => item.title === 'Structured Cap')!.printAreas.back).toBeNull();
    expect(items.find((item) => item.title === 'Canvas Tote')!.printAreas.back).toBeNull();
  });

  it('are added by an Admin with the garment’s image, and listed after the others', async () => {
    const add = (call: Call, fields: Record<string, string>, id = apparelId) =>
      pngImage(400, 400, '#1f2a44').then((content) =>
        call({
          method: 'POST',
          url: `/api/merchandise/base-apparel/${id}/colours`,
          ...multipart(fields, { name: 'navy.png', type: 'image/png', content }),
        }),
      );
    const added = await add(who.admin, { Name: 'Navy', Hex: '#1F2A44' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().result).toMatchObject({ name: 'Navy', hex: '#1f2a44' });
    const listed = (await catalogue()).find((item) => item.id === apparelId)!;
    expect(listed.colours.map((colour) => colour.name)).toEqual(['Navy']);
    const image = await who.director({ method: 'GET', url: listed.colours[0].imageUrl });
    expect(await chestColour(image.rawPayload)).toBe('#1f2a44');

    expect((await add(who.director, { Name: 'Red', Hex: '#b22234' })).statusCode).toBe(403);
    expect((await add(who.admin, { Name: 'navy', Hex: '#000080' })).json().validationFailures).toEqual([
      { propertyName: 'Name', errorMessage: apparelColourExists('navy') },
    ]);
    const badHex = await add(who.admin, { Name: 'Teal', Hex: 'teal' });
    expect(badHex.json().validationFailures.map((f: { propertyName: string }) => f.propertyName)).toEqual([
      'Hex',
    ]);
    expect((await add(who.admin, { Name: 'Teal', Hex: '#008080' }, 999_999)).statusCode).toBe(404);
    expect(
      (await ctx.db.select().from(apparelColours).where(eq(apparelColours.baseApparelId, apparelId))).length,
    ).toBe(1);
  });

  it("refuses a picture larger than the garment's catalogue image, which every product in that colour would be rendered at", async () => {
    const files = await catalogueFiles();
    const response = await who.admin({
      method: 'POST',
      url: `/api/merchandise/base-apparel/${apparelId}/colours`,
      ...multipart(
        { Name: 'Navy', Hex: '#1F2A44' },
        { name: 'navy.png', type: 'image/png', content: await pngImage(800, 400, '#1f2a44') },
      ),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().validationFailures).toEqual([
      {
        propertyName: 'ImageFile',
        errorMessage:
          "The picture must be at most 400 by 400 pixels, the size of the garment's catalogue image",
      },
    ]);
    expect(await ctx.db.select().from(apparelColours)).toEqual([]);
    expect(await catalogueFiles()).toEqual(files);
  });

  it('lists the catalogue to an Admin who has chosen no organization, for the colours screen', async () => {
    const listed = await who.admin({ method: 'GET', url: '/api/merchandise/base-apparel' });
    expect(listed.statusCode, listed.body).toBe(200);
    const item = (listed.json().result.products as Listed[]).find((candidate) => candidate.id === apparelId);
    expect(item).toMatchObject({ usedLogoIds: [], colours: [] });
  });
});

describe('a product in several colours', () => {
  async function addColour(name: string, hex: string) {
    const content = await pngImage(400, 400, hex);
    const response = await who.admin({
      method: 'POST',
      url: `/api/merchandise/base-apparel/${apparelId}/colours`,
      ...multipart({ Name: name, Hex: hex }, { name: `${name}.png`, type: 'image/png', content }),
    });
    return response.json().result as { id: number };
  }

  it('gets one picture per colour, the logo where the placement puts it on each', async () => {
    const navy = await addColour('Navy', '#1f2a44');
    const gold = await addColour('Gold', '#ffd100');
    const logo = await uploadLogo(who.director);
    const created = await createProduct(
      who.director,
      productFields(apparelId, logo.id, { ColourIds: `${navy.id},${gold.id}` }),
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().result.colours).toEqual([
      { name: 'Navy', hex: '#1f2a44', imageUrl: null, thumbnailUrl: null },
      { name: 'Gold', hex: '#ffd100', imageUrl: null, thumbnailUrl: null },
    ]);
    await ctx.app.jobs.drain();
    const [product] = (
      await who.director({
        method: 'GET',
        url: `/api/merchandise/merchandise-by-organization?organizationGuid=${who.lincoln.guid}`,
      })
    ).json().result.products;
    expect(product.colours.map((colour: { name: string }) => colour.name)).toEqual(['Navy', 'Gold']);
    for (const [index, hex] of ['#1f2a44', '#ffd100'].entries()) {
      const picture = await who.director({ method: 'GET', url: product.colours[index].imageUrl });
      const { data, info } = await sharp(picture.rawPayload).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([400, 400]);
      const pixel = (x: number, y: number) => {
        const at = (y * info.width + x) * info.channels;
        return `#${[data[at], data[at + 1], data[at + 2]].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
      };
      // The red logo at the one-click placement (centre 0.5, 0.427 of the image); the garment around it.
      expect(pixel(200, 171)).toBe('#ff0000');
      expect(pixel(20, 20)).toBe(hex);
      const thumbnail = await who.director({ method: 'GET', url: product.colours[index].thumbnailUrl });
      expect(thumbnail.statusCode).toBe(200);
    }
  });

  it('refuses a colour the apparel does not come in', async () => {
    const logo = await uploadLogo(who.director);
    const response = await createProduct(
      who.director,
      productFields(apparelId, logo.id, { ColourIds: '999' }),
    );
    expect(response.json().validationFailures).toEqual([
      { propertyName: 'ColourIds', errorMessage: 'Classic Cotton Tee does not come in colour 999' },
    ]);
    expect(await productCount(ctx)).toBe(0);
  });
});
