import sharp from 'sharp';
import { textFont } from './fonts';
import { type Artwork, mockupImages, renderSidePrint } from './print';
import { quantiseColours } from '../../contract/preflight';
import { productImages, uploadDecodeLimits } from './images';
import type { RenderReply, RenderRequest, RenderResults, RenderTask, SandboxArtwork } from './render-sandbox';

// The entry of a render child (render-sandbox.ts): one render at a time, for as long as the
// parent lets it live. Its cache would only hold the previous untrusted image in memory.
sharp.cache(false);

/** The longer side an image's colours are counted at. */
const inkSide = 256;

/** Buffers cross the channel as plain byte arrays; sharp and the composer want Buffers. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const withFonts = (artwork: SandboxArtwork[]): Promise<Artwork[]> =>
  Promise.all(
    artwork.map(async (piece) =>
      'text' in piece
        ? { text: piece.text, font: await textFont(piece.text.font) }
        : { image: asBuffer(piece.image), placement: piece.placement },
    ),
  );

async function perform(task: RenderTask): Promise<RenderResults[RenderTask['kind']]> {
  switch (task.kind) {
    case 'size': {
      const { width = 0, height = 0 } = await sharp(asBuffer(task.image)).metadata();
      return { width, height };
    }
    case 'ink': {
      const image = asBuffer(task.image);
      const { width = 0, height = 0 } = await sharp(image).metadata();
      // Colours are counted on a small copy: enough pixels for the shares, a fraction of the work.
      const { data } = await sharp(image, uploadDecodeLimits)
        .resize(inkSide, inkSide, { fit: 'inside' })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { width, height, ...quantiseColours(data) };
    }
    case 'svgSize': {
      const svg = asBuffer(task.svg);
      const { width, height } = await sharp(svg, { limitInputPixels: false }).metadata();
      if (!width || !height) return { width: 0, height: 0 };
      // Drawn `side` pixels on its longer side (what the drawing costs, at a bounded size), and at
      // least one on its shorter, which libvips cannot draw narrower; within sharp's densities.
      const scale = Math.max(task.side / Math.max(width, height), 1 / Math.min(width, height));
      const density = Math.min(100_000, Math.max(1, 72 * scale));
      await sharp(svg, { density, limitInputPixels: false }).raw().toBuffer();
      return { width, height };
    }
    case 'print':
      return renderSidePrint(task.apparel, task.area, await withFonts(task.artwork));
    case 'picture':
      return mockupImages(
        asBuffer(task.garment),
        task.area,
        await withFonts(task.artwork),
        task.outline,
        task.thumbnailWidth,
      );
    case 'productImages':
      return productImages(asBuffer(task.original), task.thumbnailWidth);
  }
}

process.on('message', (message: RenderRequest) => {
  perform(message.task).then(
    (result) => process.send!({ id: message.id, result } satisfies RenderReply),
    (error: unknown) =>
      process.send!({
        id: message.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies RenderReply),
  );
});
// A parent gone (killed, crashed) leaves nobody to answer: the child must not outlive it.
process.on('disconnect', () => process.exit(0));
process.send!({ ready: true } satisfies RenderReply);
