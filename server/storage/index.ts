import path from 'node:path';
import type { Config } from '../config';
import { LocalBlobStore } from './local';
import { S3BlobStore } from './s3';
import type { BlobStore } from './types';
import { labelOutages } from './unavailable';

export { LocalBlobStore } from './local';
export { S3BlobStore } from './s3';
export * from './types';

/** The blob store the configuration asks for: local disk under `DATA_DIR/files` by default, S3 when `S3_*` is set. */
export function createBlobStore(config: Pick<Config, 'dataDir' | 's3'>): BlobStore {
  if (config.s3) return labelOutages(new S3BlobStore(config.s3));
  return labelOutages(new LocalBlobStore(path.join(config.dataDir, 'files')));
}
