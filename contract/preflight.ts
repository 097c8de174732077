/**
 * The preflight a print shop runs before it signs off a design, as one pure function for the
 * studio (live, as the design changes) and the server (on create, whose 400 its errors are).
 * Thresholds are the shops' published rules: Printful's DTG minimum of 150 DPI, screen printing's
 * 4 colours without gradients and its white underbase on dark garments, Gelato's 7 pt text and
 * safe zone, and WCAG's 3:1 contrast for graphics.
 */
import { parseHex } from './colour';
import {
  boundingBox,
  minPrintDpi,
  type Placement,
  printDpi,
  type PrintArea,
  type PrintAreas,
  recommendedPrintDpi,
  type Side,
  type Size,
} from './composition';
import { printDpiTooLow, printDpiWarning } from './merchandise-messages';
import { textBounds, type TextLayer, type TextShape } from './text';

/** Kept clear of the print area's edge: a press's registration drifts by about this much. */
export const safeZoneInches = 0.25;
/** Smaller letters fill in or break up in print (Gelato's minimum). */
export const minTextPoints = 7;
/** Thinner lines break up in print. */
export const minLinePoints = 0.5;
/** WCAG 2's least contrast for graphics: below it a print fades into the garment. */
export const minContrast = 3;
/** Most colours a screen print takes, the underbase included, before its screens cost more than DTG. */
export const maxScreenColours = 4;
/** Below this relative luminance a garment needs a white underbase under its print (mid grey is 0.18). */
const darkLuminance = 0.18;
const pointsPerInch = 72;

export const preflightRules = [
  'resolution',
  'printArea',
  'safeZone',
  'colours',
  'underbase',
  'textSize',
  'lineWidth',
  'contrast',
] as const;
export type PreflightRule = (typeof preflightRules)[number];

/** How the server's 400 and the stored result name each rule. */
export const preflightRuleNames: Record<PreflightRule, string> = {
  resolution: 'resolution',
  printArea: 'print area',
  safeZone: 'safe zone',
  colours: 'colours',
  underbase: 'white underbase',
  textSize: 'text size',
  lineWidth: 'line width',
  contrast: 'contrast',
};

type PrintMethod = 'screen' | 'dtg';

/** One piece of artwork as the preflight sees it, made by `logoArtwork` or `textArtwork`. */
export interface PreflightArtwork {
  /** The create form's field it came from: `PlacementWidth` for the main logo, `Layers[0]`... */
  field: string;
  kind: 'logo' | 'text';
  side: Side;
  /** Its inked rectangle, in fractions of the garment image. */
  bounds: { left: number; top: number; right: number; bottom: number };
  /** Effective resolution at its printed size; null where it has none (a vector logo, a text). */
  dpi: number | null;
  /** Its spot colours, `#rrggbb`. */
  colours: string[];
  gradient: boolean;
  /** A text's font size at print, in points. */
  textPoints?: number;
  /** The widths of its strokes at print, in points. */
  linePoints?: number[];
}

export interface PreflightInput {
  areas: PrintAreas;
  /** The garment colours the product is sold in. */
  garments: { name: string; hex: string }[];
  artwork: PreflightArtwork[];
}

export interface PreflightIssue {
  rule: PreflightRule;
  /** An error blocks create; a warning is shown and kept; a note is advice (colours, method). */
  severity: 'error' | 'warning' | 'note';
  /** The artwork's field, or null for the side as a whole. */
  field: string | null;
  side: Side;
  /** What the message needs, for the studio's catalogue and the stored result. */
  values: Record<string, string | number>;
  /** The English message, as the server's 400 sends it. */
  message: string;
}

interface PreflightSide {
  side: Side;
  /** The design's spot colours on this side, without the underbase. */
  colours: string[];
  gradient: boolean;
  /** Garments (by name) dark enough to need a white underbase under this side's print. */
  underbaseOn: string[];
  /** Screens a screen print of this side takes: its colours, plus one for an underbase. */
  screenColours: number;
  method: PrintMethod;
}

export interface PreflightResult {
  /** False when an error stands: the product cannot be created. */
  passes: boolean;
  issues: PreflightIssue[];
  sides: PreflightSide[];
}

/** WCAG 2 relative luminance of a hex colour. */
function relativeLuminance(hex: string) {
  const [r, g, b] = parseHex(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two hex colours, 1 to 21. */
export function contrastRatio(first: string, second: string) {
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

const isDarkGarment = (hex: string) => relativeLuminance(hex) < darkLuminance;

/** Four bits a channel: 4,096 buckets, fine enough for spot colours, coarse enough to ignore noise. */
const bucketOf = (r: number, g: number, b: number) => ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
/** A bucket under this share of the ink is an anti-aliased edge, not a colour of the design. */
const significantShare = 0.01;
/** Buckets this close (RGB distance) to a larger one are shades of it, not another screen. */
const sameColourDistance = 60;
/** Ink left outside the spot colours past this share is a blend: a gradient or a photo. */
const blendShare = 0.15;
/** Coverage below which a pixel is not printed. */
const inkAlpha = 128;

const toHex = (channels: number[]) =>
  `#${channels.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/**
 * The spot colours of an image's RGBA pixels (the browser's ImageData or sharp's raw output):
 * its inked pixels bucketed, the buckets that hold a share of the ink grouped with the larger
 * colour they shade, largest first. A design is a gradient when its ink is spread thin over many
 * buckets, or when one colour runs through three or more of them (a ramp, not a flat colour).
 */
export function quantiseColours(rgba: ArrayLike<number>): { colours: string[]; gradient: boolean } {
  const counts = new Map<number, { count: number; sum: [number, number, number] }>();
  let inked = 0;
  for (let at = 0; at + 3 < rgba.length; at += 4) {
    if (rgba[at + 3] < inkAlpha) continue;
    inked += 1;
    const [r, g, b] = [rgba[at], rgba[at + 1], rgba[at + 2]];
    const key = bucketOf(r, g, b);
    const bucket = counts.get(key) ?? { count: 0, sum: [0, 0, 0] };
    bucket.count += 1;
    bucket.sum[0] += r;
    bucket.sum[1] += g;
    bucket.sum[2] += b;
    counts.set(key, bucket);
  }
  if (inked === 0) return { colours: [], gradient: false };
  const significant = [...counts.values()]
    .filter((bucket) => bucket.count / inked >= significantShare)
    .sort((a, b) => b.count - a.count)
    .map((bucket) => ({ count: bucket.count, mean: bucket.sum.map((sum) => sum / bucket.count) }));
  const groups: { mean: number[]; buckets: number }[] = [];
  for (const bucket of significant) {
    const group = groups.find(
      (leader) => Math.hypot(...leader.mean.map((value, i) => value - bucket.mean[i])) < sameColourDistance,
    );
    if (group) group.buckets += 1;
    else groups.push({ mean: bucket.mean, buckets: 1 });
  }
  const covered = significant.reduce((sum, bucket) => sum + bucket.count, 0) / inked;
  return {
    colours: groups.map((group) => toHex(group.mean)),
    gradient: covered < 1 - blendShare || groups.some((group) => group.buckets >= 3),
  };
}

/** A logo as the preflight sees it: where it lands, at what resolution, in which colours. */
export function logoArtwork(
  field: string,
  side: Side,
  placement: Placement,
  sizes: { apparel: Size; logo: Size },
  area: PrintArea,
  logo: { vector: boolean; colours: string[]; gradient: boolean },
): PreflightArtwork {
  return {
    field,
    kind: 'logo',
    side,
    bounds: boundingBox(placement, sizes.apparel, sizes.logo),
    dpi: logo.vector ? null : printDpi(placement, sizes.apparel, sizes.logo, area),
    colours: logo.colours,
    gradient: logo.gradient,
  };
}

/** A text as the preflight sees it: its ink from the font's outlines, its size and outline in points. */
export function textArtwork(
  field: string,
  layer: TextLayer,
  shape: TextShape,
  area: PrintArea,
): PreflightArtwork {
  return {
    field,
    kind: 'text',
    side: layer.side,
    bounds: textBounds(shape, layer, area),
    dpi: null,
    colours: [layer.colour, ...(layer.outline ? [layer.outline.colour] : [])],
    gradient: false,
    textPoints: layer.size * pointsPerInch,
    linePoints: layer.outline ? [layer.outline.width * pointsPerInch] : [],
  };
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The English of each rule's finding; the catalogues translate them from the same values. */
export const preflightMessages = {
  resolutionError: (dpi: number | string) => printDpiTooLow(dpi),
  resolutionWarning: (dpi: number | string) => printDpiWarning(dpi),
  printArea: (side: string) => `It lies outside the ${side} print area`,
  safeZone: (side: string) => `It comes within ${safeZoneInches} in of the ${side} print area's edge`,
  underbase: (garments: string) => `A white underbase is printed first on ${garments}, as one more colour`,
  textSize: (points: number | string) =>
    `Its text is ${points} pt; at least ${minTextPoints} pt prints cleanly`,
  lineWidth: (points: number | string) =>
    `A line is ${points} pt; at least ${minLinePoints} pt prints cleanly`,
  contrast: (garment: string, ratio: number | string) =>
    `It contrasts ${ratio}:1 with ${garment}; at least ${minContrast}:1 stands out`,
  fitsScreen: (count: number | string) => `${count} colours and no gradients: fits screen printing`,
  needsDtg: (count: number | string) =>
    `${count} colours or a gradient: print direct-to-garment (screen printing takes at most ${maxScreenColours} flat colours)`,
};

/** The server's 400 for an error: the rule named first. */
export const preflightFailure = (issue: Pick<PreflightIssue, 'rule' | 'message'>) =>
  `Preflight (${preflightRuleNames[issue.rule]}): ${issue.message}`;

/** Colours the same to a screen printer: one screen. */
const distinctColours = (colours: string[]) => {
  const kept: string[] = [];
  for (const colour of colours) {
    const rgb = parseHex(colour);
    if (!kept.some((other) => Math.hypot(...parseHex(other).map((c, i) => c - rgb[i])) < sameColourDistance))
      kept.push(colour);
  }
  return kept;
};

/** Every rule over every piece of artwork and every printed side. */
export function preflight(input: PreflightInput): PreflightResult {
  const issues: PreflightIssue[] = [];
  const add = (
    rule: PreflightRule,
    severity: PreflightIssue['severity'],
    piece: { field: string | null; side: Side },
    values: Record<string, string | number>,
    message: string,
  ) => issues.push({ rule, severity, field: piece.field, side: piece.side, values, message });

  for (const piece of input.artwork) {
    const area = input.areas[piece.side];
    if (piece.dpi !== null && piece.dpi < minPrintDpi)
      add('resolution', 'error', piece, { dpi: piece.dpi }, preflightMessages.resolutionError(piece.dpi));
    else if (piece.dpi !== null && piece.dpi < recommendedPrintDpi)
      add('resolution', 'warning', piece, { dpi: piece.dpi }, preflightMessages.resolutionWarning(piece.dpi));

    const { bounds } = piece;
    const tolerance = 1e-4;
    if (
      !area ||
      bounds.left < area.left - tolerance ||
      bounds.top < area.top - tolerance ||
      bounds.right > area.left + area.width + tolerance ||
      bounds.bottom > area.top + area.height + tolerance
    ) {
      add('printArea', 'error', piece, { side: piece.side }, preflightMessages.printArea(piece.side));
    } else {
      const insetX = (safeZoneInches / area.widthInches) * area.width;
      const insetY = (safeZoneInches / area.heightInches) * area.height;
      if (
        bounds.left < area.left + insetX - tolerance ||
        bounds.top < area.top + insetY - tolerance ||
        bounds.right > area.left + area.width - insetX + tolerance ||
        bounds.bottom > area.top + area.height - insetY + tolerance
      )
        add('safeZone', 'warning', piece, { side: piece.side }, preflightMessages.safeZone(piece.side));
    }

    if (piece.textPoints !== undefined && piece.textPoints < minTextPoints) {
      const points = round1(piece.textPoints);
      add('textSize', 'warning', piece, { points }, preflightMessages.textSize(points));
    }
    const thinnest = Math.min(...(piece.linePoints ?? []));
    if (thinnest < minLinePoints) {
      const points = round1(thinnest);
      add('lineWidth', 'warning', piece, { points }, preflightMessages.lineWidth(points));
    }

    // The artwork shows as long as one of its colours stands out from the garment.
    for (const garment of input.garments) {
      if (piece.colours.length === 0) break;
      const ratio = Math.max(...piece.colours.map((colour) => contrastRatio(colour, garment.hex)));
      if (ratio < minContrast) {
        const shown = round1(ratio);
        add(
          'contrast',
          'warning',
          piece,
          { garment: garment.name, ratio: shown },
          preflightMessages.contrast(garment.name, shown),
        );
      }
    }
  }

  const darkGarments = input.garments
    .filter((garment) => isDarkGarment(garment.hex))
    .map((garment) => garment.name);
  const printedSides = [...new Set(input.artwork.map((piece) => piece.side))];
  const sides = printedSides.map((side): PreflightSide => {
    const pieces = input.artwork.filter((piece) => piece.side === side);
    const colours = distinctColours(pieces.flatMap((piece) => piece.colours));
    const gradient = pieces.some((piece) => piece.gradient);
    const screenColours = colours.length + (darkGarments.length > 0 ? 1 : 0);
    const method: PrintMethod = screenColours <= maxScreenColours && !gradient ? 'screen' : 'dtg';
    const where = { field: null, side };
    if (darkGarments.length > 0) {
      const garments = darkGarments.join(', ');
      add('underbase', 'note', where, { garments }, preflightMessages.underbase(garments));
    }
    const count = screenColours;
    add(
      'colours',
      'note',
      where,
      { count, method },
      method === 'screen' ? preflightMessages.fitsScreen(count) : preflightMessages.needsDtg(count),
    );
    return { side, colours, gradient, underbaseOn: darkGarments, screenColours, method };
  });
  return { passes: !issues.some((issue) => issue.severity === 'error'), issues, sides };
}
