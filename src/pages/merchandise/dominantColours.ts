import { quantiseColours } from '../../../contract/preflight';

/** The side of the thumbnail a logo is read from: enough to find its main colours, cheap to scan. */
const sampleSide = 64;
/** A colour counts as dominant when it covers at least this share of the logo's visible pixels. */
const minShare = 0.1;

/**
 * A logo's dominant colours as `#rrggbb`: its visible pixels grouped by colour (4 bits a
 * channel), each group covering a tenth or more of them, as the group's average colour.
 * Read from a small copy, drawn once per logo.
 */
export function dominantColours(image: CanvasImageSource): string[] {
  const canvas = document.createElement('canvas');
  canvas.width = sampleSide;
  canvas.height = sampleSide;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return [];
  context.drawImage(image, 0, 0, sampleSide, sampleSide);
  const { data } = context.getImageData(0, 0, sampleSide, sampleSide);
  const groups = new Map<number, { count: number; r: number; g: number; b: number }>();
  let visible = 0;
  for (let at = 0; at < data.length; at += 4) {
    if (data[at + 3] < 128) continue;
    visible += 1;
    const key = ((data[at] >> 4) << 8) | ((data[at + 1] >> 4) << 4) | (data[at + 2] >> 4);
    const group = groups.get(key) ?? { count: 0, r: 0, g: 0, b: 0 };
    group.count += 1;
    group.r += data[at];
    group.g += data[at + 1];
    group.b += data[at + 2];
    groups.set(key, group);
  }
  const hex = (value: number) => Math.round(value).toString(16).padStart(2, '0');
  return [...groups.values()]
    .filter((group) => group.count >= visible * minShare)
    .sort((a, b) => b.count - a.count)
    .map(
      (group) => `#${hex(group.r / group.count)}${hex(group.g / group.count)}${hex(group.b / group.count)}`,
    );
}

/** The longer side a logo's spot colours are counted at, as the server counts them. */
const inkSide = 256;

/** A logo's spot colours and whether it blends, from a copy as small as the server's. */
export function logoInk(
  image: CanvasImageSource,
  size: { width: number; height: number },
): { colours: string[]; gradient: boolean } {
  const scale = Math.min(1, inkSide / Math.max(size.width, size.height));
  const width = Math.max(1, Math.round(size.width * scale));
  const height = Math.max(1, Math.round(size.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return { colours: [], gradient: false };
  context.drawImage(image, 0, 0, width, height);
  return quantiseColours(context.getImageData(0, 0, width, height).data);
}
