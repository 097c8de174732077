import path from 'node:path';
import type { Config } from '../config';
import { LocalBlobStore } from './local';
import type { BlobStore } from './types';
import { labelOutages } from './unavailable';

export { LocalBlobStore } from './local';
export * from './types';

/**
 * The blob store the configuration asks for: local disk under `DATA_DIR/files` by default, S3 when
 * `S3_*` is set. The AWS SDK is imported only then: loaded, it holds about 30 MiB that the
 * embedded default never uses (bench: idle RSS).
 */
export async function createBlobStore(config: Pick<Config, 'dataDir' | 's3'>): Promise<BlobStore> {
  if (config.s3) {
    const { S3BlobStore } = await import('./s3');
    return labelOutages(new S3BlobStore(config.s3));
  }
  return labelOutages(new LocalBlobStore(path.join(config.dataDir, 'files')));
}

/**
 * Runs what a just-stored upload was for; if that fails, the upload is deleted before the error
 * goes on, so a refused request leaves no file behind.
 */
export async function deleteOnFailure<T>(
  storage: BlobStore,
  key: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
}
