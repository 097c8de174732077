import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { expect, it } from 'vitest';
import { BlobTooLargeError, type BlobStore } from '../../../server/storage';
import { sweptPrefixes } from '../../../server/storage/sweep';

export interface BlobStoreUnderTest {
  store: BlobStore;
  /** What the backing storage holds now (files on disk, objects in the bucket). */
  kept(): Promise<unknown[]>;
}

/** What every blob store must do, whatever keeps the bytes: the local disk and S3 both pass it. */
export function blobStoreContract(current: () => BlobStoreUnderTest) {
  it('stores a stream under a generated key and gives it back with its type and size', async () => {
    const { store } = current();
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

  it('answers null for a missing blob and deletes idempotently, keeping nothing', async () => {
    const { store, kept } = current();
    const stored = await store.put(Buffer.from('x'), { contentType: 'text/plain', prefix: 'notes' });
    await store.delete(stored.key);
    await store.delete(stored.key);
    expect(await store.get(stored.key)).toBeNull();
    expect(await store.exists(stored.key)).toBe(false);
    expect(await kept()).toEqual([]);
  });

  it('refuses a body over maxBytes and keeps nothing of it', async () => {
    const { store, kept } = current();
    const chunks = Array.from({ length: 10 }, () => Buffer.alloc(1024));
    await expect(
      store.put(Readable.from(chunks), {
        contentType: 'application/octet-stream',
        prefix: 'big',
        maxBytes: 5000,
      }),
    ).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(await kept()).toEqual([]);
  });

  it('keeps nothing when the source stream fails half way', async () => {
    const { store, kept } = current();
    async function* failing() {
      yield Buffer.from('partial');
      throw new Error('connection lost');
    }
    await expect(
      store.put(Readable.from(failing()), { contentType: 'text/plain', prefix: 'notes' }),
    ).rejects.toThrow('connection lost');
    expect(await kept()).toEqual([]);
  });

  it('never resolves a key that is not one it generated, such as a path', async () => {
    const { store } = current();
    expect(await store.get('../../etc/passwd')).toBeNull();
    expect(await store.exists('notes/../../x')).toBe(false);
  });

  it('keeps the owner marker the sweep writes, replaced whole, and out of every listing', async () => {
    const { store } = current();
    expect(await store.readOwnerMarker()).toBeNull();
    await store.writeOwnerMarker('{"database":"a","token":"1"}');
    await store.writeOwnerMarker('{"database":"a","token":"2"}');
    expect(await store.readOwnerMarker()).toBe('{"database":"a","token":"2"}');
    const listed = [];
    for (const prefix of sweptPrefixes) for await (const blob of store.list(prefix)) listed.push(blob);
    expect(listed).toEqual([]);
  });
}
