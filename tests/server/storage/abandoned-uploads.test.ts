import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { abandonedUploadIdleMs, LocalBlobStore } from '../../../server/storage/local';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'blobs-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('uploads cut off by a crash', () => {
  it('are removed at start once idle, while live uploads and stored blobs stay', async () => {
    const dir = path.join(root, 'design-logos');
    await mkdir(dir, { recursive: true });
    const abandoned = path.join(dir, 'a.1.partial');
    const live = path.join(dir, 'b.2.partial');
    await writeFile(abandoned, 'half a logo');
    await writeFile(live, 'arriving');
    const longAgo = new Date(Date.now() - abandonedUploadIdleMs - 5000);
    await utimes(abandoned, longAgo, longAgo);
    const stored = await new LocalBlobStore(root).put(Buffer.from('kept'), {
      contentType: 'text/plain',
      prefix: 'notes',
    });
    await new LocalBlobStore(root).removeAbandonedUploads();
    const left = (await readdir(root, { recursive: true })).map(String).sort();
    expect(left).toContain(path.join('design-logos', 'b.2.partial'));
    expect(left).not.toContain(path.join('design-logos', 'a.1.partial'));
    expect(left).toContain(stored.key.split('/').join(path.sep));
  });
});
