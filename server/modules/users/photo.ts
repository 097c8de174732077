import sharp from 'sharp';
import { badRequest } from '../../errors';
import { uploadDecodeLimits } from '../../storage/images';
import { photoFieldName } from './multipart';

const acceptedFormats = new Set(['png', 'jpeg', 'gif', 'webp']);
const photoSize = 512;

/**
 * Decodes the upload as an image (its bytes, not its name, decide) and stores a fresh
 * square WebP: metadata such as GPS positions is dropped and nothing but pixels survives.
 */
export async function normalizePhoto(input: Buffer) {
  const invalid = badRequest(photoFieldName, 'The profile photo must be a PNG, JPEG, GIF or WebP image');
  let format: string | undefined;
  try {
    format = (await sharp(input, uploadDecodeLimits).metadata()).format;
  } catch {
    throw invalid;
  }
  if (!format || !acceptedFormats.has(format)) throw invalid;
  try {
    return await sharp(input, uploadDecodeLimits)
      .rotate()
      .resize(photoSize, photoSize, { fit: 'cover' })
      .webp()
      .toBuffer();
  } catch {
    throw invalid;
  }
}

export const photoContentType = 'image/webp';
