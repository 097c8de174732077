import sharp from 'sharp';
import { fabricMaps, type FabricMaps } from '../../contract/fabric';

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

// Drawn once per outline and size in a process: they depend on nothing else.
const drawn = new Map<string, Promise<FabricMaps>>();

/**
 * The fabric of a garment (contract/fabric.ts's maps), drawn here from its own outline: no
 * image is fetched. The shading's folds follow from the outline's name through a fixed seed,
 * so every server draws the same; the displacement is its slope.
 */
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
      .then((shading) => fabricMaps(shading, size.width, size.height));
    drawn.set(key, maps);
  }
  return maps;
}

/**
 * The shading alone as a grey PNG (lossless, so the studio composites the very bytes the
 * server does and derives the displacement from them), encoded once per outline and size.
 */
const encoded = new Map<string, Promise<Buffer>>();

export function garmentShadingPng(outline: GarmentOutline, size: { width: number; height: number }) {
  const key = `${outline} ${size.width}x${size.height}`;
  let png = encoded.get(key);
  if (!png) {
    png = garmentMaps(outline, size).then((maps) =>
      sharp(maps.shading, { raw: { width: maps.width, height: maps.height, channels: 1 } })
        .png()
        .toBuffer(),
    );
    encoded.set(key, png);
  }
  return png;
}
