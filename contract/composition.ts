/**
 * Where a logo sits on a base apparel image. One module for the studio, the one-click
 * Create and the server's print render, so all three agree to the pixel.
 *
 * A placement is stored in fractions of the apparel image, so it holds at any resolution:
 * the centre (x of the width, y of the height), the logo's width (of the apparel width)
 * and a clockwise rotation in degrees. The logo's height follows from its aspect ratio.
 */
export interface Placement {
  x: number;
  y: number;
  width: number;
  rotation: number;
}

/** Where a logo may be printed on an apparel item, in fractions of its image. */
export interface PrintableArea {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A print area: where a side takes a print, in fractions of the image, and how large it prints. */
export interface PrintArea extends PrintableArea {
  widthInches: number;
  heightInches: number;
}

export const sides = ['front', 'back'] as const;
export type Side = (typeof sides)[number];

/** Each apparel prints on its front; most on their back too (caps and totes do not). */
export interface PrintAreas {
  front: PrintArea;
  back: PrintArea | null;
}

/** A logo placed on one side of the garment, besides the product's main front logo. */
export interface LogoLayer {
  kind: 'logo';
  side: Side;
  logoId: number;
  placement: Placement;
}

export interface Size {
  width: number;
  height: number;
}

/** The logo in apparel pixels: its centre, size and rotation. */
export interface LogoBox {
  centreX: number;
  centreY: number;
  width: number;
  height: number;
  rotation: number;
  /** The factor the logo image is scaled by, the same on both axes. */
  scale: number;
}

/** Share of the apparel width the logo takes with one click (spec section 9). */
const logoWidthShare = 1 / 4;
/** Share of the apparel height above the logo's top edge with one click. */
const logoTopShare = 1 / 3;
/** The whole image: apparel without a printable area of its own. */
export const wholeImage: PrintableArea = { left: 0, top: 0, width: 1, height: 1 };
/** Below this a logo is a speck no printer reproduces. */
export const minLogoWidth = 0.02;
/** Arrow keys move the logo by this share of the apparel width; with Shift ten times as far. */
export const nudgeStep = 0.01;
export const largeNudgeStep = 0.1;
/** Placements are stored rounded to this, so a variant is not a float-noise duplicate. */
const precision = 1e6;
/** What the server forgives at the printable area's edge: rounding, not a real overflow. */
const edgeTolerance = 1e-4;

const positive = (value: number, name: string) => {
  if (!Number.isFinite(value) || value <= 0)
    throw new RangeError(`${name} must be a positive number, got ${value}`);
};

const checkSizes = (apparel: Size, logo: Size) => {
  positive(apparel.width, 'apparel width');
  positive(apparel.height, 'apparel height');
  positive(logo.width, 'logo width');
  positive(logo.height, 'logo height');
};

const round = (value: number) => Math.round(value * precision) / precision;

/** Degrees in (-180, 180], so equal turns compare equal. */
export function normaliseRotation(degrees: number) {
  const turned = ((((degrees + 180) % 360) + 360) % 360) - 180;
  return turned === -180 ? 180 : turned;
}

/** The logo's height in fractions of the apparel height, for a given width fraction. */
function heightShare(width: number, apparel: Size, logo: Size) {
  return (width * apparel.width * (logo.height / logo.width)) / apparel.height;
}

/**
 * The one-click placement: a quarter of the apparel width, horizontally centred, its top
 * one third of the way down, keeping the logo's aspect ratio.
 */
export function defaultPlacement(apparel: Size, logo: Size): Placement {
  checkSizes(apparel, logo);
  return {
    x: 0.5,
    y: round(logoTopShare + heightShare(logoWidthShare, apparel, logo) / 2),
    width: logoWidthShare,
    rotation: 0,
  };
}

/** The placement in apparel pixels. */
export function logoBox(placement: Placement, apparel: Size, logo: Size): LogoBox {
  checkSizes(apparel, logo);
  const width = placement.width * apparel.width;
  const scale = width / logo.width;
  return {
    centreX: placement.x * apparel.width,
    centreY: placement.y * apparel.height,
    width,
    height: logo.height * scale,
    rotation: placement.rotation,
    scale,
  };
}

/** The upright rectangle around the rotated logo, in fractions of the apparel image. */
export function boundingBox(placement: Placement, apparel: Size, logo: Size) {
  const box = logoBox(placement, apparel, logo);
  const radians = (placement.rotation * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  const halfWidth = (box.width * cos + box.height * sin) / 2 / apparel.width;
  const halfHeight = (box.width * sin + box.height * cos) / 2 / apparel.height;
  return {
    left: placement.x - halfWidth,
    top: placement.y - halfHeight,
    right: placement.x + halfWidth,
    bottom: placement.y + halfHeight,
  };
}

const clampTo = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/**
 * The nearest placement whose rotated logo lies wholly inside the printable area: too large
 * a logo is shrunk (keeping its aspect ratio) until it fits, then moved inside.
 */
export function clampPlacement(
  placement: Placement,
  apparel: Size,
  logo: Size,
  area: PrintableArea = wholeImage,
): Placement {
  const rotation = normaliseRotation(Number.isFinite(placement.rotation) ? placement.rotation : 0);
  let width = Math.max(placement.width, minLogoWidth);
  const outer = boundingBox({ ...placement, width, rotation }, apparel, logo);
  const fit = Math.min(1, area.width / (outer.right - outer.left), area.height / (outer.bottom - outer.top));
  width *= fit;
  const box = boundingBox({ x: 0, y: 0, width, rotation }, apparel, logo);
  return {
    x: round(clampTo(placement.x, area.left - box.left, area.left + area.width - box.right)),
    y: round(clampTo(placement.y, area.top - box.top, area.top + area.height - box.bottom)),
    width: round(width),
    rotation: round(rotation),
  };
}

export type PlacementField = 'x' | 'y' | 'width' | 'rotation';

/**
 * What is wrong with a placement the client asks for, field by field: the server refuses
 * rather than silently moving a logo somewhere the customer did not see.
 */
export function placementProblems(
  placement: Placement,
  apparel: Size,
  logo: Size,
  area: PrintableArea = wholeImage,
): { field: PlacementField; message: string }[] {
  const problems: { field: PlacementField; message: string }[] = [];
  if (placement.width < minLogoWidth)
    problems.push({ field: 'width', message: `The logo must be at least ${minLogoWidth} of the width` });
  const outer = boundingBox(placement, apparel, logo);
  if (
    outer.right - outer.left > area.width + edgeTolerance ||
    outer.bottom - outer.top > area.height + edgeTolerance
  ) {
    problems.push({ field: 'width', message: 'The logo is larger than the printable area' });
    return problems;
  }
  if (outer.left < area.left - edgeTolerance || outer.right > area.left + area.width + edgeTolerance)
    problems.push({ field: 'x', message: 'The logo must lie inside the printable area' });
  if (outer.top < area.top - edgeTolerance || outer.bottom > area.top + area.height + edgeTolerance)
    problems.push({ field: 'y', message: 'The logo must lie inside the printable area' });
  return problems;
}

/** Moves the logo by whole steps of the apparel width (keyboard nudging), kept inside. */
export function nudgePlacement(
  placement: Placement,
  steps: { x: number; y: number },
  step: number,
  apparel: Size,
  logo: Size,
  area?: PrintableArea,
): Placement {
  const dx = steps.x * step;
  // The step is a share of the width on both axes, so up and down move as far as sideways.
  const dy = (steps.y * step * apparel.width) / apparel.height;
  return clampPlacement({ ...placement, x: placement.x + dx, y: placement.y + dy }, apparel, logo, area);
}

/** Resizes about the centre, keeping the aspect ratio; the result still fits the area. */
export function resizePlacement(
  placement: Placement,
  width: number,
  apparel: Size,
  logo: Size,
  area?: PrintableArea,
): Placement {
  return clampPlacement({ ...placement, width }, apparel, logo, area);
}

/** Turns the logo about its centre; a rotation that would cross the area's edge shrinks it. */
export function rotatePlacement(
  placement: Placement,
  degrees: number,
  apparel: Size,
  logo: Size,
  area?: PrintableArea,
): Placement {
  return clampPlacement({ ...placement, rotation: degrees }, apparel, logo, area);
}

/** Under this a print is refused: it comes out visibly blocky (Printful's DTG minimum). */
export const minPrintDpi = 150;
/** At this or more a print is as sharp as the press; between the two the studio warns. */
export const recommendedPrintDpi = 300;

/**
 * The logo's effective resolution at its placed size: its pixels over the inches it prints
 * at, on the worse axis, rounded down (so 71.9 is not called 72). The inches follow from the
 * area's physical size: the area's width in the image is `widthInches` long on the garment.
 */
export function printDpi(placement: Placement, apparel: Size, logo: Size, area: PrintArea) {
  const box = logoBox(placement, apparel, logo);
  const widthInches = (box.width / (area.width * apparel.width)) * area.widthInches;
  const heightInches = (box.height / (area.height * apparel.height)) * area.heightInches;
  return Math.floor(Math.min(logo.width / widthInches, logo.height / heightInches));
}

export type PrintQuality = 'sharp' | 'soft' | 'tooLow';

/** A vector logo prints sharp at any size; a raster one by its effective resolution. */
export function printQuality(dpi: number, vector: boolean): PrintQuality {
  if (vector || dpi >= recommendedPrintDpi) return 'sharp';
  return dpi >= minPrintDpi ? 'soft' : 'tooLow';
}

/** Dollars in whole cents, to compare prices without float noise. */
const cents = (dollars: number) => Math.round(dollars * 100);

/** What the organization earns per item sold above the apparel's base price. */
export function marginPerItem(price: number, basePrice: number) {
  return (cents(price) - cents(basePrice)) / 100;
}

/** A product may not sell below what its apparel costs. */
export function priceBelowBase(price: number, basePrice: number) {
  return cents(price) < cents(basePrice);
}
