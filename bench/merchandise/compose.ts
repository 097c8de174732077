/**
 * Benchmark: composition of a logo on a 2000 px wide apparel image and its png export, in
 * Chromium, with the product's own code (src/pages/merchandise/compose.ts, fabric included).
 * Target: median at most 300 ms. Run alone: `npx tsx bench/merchandise/compose.ts`
 * (BENCH_SAVE_COMPOSITION=out.png keeps one composed image to look at).
 */
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { build } from 'vite';
import { launchBrowser } from '../../tests/e2e/browser';
import { apparelSvg } from '../../server/seed/apparel';

const here = path.dirname(fileURLToPath(import.meta.url));
export const composeTargetMs = 300;
export const apparelWidth = 2000;

export interface ComposeResult {
  runs: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
  pngBytes: number;
  targetMs: number;
  met: boolean;
}

async function bundle() {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      lib: { entry: path.join(here, 'compose-entry.ts'), formats: ['iife'], name: 'benchCompose' },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  for (const result of results) {
    if ('output' in result) {
      const chunk = result.output.find((item) => item.type === 'chunk');
      if (chunk && chunk.type === 'chunk') return chunk.code;
    }
  }
  throw new Error('vite produced no bundle');
}

export async function runComposeBench(runs = 15): Promise<ComposeResult> {
  const [script, apparel, logo] = await Promise.all([
    bundle(),
    sharp(Buffer.from(apparelSvg('hoodie', '#2c2c54')))
      .resize(apparelWidth)
      .png()
      .toBuffer(),
    sharp({ create: { width: 800, height: 600, channels: 4, background: '#ffd100' } })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><circle cx="400" cy="300" r="250" fill="#003366"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer(),
  ]);
  const files: Record<string, [string, Buffer | string]> = {
    '/': ['text/html', '<!doctype html><html><body><script src="/bench.js"></script></body></html>'],
    '/bench.js': ['text/javascript', script],
    '/apparel.png': ['image/png', apparel],
    '/logo.png': ['image/png', logo],
  };
  const server = createServer((request, response) => {
    const file = files[request.url ?? ''];
    if (!file) {
      response.statusCode = 404;
      response.end();
      return;
    }
    response.setHeader('content-type', file[0]);
    response.end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => typeof window.benchCompose === 'function');
    // The first run loads fabric's chunk; the page pays that once, so it is not timed.
    const first = await page.evaluate(() => window.benchCompose('/apparel.png', '/logo.png', true));
    if (process.env.BENCH_SAVE_COMPOSITION && first.dataUrl) {
      writeFileSync(process.env.BENCH_SAVE_COMPOSITION, Buffer.from(first.dataUrl.split(',')[1], 'base64'));
    }
    const times: number[] = [];
    let pngBytes = 0;
    for (let i = 0; i < runs; i += 1) {
      const { ms, bytes } = await page.evaluate(() => window.benchCompose('/apparel.png', '/logo.png'));
      times.push(ms);
      pngBytes = bytes;
    }
    times.sort((a, b) => a - b);
    const medianMs = Math.round(times[Math.floor(times.length / 2)]);
    return {
      runs,
      medianMs,
      minMs: Math.round(times[0]),
      maxMs: Math.round(times[times.length - 1]),
      pngBytes,
      targetMs: composeTargetMs,
      met: medianMs <= composeTargetMs,
    };
  } finally {
    await browser.close();
    server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runComposeBench();
  console.log(
    `Composition + png export of a ${apparelWidth} px apparel image in Chromium: median ${result.medianMs} ms ` +
      `(min ${result.minMs}, max ${result.maxMs}, ${result.runs} runs, png ${Math.round(result.pngBytes / 1024)} KiB); ` +
      `target ${result.targetMs} ms: ${result.met ? 'met' : 'MISSED'}`,
  );
  console.log(JSON.stringify(result));
}
