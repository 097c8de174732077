import sharp from 'sharp';

/**
 * Garment outlines on a 1000 x 1000 canvas. The chest area (a quarter of the width,
 * centred, one third down) is kept clear of seams so a logo placed there reads well.
 */
export const garmentOutlines = {
  tshirt: 'M330 80 Q500 150 670 80 L900 190 L830 380 L740 340 L740 930 L260 930 L260 340 L170 380 L100 190 Z',
  longSleeve:
    'M330 80 Q500 150 670 80 L860 180 L960 700 L860 720 L760 360 L740 930 L260 930 L240 360 L140 720 L40 700 L140 180 Z',
  hoodie:
    'M330 90 Q360 10 500 10 Q640 10 670 90 L860 190 L960 700 L860 720 L760 380 L740 930 L260 930 L240 380 L140 720 L40 700 L140 190 Z M380 100 Q500 230 620 100 Q600 40 500 40 Q400 40 380 100 Z',
  tank: 'M350 60 L420 60 Q500 200 580 60 L650 60 L700 330 L720 930 L280 930 L300 330 Z',
  polo: 'M350 80 L450 80 L500 200 L550 80 L650 80 L900 190 L830 380 L740 340 L740 930 L260 930 L260 340 L170 380 L100 190 Z',
  crewneck:
    'M330 80 Q500 160 670 80 L860 180 L960 700 L860 720 L760 360 L740 900 L760 950 L240 950 L260 900 L240 360 L140 720 L40 700 L140 180 Z',
  cap: 'M180 620 Q180 220 500 200 Q820 220 820 620 Z M120 620 L880 620 Q900 700 760 720 L240 720 Q100 700 120 620 Z',
  beanie:
    'M200 760 Q180 200 500 180 Q820 200 800 760 Z M180 740 L820 740 L820 900 L180 900 Z M470 180 a30 30 0 1 1 60 0 a30 30 0 1 1 -60 0 Z',
  tote: 'M180 330 L820 330 L860 950 L140 950 Z M330 330 Q330 80 500 80 Q670 80 670 330 L620 330 Q620 130 500 130 Q380 130 380 330 Z',
  jersey:
    'M360 60 L440 60 Q500 160 560 60 L640 60 L820 160 L760 380 L720 360 L720 940 L280 940 L280 360 L240 380 L180 160 Z',
  quarterZip:
    'M360 70 L460 70 L500 160 L540 70 L640 70 L860 180 L960 700 L860 720 L760 360 L740 930 L260 930 L240 360 L140 720 L40 700 L140 180 Z M496 160 L504 160 L504 420 L496 420 Z',
  shorts: 'M220 150 L780 150 L860 820 L560 850 L500 420 L440 850 L140 820 Z',
} as const;

export type GarmentOutline = keyof typeof garmentOutlines;

export const isGarmentOutline = (name: string | null): name is GarmentOutline =>
  name !== null && Object.hasOwn(garmentOutlines, name);

/**
 * The fabric of a garment as two maps, drawn here from its own outline (no image is fetched):
 * - shading: grey, 128 where the cloth lies flat; darker in the folds and along the seams and
 *   edges, lighter on the ridges between folds. Below 128 it multiplies, above it screens.
 * - displacement: how far a print is pulled at each pixel (x in red, y in green, 128 still),
 *   the slope of the shading, so a print bends across each fold as the cloth does.
 * The folds follow from the outline's name through a fixed seed, so every server draws the same.
 */
export interface GarmentMaps {
  width: number;
  height: number;
  /** One channel. */
  shading: Buffer;
  /** Two channels: x then y. */
  displacement: Buffer;
  /** The shading's dark half to multiply and its light half to screen, RGB. */
  shadow: Buffer;
  highlight: Buffer;
}

/** The furthest a print moves in a fold, as a share of the picture's width. */
const maxShiftShare = 0.006;

/** A small deterministic generator (mulberry32), seeded by the outline's name. */
function seeded(name: string) {
  let state = [...name].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16777619), 2166136261);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The shading as SVG on the outlines' 1000 x 1000 canvas: drape folds falling from the
 * shoulders and gathering towards the hem, a shadow pair and a ridge each, soft-edged; and the
 * outline's own edge darkened, as cloth turns away from the light at its seams.
 */
export function shadingSvg(outline: GarmentOutline, size: number) {
  const random = seeded(outline);
  const folds: string[] = [];
  for (let fold = 0; fold < 9; fold += 1) {
    const x = 220 + random() * 560;
    const top = 150 + random() * 250;
    const bottom = 700 + random() * 250;
    const sway = (random() - 0.5) * 160;
    const width = 30 + random() * 50;
    const path = `M${x} ${top} Q${x + sway} ${(top + bottom) / 2} ${x + sway / 2} ${bottom}`;
    folds.push(
      `<path d="${path}" stroke="#000" stroke-opacity="${0.16 + random() * 0.14}" stroke-width="${width}" fill="none" transform="translate(${-width * 0.6} 0)"/>`,
      `<path d="${path}" stroke="#fff" stroke-opacity="${0.14 + random() * 0.12}" stroke-width="${width * 0.8}" fill="none" transform="translate(${width * 0.6} 0)"/>`,
    );
  }
  // A gentle pull from each shoulder towards the armpits.
  for (const side of [-1, 1]) {
    const x = 500 + side * 200;
    folds.push(
      `<path d="M${x} 140 Q${x - side * 40} 240 ${x - side * 10} 330" stroke="#000" stroke-opacity="0.18" stroke-width="40" fill="none"/>`,
    );
  }
  const d = garmentOutlines[outline];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 1000 1000">
  <defs>
    <clipPath id="cloth"><path d="${d}" clip-rule="evenodd"/></clipPath>
    <filter id="soft" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="22"/></filter>
  </defs>
  <rect width="1000" height="1000" fill="#808080"/>
  <g clip-path="url(#cloth)">
    <g filter="url(#soft)">${folds.join('')}
      <path d="${d}" fill="none" stroke="#000" stroke-opacity="0.4" stroke-width="50"/>
    </g>
  </g>
</svg>`;
}

/** The slope of the shading, centred on 128: where a fold falls off, the print is pulled into it. */
function displacementOf(shading: Buffer, width: number, height: number) {
  const out = Buffer.alloc(width * height * 2, 128);
  const at = (x: number, y: number) =>
    shading[Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))];
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const dx = at(x + 2, y) - at(x - 2, y);
      const dy = at(x, y + 2) - at(x, y - 2);
      out[(y * width + x) * 2] = Math.max(0, Math.min(255, 128 + dx * 4));
      out[(y * width + x) * 2 + 1] = Math.max(0, Math.min(255, 128 + dy * 4));
    }
  return out;
}

// Drawn once per outline and size in a process: they depend on nothing else.
const drawn = new Map<string, Promise<GarmentMaps>>();

export function garmentMaps(outline: GarmentOutline, size: { width: number; height: number }) {
  const key = `${outline} ${size.width}x${size.height}`;
  let maps = drawn.get(key);
  if (!maps) {
    maps = sharp(Buffer.from(shadingSvg(outline, Math.max(size.width, size.height))))
      .resize(size.width, size.height, { fit: 'fill' })
      .greyscale()
      .extractChannel(0)
      .raw()
      .toBuffer()
      .then((shading) => ({
        ...size,
        shading,
        displacement: displacementOf(shading, size.width, size.height),
        ...splitShading(shading),
      }));
    drawn.set(key, maps);
  }
  return maps;
}

/**
 * A print layer (RGBA, the picture's size) bent by the displacement map: each pixel is read
 * from where the fold pulled it, up to `maxShiftShare` of the width away.
 */
export function displace(art: Buffer, maps: GarmentMaps) {
  const { width, height, displacement } = maps;
  const shift = (maxShiftShare * width) / 128;
  // A pixel at a time as one 32-bit word: a per-byte copy took 250 ms a picture.
  const aligned = art.byteOffset % 4 === 0 ? art : Buffer.from(art);
  const source = new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.length / 4);
  const out = new Uint32Array(width * height);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const at = y * width + x;
      const sx = Math.round(x + (displacement[at * 2] - 128) * shift);
      const sy = Math.round(y + (displacement[at * 2 + 1] - 128) * shift);
      if (sx >= 0 && sy >= 0 && sx < width && sy < height) out[at] = source[sy * width + sx];
    }
  return Buffer.from(out.buffer);
}

/**
 * The shading split at its neutral grey into what multiplies (the folds' shadows, white where
 * flat) and what screens (the ridges' highlights, black where flat), as sharp composites them:
 * raw RGB, made once with the maps.
 */
function splitShading(shading: Buffer) {
  const shadow = Buffer.alloc(shading.length * 3);
  const highlight = Buffer.alloc(shading.length * 3);
  for (let at = 0; at < shading.length; at += 1) {
    const value = shading[at];
    shadow.fill(Math.min(255, value * 2), at * 3, at * 3 + 3);
    highlight.fill(Math.max(0, value * 2 - 255), at * 3, at * 3 + 3);
  }
  return { shadow, highlight };
}

export function shadingLayers(maps: GarmentMaps): sharp.OverlayOptions[] {
  const raw = { width: maps.width, height: maps.height, channels: 3 as const };
  return [
    { input: maps.shadow, raw, blend: 'multiply' },
    { input: maps.highlight, raw, blend: 'screen' },
  ];
}
