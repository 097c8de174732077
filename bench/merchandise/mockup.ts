/**
 * Benchmark: one product picture at 1200 px (`renderMockup` in server/storage/print.ts)
 * with the garment's fabric maps (garment-maps.ts): the Pullover Hoodie in Navy with a two-colour
 * crest on its front, bent through the folds' displacement, the shading multiplied and the
 * highlights screened. The first run draws the hoodie's maps (once per process); the median is of
 * 9 runs after it, with the maps drawn. Target (issue 48): 300 ms or less.
 * Then the colour previews of a 3-colour product, as product processing makes them
 * (`colourPictures` in processing.ts, `mockupImages` in print.ts, without storage): the Classic Cotton Tee in White, Navy
 * and Red with the crest, each colour's picture and its thumbnail, one after another as the
 * render child draws them. The first round draws the tee's maps; the median is of 5 rounds
 * after it. Target (issue 48): 1 s or less.
 * `MOCKUP_DIR=docs/mockups` also writes each garment's picture flat and shaded, light and dark.
 * Run alone: `npx tsx bench/merchandise/mockup.ts`.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { defaultPlacement } from '../../contract/composition';
import { apparelSvg, printAreas } from '../../server/seed/apparel';
import type { GarmentOutline } from '../../server/storage/garment-maps';
import { mockupImages, renderMockup } from '../../server/storage/print';
import { thumbnailWidth } from '../../server/modules/merchandise/processing';

export const mockupTargetMs = 300;
export const colourPreviewsTargetMs = 1000;

const crestSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 200 200">
  <circle cx="100" cy="100" r="95" fill="#ffd100"/><circle cx="100" cy="100" r="70" fill="#c8102e"/>
  <text x="100" y="122" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="64" fill="#ffffff">LHS</text>
</svg>`;

const garmentPng = (outline: GarmentOutline, hex: string) =>
  sharp(Buffer.from(apparelSvg(outline, hex)))
    .png()
    .toBuffer();

async function picture(outline: GarmentOutline, hex: string, shaded: boolean) {
  const garment = await garmentPng(outline, hex);
  const logo = await sharp(Buffer.from(crestSvg)).png().toBuffer();
  const placement = defaultPlacement({ width: 1200, height: 1200 }, { width: 400, height: 400 });
  return renderMockup(
    garment,
    printAreas[outline].front,
    [{ image: logo, placement }],
    shaded ? outline : null,
  );
}

export async function runMockupBench(runs = 9) {
  const garment = await garmentPng('hoodie', '#1f2a44');
  const logo = await sharp(Buffer.from(crestSvg)).png().toBuffer();
  const placement = defaultPlacement({ width: 1200, height: 1200 }, { width: 400, height: 400 });
  const once = async (outline: 'hoodie' | null) => {
    const started = performance.now();
    await renderMockup(garment, printAreas.hoodie.front, [{ image: logo, placement }], outline);
    return performance.now() - started;
  };
  const firstMs = await once('hoodie');
  const times: number[] = [];
  const flat: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    times.push(await once('hoodie'));
    flat.push(await once(null));
  }
  const result = {
    firstMs: Math.round(firstMs),
    medianMs: Math.round(median(times)),
    maxMs: Math.round(Math.max(...times)),
    flatMedianMs: Math.round(median(flat)),
    loadAverage: loadAverage(),
  };
  return { ...result, met: result.medianMs <= mockupTargetMs };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const loadAverage = () => Math.round(os.loadavg()[0] * 10) / 10;

export async function runColourPreviewsBench(rounds = 5) {
  const colours = ['#f5f5f5', '#003366', '#b22234'];
  const garments = await Promise.all(colours.map((hex) => garmentPng('tshirt', hex)));
  const logo = await sharp(Buffer.from(crestSvg)).png().toBuffer();
  const placement = defaultPlacement({ width: 1200, height: 1200 }, { width: 400, height: 400 });
  const round = async () => {
    const started = performance.now();
    for (const garment of garments)
      await mockupImages(
        garment,
        printAreas.tshirt.front,
        [{ image: logo, placement }],
        'tshirt',
        thumbnailWidth,
      );
    return performance.now() - started;
  };
  const firstMs = await round();
  const times: number[] = [];
  for (let run = 0; run < rounds; run += 1) times.push(await round());
  const result = {
    colours: colours.length,
    firstMs: Math.round(firstMs),
    medianMs: Math.round(median(times)),
    maxMs: Math.round(Math.max(...times)),
    loadAverage: loadAverage(),
  };
  return { ...result, met: result.medianMs <= colourPreviewsTargetMs };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.env.MOCKUP_DIR;
  if (dir) {
    for (const outline of ['tshirt', 'hoodie', 'polo'] as const)
      for (const [shade, hex] of [
        ['light', '#e8e8e8'],
        ['dark', '#1f2a44'],
      ])
        for (const shaded of [false, true]) {
          const png = await sharp(await picture(outline, hex, shaded))
            .resize(600)
            .png()
            .toBuffer();
          writeFileSync(path.join(dir, `${outline}-${shade}-${shaded ? 'after' : 'before'}.png`), png);
        }
  }
  console.log(JSON.stringify(await runMockupBench()));
  console.log(JSON.stringify(await runColourPreviewsBench()));
}
