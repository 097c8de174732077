import { Readable } from 'node:stream';
import { BlobTooLargeError, type BlobStore, type StoredBlob } from './types';
import { maxSvgBytes, UploadRejected } from './image-limits';
import { checkedPng, pngSignature } from './png';
import { sanitizeSvgOffThread } from './sanitize-pool';
import { checkSvgCost } from './svg-cost';

export type ImageKind = 'png' | 'svg';

const imageContentTypes: Record<ImageKind, string> = { png: 'image/png', svg: 'image/svg+xml' };

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Reads the first `bytes` of a stream and gives back a stream that still starts at byte 0. */
async function peek(source: Readable, bytes: number) {
  const iterator: AsyncIterator<Buffer> = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* whole() {
    if (head.length > 0) yield head;
    if (ended) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head, stream: Readable.from(whole(), { objectMode: false }) };
}

/** The file name a user sees: a plain name; anything path-like is refused rather than guessed at. */
export function checkedFileName(name: string | undefined, kind: ImageKind): string {
  const trimmed = (name ?? '').trim();
  if (
    /[/\\]/.test(trimmed) ||
    trimmed === '.' ||
    trimmed === '..' ||
    [...trimmed].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f)
  ) {
    throw new UploadRejected('The file name must be a plain name, not a path');
  }
  const base = trimmed.slice(0, 200) || 'logo';
  return /\.(png|svg)$/i.test(base) ? base.replace(/\.(png|svg)$/i, `.${kind}`) : `${base}.${kind}`;
}

export interface ImageUploadOptions {
  /** Who uploads (a user id): bounds the SVGs one user may have in the worker's queue. */
  owner: string;
  /** Whose turn the SVG waits for at the sanitizer: the uploader's school, so schools take turns. */
  turn: string;
  prefix: string;
  maxBytes: number;
  allowed: readonly ImageKind[];
}

export interface StoredImage extends StoredBlob {
  kind: ImageKind;
}

async function readAll(stream: Readable, maxBytes: number) {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += (chunk as Buffer).length;
    if (total > maxBytes) throw new BlobTooLargeError(maxBytes);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Checks an uploaded image by its content and stores it under a generated key. PNGs are
 * streamed through (constant memory), less the chunks `PngChecker` drops; SVGs must be parsed to be sanitized, so
 * they are read whole, still never past `maxBytes`. Throws `UploadRejected`; nothing is
 * stored then.
 */
export async function storeImageUpload(
  storage: BlobStore,
  source: Readable,
  options: ImageUploadOptions,
): Promise<StoredImage> {
  const tooLarge = () => new UploadRejected(`The file must be at most ${megabytes(options.maxBytes)}`);
  try {
    const { head, stream } = await peek(source, pngSignature.length);
    if (head.length === 0) throw new UploadRejected('The file is empty');
    const isPng = head.subarray(0, pngSignature.length).equals(pngSignature);
    const kind: ImageKind = isPng ? 'png' : 'svg';
    if (!options.allowed.includes(kind)) {
      throw new UploadRejected(
        `The file must be a ${options.allowed.map((k) => k.toUpperCase()).join(' or ')} image`,
      );
    }
    if (kind === 'png') {
      const stored = await storage.put(Readable.from(checkedPng(stream)), {
        contentType: imageContentTypes.png,
        prefix: options.prefix,
        maxBytes: options.maxBytes,
      });
      return { ...stored, kind };
    }
    let body: Buffer;
    try {
      body = await readAll(stream, Math.min(options.maxBytes, maxSvgBytes));
    } catch (error) {
      if (!(error instanceof BlobTooLargeError) || options.maxBytes <= maxSvgBytes) throw error;
      throw new UploadRejected(
        `An SVG must be at most ${megabytes(maxSvgBytes)}; save larger artwork as a PNG`,
      );
    }
    const text = body.toString('utf8');
    const clean = await sanitizeSvgOffThread(text, { owner: options.owner, turn: options.turn });
    await checkSvgCost(clean);
    const stored = await storage.put(Buffer.from(clean), {
      contentType: imageContentTypes.svg,
      prefix: options.prefix,
    });
    return { ...stored, kind };
  } catch (error) {
    if (error instanceof BlobTooLargeError) throw tooLarge();
    throw error;
  } finally {
    if (!source.readableEnded) source.resume();
  }
}
