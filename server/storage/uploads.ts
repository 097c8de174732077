import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';
import { Piscina } from 'piscina';
import sharp from 'sharp';
import { maxImagePixels, tooManyPixels } from './images';
import type { SanitizedSvg, templateBody } from './svg-worker';
import { type BlobStore, BlobTooLargeError, type StoredBlob } from './types';

/** An upload refused because of what it contains; the message is shown to the user. */
export class UploadRejected extends Error {}

export type ImageKind = 'png' | 'svg';

export const imageContentTypes: Record<ImageKind, string> = { png: 'image/png', svg: 'image/svg+xml' };

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Browsers cannot draw a canvas larger than this on a side, so neither can composition. */
export const maxImageSide = 16384;

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

/**
 * The ancillary chunks a PNG keeps when stored: transparency, colour and pixel density (which
 * print shops read), all numbers that change how it looks or prints. The others are dropped:
 * text (tEXt, zTXt, iTXt: authors, software, anything a client writes there), eXIf, tIME,
 * background hints, animation and private chunks.
 */
export const keptAncillaryChunks: ReadonlySet<string> = new Set([
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'sBIT',
  'cICP',
  'pHYs',
]);

/** A chunk type whose first letter is upper case is critical: the image cannot be drawn without it. */
const isCritical = (type: string) => type.charCodeAt(0) < 0x61;

/** The name every stored colour profile gets: the uploader's (up to 79 characters of any text) is dropped. */
const profileName = Buffer.from('ICC profile', 'latin1');

const damaged = () => new UploadRejected('The PNG is damaged');

const uint32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value >>> 0, 0);
  return bytes;
};

/**
 * Walks a PNG chunk by chunk as it streams past: signature, IHDR first, every CRC, IEND
 * last and nothing after it (so a PNG with an SVG or HTML document glued on is refused).
 * `consume` answers the bytes to store: every critical chunk and `keptAncillaryChunks`,
 * nothing else, with an iCCP profile renamed. Holds at most one chunk header (or a profile's
 * name) in memory.
 */
export class PngChecker {
  private carry = Buffer.alloc(0);
  private header: Buffer[] = [];
  private state: 'signature' | 'chunk-head' | 'chunk-data' | 'crc' | 'end' = 'signature';
  private chunkType = '';
  private remaining = 0;
  private crc = 0;
  private chunks = 0;
  private keep = false;
  /** Within an iCCP chunk: its name so far, then the CRC of the chunk as rewritten. */
  private profile: { name: Buffer[]; length: number } | { crc: number } | null = null;
  width = 0;
  height = 0;

  /** Throws once the PNG is found not to be one. */
  finish() {
    if (this.state !== 'end') throw new UploadRejected('The file is not a complete PNG image');
  }

  consume(chunk: Buffer): Buffer[] {
    const kept: Buffer[] = [];
    let data = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = Buffer.alloc(0);
    while (data.length > 0) {
      if (this.state === 'end') throw new UploadRejected('The PNG has data after its end');
      if (this.state === 'chunk-data') {
        const part = data.subarray(0, Math.min(this.remaining, data.length));
        this.crc = crc32(part, this.crc);
        if (this.chunkType === 'IHDR') this.header.push(Buffer.from(part));
        this.remaining -= part.length;
        if (this.keep) kept.push(...this.passData(part));
        data = data.subarray(part.length);
        if (this.remaining === 0) this.state = 'crc';
        continue;
      }
      const need = this.state === 'crc' ? 4 : 8;
      if (data.length < need) {
        this.carry = Buffer.from(data);
        return kept;
      }
      kept.push(...this.step(data.subarray(0, need)));
      data = data.subarray(need);
    }
    return kept;
  }

  /** A kept chunk's data as stored: as it came, but for the name at the start of an iCCP chunk. */
  private passData(part: Buffer): Buffer[] {
    const profile = this.profile;
    if (!profile) return [part];
    if ('crc' in profile) {
      profile.crc = crc32(part, profile.crc);
      return [part];
    }
    profile.name.push(Buffer.from(part));
    const start = Buffer.concat(profile.name);
    const end = start.indexOf(0);
    if (end === -1 && start.length < 80) return [];
    if (end < 1 || end > 79) throw damaged();
    const head = Buffer.concat([uint32(profile.length - end + profileName.length), Buffer.from('iCCP')]);
    const body = Buffer.concat([profileName, start.subarray(end)]);
    this.profile = { crc: crc32(body, crc32(head.subarray(4))) };
    return [head, body];
  }

  /** Takes a signature, chunk header or CRC; answers what of it is stored. */
  private step(piece: Buffer): Buffer[] {
    if (this.state === 'signature') {
      if (!piece.equals(pngSignature)) throw new UploadRejected('The file is not a PNG image');
      this.keep = true;
      this.state = 'chunk-head';
      return [piece];
    }
    if (this.state === 'chunk-head') {
      this.remaining = piece.readUInt32BE(0);
      this.chunkType = piece.toString('latin1', 4, 8);
      const first = this.chunks === 0;
      if (
        !/^[A-Za-z]{4}$/.test(this.chunkType) ||
        this.remaining > 0x7fffffff ||
        first !== (this.chunkType === 'IHDR')
      ) {
        throw damaged();
      }
      this.crc = crc32(piece.subarray(4, 8));
      this.keep = isCritical(this.chunkType) || keptAncillaryChunks.has(this.chunkType);
      this.chunks += 1;
      this.state = this.remaining === 0 ? 'crc' : 'chunk-data';
      if (!this.keep) return [];
      if (this.chunkType !== 'iCCP') return [piece];
      // Its header is written once the new name tells the new length.
      this.profile = { name: [], length: this.remaining };
      return [];
    }
    if (piece.readUInt32BE(0) !== this.crc >>> 0) throw damaged();
    if (this.chunkType === 'IHDR') this.readHeader(Buffer.concat(this.header));
    this.state = this.chunkType === 'IEND' ? 'end' : 'chunk-head';
    const profile = this.profile;
    this.profile = null;
    if (profile && 'name' in profile) throw damaged();
    if (!this.keep) return [];
    return [profile ? uint32(profile.crc) : piece];
  }

  private readHeader(header: Buffer) {
    if (header.length !== 13) throw damaged();
    this.width = header.readUInt32BE(0);
    this.height = header.readUInt32BE(4);
    if (this.width === 0 || this.height === 0) throw new UploadRejected('The PNG has no pixels');
    checkImageSize(this.width, this.height);
  }
}

/** Refuses an image too large to compose or decode, from its stated size. */
function checkImageSize(width: number, height: number) {
  if (width > maxImageSide || height > maxImageSide) {
    throw new UploadRejected(`The image must be at most ${maxImageSide} pixels wide and high`);
  }
  if (width * height > maxImagePixels) throw new UploadRejected(tooManyPixels);
}

/**
 * An SVG's own size is what every later step reads (the studio, the product's placement and
 * the print's density), and sharp refuses to read one past its pixel limit: a product made
 * from it failed with a 500. Read here as they will, without that limit, and held to a PNG's.
 */
async function checkSvgSize(svg: string) {
  const { width, height } = await sharp(Buffer.from(svg), { limitInputPixels: false })
    .metadata()
    .catch((error: unknown) => {
      throw unreadableSvg(error);
    });
  if (!width || !height) throw new UploadRejected(svgHasNoSize);
  checkImageSize(width, height);
}

const svgHasNoSize = 'The SVG has no size';

/**
 * What the renderer refuses to read, which every later step would refuse too: a size that rounds
 * to no pixel ('bad dimensions'), elements nested past libxml2's depth, or anything else it cannot
 * parse. Each is the user's file, so a 400 that says why.
 */
function unreadableSvg(error: unknown) {
  const reason = error instanceof Error ? error.message : '';
  if (/bad dimensions/.test(reason)) return new UploadRejected(svgHasNoSize);
  if (/Excessive depth/.test(reason)) {
    return new UploadRejected(
      `The SVG nests elements more than ${maxSvgDepth} deep; simplify it or upload a PNG`,
    );
  }
  return new UploadRejected('The file is not a valid SVG image');
}

/** libxml2's own limit on nesting, which sharp's SVG loader keeps. */
export const maxSvgDepth = 256;

/**
 * SVGs are parsed and sanitised in memory; past a few MB that costs seconds of CPU and
 * hundreds of MB per upload (20 MB: about 30 s and 900 MB), so they have their own limit.
 */
export const maxSvgBytes = 5 * 1024 * 1024;

/** Far above any logo (a detailed crest has a few hundred); keeps sanitising within seconds. */
export const maxSvgElements = 5_000;

/**
 * Parsing and sanitising grow faster than linearly with the attributes of one element (8k,
 * 16k and 32k took 0.4, 2.1 and 8.5 s); real elements have a handful.
 */
export const maxSvgAttributesPerElement = 100;
export const maxSvgAttributes = 20_000;

/**
 * Filter effects make drawing cost grow faster than the print's area: 200 blurred layers took
 * 36 s of CPU for a logo a quarter of the print wide, one drop shadow at the full 4500 px about
 * 50 s. A logo's shadow or glow takes 1 to 5 steps; 200 layers are refused (docs/decisions.md).
 */
export const maxSvgFilterSteps = 8;
/** A morphology step costs its radius per pixel (2 and 20 units of 500: 1.5 and 5.2 s). */
export const maxSvgMorphologyRadiusShare = 0.01;
/** A convolution step costs its order squared per pixel; 5 by 5 covers sharpening and embossing. */
export const maxSvgConvolveOrder = 5;

/**
 * A maximal SVG takes about 2 s of CPU to parse and sanitise; on the main thread that would
 * stall every other request of the process, so it runs in a worker thread, started on the
 * first SVG and let go when idle. The `tsx` loader lets the worker run our TypeScript.
 * Every organization's SVGs share that thread, so a task running past `svgTaskTimeoutMs` is
 * aborted (piscina ends its thread and starts a fresh one), and each user may have at most
 * `maxSvgTasksPerOwner` SVGs waiting or running.
 */
let svgPool: Piscina | undefined;

/** Ten times a maximal SVG on an idle core, so a busy machine does not refuse real logos. */
export const svgTaskTimeoutMs = 20_000;
export const maxSvgTasksPerOwner = 2;
/** Beyond this many waiting tasks from all users together the server is overloaded. */
const maxSvgQueue = 20;
const svgTasksOf = new Map<string, number>();

function sanitizerPool() {
  // Built (dist-server/) the worker is JavaScript beside this module; from source tsx runs it.
  const built = import.meta.url.endsWith('.js');
  svgPool ??= new Piscina({
    filename: fileURLToPath(new URL(built ? './svg-worker.js' : './svg-worker.ts', import.meta.url)),
    execArgv: built ? [] : ['--import', 'tsx'],
    minThreads: 0,
    maxThreads: 1,
    maxQueue: maxSvgQueue,
    idleTimeout: 30_000,
  });
  return svgPool;
}

export async function sanitizeSvgOffThread(
  source: string,
  { owner, timeoutMs = svgTaskTimeoutMs }: { owner: string; timeoutMs?: number },
): Promise<string> {
  const running = svgTasksOf.get(owner) ?? 0;
  if (running >= maxSvgTasksPerOwner) {
    throw new UploadRejected('Your previous SVG is still being processed; try again in a moment');
  }
  svgTasksOf.set(owner, running + 1);
  let result: SanitizedSvg;
  try {
    result = (await sanitizerPool().run(source, { signal: AbortSignal.timeout(timeoutMs) })) as SanitizedSvg;
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') {
      throw new UploadRejected('The SVG took too long to process; simplify it or upload a PNG');
    }
    if (error instanceof Error && /queue is at limit/i.test(error.message)) {
      throw new UploadRejected('The server is busy processing SVGs; try again in a moment');
    }
    throw error;
  } finally {
    const left = (svgTasksOf.get(owner) ?? 1) - 1;
    if (left > 0) svgTasksOf.set(owner, left);
    else svgTasksOf.delete(owner);
  }
  if ('rejected' in result) throw new UploadRejected(result.rejected);
  return result.svg;
}

/**
 * An e-mail template's body sanitised by the same DOMPurify as SVGs, in the same worker, so the
 * main thread never loads a DOM; `empty` when nothing is left to read. An Admin's rare edit.
 */
export async function sanitizeTemplateOffThread(body: string) {
  return (await sanitizerPool().run(body, {
    name: 'templateBody',
    signal: AbortSignal.timeout(svgTaskTimeoutMs),
  })) as ReturnType<typeof templateBody>;
}

/** Lets the worker thread go, so a closing server process can exit. */
export async function closeSvgWorker() {
  const pool = svgPool;
  svgPool = undefined;
  await pool?.destroy();
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
  prefix: string;
  maxBytes: number;
  allowed: readonly ImageKind[];
}

export interface StoredImage extends StoredBlob {
  kind: ImageKind;
}

/**
 * The bytes of a PNG to store, passed on only while they still form a valid one. The kept pieces
 * are views of the chunks as they came: joining them copied every chunk, twice an upload's size
 * of garbage waiting for a collection (bench/merchandise/README.md).
 */
export async function* checkedPng(stream: AsyncIterable<Buffer>) {
  const checker = new PngChecker();
  for await (const chunk of stream) yield* checker.consume(chunk);
  checker.finish();
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
 * streamed through (constant memory), less the chunks `PngChecker` drops; SVGs must be parsed to be sanitised, so
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
    const clean = await sanitizeSvgOffThread(text, { owner: options.owner });
    await checkSvgSize(clean);
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
