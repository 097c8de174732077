import path from 'node:path';
import type { Config } from '../config';
import { LocalBlobStore } from './local';
import type { BlobStore } from './types';

export { LocalBlobStore } from './local';
export * from './types';

/** The blob store the configuration asks for: local disk under `DATA_DIR/files` by default. */
export function createBlobStore(config: Pick<Config, 'dataDir'>): BlobStore {
  return new LocalBlobStore(path.join(config.dataDir, 'files'));
}
