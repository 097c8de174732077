import { maxImagePixels, productImages } from '../../server/storage/images';
import { interlaced16BitPng } from './png';

/**
 * Run as its own process by image-bombs.test.ts: builds the worst image an upload may carry
 * (the most pixels allowed, 16-bit RGBA, interlaced), processes it as a new product is
 * processed, and prints the process's peak resident memory in bytes.
 */
const width = Math.floor(Math.sqrt(maxImagePixels));
const height = Math.floor(maxImagePixels / width);
const png = await interlaced16BitPng(width, height);
await productImages(png, 480);
console.log(
  JSON.stringify({ width, height, bytes: png.length, peakRss: process.resourceUsage().maxRSS * 1024 }),
);
