import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ByteCounter } from './counting';
import {
  assertValidPrefix,
  type BlobStore,
  type BlobStream,
  isValidKey,
  type ListedBlob,
  type PutOptions,
  type StoredBlob,
} from './types';

/** The owner marker's name under the root: outside every prefix, so never listed or swept. */
export const ownerMarkerName = 'file-store-owner.json';

/** How long a `.partial` upload file may sit unwritten before a starting server removes it. */
export const abandonedUploadIdleMs = 10_000;

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

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
  constructor(readonly root: string) {
    void this.removeAbandonedUploads().catch(() => {});
  }

  /**
   * A process killed mid-upload leaves its `.partial` file behind; the next start removes it.
   * The name carries the writer's pid: one whose process is gone is removed at once, however
   * recent (processes sharing a local directory share this machine's pids). Files without one (older versions) go once nobody has written to them for a while
   * (a live upload writes every few milliseconds, and another process may share this directory).
   */
  async removeAbandonedUploads(idleMs = abandonedUploadIdleMs) {
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true }).catch(() => []);
    const cutoff = Date.now() - idleMs;
    for (const entry of entries.filter((e) => e.isFile() && e.name.endsWith('.partial'))) {
      const file = path.join(entry.parentPath, entry.name);
      const writer = Number(/\.p(\d+)\.partial$/.exec(entry.name)?.[1]);
      // Our own pid may be a crashed predecessor's (a restarted container) or a live upload of
      // ours: only the idle rule can tell.
      if (writer && writer !== process.pid) {
        if (!isRunning(writer)) await rm(file, { force: true });
        continue;
      }
      const info = await stat(file).catch(() => null);
      if (info && info.mtimeMs < cutoff) await rm(file, { force: true });
    }
  }

  private pathOf(key: string) {
    if (!isValidKey(key)) throw new Error(`Invalid blob key: ${key}`);
    return path.join(this.root, ...key.split('/'));
  }

  async put(body: Readable | Buffer, options: PutOptions): Promise<StoredBlob> {
    assertValidPrefix(options.prefix);
    const key = `${options.prefix}/${randomUUID()}`;
    const target = this.pathOf(key);
    const temporary = `${target}.${randomUUID()}.p${process.pid}.partial`;
    // Owner-only whatever the umask: uploads are users' files (photos, logos).
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const counter = new ByteCounter(options.maxBytes);
    const file = createWriteStream(temporary, { flags: 'wx', mode: 0o600 });
    try {
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      await pipeline(source, counter, file);
      const meta: Meta = { contentType: options.contentType, size: counter.bytes };
      await writeFile(`${target}.meta.json`, JSON.stringify(meta), { mode: 0o600 });
      await rename(temporary, target);
    } catch (error) {
      // A source refused at its first chunk fails the pipeline before the file has finished
      // opening on the thread pool; removed before that open lands, the file would stay.
      if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
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

  async readOwnerMarker() {
    return readFile(path.join(this.root, ownerMarkerName), 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
  }

  async writeOwnerMarker(content: string) {
    await mkdir(this.root, { recursive: true, mode: 0o700 });
    const temporary = path.join(this.root, `${ownerMarkerName}.${randomUUID()}.p${process.pid}.partial`);
    await writeFile(temporary, content, { mode: 0o600 });
    await rename(temporary, path.join(this.root, ownerMarkerName));
  }

  async *list(prefix: string): AsyncIterable<ListedBlob> {
    assertValidPrefix(prefix);
    const directory = path.join(this.root, ...prefix.split('/'));
    const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      // Meta files and uploads in progress are no blobs: their names never pass `isValidKey`.
      const key = [prefix, ...path.relative(directory, file).split(path.sep)].join('/');
      if (!isValidKey(key)) continue;
      const info = await stat(file).catch(() => null);
      if (info) yield { key, storedAt: info.mtime };
    }
  }
}
