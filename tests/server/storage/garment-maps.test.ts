import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { apparelSvg, printAreas } from '../../../server/seed/apparel';
import { compositeFabric, fabricMaps, maxShiftShare } from '../../../contract/fabric';
import {
  garmentMaps,
  garmentOutlines,
  garmentShadingPng,
  shadingSvg,
} from '../../../server/storage/garment-maps';
import { mockupArt, renderMockup } from '../../../server/storage/print';

const size = { width: 400, height: 400 };

describe('garment maps', () => {
  it('are drawn from the outline alone: flat grey and still outside the garment, folds inside', async () => {
    const maps = await garmentMaps('tshirt', size);
    // The corner is outside the tee: nothing to shade or pull there.
    expect(maps.shading[0]).toBe(128);
    expect([maps.displacement[0], maps.displacement[1]]).toEqual([128, 128]);
    const inside = [...maps.shading].filter((value) => value !== 128).length;
    expect(inside).toBeGreaterThan(size.width * size.height * 0.2);
    // The folds come from a seed of the outline's name: every server draws the same, each garment its own.
    expect(shadingSvg('tshirt', 400)).toBe(shadingSvg('tshirt', 400));
    expect(shadingSvg('tshirt', 400)).not.toBe(
      shadingSvg('polo', 400).replace(garmentOutlines.polo, garmentOutlines.tshirt),
    );
  });

  it('give the same picture through the studio’s path as the server’s, and as sharp’s blends gave', async () => {
    const garment = await sharp(Buffer.from(apparelSvg('hoodie', '#1f2a44')))
      .resize(size.width)
      .png()
      .toBuffer();
    const logo = await sharp({ create: { width: 100, height: 100, channels: 4, background: '#ffd100' } })
      .png()
      .toBuffer();
    const area = printAreas.hoodie.front;
    const artwork = [{ image: logo, placement: { x: 0.5, y: 0.45, width: 0.2, rotation: 0 } }];
    const server = await sharp(await renderMockup(garment, area, artwork, 'hoodie'))
      .raw()
      .toBuffer();
    const cloth = await sharp(garment).ensureAlpha().raw().toBuffer();
    const art = await mockupArt(size, area, artwork);

    // The studio's path: the shading as the route sends it (a PNG), the rest derived in the browser.
    const shading = await sharp(await garmentShadingPng('hoodie', size))
      .extractChannel(0)
      .raw()
      .toBuffer();
    const studio = compositeFabric(cloth, art, fabricMaps(shading, size.width, size.height));
    expect(Buffer.from(studio).equals(server)).toBe(true);

    // What the server drew before the function was shared: sharp bent nothing itself, so the
    // displaced print, then its over, multiply and screen blends.
    const maps = await garmentMaps('hoodie', size);
    const shift = (maxShiftShare * size.width) / 128;
    const bent = Buffer.alloc(art.length);
    for (let y = 0; y < size.height; y += 1)
      for (let x = 0; x < size.width; x += 1) {
        const at = y * size.width + x;
        const sx = Math.round(x + (maps.displacement[at * 2] - 128) * shift);
        const sy = Math.round(y + (maps.displacement[at * 2 + 1] - 128) * shift);
        if (sx >= 0 && sy >= 0 && sx < size.width && sy < size.height)
          art.copy(bent, at * 4, (sy * size.width + sx) * 4, (sy * size.width + sx) * 4 + 4);
      }
    const layer = (of: (value: number) => number) =>
      Buffer.from([...maps.shading].flatMap((value) => [of(value), of(value), of(value)]));
    const raw = { width: size.width, height: size.height };
    const before = await sharp(garment)
      .composite([
        { input: bent, raw: { ...raw, channels: 4 } },
        {
          input: layer((value) => Math.min(255, value * 2)),
          raw: { ...raw, channels: 3 },
          blend: 'multiply',
        },
        {
          input: layer((value) => Math.max(0, value * 2 - 255)),
          raw: { ...raw, channels: 3 },
          blend: 'screen',
        },
      ])
      .raw()
      .toBuffer();
    let furthest = 0;
    for (let at = 0; at < server.length; at += 1)
      furthest = Math.max(furthest, Math.abs(server[at] - before[at]));
    // Flat cloth is now exactly as it is (sharp's screen lifted it by 1); nothing else moved more.
    expect(furthest).toBeLessThanOrEqual(2);
  });

  it('shade a product picture: folds darker and lighter than the flat picture, the background untouched', async () => {
    const garment = await sharp(Buffer.from(apparelSvg('hoodie', '#1f2a44')))
      .png()
      .toBuffer();
    const logo = await sharp({ create: { width: 100, height: 100, channels: 4, background: '#ffd100' } })
      .png()
      .toBuffer();
    const artwork = [{ image: logo, placement: { x: 0.5, y: 0.45, width: 0.2, rotation: 0 } }];
    const pixels = async (png: Buffer) =>
      (await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })).data;
    const [flat, shaded] = await Promise.all([
      renderMockup(garment, printAreas.hoodie.front, artwork).then(pixels),
      renderMockup(garment, printAreas.hoodie.front, artwork, 'hoodie').then(pixels),
    ]);
    let darker = 0;
    let lighter = 0;
    for (let at = 0; at < flat.length; at += 1) {
      if (shaded[at] < flat[at] - 8) darker += 1;
      if (shaded[at] > flat[at] + 8) lighter += 1;
    }
    expect(darker).toBeGreaterThan(1000);
    expect(lighter).toBeGreaterThan(1000);
    // The white background (its top-left corner) is as it was.
    expect([...shaded.subarray(0, 3)]).toEqual([...flat.subarray(0, 3)]);
  });
});
