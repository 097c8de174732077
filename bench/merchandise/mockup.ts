/**
 * Benchmark: one product picture at 1200 px (`renderMockup` in server/storage/print.ts)
 * with the garment's fabric maps (garment-maps.ts): the Pullover Hoodie in Navy with a two-colour
 * crest on its front, bent through the folds' displacement, the shading multiplied and the
 * highlights screened. The first run draws the hoodie's maps (once per process); the median is of
 * 9 runs after it, with the maps drawn. Target (issue 48): 300 ms or less.
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
import { renderMockup } from '../../server/storage/print';

export const mockupTargetMs = 300;

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
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const result = {
    firstMs: Math.round(firstMs),
    medianMs: Math.round(median(times)),
    maxMs: Math.round(Math.max(...times)),
    flatMedianMs: Math.round(median(flat)),
    loadAverage: Math.round(os.loadavg()[0] * 10) / 10,
  };
  return { ...result, met: result.medianMs <= mockupTargetMs };
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
}
