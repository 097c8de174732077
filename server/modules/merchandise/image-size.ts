import { buffer } from 'node:stream/consumers';
import type { Size } from '../../../contract/composition';
import type { BlobStore } from '../../storage';
import { renderSandbox } from '../../storage/render-sandbox';

/** Stored images passed the upload's checks and parse in well under a second; this bounds a broken one. */
const storedImageSizeTimeoutMs = 20_000;

/**
 * The pixel size of a stored image, read from its header (an SVG from its own size, which
 * libvips parses the whole document for: in a render child, as every untrusted decode).
 */
export async function storedImageSize(storage: BlobStore, key: string): Promise<Size> {
  const blob = await storage.get(key);
  if (!blob) throw new Error(`Stored image ${key} is missing`);
  const { width, height } = await renderSandbox.run(
    { kind: 'size', image: await buffer(blob.body) },
    { timeoutMs: storedImageSizeTimeoutMs },
  );
  if (!width || !height) throw new Error(`Stored image ${key} has no size`);
  return { width, height };
}
