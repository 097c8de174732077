import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlobTooLargeError, LocalBlobStore } from '../../../server/storage';

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

  it('stores a stream under a generated key and gives it back with its type and size', async () => {
    const stored = await store.put(Readable.from(['hello ', 'world']), {
      contentType: 'text/plain',
      prefix: 'notes',
    });
    expect(stored.key).toMatch(/^notes\/[0-9a-f-]{36}$/);
    expect(stored.size).toBe(11);
    const blob = await store.get(stored.key);
    expect(blob?.contentType).toBe('text/plain');
    expect(blob?.size).toBe(11);
    expect(await text(blob!.body)).toBe('hello world');
    expect(await store.exists(stored.key)).toBe(true);
  });

  it('deletes a blob, and deleting it again is not an error', async () => {
    const stored = await store.put(Buffer.from('x'), { contentType: 'text/plain', prefix: 'notes' });
    await store.delete(stored.key);
    await store.delete(stored.key);
    expect(await store.exists(stored.key)).toBe(false);
    expect(await store.get(stored.key)).toBeNull();
    expect(await filesUnder(root)).toEqual([]);
  });

  it('refuses a body over maxBytes and keeps nothing of it', async () => {
    const chunks = Array.from({ length: 10 }, () => Buffer.alloc(1024));
    await expect(
      store.put(Readable.from(chunks), {
        contentType: 'application/octet-stream',
        prefix: 'big',
        maxBytes: 5000,
      }),
    ).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(await filesUnder(root)).toEqual([]);
  });

  it('keeps nothing when the source stream fails half way', async () => {
    async function* failing() {
      yield Buffer.from('partial');
      throw new Error('connection lost');
    }
    await expect(
      store.put(Readable.from(failing()), { contentType: 'text/plain', prefix: 'notes' }),
    ).rejects.toThrow('connection lost');
    expect(await filesUnder(root)).toEqual([]);
  });

  it('never resolves a key that is not one it generated, such as a path', async () => {
    expect(await store.get('../../etc/passwd')).toBeNull();
    expect(await store.exists('notes/../../x')).toBe(false);
    await expect(
      store.put(Buffer.from('x'), { contentType: 'text/plain', prefix: '../up' }),
    ).rejects.toThrow();
  });
});
