/**
 * Colour difference as people see it, for the studio's low-contrast warning: CIEDE2000
 * (Sharma, Wu and Dalal, "The CIEDE2000 Color-Difference Formula", 2005) on CIELAB under D65.
 * Below `lowContrastDeltaE` a logo colour reads as the garment's own from a few steps away.
 */
const lowContrastDeltaE = 15;

export interface Lab {
  l: number;
  a: number;
  b: number;
}

/** `#rrggbb` (or `#rgb`) as red, green and blue in 0..255; throws on anything else. */
export function parseHex(hex: string): [number, number, number] {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) throw new RangeError(`Not a hex colour: ${hex}`);
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return [0, 2, 4].map((at) => parseInt(digits.slice(at, at + 2), 16)) as [number, number, number];
}

const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** sRGB (0..255) to CIELAB, D65 white. */
export function rgbToLab([red, green, blue]: readonly [number, number, number]): Lab {
  const [r, g, b] = [linear(red), linear(green), linear(blue)];
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
  const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  const [fx, fy, fz] = [f(x), f(y), f(z)];
  return { l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz) };
}

const degrees = (radians: number) => (radians * 180) / Math.PI;
const radians = (deg: number) => (deg * Math.PI) / 180;

/** CIEDE2000 difference of two CIELAB colours (kL = kC = kH = 1). */
export function ciede2000(first: Lab, second: Lab): number {
  const c1 = Math.hypot(first.a, first.b);
  const c2 = Math.hypot(second.a, second.b);
  const cMean7 = ((c1 + c2) / 2) ** 7;
  const g = 0.5 * (1 - Math.sqrt(cMean7 / (cMean7 + 25 ** 7)));
  const a1 = (1 + g) * first.a;
  const a2 = (1 + g) * second.a;
  const cp1 = Math.hypot(a1, first.b);
  const cp2 = Math.hypot(a2, second.b);
  const hue = (a: number, b: number) => (a === 0 && b === 0 ? 0 : (degrees(Math.atan2(b, a)) + 360) % 360);
  const h1 = hue(a1, first.b);
  const h2 = hue(a2, second.b);

  const deltaL = second.l - first.l;
  const deltaC = cp2 - cp1;
  let deltaHue = 0;
  if (cp1 * cp2 !== 0) {
    deltaHue = h2 - h1;
    if (deltaHue > 180) deltaHue -= 360;
    else if (deltaHue < -180) deltaHue += 360;
  }
  const deltaH = 2 * Math.sqrt(cp1 * cp2) * Math.sin(radians(deltaHue / 2));

  const lMean = (first.l + second.l) / 2;
  const cpMean = (cp1 + cp2) / 2;
  let hMean = h1 + h2;
  if (cp1 * cp2 !== 0) {
    if (Math.abs(h1 - h2) <= 180) hMean = (h1 + h2) / 2;
    else hMean = h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2;
  }
  const t =
    1 -
    0.17 * Math.cos(radians(hMean - 30)) +
    0.24 * Math.cos(radians(2 * hMean)) +
    0.32 * Math.cos(radians(3 * hMean + 6)) -
    0.2 * Math.cos(radians(4 * hMean - 63));
  const deltaTheta = 30 * Math.exp(-(((hMean - 275) / 25) ** 2));
  const cpMean7 = cpMean ** 7;
  const rc = 2 * Math.sqrt(cpMean7 / (cpMean7 + 25 ** 7));
  const sl = 1 + (0.015 * (lMean - 50) ** 2) / Math.sqrt(20 + (lMean - 50) ** 2);
  const sc = 1 + 0.045 * cpMean;
  const sh = 1 + 0.015 * cpMean * t;
  const rt = -Math.sin(radians(2 * deltaTheta)) * rc;
  return Math.sqrt(
    (deltaL / sl) ** 2 + (deltaC / sc) ** 2 + (deltaH / sh) ** 2 + rt * (deltaC / sc) * (deltaH / sh),
  );
}

/** The CIEDE2000 difference of two hex colours. */
export const hexDifference = (first: string, second: string) =>
  ciede2000(rgbToLab(parseHex(first)), rgbToLab(parseHex(second)));

/**
 * Whether a logo would vanish on a garment colour: any of its dominant colours closer to the
 * garment's than the threshold. It warns; it never blocks.
 */
export const lowContrast = (logoColours: readonly string[], garment: string) =>
  logoColours.some((colour) => hexDifference(colour, garment) < lowContrastDeltaE);

/** The contrast a text needs against its garment to be read at a glance (WCAG's 3:1 for large text). */
export const minTextContrast = 3;

const luminance = (hex: string) => {
  const [red, green, blue] = parseHex(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
};

/** WCAG's contrast ratio of two hex colours, 1 (the same) to 21 (black on white). */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (lighter + 0.05) / (darker + 0.05);
}
