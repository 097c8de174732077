import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkedPng } from '../../../server/storage/png';

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
