import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalBlobStore } from '../../../server/storage';
import { blobStoreContract } from './contract';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

describe('local blob store', () => {
  let root: string;
  let store: LocalBlobStore;

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'blobs-'));
    store = new LocalBlobStore(root);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  blobStoreContract(() => ({ store, kept: () => filesUnder(root) }));

  it('refuses a prefix that would leave its directory', async () => {
    await expect(
      store.put(Buffer.from('x'), { contentType: 'text/plain', prefix: '../up' }),
    ).rejects.toThrow();
    expect(await filesUnder(root)).toEqual([]);
  });
});
