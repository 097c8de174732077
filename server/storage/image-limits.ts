import { maxImagePixels, tooManyPixels } from './images';

/** An upload refused because of what it contains; the message is shown to the user. */
export class UploadRejected extends Error {}

/** Browsers cannot draw a canvas larger than this on a side, so neither can composition. */
export const maxImageSide = 16384;

/** Refuses an image too large to compose or decode, from its stated size. */
export function checkImageSize(width: number, height: number) {
  if (width > maxImageSide || height > maxImageSide) {
    throw new UploadRejected(`The image must be at most ${maxImageSide} pixels wide and high`);
  }
  if (width * height > maxImagePixels) throw new UploadRejected(tooManyPixels);
}

/**
 * How deep an SVG's elements may nest. Editors' logos nest 5 to 15 deep. jsdom walks the tree
 * with one generator per level, so each element costs the sanitizer its depth: 5,000 elements
 * took 0.2 s at 64 deep, 0.6 s at 1,000, and 4,990 deep overflowed the stack (13 to 17 s in the
 * worker); libxml2, under sharp, stops at 256.
 */
export const maxSvgDepth = 64;

/**
 * SVGs are parsed and sanitized in memory; past a few MB that costs seconds of CPU and
 * hundreds of MB per upload (20 MB: about 30 s and 900 MB), so they have their own limit.
 */
export const maxSvgBytes = 5 * 1024 * 1024;

/** Far above any logo (a detailed crest has a few hundred); keeps sanitizing within seconds. */
export const maxSvgElements = 5_000;

/**
 * Parsing and sanitizing grow faster than linearly with the attributes of one element (8k,
 * 16k and 32k took 0.4, 2.1 and 8.5 s); real elements have a handful.
 */
export const maxSvgAttributesPerElement = 100;
export const maxSvgAttributes = 20_000;

/**
 * Filter effects make drawing cost grow faster than the print's area: 200 blurred layers took
 * 36 s of CPU for a logo a quarter of the print wide, one drop shadow at the full 4500 px about
 * 50 s. A logo's shadow or glow takes 1 to 5 steps; 200 layers are refused (docs/decisions.md).
 */
export const maxSvgFilterSteps = 8;
/** A morphology step costs its radius per pixel (2 and 20 units of 500: 1.5 and 5.2 s). */
export const maxSvgMorphologyRadiusShare = 0.01;
/** A convolution step costs its order squared per pixel; 5 by 5 covers sharpening and embossing. */
export const maxSvgConvolveOrder = 5;
/**
 * A turbulence step computes its noise once per octave for every pixel and channel of its
 * region, so each octave costs a filter step at print size; 100 octaves on a 500 px square was
 * drawn at 512 px in 2.6 s and held the print job about 73 s. Design tools' noise uses 1 to 4.
 */
export const maxSvgTurbulenceOctaves = 4;
