import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TextLayer, textBounds, textShape } from '../../../../contract/text';
import { baseApparel } from '../../../../server/db/schema';
import { textFont } from '../../../../server/storage/fonts';
import { renderMockup } from '../../../../server/storage/print';
import { closeUploadTestApp, type Ctx, type People, uploadLogo } from '../design-logos/fixtures';
import { createProduct, productCount, productFields, productTestApp } from './support';

let ctx: Ctx;
let who: People;
let apparelId: number;
const areas = {
  front: { left: 0.3, top: 0.2, width: 0.4, height: 0.55, widthInches: 12, heightInches: 16.5 },
  back: { left: 0.3, top: 0.15, width: 0.4, height: 0.6, widthInches: 12, heightInches: 18 },
};
beforeEach(async () => {
  ({ ctx, who, apparelId } = await productTestApp());
  await ctx.db.update(baseApparel).set({ printAreas: areas }).where(eq(baseApparel.id, apparelId));
});
afterEach(() => closeUploadTestApp(ctx));

const backText = (overrides: Partial<TextLayer> = {}): TextLayer => ({
  kind: 'text',
  side: 'back',
  text: 'LIONS 2026',
  font: 'graduate',
  colour: '#00ff00',
  outline: { colour: '#0000ff', width: 0.1 },
  size: 2,
  rotation: 0,
  arc: 40,
  placement: { x: 0.5, y: 0.35 },
  ...overrides,
});

const withLayers = async (...layers: unknown[]) => {
  const logo = await uploadLogo(who.director);
  return createProduct(who.director, productFields(apparelId, logo.id, { Layers: JSON.stringify(layers) }));
};

describe('text layers on create', () => {
  it('refuses a text over the print area’s edge, measured from the font, naming the layer', async () => {
    // 10 characters of Graduate at 2 inches run about 16 inches: wider than the 12-inch back.
    const response = await withLayers(backText({ size: 2.2, arc: 0 }));
    expect(response.statusCode).toBe(400);
    expect(response.json().validationFailures).toEqual([
      {
        propertyName: 'Layers[0]',
        errorMessage: 'Layer 1 (text on the back): It must lie inside the back print area',
      },
    ]);
    // The same text a size smaller fits, so the refusal came from its measured width.
    expect((await withLayers(backText({ size: 1.2, arc: 0 }))).statusCode).toBe(200);
  });

  it('refuses a text near the edge once its rotation carries it out', async () => {
    const near = backText({ size: 1, arc: 0, text: 'GO', placement: { x: 0.5, y: 0.17 } });
    const upright = await withLayers(near);
    expect(upright.statusCode, upright.body).toBe(200);
    const turned = await withLayers(backText({ ...near, text: 'LIONS', rotation: 90 }));
    expect(turned.json().validationFailures[0].propertyName).toBe('Layers[0]');
  });

  it.each([
    ['41 characters', { text: 'A'.repeat(41) }, 'The text must be at most 40 characters'],
    ['an empty text', { text: '  ' }, 'The text is required'],
    [
      'a font not bundled',
      { font: 'comic-sans' },
      'font must be one of graduate, bebas-neue, oswald, pacifico',
    ],
    ['a colour that is not #rrggbb', { colour: 'green' }, 'colour must be a colour such as #1f2a44'],
    ['too small a size', { size: 0.1 }, 'size must be at least 0.25'],
  ])('refuses %s naming the layer', async (_case, overrides, message) => {
    const response = await withLayers(backText(), backText(overrides as Partial<TextLayer>));
    expect(response.statusCode).toBe(400);
    expect(response.json().validationFailures).toEqual([
      { propertyName: 'Layers[1]', errorMessage: `Layer 2 (text on the back): ${message}` },
    ]);
    expect(await productCount(ctx)).toBe(0);
  });

  it('accepts 40 characters, counting an accented letter as one', async () => {
    const forty = `${'É'.repeat(39)}Ñ`;
    const response = await withLayers(backText({ text: forty, size: 0.25, arc: 0 }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result.layers[0].text).toBe(forty);
  });

  it('refuses a character the font cannot draw', async () => {
    const response = await withLayers(backText({ text: 'GO ★' }));
    expect(response.json().validationFailures).toEqual([
      { propertyName: 'Layers[0]', errorMessage: 'Layer 1 (text on the back): Graduate has no ★' },
    ]);
  });
});

describe('text in the print file', () => {
  it('draws the letters and their outline where the layout puts them, and nothing outside', async () => {
    const layer = backText({ size: 1.5, rotation: 10 });
    const created = await withLayers(layer);
    expect(created.statusCode, created.body).toBe(200);
    await ctx.app.jobs.drain();
    const product = (
      await who.director({
        method: 'GET',
        url: `/api/merchandise/merchandise-by-organization?organizationGuid=${who.lincoln.guid}`,
      })
    ).json().result.products[0];
    expect(product.printFiles.map((file: { side: string }) => file.side)).toEqual(['front', 'back']);
    const back = await who.director({ method: 'GET', url: product.printFiles[1].url });
    const { data, info } = await sharp(back.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([3600, 5400]);

    // The bounds the server checked, in print pixels of the back area.
    const shape = textShape(await textFont('graduate'), layer.text, layer.size, layer.arc);
    const bounds = textBounds(shape, layer, areas.back);
    const toPixels = (value: number, start: number, span: number, pixels: number) =>
      ((value - start) / span) * pixels;
    const expected = {
      left: toPixels(bounds.left, areas.back.left, areas.back.width, info.width),
      right: toPixels(bounds.right, areas.back.left, areas.back.width, info.width),
      top: toPixels(bounds.top, areas.back.top, areas.back.height, info.height),
      bottom: toPixels(bounds.bottom, areas.back.top, areas.back.height, info.height),
    };
    let ink = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
    let green = 0;
    let blue = 0;
    for (let y = 0; y < info.height; y += 1)
      for (let x = 0; x < info.width; x += 1) {
        const at = (y * info.width + x) * info.channels;
        if (data[at + 3] === 0) continue;
        ink = {
          left: Math.min(ink.left, x),
          top: Math.min(ink.top, y),
          right: Math.max(ink.right, x + 1),
          bottom: Math.max(ink.bottom, y + 1),
        };
        if (data[at + 3] > 250 && data[at + 1] > 200 && data[at + 2] < 50) green += 1;
        if (data[at + 3] > 250 && data[at + 2] > 200 && data[at + 1] < 50) blue += 1;
      }
    // Ink fills the computed bounds to within 2 px (antialiasing) and never leaves them.
    for (const edge of ['left', 'top', 'right', 'bottom'] as const)
      expect(Math.abs(ink[edge] - expected[edge]), edge).toBeLessThanOrEqual(2);
    // Letters in their colour, ringed by the outline's.
    expect(green).toBeGreaterThan(10_000);
    expect(blue).toBeGreaterThan(10_000);
  });
});

describe('text on a colour’s picture', () => {
  it('draws a front text on the garment image where its layout puts it, at the image’s inches', async () => {
    const garment = await sharp({
      create: { width: 1000, height: 1000, channels: 4, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    const layer = backText({
      side: 'front',
      outline: undefined,
      colour: '#000000',
      placement: { x: 0.5, y: 0.4 },
    });
    const shape = textShape(await textFont('graduate'), layer.text, layer.size, layer.arc);
    const bounds = textBounds(shape, layer, areas.front);
    const picture = await renderMockup(garment, areas.front, [
      { text: layer, font: await textFont('graduate') },
    ]);
    const { data, info } = await sharp(picture).raw().toBuffer({ resolveWithObject: true });
    let ink = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
    for (let y = 0; y < info.height; y += 1)
      for (let x = 0; x < info.width; x += 1) {
        if (data[(y * info.width + x) * info.channels] > 128) continue;
        ink = {
          left: Math.min(ink.left, x),
          top: Math.min(ink.top, y),
          right: Math.max(ink.right, x + 1),
          bottom: Math.max(ink.bottom, y + 1),
        };
      }
    // 12 inches span 400 px of this picture: the text keeps its size in inches.
    expect(ink.left).toBeCloseTo(bounds.left * 1000, -1);
    expect(ink.right).toBeCloseTo(bounds.right * 1000, -1);
    expect(ink.top).toBeCloseTo(bounds.top * 1000, -1);
    expect(ink.bottom).toBeCloseTo(bounds.bottom * 1000, -1);
  });
});
