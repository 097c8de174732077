import sharp from 'sharp';
import { logoBox, type Placement } from '../../../contract/composition';

/** The print file's long side, in pixels: a 15 inch print at 300 dpi. */
export const printLongSide = 4500;
/** sharp reads an SVG at 72 dpi unless told a density; the density scales it before rasterising. */
const svgBaseDensity = 72;
const transparent = { r: 0, g: 0, b: 0, alpha: 0 };

/**
 * Draws the original logo on the apparel image at the stored placement, at print size.
 * An SVG logo is rasterised once, directly at its printed size, so it stays sharp; the
 * apparel keeps its transparency where it has any.
 */
export async function renderPrintFile(
  apparelImage: Buffer,
  logoImage: Buffer,
  placement: Placement,
  { deadline }: { deadline?: number } = {},
) {
  const [apparelMeta, logoMeta] = await Promise.all([
    sharp(apparelImage).metadata(),
    sharp(logoImage).metadata(),
  ]);
  if (!apparelMeta.width || !apparelMeta.height || !logoMeta.width || !logoMeta.height)
    throw new Error('An image of the print file has no size');
  const factor = printLongSide / Math.max(apparelMeta.width, apparelMeta.height);
  const size = {
    width: Math.round(apparelMeta.width * factor),
    height: Math.round(apparelMeta.height * factor),
  };
  const box = logoBox(placement, size, { width: logoMeta.width, height: logoMeta.height });
  const logoWidth = Math.max(1, Math.round(box.width));
  const logoHeight = Math.max(1, Math.round(box.height));
  const source =
    logoMeta.format === 'svg'
      ? sharp(logoImage, { density: Math.min(100_000, (svgBaseDensity * logoWidth) / logoMeta.width) })
      : sharp(logoImage);
  // Drawing an SVG is the step whose cost the logo sets: past the job's deadline libvips stops
  // it at its next tile, rather than burning CPU for a job the queue has already failed.
  if (deadline !== undefined)
    source.timeout({ seconds: Math.max(1, Math.ceil((deadline - Date.now()) / 1000)) });
  // Between the logo's steps the pixels travel raw, with no PNG encode and decode.
  const sized = await source
    .resize(logoWidth, logoHeight, { fit: 'fill', background: transparent })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Rotated in a second pass: sharp applies rotation before resizing within one pipeline.
  const { data: logo, info } = await sharp(sized.data, { raw: sized.info })
    .rotate(box.rotation, { background: transparent })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Composited in the resize's own pipeline: libvips streams the 4500 px image in strips
  // instead of holding it whole between two steps.
  return sharp(apparelImage)
    .resize(size.width, size.height, { kernel: 'lanczos3' })
    .composite([
      {
        input: logo,
        raw: info,
        left: Math.round(box.centreX - info.width / 2),
        top: Math.round(box.centreY - info.height / 2),
      },
    ])
    .png()
    .toBuffer();
}
