/**
 * A print on cloth, pixel by pixel, for the server's product pictures (sharp's raw buffers) and
 * the studio's preview (a canvas's ImageData) alike: one function, so what the director sees
 * is what the product page shows. The maps are drawn on the server from the garment's outline
 * (server/modules/merchandise/garment-maps.ts); the studio reads the shading from the server
 * and derives the rest here.
 */

/** RGBA pixels, 4 bytes each, as sharp's raw output or an ImageData holds them. */
type Pixels = Uint8Array | Uint8ClampedArray;

/**
 * A garment's fabric at one picture size:
 * - shading, one channel: 128 where the cloth lies flat; darker in the folds and along the
 *   seams and edges, lighter on the ridges between folds. Below 128 it multiplies, above it
 *   screens.
 * - displacement, two channels (x then y, 128 still): how far a print is pulled at each pixel.
 */
export interface FabricMaps {
  width: number;
  height: number;
  shading: Uint8Array;
  displacement: Uint8Array;
}

/** The furthest a print moves in a fold, as a share of the picture's width. */
export const maxShiftShare = 0.006;

/**
 * The displacement is the slope of the shading, centred on 128: where a fold falls off, the
 * print is pulled into it.
 */
export function fabricMaps(shading: Uint8Array, width: number, height: number): FabricMaps {
  const displacement = new Uint8Array(width * height * 2).fill(128);
  const at = (x: number, y: number) =>
    shading[Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))];
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const dx = at(x + 2, y) - at(x - 2, y);
      const dy = at(x, y + 2) - at(x, y - 2);
      displacement[(y * width + x) * 2] = Math.max(0, Math.min(255, 128 + dx * 4));
      displacement[(y * width + x) * 2 + 1] = Math.max(0, Math.min(255, 128 + dy * 4));
    }
  return { width, height, shading, displacement };
}

/**
 * The artwork on the garment as on cloth, into `out` (a new buffer without it), all three
 * sizes the maps': each art pixel read from where the fold pulled it (up to `maxShiftShare`
 * of the width away) and laid over the garment, then the shading's dark half (twice the
 * shading, white where flat) multiplied and its light half (twice its rise above 128, black
 * where flat) screened, over garment and print alike. Worked in floats and rounded once, as
 * libvips composites, so the server's earlier sharp blends give the same picture; the
 * garment's transparency is kept (a transparent backdrop stays transparent).
 */
export function compositeFabric<Out extends Pixels = Uint8ClampedArray>(
  garment: Pixels,
  art: Pixels,
  maps: FabricMaps,
  out: Out = new Uint8ClampedArray(maps.width * maps.height * 4) as Out,
): Out {
  const { width, height, shading, displacement } = maps;
  if (garment.length !== width * height * 4 || art.length !== garment.length || out.length !== garment.length)
    throw new Error('The garment, its artwork and its maps must be the same size');
  const shift = (maxShiftShare * width) / 128;
  const table = shadeTable();
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const at = y * width + x;
      const o = at * 4;
      const row = shading[at] << 8;
      const sx = Math.round(x + (displacement[at * 2] - 128) * shift);
      const sy = Math.round(y + (displacement[at * 2 + 1] - 128) * shift);
      const s = (sy * width + sx) * 4;
      const artAlpha = sx >= 0 && sy >= 0 && sx < width && sy < height ? art[s + 3] : 0;
      // Most pixels are bare cloth or solid print: whole bytes, shaded through the table.
      if (artAlpha === 0 || artAlpha === 255) {
        const from = artAlpha === 0 ? garment : art;
        const f = artAlpha === 0 ? o : s;
        out[o] = table[row | from[f]];
        out[o + 1] = table[row | from[f + 1]];
        out[o + 2] = table[row | from[f + 2]];
        out[o + 3] = artAlpha === 0 ? garment[o + 3] : 255;
        continue;
      }
      // The print's soft edges: over, premultiplied, then back to straight colour.
      const a = artAlpha / 255;
      const garmentAlpha = garment[o + 3] / 255;
      const alpha = a + garmentAlpha * (1 - a);
      const under = garmentAlpha * (1 - a);
      const value = shading[at];
      out[o] = shade((art[s] * a + garment[o] * under) / alpha, value);
      out[o + 1] = shade((art[s + 1] * a + garment[o + 1] * under) / alpha, value);
      out[o + 2] = shade((art[s + 2] * a + garment[o + 2] * under) / alpha, value);
      out[o + 3] = clampByte(alpha * 255);
    }
  return out;
}

/** One channel's colour under a shading value: its dark half multiplied, its light half screened. */
function shade(colour: number, value: number) {
  const shadowed = (colour * Math.min(255, value * 2)) / 255;
  return clampByte(shadowed + ((255 - shadowed) * Math.max(0, value * 2 - 256)) / 255);
}

/** `shade` of every whole-byte colour under every shading value, at shading * 256 + colour. */
let shadeTableOnce: Uint8Array | null = null;
function shadeTable() {
  if (!shadeTableOnce) {
    shadeTableOnce = new Uint8Array(256 * 256);
    for (let value = 0; value < 256; value += 1)
      for (let colour = 0; colour < 256; colour += 1)
        shadeTableOnce[(value << 8) | colour] = shade(colour, value);
  }
  return shadeTableOnce;
}

/** Rounded half up and kept in a byte, whatever array it lands in. */
const clampByte = (value: number) => Math.max(0, Math.min(255, Math.floor(value + 0.5)));
