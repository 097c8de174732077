import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { maxImagePixels } from '../../server/storage/images';
import {
  type Ctx,
  closeUploadTestApp,
  imageUploads,
  uploadScene,
} from '../server/modules/design-logos/fixtures';
import { snapshot } from '../security/support';
import { interlaced16BitPng, pngClaiming } from './png';

/**
 * Decompression bombs: a PNG of a few hundred KB can decode to gigabytes (16383x16383 16-bit
 * interlaced took the process to 4.9 GB RSS). Every image route refuses more pixels than
 * `maxImagePixels` from the header, before anything is decoded, and the worst image still
 * accepted is processed in well under 1 GiB.
 */
let ctx: Ctx;
let routes: ReturnType<typeof imageUploads>;
beforeEach(async () => {
  const scene = await uploadScene();
  ctx = scene.ctx;
  routes = imageUploads(scene);
});
afterEach(() => closeUploadTestApp(ctx));

describe('an image with more pixels than the limit', () => {
  it.each(['logo', 'product', 'storefront'] as const)(
    'is refused as a %s from its header, leaving nothing stored',
    async (route) => {
      const before = await snapshot(ctx);
      const response = await routes[route]({
        name: 'bomb.png',
        type: 'image/png',
        content: pngClaiming(16383, 16383),
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().validationFailures[0].errorMessage).toMatch(/megapixels/);
      expect(await snapshot(ctx)).toEqual(before);
    },
  );

  it('is refused as a profile photo without being decoded', async () => {
    const before = await snapshot(ctx);
    const side = Math.ceil(Math.sqrt(maxImagePixels)) + 1;
    const response = await routes.photo({
      name: 'bomb.png',
      type: 'image/png',
      content: await interlaced16BitPng(side, side),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(await snapshot(ctx)).toEqual(before);
  });
});

describe('the worst image still accepted', () => {
  it('is processed into a product image and thumbnail with a peak RSS under 1 GiB', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'tests/faults/peak-rss-child.ts'],
      { cwd: process.cwd() },
    );
    const measured = JSON.parse(stdout) as { width: number; height: number; peakRss: number };
    expect(measured.width * measured.height).toBeLessThanOrEqual(maxImagePixels);
    expect(measured.width * measured.height).toBeGreaterThan(maxImagePixels * 0.999);
    expect(measured.peakRss, `${Math.round(measured.peakRss / 2 ** 20)} MB`).toBeLessThan(2 ** 30);
  }, 120_000);
});
