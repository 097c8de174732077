import { describe, expect, it } from 'vitest';
import { compositeFabric, fabricMaps, maxShiftShare } from '../../contract/fabric';

const width = 200;
const height = 10;

/** A flat garment of one colour, opaque. */
const garmentOf = (r: number, g: number, b: number) => {
  const pixels = new Uint8ClampedArray(width * height * 4);
  for (let at = 0; at < width * height; at += 1) pixels.set([r, g, b, 255], at * 4);
  return pixels;
};
const pixelAt = (pixels: Uint8ClampedArray, x: number, y: number) => [
  ...pixels.subarray((y * width + x) * 4, (y * width + x) * 4 + 4),
];

describe('compositeFabric', () => {
  it('leaves flat cloth as it is, and lays the print over it', () => {
    const maps = fabricMaps(new Uint8Array(width * height).fill(128), width, height);
    const art = new Uint8ClampedArray(width * height * 4);
    // Half-covering red at (10, 5).
    art.set([255, 0, 0, 128], (5 * width + 10) * 4);
    const out = compositeFabric(garmentOf(0, 0, 200), art, maps);
    expect(pixelAt(out, 0, 0)).toEqual([0, 0, 200, 255]);
    // 128/255 red over blue: 128 red, 200 * 127/255 = 99.6 blue.
    expect(pixelAt(out, 10, 5)).toEqual([128, 0, 100, 255]);
  });

  it('multiplies the shading below 128 and screens it above', () => {
    const shading = new Uint8Array(width * height).fill(128);
    shading[0] = 64; // a fold: twice 64 is half white, so the colour halves
    shading[width - 1] = 192; // a ridge: 2 * (192 - 128) = 128 screened
    const maps = fabricMaps(shading, width, height);
    const out = compositeFabric(garmentOf(200, 100, 0), new Uint8ClampedArray(width * height * 4), maps);
    expect(pixelAt(out, 0, 0)).toEqual([100, 50, 0, 255]);
    // Screen: c + (255 - c) * 128 / 255.
    expect(pixelAt(out, width - 1, 0)).toEqual([
      Math.round(200 + (55 * 128) / 255),
      Math.round(100 + (155 * 128) / 255),
      Math.round((255 * 128) / 255),
      255,
    ]);
  });

  it('reads each art pixel from where the fold pulled it', () => {
    // Wide enough for a pull of whole pixels: 0.6% of 2000 is 12 pixels at the most.
    const wide = 2000;
    const shading = new Uint8Array(wide * 3);
    for (let y = 0; y < 3; y += 1)
      for (let x = 0; x < wide; x += 1) shading[y * wide + x] = x >= 1000 ? 136 : 128;
    const maps = fabricMaps(shading, wide, 3);
    // Within 2 pixels of the step the slope is 8: x is 128 + 4 * 8, pulled 32 / 128 of 12 pixels.
    expect([...maps.displacement.subarray(998 * 2, 1002 * 2 + 2)]).toEqual([
      160, 128, 160, 128, 160, 128, 160, 128, 128, 128,
    ]);
    const art = new Uint8ClampedArray(wide * 3 * 4);
    art.set([255, 255, 255, 255], (wide + 1001) * 4);
    const black = new Uint8ClampedArray(wide * 3 * 4);
    for (let at = 0; at < wide * 3; at += 1) black[at * 4 + 3] = 255;
    const out = compositeFabric(black, art, maps);
    const at = (x: number) => [...out.subarray((wide + x) * 4, (wide + x) * 4 + 4)];
    // The white at x 1001 shows 3 pixels before it, on flat cloth.
    expect(at(998)).toEqual([255, 255, 255, 255]);
    // Where it was, the pull reads bare cloth 3 pixels on: black, with the ridge's 2 * (136 - 128) screened.
    expect(at(1001)).toEqual([16, 16, 16, 255]);
    expect(maxShiftShare * wide).toBe(12);
  });

  it('keeps a transparent backdrop transparent', () => {
    const maps = fabricMaps(new Uint8Array(width * height).fill(100), width, height);
    const out = compositeFabric(
      new Uint8ClampedArray(width * height * 4),
      new Uint8ClampedArray(width * height * 4),
      maps,
    );
    expect(pixelAt(out, 5, 5)[3]).toBe(0);
  });
});
