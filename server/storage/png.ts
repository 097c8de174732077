import { crc32 } from 'node:zlib';
import { checkImageSize, UploadRejected } from './image-limits';

export const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The ancillary chunks a PNG keeps when stored: transparency, colour and pixel density (which
 * print shops read), all numbers that change how it looks or prints. The others are dropped:
 * text (tEXt, zTXt, iTXt: authors, software, anything a client writes there), eXIf, tIME,
 * background hints, animation and private chunks.
 */
const keptAncillaryChunks: ReadonlySet<string> = new Set([
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

/**
 * Encoders write a dozen chunks and the image data in chunks of 8 KB or more (libpng's default,
 * which sharp and ImageMagick use): 2,560 for a 20 MB PNG. Each chunk costs a header, a CRC and
 * a step here; 300,000 text chunks fit in 4.5 MB.
 */
export const maxPngChunks = 10_000;

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
      if (this.chunks > maxPngChunks) {
        throw new UploadRejected(
          `The PNG has more than ${maxPngChunks} chunks; save it again from an image editor`,
        );
      }
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
