import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalBlobStore } from '../../../server/storage';

/**
 * On a busy machine the upload file's open can land after the stream feeding it has already
 * failed: a PNG refused at its first chunk left its `.partial` file behind (seen once in
 * tests/security/uploads.test.ts under stress-ng). Here every open takes 100 ms.
 */
const opened = vi.hoisted(() => [] as import('node:fs').WriteStream[]);

vi.mock('node:fs', async (original) => {
  const fs = await original<typeof import('node:fs')>();
  return {
    ...fs,
    createWriteStream: (file: string, options: Parameters<typeof fs.createWriteStream>[1]) => {
      type Construct = (callback: (error?: Error | null) => void) => void;
      const stream = fs.createWriteStream(file, options);
      const slow = stream as unknown as { _construct: Construct };
      const construct = slow._construct.bind(stream);
      slow._construct = (callback) => void setTimeout(() => construct(callback), 100);
      opened.push(stream);
      return stream;
    },
  };
});

/** A body that fails at its first read, as a PNG refused at its first chunk does. */
function refusedAtOnce() {
  return new Readable({
    read() {
      this.destroy(new Error('The PNG has data after its end'));
    },
  });
}

describe('local blob store, when opening a file is slow', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'blobs-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('keeps nothing when the upload is refused before its file has finished opening', async () => {
    await expect(
      new LocalBlobStore(root).put(refusedAtOnce(), {
        contentType: 'image/png',
        prefix: 'merchandise-sources',
      }),
    ).rejects.toThrow('The PNG has data after its end');
    // Whatever the store did, the file's stream has settled by the time it closes.
    await Promise.all(
      opened.map(
        (stream) => stream.closed || new Promise<void>((resolve) => stream.once('close', () => resolve())),
      ),
    );
    const left = await readdir(root, { recursive: true, withFileTypes: true });
    expect(left.filter((entry) => entry.isFile()).map((entry) => entry.name)).toEqual([]);
  });
});
