import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkedPng, maxPngChunks, pngSignature } from '../../../server/storage/png';

/** A few MB of incompressible PNG, as a phone photo or a detailed logo would be. */
async function noisyPng() {
  const side = 1000;
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** The file as the network hands it over: 64 KiB chunks, each in memory of its own. */
function asReceived(file: Buffer) {
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < file.length; offset += 65_536) {
    chunks.push(Buffer.from(file.subarray(offset, offset + 65_536)));
  }
  return chunks;
}

async function* streamOf(chunks: Buffer[]) {
  yield* chunks;
}

describe('a PNG upload on its way to the blob store', () => {
  it('passes the image data on as the chunks it arrived in, without copying them', async () => {
    const png = await noisyPng();
    const chunks = asReceived(png);
    const received = new Set(chunks.map((chunk) => chunk.buffer));
    let passed = 0;
    let copied = 0;
    for await (const piece of checkedPng(streamOf(chunks))) {
      passed += piece.length;
      if (!received.has(piece.buffer)) copied += piece.length;
    }
    expect(passed).toBeGreaterThan(png.length * 0.99);
    // Only what straddles two chunks (a chunk header or CRC cut in half) is put together anew.
    expect(copied).toBeLessThan(png.length / 10);
  });
});

describe('the chunks of an uploaded PNG', () => {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    crc.writeUInt32BE(crc32(typed) >>> 0);
    return Buffer.concat([length, typed, crc]);
  };
  const pngWithTextChunks = (count: number) => {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(1, 0);
    header.writeUInt32BE(1, 4);
    header[8] = 8; // bit depth; colour type 0 (grey)
    const text = chunk('tEXt', Buffer.from('a\0x', 'latin1'));
    return Buffer.concat([
      pngSignature,
      chunk('IHDR', header),
      ...Array.from({ length: count }, () => text),
      chunk('IDAT', deflateSync(Buffer.from([0, 0]))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  };
  const drain = async (png: Buffer) => {
    for await (const piece of checkedPng(streamOf(asReceived(png)))) void piece;
  };

  it(`refuses a PNG of 300,000 text chunks (4.5 MB) past the ${maxPngChunks}th chunk`, async () => {
    const png = pngWithTextChunks(300_000);
    expect(png.length).toBeLessThan(4_600_000);
    await expect(drain(png)).rejects.toThrow(
      `The PNG has more than ${maxPngChunks} chunks; save it again from an image editor`,
    );
  });

  it('takes a PNG with a few text chunks, which it drops', async () => {
    await expect(drain(pngWithTextChunks(10))).resolves.toBeUndefined();
  });
});
