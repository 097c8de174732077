import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ByteCounter } from './counting';
import {
  assertValidPrefix,
  type BlobStore,
  type BlobStream,
  isValidKey,
  type PutOptions,
  type StoredBlob,
} from './types';

interface Meta {
  contentType: string;
  size: number;
}

/**
 * Blobs as files under one directory: `<root>/<key>` holds the bytes and
 * `<root>/<key>.meta.json` the content type. Writes go to a temporary name first and are
 * renamed into place, so a reader never sees half a file.
 */
export class LocalBlobStore implements BlobStore {
  constructor(readonly root: string) {}

  private pathOf(key: string) {
    if (!isValidKey(key)) throw new Error(`Invalid blob key: ${key}`);
    return path.join(this.root, ...key.split('/'));
  }

  async put(body: Readable | Buffer, options: PutOptions): Promise<StoredBlob> {
    assertValidPrefix(options.prefix);
    const key = `${options.prefix}/${randomUUID()}`;
    const target = this.pathOf(key);
    const temporary = `${target}.${randomUUID()}.partial`;
    await mkdir(path.dirname(target), { recursive: true });
    const counter = new ByteCounter(options.maxBytes);
    try {
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      await pipeline(source, counter, createWriteStream(temporary, { flags: 'wx' }));
      const meta: Meta = { contentType: options.contentType, size: counter.bytes };
      await writeFile(`${target}.meta.json`, JSON.stringify(meta));
      await rename(temporary, target);
    } catch (error) {
      await Promise.all([rm(temporary, { force: true }), rm(`${target}.meta.json`, { force: true })]);
      throw error;
    }
    return { key, contentType: options.contentType, size: counter.bytes };
  }

  async get(key: string): Promise<BlobStream | null> {
    if (!isValidKey(key)) return null;
    const target = this.pathOf(key);
    try {
      const [meta, info] = await Promise.all([readFile(`${target}.meta.json`, 'utf8'), stat(target)]);
      const { contentType } = JSON.parse(meta) as Meta;
      return { body: createReadStream(target), contentType, size: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string) {
    if (!isValidKey(key)) return;
    const target = this.pathOf(key);
    await Promise.all([rm(target, { force: true }), rm(`${target}.meta.json`, { force: true })]);
  }

  async exists(key: string) {
    if (!isValidKey(key)) return false;
    try {
      await stat(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }
}
