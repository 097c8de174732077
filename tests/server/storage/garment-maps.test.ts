import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { apparelSvg, printAreas } from '../../../server/seed/apparel';
import { displace, garmentMaps, garmentOutlines, shadingSvg } from '../../../server/storage/garment-maps';
import { renderMockup } from '../../../server/storage/print';

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

  it('pull a print across the folds, and leave it where the cloth is flat', async () => {
    const maps = await garmentMaps('hoodie', size);
    // A print of one pixel per column, each its own colour: where it moved shows in its column.
    const art = Buffer.alloc(size.width * size.height * 4);
    for (let at = 0; at < size.width * size.height; at += 1)
      art.writeUInt32LE(0xff000000 + (at % size.width), at * 4);
    const bent = displace(art, maps);
    let moved = 0;
    for (let at = 0; at < size.width * size.height; at += 1) {
      const still = maps.displacement[at * 2] === 128 && maps.displacement[at * 2 + 1] === 128;
      if (still) expect(bent.readUInt32LE(at * 4)).toBe(art.readUInt32LE(at * 4));
      else if (bent.readUInt32LE(at * 4) !== art.readUInt32LE(at * 4)) moved += 1;
    }
    expect(moved).toBeGreaterThan(100);
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
