import sharp from 'sharp';

/**
 * The most pixels an uploaded image may have, checked from its header before anything is
 * decoded. A PNG can decode to far more than its size on disk (2 MB of 16383x16383 16-bit
 * interlaced pixels took a process to 4.9 GB), and interlaced images are decoded whole, at up
 * to 8 bytes a pixel: 24 megapixels (6000x4000, more than any print logo or product
 * picture needs) keep re-encoding and thumbnailing the worst case under 1 GiB.
 */
export const maxImagePixels = 24_000_000;

export const tooManyPixels = `The image must have at most ${maxImagePixels / 1_000_000} megapixels`;

/** Options for every sharp call on uploaded bytes: sharp refuses larger images from their header. */
export const uploadDecodeLimits = { limitInputPixels: maxImagePixels } as const;

/**
 * The final product image and its thumbnail, re-encoded from the composed upload (which drops
 * any metadata the browser wrote). One decode at a time, so the worst image is held once.
 */
export async function productImages(original: Buffer, thumbnailWidth: number) {
  const finalPng = await sharp(original, uploadDecodeLimits).png().toBuffer();
  const thumbnailPng = await sharp(original, uploadDecodeLimits)
    .resize({ width: thumbnailWidth, withoutEnlargement: true })
    .png()
    .toBuffer();
  return { finalPng, thumbnailPng };
}
