import sharp from 'sharp';
import type { Font } from 'opentype.js';
import { logoBox, type Placement, type PrintArea, type Size } from '../../contract/composition';
import { pathBounds, svgPathData, type TextLayer, textShape, turnedCommands } from '../../contract/text';
import { uploadDecodeLimits } from './images';
import { compositeFabric } from '../../contract/fabric';
import { garmentMaps, type GarmentOutline } from './garment-maps';

/** Print files are made at this resolution, at the print area's physical size. */
export const printResolution = 300;
/** sharp reads an SVG at 72 dpi unless told a density; the density scales it before rasterising. */
const svgBaseDensity = 72;
const transparent = { r: 0, g: 0, b: 0, alpha: 0 };

/** A logo and where it sits on the garment image, or a text and the font it is set in. */
export type Artwork = { image: Buffer; placement: Placement } | { text: TextLayer; font: Font };

/** The print file's pixel size: the area's inches at 300 DPI. */
const printSize = (area: PrintArea): Size => ({
  width: Math.round(area.widthInches * printResolution),
  height: Math.round(area.heightInches * printResolution),
});

/**
 * One side's print file: the area at 300 DPI of its physical size, transparent wherever no
 * artwork is, each logo drawn from its original where its placement puts it inside the area
 * (an SVG at its printed size, so it stays sharp; a PNG resampled once).
 */
export async function renderSidePrint(apparel: Size, area: PrintArea, artwork: Artwork[]) {
  const size = printSize(area);
  // Print pixels per garment-image pixel, on each axis (equal when the inches match the area's shape).
  const scaleX = size.width / (area.width * apparel.width);
  const scaleY = size.height / (area.height * apparel.height);
  const overlays: sharp.OverlayOptions[] = [];
  // One logo at a time: each is up to a whole area of raw pixels.
  for (const piece of artwork) {
    if ('text' in piece) {
      const { placement } = piece.text;
      const centre = {
        x: ((placement.x - area.left) / area.width) * size.width,
        y: ((placement.y - area.top) / area.height) * size.height,
      };
      overlays.push(textOverlay(piece.text, piece.font, printResolution, centre));
      continue;
    }
    const logo = await placedLogo(piece.image, apparel, piece.placement, scaleX);
    overlays.push({
      input: logo.data,
      raw: logo.info,
      left: Math.round((logo.box.centreX - area.left * apparel.width) * scaleX - logo.info.width / 2),
      top: Math.round((logo.box.centreY - area.top * apparel.height) * scaleY - logo.info.height / 2),
    });
  }
  // The density is what a print shop's software sizes the file by: without it, sharp writes
  // 1000 px/m (25.4 DPI) and the front opens as 142 inches wide.
  return sharp({ create: { ...size, channels: 4, background: transparent } })
    .composite(overlays)
    .png()
    .withMetadata({ density: printResolution })
    .toBuffer();
}

/**
 * A text drawn from its font's glyph outlines as an SVG path, `pixelsPerInch` at its centre
 * (in the target's pixels): the outline first, twice its width and round-joined, so the fill
 * covers its inner half and it shows exactly its width beyond the letters. The SVG spans only
 * the ink, placed at a whole pixel with the fraction kept inside the path.
 */
function textOverlay(
  layer: TextLayer,
  font: Font,
  pixelsPerInch: number,
  centre: { x: number; y: number },
): sharp.OverlayOptions {
  const commands = turnedCommands(textShape(font, layer.text, layer.size, layer.arc), layer.rotation);
  const ink = pathBounds(commands);
  const outline = layer.outline?.width ?? 0;
  const left = Math.max(0, Math.floor(centre.x + (ink.left - outline) * pixelsPerInch) - 1);
  const top = Math.max(0, Math.floor(centre.y + (ink.top - outline) * pixelsPerInch) - 1);
  const width = Math.ceil(centre.x + (ink.right + outline) * pixelsPerInch) + 1 - left;
  const height = Math.ceil(centre.y + (ink.bottom + outline) * pixelsPerInch) + 1 - top;
  const d = svgPathData(commands, pixelsPerInch, centre.x - left, centre.y - top);
  const stroke = layer.outline
    ? `<path d="${d}" fill="${layer.outline.colour}" stroke="${layer.outline.colour}" stroke-width="${2 * outline * pixelsPerInch}" stroke-linejoin="round"/>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${stroke}<path d="${d}" fill="${layer.colour}"/></svg>`;
  return { input: Buffer.from(svg), left, top };
}

/**
 * A logo at its placement, drawn `scale` print pixels per garment-image pixel and turned, as
 * raw pixels to composite. An SVG logo is rasterised once, directly at that size.
 */
async function placedLogo(image: Buffer, apparel: Size, placement: Placement, scale: number) {
  const meta = await sharp(image).metadata();
  if (!meta.width || !meta.height) throw new Error('A logo to draw has no size');
  const box = logoBox(placement, apparel, { width: meta.width, height: meta.height });
  const width = Math.max(1, Math.round(box.width * scale));
  const height = Math.max(1, Math.round(box.height * scale));
  const source =
    meta.format === 'svg'
      ? sharp(image, { density: Math.min(100_000, (svgBaseDensity * width) / meta.width) })
      : sharp(image, uploadDecodeLimits);
  // Between the logo's steps the pixels travel raw, with no PNG encode and decode.
  const sized = await source
    .resize(width, height, { fit: 'fill', background: transparent })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Rotated in a second pass: sharp applies rotation before resizing within one pipeline.
  const { data, info } = await sharp(sized.data, { raw: sized.info })
    .rotate(box.rotation, { background: transparent })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, info, box };
}

/** The front artwork as overlays on a garment picture of `size`, each where the studio puts it. */
async function mockupOverlays(size: Size, area: PrintArea, artwork: Artwork[]) {
  const pixelsPerInch = (area.width * size.width) / area.widthInches;
  const overlays: sharp.OverlayOptions[] = [];
  for (const piece of artwork) {
    if ('text' in piece) {
      const { x, y } = piece.text.placement;
      overlays.push(
        textOverlay(piece.text, piece.font, pixelsPerInch, {
          x: x * size.width,
          y: y * size.height,
        }),
      );
      continue;
    }
    const logo = await placedLogo(piece.image, size, piece.placement, 1);
    overlays.push({
      input: logo.data,
      raw: logo.info,
      left: Math.round(logo.box.centreX - logo.info.width / 2),
      top: Math.round(logo.box.centreY - logo.info.height / 2),
    });
  }
  return overlays;
}

/** The front artwork alone at a garment picture's size, transparent elsewhere: raw RGBA to bend. */
export async function mockupArt(size: Size, area: PrintArea, artwork: Artwork[]) {
  return sharp({ create: { ...size, channels: 4, background: transparent } })
    .composite(await mockupOverlays(size, area, artwork))
    .raw()
    .toBuffer();
}

/**
 * A product's picture on one garment colour as raw pixels: the front artwork drawn on that
 * colour's image at the image's own size, as the studio composes the first; on a garment drawn
 * from an outline, bent through its folds and shaded as its cloth by the function the studio's
 * preview runs too (contract/fabric.ts).
 */
async function mockupPixels(
  garment: Buffer,
  area: PrintArea,
  artwork: Artwork[],
  outline: GarmentOutline | null,
) {
  const { width, height } = await sharp(garment).metadata();
  if (!width || !height) throw new Error('A garment image has no size');
  // The picture's true density (the garment's pixels per printed inch), not the print's.
  const density = (area.width * width) / area.widthInches;
  if (!outline) {
    const { data, info } = await sharp(garment)
      .composite(await mockupOverlays({ width, height }, area, artwork))
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, raw: { width, height, channels: info.channels }, density };
  }
  const [maps, cloth, art] = await Promise.all([
    garmentMaps(outline, { width, height }),
    sharp(garment).ensureAlpha().raw().toBuffer(),
    mockupArt({ width, height }, area, artwork),
  ]);
  const data = compositeFabric(cloth, art, maps, Buffer.alloc(cloth.length));
  return { data, raw: { width, height, channels: 4 as const }, density };
}

export async function renderMockup(
  garment: Buffer,
  area: PrintArea,
  artwork: Artwork[],
  outline: GarmentOutline | null = null,
) {
  const { data, raw, density } = await mockupPixels(garment, area, artwork, outline);
  return sharp(data, { raw }).png().withMetadata({ density }).toBuffer();
}

/**
 * The picture and its thumbnail, each encoded from the picture's pixels (at once: decoding the
 * picture's PNG again for the thumbnail, and re-encoding it, took a third of a colour's time).
 */
export async function mockupImages(
  garment: Buffer,
  area: PrintArea,
  artwork: Artwork[],
  outline: GarmentOutline | null,
  thumbnailWidth: number,
) {
  const { data, raw, density } = await mockupPixels(garment, area, artwork, outline);
  const [finalPng, thumbnailPng] = await Promise.all([
    sharp(data, { raw }).png().withMetadata({ density }).toBuffer(),
    sharp(data, { raw }).resize({ width: thumbnailWidth, withoutEnlargement: true }).png().toBuffer(),
  ]);
  return { finalPng, thumbnailPng };
}
