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
