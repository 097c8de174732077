import { crc32, createDeflate, deflateSync } from 'node:zlib';

const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4, 8))) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** 16-bit RGBA, Adam7-interlaced: the most memory a decoder needs per pixel, all at once. */
const bytesPerPixel = 8;
const passes = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

const header = (width: number, height: number) => {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data.set([16, 6, 0, 0, 1], 8);
  return chunk('IHDR', data);
};

/** The bytes of the interlaced image data before compression: every pass's rows, each with its filter byte. */
function rawLength(width: number, height: number) {
  let total = 0;
  for (const [x0, y0, dx, dy] of passes) {
    const columns = width > x0 ? Math.ceil((width - x0) / dx) : 0;
    const rows = height > y0 ? Math.ceil((height - y0) / dy) : 0;
    if (columns > 0 && rows > 0) total += rows * (1 + columns * bytesPerPixel);
  }
  return total;
}

/** A complete, decodable black image of that size; compressed, it is a tiny fraction of what it decodes to. */
export async function interlaced16BitPng(width: number, height: number) {
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (data: Buffer) => compressed.push(data));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const zeros = Buffer.alloc(1 << 20);
  for (let left = rawLength(width, height); left > 0; left -= zeros.length) {
    const piece = left >= zeros.length ? zeros : zeros.subarray(0, left);
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat([
    signature,
    header(width, height),
    chunk('IDAT', Buffer.concat(compressed)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Only the header tells the size: enough for a check that must refuse it before decoding. */
export const pngClaiming = (width: number, height: number) =>
  Buffer.concat([
    signature,
    header(width, height),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);

export const pngChunk = chunk;

/** The PNG with `chunks` inserted after its header, as an editor writes its metadata. */
export function withChunks(png: Buffer, ...chunks: Buffer[]) {
  const afterHeader = signature.length + 25;
  return Buffer.concat([png.subarray(0, afterHeader), ...chunks, png.subarray(afterHeader)]);
}

/**
 * A valid grey PNG of exactly `bytes` bytes (at least 70): one row, its pixels stored
 * uncompressed, so its size is the width plus 69 bytes of structure.
 */
export function pngOfSize(bytes: number) {
  const width = bytes - 69;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const png = Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(width + 1, 0x80).fill(0, 0, 1), { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  if (png.length !== bytes) throw new Error(`pngOfSize made ${png.length} bytes, not ${bytes}`);
  return png;
}
